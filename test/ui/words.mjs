// The words the editor shows (issue 31, items 3, 4, 6 and 8), seen in n8n's editor by
// `npm run test:ui`: short notices about the event or mode on screen, attribute types and
// condition fields in the workspace's words, the credential test of a dead messaging host, and the
// time zone beside Schedule At with an activity output a user can test. Each check takes its
// screenshots before it judges, so that a failing run still shows what the editor showed.
import { freePort } from '../rig/ports.mjs';
import { CREDENTIALS } from '../rig/sandbox.mjs';
import {
	addRecordsAction,
	executeStep,
	fail,
	json,
	N8N_AUTOMAP_NOTICE,
	noticesIn,
	openCredential,
	openLoadedSelect,
	openNode,
	openSelect,
	pickFromList,
	pickOption,
	sel,
	squash,
	waitForText,
} from './editor.mjs';
import { chain, MANUAL_TRIGGER, ourNode, PEOPLE_LOCATOR, recordsNode } from './workflows.mjs';

const CREDENTIAL = CREDENTIALS.workspaceRecordsApi;

const sentences = (text) => text.split(/(?<=\.)\s+(?=[A-Z])/).length;

/** The value hints below the mapper's fields (nodes/shared/attributes/fields.ts), their start. */
const VALUE_HINTS = 'Emails, phone numbers, domains and multi-select take';
/** The API's type keys that the attribute dropdowns must not show. */
const API_TYPE_KEYS = ['actor-reference', 'record-reference', 'email-address', 'phone-number'];

async function triggerNotice({ page, env, shot }) {
	const id = await env.api.createWorkflow({
		name: 'UI test: Record Entered a Status',
		...chain(
			ourNode('Deal stage', 'workspaceRecordsTrigger', {
				event: 'recordEnteredStatus',
				collectionId: PEOPLE_LOCATOR,
			}),
		),
	});
	await openNode(page, env.n8n.base, id, 'Deal stage');
	const ndv = page.locator(sel.ndv);
	await ndv.locator(sel.parameter('statusAttribute')).waitFor();
	const notices = await noticesIn(ndv);
	await shot('words-1-trigger-entered-status-notice');
	const wanted = 'Starts the workflow each time a record moves to one of the chosen statuses.';
	if (!notices.includes(wanted))
		fail(`the notices shown are ${json(notices)}, expected ${json(wanted)}`);
	const long = notices.filter((n) => sentences(n) > 2 || /Watched Attributes|\d,\d{3}/.test(n));
	if (long.length) fail(`notices too long or about something else: ${json(long)}`);
	return `notice: "${notices.join('" | "')}"`;
}

async function mapperNoticeByMode({ page, env, shot }) {
	const ndv = await addRecordsAction(page, env.n8n.base, 'Create a record');
	const mapper = ndv.locator(sel.mapper);
	await mapper.locator(sel.mappingMode).waitFor();
	const before = await noticesIn(ndv);
	await shot('words-2-create-before-collection');
	await pickFromList(page, 'collectionId', 'People', ndv);
	await mapper.locator(sel.parameter('name')).waitFor();
	const manual = await noticesIn(ndv);
	await shot('words-2-create-map-each-column-manually');
	await openSelect(mapper.locator(sel.mappingMode));
	await pickOption(page, 'Map Automatically');
	await waitForText(
		ndv.locator(sel.nodeParameters),
		(t) => t.includes(N8N_AUTOMAP_NOTICE),
		"n8n's Map Automatically notice",
		10_000,
	).catch(() => '');
	const automatic = await noticesIn(ndv);
	await shot('words-2-create-map-automatically');
	if (before.length) fail(`before a collection is chosen: ${json(before)}`);
	if (manual.length !== 1 || !manual[0].startsWith(VALUE_HINTS))
		fail(`in Map Each Column Manually: ${json(manual)}, expected the value hints alone`);
	if (automatic.length !== 1 || !automatic[0].startsWith(N8N_AUTOMAP_NOTICE))
		fail(`in Map Automatically: ${json(automatic)}, expected n8n's notice alone`);
	return `before a collection: none; Map Each Column Manually: "${manual[0]}"; Map Automatically: "${automatic[0]}"`;
}

async function conditionWords({ page, env, shot }) {
	const id = await env.api.createWorkflow({
		name: 'UI test: condition words',
		...chain(
			MANUAL_TRIGGER,
			recordsNode('Find people', {
				resource: 'record',
				operation: 'getAll',
				collectionId: PEOPLE_LOCATOR,
				filterMode: 'conditions',
			}),
		),
	});
	await openNode(page, env.n8n.base, id, 'Find people');
	const conditions = page.locator(sel.fixedCollection('conditions'));
	await conditions.getByText('Add Condition').click();
	const attribute = conditions.locator(sel.parameter('attribute'));
	await attribute.waitFor();
	const offered = await openLoadedSelect(page, attribute);
	await shot('words-3-attribute-types');
	await pickOption(page, 'Lead Score (leadScore)');
	await conditions.locator(sel.parameter('valueType')).waitFor();
	const labels = (
		await conditions.locator('[data-test-id="input-label"] label').allInnerTexts()
	).map(squash);
	const compareAs = squash(
		`${await conditions.locator(sel.parameter('valueType')).innerText()} ${await conditions
			.locator(`${sel.parameter('valueType')} input`)
			.first()
			.inputValue()
			.catch(() => '')}`,
	);
	await conditions.locator(sel.parameter('valueType')).scrollIntoViewIfNeeded();
	await shot('words-3-condition-labels');

	const keys = offered.filter((o) => API_TYPE_KEYS.some((key) => o.includes(key)));
	if (keys.length) fail(`the attribute dropdown shows the API's type keys: ${json(keys)}`);
	for (const wanted of [
		'Owner (owner) Type: Member',
		'Company (company) Type: Record link',
		'Emails (emails) Type: Email',
		'Phone Numbers (phoneNumbers) Type: Phone',
	])
		if (!offered.includes(wanted)) fail(`no option "${wanted}"; offered: ${json(offered)}`);
	for (const word of ['Send Value As', 'Negate'])
		if (labels.some((l) => l.startsWith(word)))
			fail(`a label still says "${word}": ${json(labels)}`);
	for (const word of ['Compare Value As', 'Invert Condition'])
		if (!labels.some((l) => l.startsWith(word))) fail(`no label "${word}": ${json(labels)}`);
	if (!compareAs.includes("Attribute's Type"))
		fail(`Compare Value As shows "${compareAs}", expected "Attribute's Type"`);
	return `offered: ${offered.filter((o) => /Member|Record link|Email|Phone/.test(o)).join(', ')}\nlabels: ${labels.join(', ')}; Compare Value As shows "${compareAs}"`;
}

async function scheduleAtTimeZone({ page, env, shot }) {
	const id = await env.api.createWorkflow({
		name: 'UI test: Schedule At and its time zone',
		...chain(
			MANUAL_TRIGGER,
			ourNode('Plan a call', 'workspaceActivities', {
				resource: 'activity',
				operation: 'create',
				name: 'Call tomorrow at 10',
				scheduleAt: '2026-11-23T10:00:00',
				iconType: 'interaction',
				interactionIcon: 'call',
			}),
		),
	});
	await openNode(page, env.n8n.base, id, 'Plan a call');
	const ndv = page.locator(sel.ndv);
	const timeZone = ndv.locator(sel.parameterItem('timeZone'));
	const shownZone = await waitForText(
		timeZone,
		(t) => /America\/New_York/.test(t),
		'the time zone shown beside Schedule At',
		15_000,
	).catch(async () => squash(await timeZone.innerText().catch(() => '(no Time Zone field)')));
	await ndv.locator(sel.parameterItem('scheduleAt')).scrollIntoViewIfNeeded();
	await shot('words-4-schedule-at-time-zone');
	env.sandbox.clearRequests();
	const output = await executeStep(page, 'Call tomorrow at 10');
	await page.locator(sel.output).locator('[data-test-id="radio-button-json"]').click();
	const outputJson = await waitForText(
		page.locator(sel.output),
		(t) => t.includes('completedTime'),
		'the output as JSON',
	).catch(() => output);
	await page.locator(sel.output).getByText('completedTime').first().scrollIntoViewIfNeeded();
	await shot('words-4-activity-output');

	if (!shownZone.includes('America/New_York'))
		fail(
			`beside Schedule At the editor shows "${shownZone}", expected the workflow's America/New_York`,
		);
	const post = env.sandbox.requests.find((r) => r.method === 'POST');
	if (post?.body?.scheduleAt !== '2026-11-23T15:00:00.000Z')
		fail(`scheduleAt sent as ${json(post?.body?.scheduleAt)}, expected 2026-11-23T15:00:00.000Z`);
	if (!/"completed": false/.test(outputJson) || !/"completedTime": null/.test(outputJson))
		fail(
			`the output does not say "completed": false, "completedTime": null: ${outputJson.slice(0, 400)}`,
		);
	return `beside Schedule At: "${shownZone}"; sent scheduleAt ${post.body.scheduleAt}; output: "completed": false, "completedTime": null`;
}

async function deadSmsHost({ page, env, shot }) {
	const deadUrl = `http://127.0.0.1:${await freePort()}`;
	const { modal, message } = await openCredential(page, env.n8n.base, CREDENTIAL.name);
	const smsField = modal.locator(`${sel.parameter('aiBaseUrl')} input`);
	await smsField.fill(deadUrl);
	await modal.locator(sel.credentialSave).click();
	// The container holds the form too (its labels name Messaging Host Base URL): wait for the verdict.
	await waitForText(
		message,
		(t) => /Couldn.t connect with these settings/.test(t),
		'the failed test',
		30_000,
	).catch(() => '');
	const details = message.getByText('More details');
	if (await details.isVisible()) await details.click();
	const said = await waitForText(
		message,
		(t) => t.includes('Could not reach the messaging host'),
		'the message naming the messaging host',
		10_000,
	).catch(async () => squash(await message.innerText()));
	await shot('words-5-credential-dead-sms-host');
	// Back as it was, for the checks after this one.
	await smsField.fill(env.sandbox.url);
	await modal.locator(sel.credentialSave).click();
	await waitForText(
		message,
		(t) => t.includes('Connection tested successfully'),
		'the test restored',
	);

	const wanted = `Could not reach the messaging host at ${deadUrl}: check Messaging Host Base URL`;
	if (!said.includes(wanted))
		fail(`with a dead messaging host the editor says "${said}", expected "${wanted}…"`);
	return `the editor says: "${said.match(/Couldn.t connect.*?\)/)?.[0] ?? said}"`;
}

/** The checks of this file, as run.mjs lists them: [title, check]. */
export const wordsChecks = () => [
	[
		'Words: Record Entered a Status shows one short notice about that event (no polls, counts or Watched Attributes)',
		triggerNotice,
	],
	[
		"Words: one notice at a time in the mapper: none before a collection, the value hints in Map Each Column Manually, n8n's own alone in Map Automatically",
		mapperNoticeByMode,
	],
	[
		"Words: the attribute dropdown names types as the workspace does (Member, Record link, Email, Phone); conditions say Compare Value As (Attribute's Type) and Invert Condition",
		conditionWords,
	],
	[
		"Words: beside Schedule At the editor shows the time zone it is read in (the workflow's, America/New_York); the output says completed false, completedTime null",
		scheduleAtTimeZone,
	],
	[
		'Words: the credential test with a dead Messaging Host Base URL fails, naming the messaging host and the field',
		deadSmsHost,
	],
];
