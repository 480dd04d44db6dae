// The pickers, mapper labels and list-entry output of issue 31 (items 1, 2, 5 and 7), as a
// person sees them in n8n's editor: each export is one check of `npm run test:ui`, called from
// run.mjs with the page, the environment and a screenshot function; it returns what it saw.
import { isDeepStrictEqual } from 'node:util';

import { sandboxHeaders, SEED_IDS } from '../rig/sandbox.mjs';
import {
	executeStep,
	fail,
	json,
	openLoadedSelect,
	openNode,
	pickFromList,
	sel,
	shownValue,
	squash,
	TIMEOUT,
	waitForText,
} from './editor.mjs';
import { chain, MANUAL_TRIGGER, ourNode, PEOPLE_LOCATOR } from './workflows.mjs';

const { PEOPLE, HOT_LEADS, FIRST_COMPANY } = SEED_IDS;

const emptyPicker = { __rl: true, mode: 'list', value: '' };
const picked = (value, cachedResultName) => ({ __rl: true, mode: 'list', value, cachedResultName });

/** A saved workflow: the Manual Trigger (unless the node is a trigger) and one node of ours. */
async function saveWorkflow(env, name, node, parameters, { trigger = false } = {}) {
	const ours = ourNode(name, node, parameters);
	return await env.api.createWorkflow({
		name: `UI test: ${name}`,
		...(trigger ? chain(ours) : chain(MANUAL_TRIGGER, ours)),
	});
}

/** Closes the open select, and waits until its options are gone: the next select's would mix in. */
async function closeSelect(page) {
	await page.keyboard.press('Escape');
	await page.locator(sel.openOption).first().waitFor({ state: 'hidden' });
}

/**
 * Opens the "From List" dropdown of the picker `name` and waits until it shows entries or its
 * error view; returns { items, error } as the dropdown shows them.
 */
async function openPicker(page, name) {
	const picker = page.locator(sel.locator(name));
	await picker.locator(sel.locatorInput).click();
	const item = page.locator(`${sel.locatorItem}:visible`);
	const error = page.locator('[data-test-id="rlc-error-container"]:visible');
	const started = Date.now();
	for (;;) {
		if (await error.count()) return { items: [], error: squash(await error.first().innerText()) };
		if (await item.count()) {
			// The first page comes in at once: a moment for the rest of it to render.
			await page.waitForTimeout(300);
			return { items: (await item.allInnerTexts()).map(squash), error: '' };
		}
		if (Date.now() - started > TIMEOUT)
			fail(`the ${name} picker showed neither entries nor an error within ${TIMEOUT / 1000} s`);
		await page.waitForTimeout(250);
	}
}

/** Item 1: the Associated Record picker before its collection, then (item 2) with People. */
export async function associatedRecordPicker({ page, env, shot }) {
	const base = {
		resource: 'activity',
		operation: 'create',
		name: 'Call',
		scheduleAt: '2026-11-23T10:30:00',
	};
	const before = await saveWorkflow(env, 'Plan a call', 'workspaceActivities', {
		...base,
		additionalFields: { associatedRecord: emptyPicker },
	});
	await openNode(page, env.n8n.base, before, 'Plan a call');
	const unopened = await openPicker(page, 'associatedRecord');
	await shot('10-associated-record-before-collection');
	if (unopened.error)
		fail(`before an Associated Collection is chosen, the list shows an error: "${unopened.error}"`);
	if (!isDeepStrictEqual(unopened.items, ['Choose an Associated Collection first']))
		fail(`before an Associated Collection is chosen, the list shows ${json(unopened.items)}`);
	await page.keyboard.press('Escape');

	// A second Grace Hopper, as workspaces have: the picker must tell the two apart.
	const created = await fetch(`${env.sandbox.url}/api/v1/collection-records/${PEOPLE}`, {
		method: 'POST',
		headers: { ...sandboxHeaders(env.sandbox.config), 'content-type': 'application/json' },
		body: json({ name: 'Grace Hopper', emails: ['grace@navy.example'] }),
	});
	if (!created.ok) fail(`the sandbox did not create a second Grace Hopper: HTTP ${created.status}`);
	const after = await saveWorkflow(env, 'Plan a call with Grace', 'workspaceActivities', {
		...base,
		additionalFields: {
			associatedCollection: PEOPLE_LOCATOR,
			associatedRecord: emptyPicker,
		},
	});
	await openNode(page, env.n8n.base, after, 'Plan a call with Grace');
	await openPicker(page, 'associatedRecord');
	const search = page.locator('[data-test-id="rlc-search"]:visible').first();
	const isInput = await search.evaluate((el) => el.tagName === 'INPUT');
	await (isInput ? search : search.locator('input')).fill('Grace Hopper');
	const graces = page.locator(`${sel.locatorItem}:visible`, { hasText: 'Grace Hopper' });
	// The search goes to the server: wait for its answer (at most TIMEOUT), whatever it holds.
	for (const started = Date.now(); Date.now() - started < TIMEOUT; await page.waitForTimeout(250))
		if ((await graces.count()) >= 2) break;
	const shown = (await graces.allInnerTexts()).map(squash);
	await shot('10-associated-record-two-grace-hoppers');
	// Earlier checks may have created more of them: each must read differently.
	if (shown.length < 2 || new Set(shown).size !== shown.length)
		fail(`searching "Grace Hopper" shows ${json(shown)}: not entries told apart`);
	if (!shown.includes('Grace Hopper (grace@navy.example)'))
		fail(`the list shows ${json(shown)}, not "Grace Hopper (grace@navy.example)"`);
	return `before a collection: ${json(unopened.items)}\nwith People, "Grace Hopper" finds: ${json(shown)}`;
}
associatedRecordPicker.title =
	'Activity Create: Associated Record before its collection says "Choose an Associated Collection first", no error; with People, two Grace Hoppers told apart by email';

/** Item 1: the Records Trigger's status dropdowns before a collection is chosen, then with Deals. */
export async function statusDropdowns({ page, env, shot }) {
	const id = await saveWorkflow(
		env,
		'When a deal moves',
		'workspaceRecordsTrigger',
		{ event: 'recordEnteredStatus', collectionId: emptyPicker },
		{ trigger: true },
	);
	await openNode(page, env.n8n.base, id, 'When a deal moves');
	const seen = [];
	for (const [name, label] of [
		['statusAttribute', 'Status Attribute'],
		['statuses', 'Statuses'],
	]) {
		const select = page.locator(sel.parameter(name));
		const offered = await openLoadedSelect(page, select);
		const disabled = await page
			.locator(sel.openOption)
			.evaluateAll((options) => options.map((o) => o.classList.contains('is-disabled')));
		await shot(`11-${name}-before-collection`);
		if (!isDeepStrictEqual(offered, ['Choose a Collection first']))
			fail(`before a collection is chosen, ${label} offers ${json(offered)}`);
		if (!disabled.every(Boolean)) fail(`${label}'s "Choose a Collection first" can be chosen`);
		seen.push(`${label}: ${json(offered)} (greyed out)`);
		await closeSelect(page);
	}

	await pickFromList(page, 'collectionId', 'Deals');
	const attribute = page.locator(sel.parameter('statusAttribute'));
	await waitForText(attribute, (t) => !t.includes('Loading'), 'Status Attribute after Deals');
	const attributes = await openLoadedSelect(page, attribute);
	await shot('11-status-attribute-deals');
	if (!attributes.some((o) => o.startsWith('Stage')))
		fail(`with Deals chosen, Status Attribute offers ${json(attributes)}`);
	await closeSelect(page);
	const statuses = await openLoadedSelect(page, page.locator(sel.parameter('statuses')));
	await shot('11-statuses-deals-no-attribute');
	if (!isDeepStrictEqual(statuses, ['Choose a Status Attribute first']))
		fail(`with Deals chosen and no Status Attribute, Statuses offers ${json(statuses)}`);
	return `${seen.join('\n')}\nwith Deals: Status Attribute offers ${json(attributes)}; Statuses ${json(statuses)}`;
}
statusDropdowns.title =
	'Records Trigger, Record Entered a Status: Status Attribute and Statuses say what to choose first (greyed out), not "No data"; with Deals, Stage is offered';

/** Item 2: each list with its collection; a company added to a people list says so. */
export async function listPickerAndWrongCollection({ page, env, shot }) {
	const id = await saveWorkflow(env, 'Add to list', 'workspaceLists', {
		resource: 'listEntry',
		operation: 'create',
		listId: emptyPicker,
		recordId: { __rl: true, mode: 'id', value: FIRST_COMPANY },
	});
	await openNode(page, env.n8n.base, id, 'Add to list');
	const { items, error } = await openPicker(page, 'listId');
	await shot('12-list-picker');
	const wanted = ['Hot Leads (People)', 'Enterprise Pipeline (Companies)'];
	if (error || !isDeepStrictEqual(items, wanted))
		fail(
			`the List picker shows ${json(items)}${error ? ` and "${error}"` : ''}, expected ${json(wanted)}`,
		);
	await page.locator(sel.locatorItem, { hasText: 'Hot Leads' }).first().click();
	const chosen = await shownValue(page.locator(sel.locator('listId')));

	env.sandbox.clearRequests();
	const output = await executeStep(page, 'belongs to Companies');
	await shot('12-wrong-collection-error');
	const expected = `The record with ID "${FIRST_COMPANY}" belongs to Companies, not to People, the collection of the list "Hot Leads"`;
	if (!output.includes(expected)) fail(`the output shows "${output.slice(0, 300)}"`);
	const paths = env.sandbox.requests.map((r) => `${r.method} ${r.path}`);
	if (!paths.includes(`POST /api/v1/list-entries/${HOT_LEADS}`))
		fail(`the sandbox got ${json(paths)}`);
	return `List offers ${json(items)}; chosen: "${chosen}"\nExecute step: "${expected}"`;
}
listPickerAndWrongCollection.title =
	"List Entry Create: the List picker shows each list's collection; a company added to Hot Leads fails naming both collections";

/** Item 5: short mapper labels, none cut; the value hint in full in the notice below the fields. */
export async function mapperLabelsAndHint({ page, env, shot }) {
	const id = await saveWorkflow(env, 'Create person', 'workspaceRecords', {
		resource: 'record',
		operation: 'create',
		collectionId: PEOPLE_LOCATOR,
		columns: { mappingMode: 'defineBelow', value: {}, matchingColumns: [], schema: [] },
	});
	await openNode(page, env.n8n.base, id, 'Create person');
	const mapper = page.locator(sel.mapper);
	await mapper.locator(sel.parameter('company')).waitFor();
	// A label cut by the panel's width ends in an ellipsis: an element wider inside than its box.
	const labels = await mapper.locator('[data-test-id="input-label"]').evaluateAll((els) =>
		els.map((el) => ({
			text: el.innerText
				.replace(/\s+/g, ' ')
				.replace(/ Fixed Expression$/, '')
				.trim(),
			cut: [el, ...el.querySelectorAll('*')]
				.filter(
					(inner) =>
						getComputedStyle(inner).textOverflow === 'ellipsis' &&
						inner.scrollWidth > inner.clientWidth + 1,
				)
				.map(
					(inner) =>
						`${inner.tagName}.${inner.className} ${inner.scrollWidth}>${inner.clientWidth}`,
				),
		})),
	);
	const texts = labels.map((l) => l.text);
	for (const label of ['Emails', 'Company', 'Phone Numbers', 'Lead Score'])
		if (!texts.includes(label)) fail(`no attribute field "${label}"; fields: ${texts.join(', ')}`);
	await mapper.locator(sel.parameter('phoneNumbers')).scrollIntoViewIfNeeded();
	await shot('13-mapper-labels');
	const cut = labels.filter((l) => l.cut.length).map((l) => `${l.text} (${l.cut.join('; ')})`);
	if (cut.length) fail(`labels cut at the panel's width: ${cut.join(', ')}`);

	// n8n shows a notice parameter in full, wrapped, where its place in the node's fields is.
	const hint = page.locator(sel.nodeParameters).getByText('comma-separated or as an array').first();
	await hint.scrollIntoViewIfNeeded();
	const hintText = squash(await hint.innerText());
	await shot('13-mapper-labels-and-hint');
	const wanted =
		'Emails, phone numbers, domains and multi-select take one value or several, comma-separated or as an array; a record reference such as Company takes a record ID';
	if (!hintText.includes(wanted)) fail(`the hint below the mapper reads "${hintText}"`);
	const [mapperBox, hintBox] = [await mapper.boundingBox(), await hint.boundingBox()];
	if (hintBox.y < mapperBox.y + mapperBox.height - 1)
		fail(
			`the hint (y ${hintBox.y}) is not below the mapper's fields (to y ${mapperBox.y + mapperBox.height})`,
		);
	return `labels: ${texts.join(', ')}\nbelow the fields: "${hintText}"`;
}
mapperLabelsAndHint.title =
	'Record Create, People: short mapper labels (Emails, Company), none cut; the value hint in full below the fields';

/** Item 7: list entries simplified as records are: no __v, no empty links. */
export async function listEntriesSimplified({ page, env, shot }) {
	const id = await saveWorkflow(env, 'Hot leads', 'workspaceLists', {
		resource: 'listEntry',
		operation: 'getAll',
		listId: picked(HOT_LEADS, 'Hot Leads (People)'),
		limit: 2,
	});
	await openNode(page, env.n8n.base, id, 'Hot leads');
	const simplify = page.locator(`${sel.parameter('simplify')} [role="switch"]`);
	if ((await simplify.getAttribute('aria-checked')) !== 'true')
		fail('Simplify is not on by default');
	await executeStep(page, 'recordId');
	await page.locator(sel.output).locator('[data-test-id="radio-button-json"]').click();
	const output = await waitForText(
		page.locator(sel.outputData),
		(t) => t.includes('recordId'),
		'the JSON output',
	);
	await shot('14-list-entries-simplified');
	const noise = ['__v', 'companyId', 'dealId'].filter((key) => output.includes(`"${key}"`));
	if (noise.length) fail(`the simplified entries still carry ${noise.join(', ')}`);
	if (!output.includes('"peopleId"')) fail('the simplified entries lost their link to the person');
	return `Simplify on: the entries carry peopleId and recordId, no ${['__v', 'companyId', 'dealId'].join(', ')}`;
}
listEntriesSimplified.title =
	'List Entry Get Many: Simplify (on by default) drops __v and the empty links';
