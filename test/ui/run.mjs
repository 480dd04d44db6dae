// `npm run test:ui`: the nodes in n8n's own editor, in a real browser, as a person uses them.
// A real n8n 2.40.7 with this package installed as users install community packages, the
// sandbox API behind a credential imported with `n8n import:credentials`, an owner set up over
// n8n's REST API; then Debian's Chromium (driven by playwright-core) signs in and:
//   1. searches "Workspace" in the node panel, in its trigger view and its action view;
//   2. adds Record Create, picks People "From list", fills the typed attribute fields by hand
//      and runs it: the sandbox must receive the typed body, an untouched switch left out;
//   3. switches the attribute mapper to Map Automatically behind an item with an extra field:
//      one notice (n8n's), and the output not marked stale after the run; runs a Create twice
//      with one email: the error names the record and Create or Update;
//   4. runs Get Many with Simplify on and off;
//   5. adds a fresh Record Create: what the mapper shows before a collection is chosen, and
//      one notice, n8n's, in Map Automatically once People is chosen; one mapping choice (no
//      Input Mode), the labels saying what Emails and Company take, and Use JSON Instead below
//      the mapper, which puts the JSON in its place;
//   6. adds a fresh Record Create or Update: Emails preselected as the attribute to match on;
//   7. adds a fresh Record Get: Options (the request knobs) is its last parameter;
//   8. runs Get Many with a condition leadScore Equals a number, Compare Value As left as it is;
//   9. Workspace WhatsApp's pickers, template variables and an unknown Request ID (messaging.mjs);
//      Wait for Status's fields (a Delivery Report operation), and one wait executed from the editor (deliveryWait.mjs);
//      Send and Wait for Response's fields on Workspace SMS and WhatsApp, and one ask executed
//      from the editor and answered in the browser from the SMS's link (sendAndWait.mjs);
//      Workspace SMS, WhatsApp, RCS and Email listed under the node panel's Human review, each added
//      from there on Send and Wait for Response (humanReview.mjs);
//  10. opens the WhatsApp trigger: its Production URL, the setup steps, Events, a hidden secret
//      with its hint; none of the setup for Delivery Status alone; its events in the node panel;
//      the test URL's answer; published from the editor without its secret, refused where the
//      user sees it and not left published; with Delivery Status alone, published and receiving
//      (triggerActivation.mjs);
//   then the checks of test/ui/pickers.mjs: pickers, mapper labels, list-entry output;
//   then the words of issue 31 (words.mjs): short notices, types and condition fields in
//      plain words, Schedule At's time zone and the activity output, a dead messaging host;
//  11. saves the credential with a wrong API key and reads the message shown (last: the
//      credential is wrong from then on).
// Every check prints `ok …` or `FAIL …` and saves screenshots to $TMPDIR/workspace-records-ui-artifacts/; the run
// ends with `N passed, M failed` and stops n8n, the sandbox and the browser whatever happened.
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { isDeepStrictEqual } from 'node:util';

import { prepare } from '../rig/n8n-runtime.mjs';
import { outputTail, PACKAGE, phaseClock, root } from '../rig/n8n.mjs';
import { cleanUp, deadline, stopOnSignals } from '../rig/processes.mjs';
import { createReporter } from '../rig/reporter.mjs';
import { CREDENTIALS, SEED_IDS } from '../rig/sandbox.mjs';
import { ensureChromium, launchBrowser, N8N_VERSION, OWNER, startEnvironment } from './env.mjs';
import { deliveryWaitChecks } from './deliveryWait.mjs';
import { humanReviewChecks } from './humanReview.mjs';
import { messagingChecks } from './messaging.mjs';
import { sendAndWaitChecks } from './sendAndWait.mjs';
import { triggerActivationChecks } from './triggerActivation.mjs';
import { whatsAppTriggerNode } from '../e2e/whatsAppTrigger.mjs';
import {
	addRecordsAction,
	clickCreatorEntry,
	executeStep,
	fail,
	inputValueIn,
	json,
	MANUAL_TRIGGER,
	N8N_AUTOMAP_NOTICE,
	newWorkflow,
	noticesIn,
	openLoadedSelect,
	openNode,
	openOptions,
	openSelect,
	outputTable,
	pickOption,
	searchNodeCreator,
	sel,
	shownParameters,
	shownValue,
	signIn,
	squash,
	TIMEOUT,
	waitForText,
} from './editor.mjs';
import * as pickers from './pickers.mjs';
import { chain, PEOPLE_LOCATOR, recordsNode } from './workflows.mjs';
import { wordsChecks } from './words.mjs';

const require = createRequire(import.meta.url);
// Outside the project: n8n-node build copies every image under it into dist/, which ships.
const ARTIFACTS =
	process.env.WORKSPACE_RECORDS_UI_ARTIFACTS ?? join(tmpdir(), 'workspace-records-ui-artifacts');
// The browser part takes about four minutes with every check, n8n's start about half a minute;
// this leaves room for a machine shared with other work (300 s was once too short on two cores).
// Installing n8n itself (first run only) is not counted.
const DEADLINE_MS = 720_000;
/** The WhatsApp trigger's Secret Header Value in its check: its Postback URL is made from it. */
const UI_TRIGGER_SECRET = 'ui-secret-value-7f3a';
/** UI_CHECKS=<regexp> runs only the checks whose title matches (while working on a few). */
const SELECTED = process.env.UI_CHECKS ? new RegExp(process.env.UI_CHECKS) : /./;

const { PEOPLE, LIFECYCLE_CUSTOMER: CUSTOMER } = SEED_IDS;
const CREDENTIAL = CREDENTIALS.workspaceRecordsApi;

/** The mapper's own error when it has no fields (n8n: resourceMapper.fetchingFields.*). */
const NO_FIELDS = /No attributes found|Can.t get attributes|\bRetry\b/;
const EMAILS_LABEL = 'Emails';
const COMPANY_LABEL = 'Company';
/** The attribute types Create or Update may match on (nodes/shared/methods/resourceMapping.ts). */
const IDENTIFYING_TYPES = ['text', 'email-address', 'phone-number', 'domain', 'number'];
/** A lead score one seed person has alone: leadScore = (i * 7) % 100 for person i, 98 for person 14. */
const SCORE = 98;

/** The actions n8n's panel makes of a trigger: one per option of its Event(s) or Trigger On field. */
function eventActions(trigger) {
	const field = trigger.properties.find((p) =>
		['event', 'events', 'trigger on'].includes(p.displayName?.toLowerCase()),
	);
	return (field?.options ?? []).filter((o) => !['*', '', ' '].includes(o.name)).length;
}

/**
 * What the node panel should list for this package, worked out from the built nodes and n8n's
 * own rule (n8n-editor-ui, generateMergedNodesAndActions): a trigger "X Trigger" whose action
 * node "X" has actions is not listed by itself; "X" is listed once, with the actions and the
 * triggers, and **with the trigger's description**, in the trigger view and the action view alike.
 */
function expectedPanelEntries() {
	const { n8n } = require(join(root, 'package.json'));
	// A hidden node (kept for saved workflows: Wait for Delivery) is not in the panel.
	const nodes = n8n.nodes
		.map((file) => {
			const exports = require(join(root, file));
			return new (Object.values(exports)[0])().description;
		})
		.filter((description) => !description.hidden);
	const entries = new Map(
		nodes
			.filter((n) => !n.group.includes('trigger'))
			.map((n) => [n.name, { name: n.displayName, description: n.description }]),
	);
	const merged = [];
	for (const trigger of nodes.filter((n) => n.group.includes('trigger'))) {
		const action = entries.get(trigger.name.replace('Trigger', ''));
		if (action) {
			merged.push({
				entry: action.name,
				trigger: trigger.displayName,
				ownDescription: action.description,
			});
			action.description = trigger.description;
		} else {
			// Listed alone, a trigger with several events (one action each) loses "Trigger" from its name.
			const name =
				eventActions(trigger) > 1
					? trigger.displayName.replace('Trigger', '').trim()
					: trigger.displayName;
			entries.set(trigger.name, { name, description: trigger.description });
		}
	}
	return { entries: [...entries.values()], merged };
}

/** What Secret Header Value says below itself (nodes/WorkspaceWhatsAppTrigger/fields.ts). */
const SECRET_HINT = 'Required: the trigger listens for test events only once it is set';

/** Whether `test()` holds within `timeout` ms, looked at every 250 ms. */
async function waitUntil(test, timeout) {
	const started = Date.now();
	while (!test()) {
		if (Date.now() - started > timeout) return false;
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	return true;
}

/** The checks, in order: each gets the page, the environment and a screenshot function. */
function checks() {
	const seen = {};
	return [
		[
			'Node panel: "Workspace" lists every node of the package with its description, in the trigger view and the action view',
			async ({ page, env, shot }) => {
				const { entries: wanted, merged } = expectedPanelEntries();
				const ours = (entries) =>
					entries.filter((entry) => wanted.some((w) => w.name === entry.name));
				const compare = (view, shown) => {
					const got = ours(shown)
						.map(({ name, description }) => `${name}: ${description}`)
						.sort();
					const expected = wanted.map(({ name, description }) => `${name}: ${description}`).sort();
					if (!isDeepStrictEqual(got, expected))
						fail(
							`${view}: the panel lists\n      ${got.join('\n      ')}\n    expected\n      ${expected.join('\n      ')}`,
						);
				};

				// An empty workflow: "Add first step" opens the trigger view.
				await newWorkflow(page, env.n8n.base);
				await page.locator(sel.addFirstStep).click();
				const triggerView = await searchNodeCreator(page, 'Workspace', 'Workspace Records');
				await shot('1-node-panel-trigger-view');
				compare('trigger view', triggerView);
				await clickCreatorEntry(page, 'Workspace Records');
				await page.locator(sel.creatorCategory).first().waitFor();
				await shot('1-node-panel-trigger-view-workspace-records');

				// With a trigger on the canvas, the "+" opens the action view ("What happens next?").
				await page.keyboard.press('Escape');
				const id = await env.api.createWorkflow({
					name: 'UI test: node panel',
					...chain(MANUAL_TRIGGER),
				});
				await page.goto(`${env.n8n.base}/workflow/${id}`);
				await page.locator(sel.canvasNode).first().waitFor();
				await page.locator(sel.canvasPlus).click();
				const actionView = await searchNodeCreator(page, 'Workspace', 'Workspace Records');
				await shot('1-node-panel-action-view');
				compare('action view', actionView);
				await clickCreatorEntry(page, 'Workspace Records');
				await page.locator(sel.creatorCategory).first().waitFor();
				await shot('1-node-panel-action-view-workspace-records');
				await page.keyboard.press('Escape');

				seen.panel = { triggerView: ours(triggerView), actionView: ours(actionView), merged };
				const describe = (entries) =>
					entries.map((e) => `         ${e.name}: "${e.description}"`).join('\n');
				return (
					`trigger view:\n${describe(seen.panel.triggerView)}\n` +
					`action view:\n${describe(seen.panel.actionView)}\n` +
					merged
						.map(
							(m) =>
								`n8n lists "${m.trigger}" inside "${m.entry}" (no entry of its own) and shows the trigger's description for both; "${m.entry}"'s own description ("${m.ownDescription}") is shown nowhere in the panel`,
						)
						.join('\n')
				);
			},
		],
		[
			'Node panel: the Workspace Records entry (actions and trigger) does not describe itself as a trigger, in either view',
			async ({ noPicture }) => {
				noPicture();
				if (!seen.panel) fail('the node panel check did not get as far as reading the entries');
				const wrong = [];
				for (const [view, entries] of Object.entries({
					'trigger view': seen.panel.triggerView,
					'action view': seen.panel.actionView,
				})) {
					const entry = entries.find((e) => e.name === 'Workspace Records');
					if (!entry) wrong.push(`${view}: no Workspace Records entry`);
					else if (/^\s*starts? (a|the) workflow/i.test(entry.description))
						wrong.push(`${view}: "${entry.description}"`);
				}
				if (wrong.length) {
					fail(
						`the entry that holds the record actions reads as a trigger:\n      ${wrong.join('\n      ')}\n` +
							`    n8n shows the trigger node's description for the merged entry, so the fix is the description of ` +
							`Workspace Records Trigger (nodes/WorkspaceRecordsTrigger), worded for the actions and the trigger together`,
					);
				}
			},
		],
		[
			'Record Create: People from the list, typed attribute fields (Name required, Lifecycle a dropdown), values by hand, the typed body sent, an untouched Newsletter switch left out',
			async ({ page, env, shot }) => {
				await newWorkflow(page, env.n8n.base);
				await page.locator(sel.addFirstStep).click();
				await searchNodeCreator(page, 'Workspace Records', 'Workspace Records');
				await clickCreatorEntry(page, 'Workspace Records');
				const actions = page.locator(sel.creatorCategory, { hasText: /^Actions/ });
				await actions.waitFor();
				const createAction = page.locator(sel.creatorEntryName, {
					hasText: /^Create a record in a collection\b/,
				});
				if (!(await createAction.isVisible())) await actions.click();
				await createAction.click();

				// n8n adds a Manual Trigger before the action and opens the action's panel.
				const ndv = page.locator(sel.ndv);
				await ndv.waitFor();
				const credential = ndv.locator(sel.credentialSelect);
				await credential.waitFor();
				const credentialShown = await shownValue(credential);
				if (!credentialShown.includes(CREDENTIAL.name))
					fail(
						`the new node's credential shows "${credentialShown}", expected "${CREDENTIAL.name}" chosen by itself`,
					);

				await ndv.locator(`${sel.locator('collectionId')} ${sel.locatorInput}`).click();
				await page.locator(sel.locatorItem, { hasText: 'People' }).first().click();
				const mapper = ndv.locator(sel.mapper);
				await mapper.locator(sel.parameter('lifecycle')).waitFor();
				const labels = (await mapper.locator('[data-test-id="input-label"]').allInnerTexts()).map(
					(t) => squash(t).replace(/ Fixed Expression$/, ''),
				);
				// A label is the attribute's name, which Map Automatically matches the input's fields on too.
				for (const label of ['Name', 'Lead Score', 'Lifecycle'])
					if (!labels.includes(label))
						fail(`no attribute field "${label}"; fields: ${labels.join(', ')}`);
				const mode = await shownValue(mapper.locator(sel.mappingMode));

				// Required: Name cannot be removed and shows an issue while empty; the others can be removed.
				if (await mapper.locator(sel.removeField('name')).count())
					fail('Name has a remove button: it is not marked required');
				if (!(await mapper.locator(sel.removeField('leadScore')).count()))
					fail('Lead Score has no remove button');
				const issuesBefore = await mapper.locator(sel.parameterIssues).count();
				if (issuesBefore !== 1)
					fail(`${issuesBefore} fields show an issue while empty, expected 1 (Name)`);
				if (
					!(await mapper
						.locator(`${sel.parameter('leadScore')} [data-test-id="input-number"]`)
						.count())
				)
					fail('Lead Score is not a number field');
				await mapper.locator(sel.parameter('name')).scrollIntoViewIfNeeded();
				await shot('2-create-attribute-fields');

				await mapper.locator(`${sel.parameter('name')} input`).fill('Grace Hopper');
				await mapper.locator(`${sel.parameter('leadScore')} input`).fill('37');
				await mapper.locator(sel.parameter('lifecycle')).click();
				const lifecycleOptions = await openOptions(page);
				await shot('2-create-lifecycle-options');
				if (!isDeepStrictEqual(lifecycleOptions, ['Lead', 'Customer', 'Churned']))
					fail(`Lifecycle offers ${json(lifecycleOptions)}`);
				await pickOption(page, 'Customer');
				const lifecycle = await shownValue(mapper.locator(sel.parameter('lifecycle')));
				if (!lifecycle.includes('Customer'))
					fail(`Lifecycle shows "${lifecycle}" after choosing Customer`);
				const issuesAfter = await mapper.locator(sel.parameterIssues).count();
				if (issuesAfter !== 0) fail(`${issuesAfter} fields still show an issue with Name filled`);

				env.sandbox.clearRequests();
				await executeStep(page, 'Grace Hopper');
				await outputTable(page);
				await shot('2-create-output');
				const posts = env.sandbox.requests.filter((r) => r.method === 'POST');
				if (posts.length !== 1 || posts[0].path !== `/api/v1/collection-records/${PEOPLE}`)
					fail(`the sandbox got ${json(posts.map((r) => [r.method, r.path]))}`);
				const { body } = posts[0];
				if (body.name !== 'Grace Hopper') fail(`name sent as ${json(body.name)}`);
				if (body.leadScore !== 37)
					fail(
						`leadScore sent as ${json(body.leadScore)} (${typeof body.leadScore}), expected the number 37`,
					);
				if (body.lifecycle !== CUSTOMER)
					fail(`lifecycle sent as ${json(body.lifecycle)}, expected the option id ${CUSTOMER}`);
				// An untouched switch (Newsletter) is no value, and is left out (issue 39, item 7).
				const extra = Object.keys(body).filter(
					(key) => !['name', 'leadScore', 'lifecycle'].includes(key),
				);
				if (extra.length)
					fail(
						`also sent, though not set by hand: ${extra.map((k) => `${k}=${json(body[k])}`).join(', ')}`,
					);
				// Back on the canvas: the node's name and subtitle as a person sees them there.
				await page.locator(sel.ndvClose).click();
				await page.locator(sel.ndv).waitFor({ state: 'hidden' });
				const canvasNode = squash(
					await page.locator(sel.canvasNode, { hasText: 'Create a record' }).innerText(),
				);
				await shot('2-create-canvas');
				return (
					`canvas: "${canvasNode}"\n` +
					`mapper: "${mode}"; fields: ${labels.join(', ')}\n` +
					`sent: POST ${posts[0].path} ${json(body)} (Newsletter, untouched, left out)`
				);
			},
		],
		[
			'Map Automatically: an item {name, leadScore: "42", formId} becomes {name, leadScore: 42}; formId is not sent',
			async ({ page, env, shot }) => {
				const form = {
					id: 'f1',
					name: 'Form answer',
					type: 'n8n-nodes-base.set',
					typeVersion: 3.4,
					position: [220, 0],
					parameters: {
						mode: 'raw',
						jsonOutput: json({ name: 'Ada Auto', leadScore: '42', formId: 'form-7' }),
						options: {},
					},
				};
				// The mapper as a node added from the panel stores it (the parameter's default): the
				// editor then fills in the fields' schema itself, as for a person building the workflow.
				const create = recordsNode('Create person', {
					resource: 'record',
					operation: 'create',
					collectionId: PEOPLE_LOCATOR,
					columns: { mappingMode: 'defineBelow', value: null },
				});
				const id = await env.api.createWorkflow({
					name: 'UI test: Map Automatically',
					...chain(MANUAL_TRIGGER, form, create),
				});
				await openNode(page, env.n8n.base, id, 'Create person');
				const mapper = page.locator(sel.mapper);
				await mapper.locator(sel.mappingMode).waitFor();
				await openSelect(mapper.locator(sel.mappingMode));
				const modes = await openOptions(page);
				await pickOption(page, 'Map Automatically');
				await waitForText(
					mapper,
					(t) =>
						t.includes('make sure the incoming data fields are named the same') &&
						!t.includes('Fetching'),
					"Map Automatically's notice",
				);
				await shot('3-map-automatically');

				// One notice in this mode: n8n's own, below the mode selector (issue 39, item 6).
				const notices = await noticesIn(page.locator(sel.ndv));
				if (notices.length !== 1 || !notices[0].startsWith(N8N_AUTOMAP_NOTICE))
					fail(`Map Automatically shows the notices ${json(notices)}, expected n8n's alone`);

				env.sandbox.clearRequests();
				await executeStep(page, 'Ada Auto');
				await outputTable(page);
				// After a successful run in this mode n8n reloads the mapper's fields, and marks the
				// output stale if that changed the stored value (issue 39, item 2): give it time to.
				const fieldReads = () =>
					env.sandbox.requests.filter((r) => r.path === `/api/v1/attributes/collection/${PEOPLE}`)
						.length;
				// One read is the run's own (the attribute types), the next the editor's reload.
				const reloaded = await waitUntil(() => fieldReads() >= 2, 10_000);
				await new Promise((resolve) => setTimeout(resolve, 1_500));
				// Stale output is a warning icon beside OUTPUT whose tooltip says "Node parameters
				// have changed. Test node again to refresh output."; fresh, a green check.
				const stale = await page
					.locator(`${sel.output} [data-test-id="node-run-info-stale"]`)
					.count();
				await shot('3-map-automatically-output');
				const posts = env.sandbox.requests.filter((r) => r.method === 'POST');
				if (posts.length !== 1)
					fail(`the sandbox got ${json(posts.map((r) => [r.method, r.path, r.body]))}`);
				if (!isDeepStrictEqual(posts[0].body, { name: 'Ada Auto', leadScore: 42 }))
					fail(`sent ${json(posts[0].body)}, expected {"name":"Ada Auto","leadScore":42}`);
				if (stale)
					fail(
						'straight after the run, with nothing edited, the output is marked stale ("Node parameters have changed. Test node again")',
					);
				return (
					`modes offered: ${modes.map((m) => `"${m}"`).join(', ')}\nnotice: "${notices[0]}"\n` +
					`sent: POST ${posts[0].path} ${json(posts[0].body)}\n` +
					`after the run n8n ${reloaded ? 'reloaded' : 'did not reload'} the fields; the output is not marked stale`
				);
			},
		],
		[
			'Record Create run twice with the same email: the second run says the record exists, with its ID, and to use Create or Update',
			async ({ page, env, shot }) => {
				const email = 'twice.ui@example.com';
				const create = recordsNode('Create a person', {
					resource: 'record',
					operation: 'create',
					collectionId: PEOPLE_LOCATOR,
					useJson: true,
					attributesJson: json({ name: 'Twice', emails: [email] }),
				});
				// Two copies of one workflow, each run once, as a person runs an example twice (n8n
				// 2.40.7 fails a second "Execute step" of an unchanged node for reasons of its own).
				const copy = async (n) =>
					await env.api.createWorkflow({
						name: `UI test: Create twice (${n})`,
						...chain(MANUAL_TRIGGER, create),
					});
				const [first, second] = [await copy(1), await copy(2)];
				await openNode(page, env.n8n.base, first, 'Create a person');
				await executeStep(page, 'Twice');
				const created = [...env.sandbox.state.records.get(PEOPLE).values()].find((r) =>
					(r.emails ?? []).includes(email),
				);
				if (!created) fail(`the first run created no record with ${email}`);
				await page.keyboard.press('Escape');
				await openNode(page, env.n8n.base, second, 'Create a person');
				await page.locator(sel.executeStep).click();
				const said = await waitForText(
					page.locator(sel.output),
					(t) => t.includes('already exists') && t.includes('Create or Update'),
					'the error of the second run',
				).catch(async () => squash(await page.locator(sel.output).innerText()));
				await shot('3b-create-twice-error');
				if (!said.includes(created._id))
					fail(`the error does not name the record ${created._id}: "${said.slice(0, 400)}"`);
				if (!said.includes('use the operation Create or Update'))
					fail(`the error does not point to Create or Update: "${said.slice(0, 400)}"`);
				if (/value types|attribute type/i.test(said))
					fail(`the error still speaks of attribute keys and types: "${said.slice(0, 400)}"`);
				return `the second run says: "${said.slice(0, 400)}"`;
			},
		],
		[
			'Get Many: Simplify (on by default) shows options and statuses as names; off shows the objects',
			async ({ page, env, shot }) => {
				const getMany = recordsNode('Get people', {
					resource: 'record',
					operation: 'getAll',
					collectionId: PEOPLE_LOCATOR,
					limit: 2,
				});
				const id = await env.api.createWorkflow({
					name: 'UI test: Get Many',
					...chain(MANUAL_TRIGGER, getMany),
				});
				await openNode(page, env.n8n.base, id, 'Get people');
				const simplify = page.locator(`${sel.parameter('simplify')} [role="switch"]`);
				if (!(await simplify.count())) fail('Get Many has no Simplify parameter');
				if ((await simplify.getAttribute('aria-checked')) !== 'true')
					fail('Simplify is off by default');
				const stored = [...env.sandbox.state.records.get(PEOPLE).values()];
				const storedOf = (recordId) =>
					stored.find((record) => record._id === recordId) ??
					fail(`the output shows ${recordId}, which the sandbox does not hold`);

				const run = async (simplified) => {
					await executeStep(page, 'Ada Lovelace');
					const table = await waitForTable(
						page,
						(t) => (t.source?.[0]?.includes('color:') ?? false) !== simplified,
					);
					const shown = table._id.map((recordId, i) => ({
						record: storedOf(recordId),
						source: table.source[i],
						lifecycle: table.lifecycle[i],
					}));
					for (const { record, source, lifecycle } of shown) {
						const wanted = simplified
							? { source: record.source.name, lifecycle: record.lifecycle.name }
							: { source: `_id:${record.source._id}`, lifecycle: `_id:${record.lifecycle._id}` };
						const got = simplified
							? { source, lifecycle }
							: { source: source.split(' ')[0], lifecycle: lifecycle.split(' ')[0] };
						if (!isDeepStrictEqual(got, wanted))
							fail(
								`Simplify ${simplified ? 'on' : 'off'}: ${record.name} shows ${json({ source, lifecycle })}, expected ${json(wanted)}…`,
							);
					}
					await page
						.locator(sel.outputData)
						.locator('thead th', { hasText: /^source$/ })
						.scrollIntoViewIfNeeded();
					return shown.map(
						({ record, source, lifecycle }) =>
							`${record.name}: source "${source}", lifecycle "${lifecycle}"`,
					);
				};
				const on = await run(true);
				await shot('4-get-many-simplify-on');
				await page.locator(`${sel.parameter('simplify')} .el-switch`).click();
				await waitForText(page.locator(sel.parameter('simplify')), () => true, 'Simplify');
				if ((await simplify.getAttribute('aria-checked')) !== 'false')
					fail('Simplify did not switch off');
				const off = await run(false);
				await shot('4-get-many-simplify-off');
				return `on:  ${on.join('; ')}\noff: ${off.join('; ')}`;
			},
		],
		[
			"Record Create, added from the panel: once People is chosen, Map Automatically shows one notice, n8n's, below the mode selector",
			async ({ page, env, shot }) => {
				const ndv = await addRecordsAction(page, env.n8n.base, 'Create a record');
				const mapper = ndv.locator(sel.mapper);
				await mapper.locator(sel.mappingMode).waitFor();
				// What the mapper shows before a collection is chosen, judged by the next check. An
				// error shows as soon as the editor has the (empty) list of fields: a few seconds
				// without one is none.
				const before = await waitForText(
					mapper,
					(t) => NO_FIELDS.test(t),
					'an error in the mapper',
					5_000,
				).catch(async () => squash(await mapper.innerText()));
				await shot('5-create-before-collection');
				seen.freshCreate = { before, shot: '5-create-before-collection.png' };

				await ndv.locator(`${sel.locator('collectionId')} ${sel.locatorInput}`).click();
				await page.locator(sel.locatorItem, { hasText: 'People' }).first().click();
				await mapper.locator(sel.parameter('name')).waitFor();
				// Map Automatically: one notice, n8n's own, and none of the node's above the mapper
				// (issue 39, item 6; by mode in words.mjs).
				await openSelect(mapper.locator(sel.mappingMode));
				await pickOption(page, 'Map Automatically');
				const notice = ndv.locator(sel.nodeParameters).getByText(N8N_AUTOMAP_NOTICE).first();
				await notice.waitFor({ timeout: 10_000 }).catch(() => {});
				await ndv.locator(sel.nodeParameters).evaluate((el) => el.scrollTo(0, 0));
				const notices = await noticesIn(ndv);
				await shot('5-create-map-automatically-one-notice');
				if (!(await notice.isVisible()))
					fail(`n8n's notice "${N8N_AUTOMAP_NOTICE}…" is not shown; notices: ${json(notices)}`);
				if (notices.length !== 1)
					fail(`Map Automatically shows ${notices.length} notices: ${json(notices)}`);
				const [noticeBox, modeBox] = [
					await notice.boundingBox(),
					await mapper.locator(sel.mappingMode).boundingBox(),
				];
				if (noticeBox.y < modeBox.y + modeBox.height - 1)
					fail(
						`the notice (from y ${noticeBox.y}) is not below the mode selector (to y ${modeBox.y + modeBox.height})`,
					);
				return (
					`before a collection, the mapper shows: "${before}"\n` +
					`Map Automatically: one notice, below the mode selector: "${notices[0]}"`
				);
			},
		],
		[
			'Record Create, added from the panel: no red "No attributes found" (nor "Retry") in the mapper before a collection is chosen',
			async ({ noPicture }) => {
				noPicture();
				if (!seen.freshCreate) fail('the check before did not get as far as reading the mapper');
				const { before, shot } = seen.freshCreate;
				if (NO_FIELDS.test(before))
					fail(
						`before a collection is chosen the mapper shows "${before}", in red (screenshot ${shot}).\n` +
							`    n8n's mapper shows "No {fieldWords} found in {node}" whenever the resource mapper method returns ` +
							`no fields in Map Each Column Manually, unless the parameter's typeOptions.resourceMapper has ` +
							`hideNoDataError (or words of its own in noFieldsError): getAttributeFields returns { fields: [] } here`,
					);
				return `the mapper shows: "${before}"`;
			},
		],
		[
			"Record Create, added from the panel, People chosen: one mapping choice (no Input Mode), labels saying what Emails and Company take, Use JSON Instead below the mapper; switched on, the JSON takes the mapper's place",
			async ({ page, env, shot }) => {
				const ndv = await addRecordsAction(page, env.n8n.base, 'Create a record');
				await ndv.locator(`${sel.locator('collectionId')} ${sel.locatorInput}`).click();
				await page.locator(sel.locatorItem, { hasText: 'People' }).first().click();
				const mapper = ndv.locator(sel.mapper);
				await mapper.locator(sel.parameter('company')).waitFor();
				const shown = await shownParameters(ndv);
				const labels = shown.map((p) => p.label);
				if (labels.includes('Input Mode'))
					fail(`an Input Mode is shown; the parameters: ${labels.join(' | ')}`);
				const fieldLabels = (
					await mapper.locator('[data-test-id="input-label"]').allInnerTexts()
				).map((t) => squash(t).replace(/ Fixed Expression$/, ''));
				for (const label of [EMAILS_LABEL, COMPANY_LABEL])
					if (!fieldLabels.includes(label))
						fail(`no attribute field "${label}"; fields: ${fieldLabels.join(', ')}`);

				// Top to bottom: the mapper, Use JSON Instead (off), Options last.
				const toggle = ndv.locator(sel.parameterItem('useJson'));
				const options = ndv.locator(sel.parameterItem('options'));
				await toggle.scrollIntoViewIfNeeded();
				const [mapperBox, toggleBox, optionsBox] = [
					await mapper.boundingBox(),
					await toggle.boundingBox(),
					await options.boundingBox(),
				];
				if (!toggleBox) fail(`no Use JSON Instead; the parameters: ${labels.join(' | ')}`);
				if (mapperBox.y + mapperBox.height > toggleBox.y + 1 || toggleBox.y > optionsBox.y)
					fail(
						`not in the order mapper, Use JSON Instead, Options: y ${mapperBox.y}, ${toggleBox.y}, ${optionsBox.y}`,
					);
				const switchEl = ndv.locator(`${sel.parameter('useJson')} [role="switch"]`);
				if ((await switchEl.getAttribute('aria-checked')) !== 'false')
					fail('Use JSON Instead is on in a fresh node');
				await shot('5-create-one-mapping-choice');

				await ndv.locator(`${sel.parameter('useJson')} .el-switch`).click();
				const jsonField = ndv.locator(sel.parameterItem('attributesJson'));
				await jsonField.waitFor();
				await mapper.waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
				if (await mapper.isVisible()) fail('the mapper stays beside the JSON');
				const [switchBox, jsonBox] = [await toggle.boundingBox(), await jsonField.boundingBox()];
				if (jsonBox.y < switchBox.y) fail('the JSON stands above Use JSON Instead');
				const after = (await shownParameters(ndv)).map((p) => p.label);
				await shot('5-create-use-json-instead');
				return (
					`parameters: ${labels.join(' | ')}\n` +
					`labels: ${fieldLabels.filter((l) => [EMAILS_LABEL, COMPANY_LABEL].includes(l)).join(', ')}\n` +
					`with Use JSON Instead on: ${after.join(' | ')}`
				);
			},
		],
		[
			'Record Create or Update, added from the panel, People chosen: Emails preselected as the Attribute to Match On and shown among the values with Name; only text, email, phone, domain and number attributes offered',
			async ({ page, env, shot }) => {
				const ndv = await addRecordsAction(page, env.n8n.base, 'Create or update a record');
				await ndv.locator(`${sel.locator('collectionId')} ${sel.locatorInput}`).click();
				await page.locator(sel.locatorItem, { hasText: 'People' }).first().click();
				const match = ndv.locator(`${sel.mapper} ${sel.matchingColumn}`);
				await match.waitFor();
				const label = squash(
					await match.locator('[data-test-id="input-label"] label').first().innerText(),
				);
				if (label !== 'Attribute to Match On')
					fail(`the match selector is labelled "${label}", expected "Attribute to Match On"`);
				// n8n's select shows the chosen field by its id (the key), not by the option's text.
				const chosen = await inputValueIn(match);
				if (!['emails', EMAILS_LABEL].includes(chosen))
					fail(`Attribute to Match On shows "${chosen}", expected Emails preselected`);
				// The values start with the required Name and the Emails it matches on, whose value
				// it needs; the other attributes can be added ("Add attribute to send").
				const mapper = ndv.locator(sel.mapper);
				await mapper.locator(sel.parameter('emails')).waitFor();
				const shownFields = [];
				for (const key of ['name', 'emails', 'leadScore', 'jobTitle'])
					if (await mapper.locator(sel.parameter(key)).count()) shownFields.push(key);
				if (!isDeepStrictEqual(shownFields, ['name', 'emails']))
					fail(`the values to send show ${json(shownFields)}, expected ["name","emails"]`);
				await match.scrollIntoViewIfNeeded();
				await shot('6-upsert-match-on-emails');

				await openSelect(match);
				const offered = await openOptions(page);
				const selected = await page
					.locator(sel.openOption)
					.evaluateAll((options) =>
						options
							.filter((o) => o.getAttribute('aria-selected') === 'true')
							.map((o) => o.innerText.trim()),
					);
				await shot('6-upsert-match-on-options');
				const expected = env.sandbox.state.attributes
					.get(`collection:${PEOPLE}`)
					.filter((a) => a.isEditable !== false && IDENTIFYING_TYPES.includes(a.inputType))
					.map((a) => a.name);
				if (!isDeepStrictEqual(offered, expected))
					fail(`Attribute to Match On offers ${json(offered)}, expected ${json(expected)}`);
				if (!isDeepStrictEqual(selected, [EMAILS_LABEL]))
					fail(`the list marks ${json(selected)} as chosen, expected "${EMAILS_LABEL}"`);
				return (
					`Attribute to Match On shows "${chosen}"; the list marks "${selected[0]}" as chosen; values to send: Name and Emails\n` +
					`offered: ${offered.join(', ')}`
				);
			},
		],
		[
			'Record Get, added from the panel: "Options" is the last parameter, with Max Concurrent Requests and Give Up After inside',
			async ({ page, env, shot }) => {
				const ndv = await addRecordsAction(page, env.n8n.base, 'Get a record');
				const shown = await shownParameters(ndv);
				const last = shown.at(-1);
				if (last?.name !== 'options' || last.label !== 'Options')
					fail(
						`the last parameter shown is ${json(last)}; in order: ${shown.map((p) => `${p.label} (${p.name})`).join(', ')}`,
					);
				const options = ndv.locator(sel.parameterItem('options'));
				await options.scrollIntoViewIfNeeded();
				await openSelect(options.locator(sel.collectionAdd));
				const offered = await openOptions(page);
				await shot('7-get-options-offered');
				const wanted = ['Max Concurrent Requests', 'Give Up After'];
				if (
					offered.length !== wanted.length ||
					!wanted.every((w) => offered.some((o) => o.startsWith(w)))
				)
					fail(`Options offers ${json(offered)}, expected ${json(wanted)}`);
				await pickOption(page, 'Max Concurrent Requests');
				const field = options.locator(sel.parameter('maxConcurrency'));
				await field.waitFor();
				await shot('7-get-options-max-concurrent');
				return (
					`parameters: ${shown.map((p) => p.label).join(', ')}\n` +
					`Options offers: ${offered.join(', ')}; Max Concurrent Requests added, showing ${await inputValueIn(field)}`
				);
			},
		],
		[
			'Get Many: a condition Lead Score Equals 98, Compare Value As left at its default "Attribute\'s Type", finds the one person scored 98',
			async ({ page, env, shot }) => {
				const stored = [...env.sandbox.state.records.get(PEOPLE).values()];
				const holders = stored.filter((record) => record.leadScore === SCORE);
				if (holders.length !== 1)
					fail(`the sandbox holds ${holders.length} people with leadScore ${SCORE}, expected 1`);
				const [target] = holders;
				const getMany = recordsNode('Find by lead score', {
					resource: 'record',
					operation: 'getAll',
					collectionId: PEOPLE_LOCATOR,
					filterMode: 'conditions',
				});
				const id = await env.api.createWorkflow({
					name: 'UI test: Get Many by lead score',
					...chain(MANUAL_TRIGGER, getMany),
				});
				await openNode(page, env.n8n.base, id, 'Find by lead score');
				// The condition is added in the editor, so that its defaults are the editor's.
				const conditions = page.locator(sel.fixedCollection('conditions'));
				await conditions.getByText('Add Condition').click();
				const attribute = conditions.locator(sel.parameter('attribute'));
				await attribute.waitFor();
				await openLoadedSelect(page, attribute);
				await pickOption(page, 'Lead Score (leadScore)');
				const operator = await shownValue(conditions.locator(sel.parameter('operator')));
				if (!operator.includes('Equals')) fail(`Condition shows "${operator}", expected Equals`);
				const sendAs = await shownValue(conditions.locator(sel.parameter('valueType')));
				if (!sendAs.includes("Attribute's Type"))
					fail(`Compare Value As shows "${sendAs}", expected the default "Attribute's Type"`);
				const value = sel.parameter('value');
				await conditions.locator(`${value} input, ${value} textarea`).first().fill(String(SCORE));
				await conditions.locator(sel.parameter('valueType')).scrollIntoViewIfNeeded();
				await shot('8-get-many-condition');

				env.sandbox.clearRequests();
				await page.locator(sel.executeStep).click();
				const output = await waitForText(
					page.locator(sel.output),
					(t) => t.includes(target.name) || t.includes('No output data returned'),
					`the output after "Execute step" (waiting for "${target.name}")`,
				);
				const queries = env.sandbox.requests.filter(
					(r) => r.method === 'POST' && r.path === `/api/v1/collection-records/${PEOPLE}/query`,
				);
				const filters = queries.map((r) => json(r.body?.filter));
				if (!output.includes(target.name)) {
					await shot('8-get-many-condition-output');
					fail(
						`the output shows no record ("${output.slice(0, 200)}"); the filter sent: ${filters.join(', ')}`,
					);
				}
				const table = await outputTable(page);
				await shot('8-get-many-condition-output');
				if (!isDeepStrictEqual(table._id, [target._id]))
					fail(
						`the output shows ${json(table._id)}, expected only ${target.name} (${target._id}); the filter sent: ${filters.join(', ')}`,
					);
				if (!filters.length || !filters.every((f) => f.includes(`"leadScore":{"$eq":${SCORE}}`)))
					fail(
						`the filter sent: ${filters.join(', ') || 'none'}, expected leadScore $eq the number ${SCORE}`,
					);
				return `Compare Value As: "${sendAs}"; sent ${filters.join(', ')}; found ${target.name} (${target._id}), leadScore ${target.leadScore}`;
			},
		],
		...messagingChecks(),
		...deliveryWaitChecks(),
		...sendAndWaitChecks(),
		...humanReviewChecks(),
		[
			'WhatsApp Trigger: its two Production URLs under Webhook URLs (/webhook, and /delivery-status/<token made from the secret> for post-backs), the notice saying where to paste each (Settings → Developer → Webhook, Event with Data, Postback URL), Events and a hidden secret',
			async ({ page, env, shot }) => {
				const webhookId = '5d0c5c1e-7a43-4c55-9a8e-0f2b7c9a1e02';
				const id = await env.api.createWorkflow({
					name: 'UI test: WhatsApp trigger',
					nodes: [
						{
							id: 'wa-trigger',
							name: 'Incoming WhatsApp',
							type: `${PACKAGE}.workspaceWhatsAppTrigger`,
							typeVersion: 1,
							position: [0, 0],
							webhookId,
							parameters: { headerValue: UI_TRIGGER_SECRET },
						},
					],
					connections: {},
				});
				await openNode(page, env.n8n.base, id, 'Incoming WhatsApp');
				const ndv = page.locator(sel.ndv);
				await ndv.getByText('Webhook URLs').first().click();
				await ndv.getByText('Production URL', { exact: true }).first().click();
				// n8n names its host as its WEBHOOK_URL says (localhost by default), with its port.
				const path = `:${new URL(env.n8n.base).port}/webhook/${webhookId}/webhook`;
				// The post-back URL: its token as the node derives it, computed here on its own.
				const token = createHash('sha256')
					.update(`workspace-post-back:${UI_TRIGGER_SECRET}`, 'utf8')
					.digest('hex')
					.slice(0, 32);
				const postBackPath = `/webhook/${webhookId}/delivery-status/${token}`;
				const text = await waitForText(
					ndv,
					(t) => t.includes(path) && t.includes(postBackPath),
					`the Production URLs …${path} and …${postBackPath}`,
				);
				const url = /\S+/.exec(text.slice(text.lastIndexOf('http', text.indexOf(path))))[0];
				await shot('8-whatsapp-trigger');
				for (const words of [
					'Settings → Developer → Webhook',
					'Event with Data',
					'custom header',
					'ending in /webhook',
				])
					if (!text.includes(words))
						fail(`the panel does not say "${words}": ${text.slice(0, 600)}`);
				const events = await shownValue(ndv.locator(sel.parameter('events')));
				if (!events.includes('Incoming WhatsApp Message'))
					fail(`Events shows "${events}", expected Incoming WhatsApp Message`);
				const secret = ndv.locator(sel.parameter('headerValue')).locator('input').first();
				if ((await secret.getAttribute('type')) !== 'password')
					fail('Secret Header Value is not a password field');
				// The setup in steps of a line each, not one long paragraph (issue 39, item 5).
				const setup = (
					await ndv
						.locator(`${sel.nodeParameters} .notice-content`)
						.filter({ hasText: 'Settings → Developer → Webhook' })
						.first()
						.innerText()
				)
					.split('\n')
					.map((line) => line.trim())
					.filter(Boolean);
				if (setup.length < 4 || setup.some((line) => line.length > 90))
					fail(`the setup notice reads as ${setup.length} line(s): ${json(setup)}`);
				// Why the test button waits, said below the secret before it is touched.
				const secretItem = ndv.locator(sel.parameterItem('headerValue'));
				const secretText = squash(await secretItem.innerText());
				await secretItem.scrollIntoViewIfNeeded();
				await shot('8-whatsapp-trigger-secret-hint');
				if (!secretText.includes(SECRET_HINT))
					fail(`below Secret Header Value, untouched: "${secretText}"`);
				const shown = await shownParameters(ndv);
				return (
					`Production URLs ${url} and …${postBackPath}; parameters: ${shown.map((p) => p.label || '(notice)').join(', ')}; Events: ${events}\n` +
					`setup notice: ${json(setup)}\nbelow Secret Header Value: "${SECRET_HINT}"`
				);
			},
		],
		[
			'WhatsApp Trigger: no workspace-webhook setup nor Secret Header Name when only Delivery Status is chosen, a notice to publish first and paste the Postback URL; the node panel says "On incoming WhatsApp message"; the test URL answers {"message":"Workflow was started"}',
			async ({ page, env, shot }) => {
				const trigger = whatsAppTriggerNode;
				const deliveryOnly = await env.api.createWorkflow({
					name: 'UI test: WhatsApp trigger, delivery statuses',
					nodes: [
						trigger('Delivery statuses', '6e1d6d2f-8b54-4d66-8b13-1f3c8dab2f13', {
							events: ['delivery_status'],
						}),
					],
					connections: {},
				});
				await openNode(page, env.n8n.base, deliveryOnly, 'Delivery statuses');
				let ndv = page.locator(sel.ndv);
				await ndv.locator(sel.parameter('events')).waitFor();
				const deliveryNotices = await noticesIn(ndv);
				await shot('8b-whatsapp-trigger-delivery-only');
				if (deliveryNotices.some((n) => n.includes('Settings → Developer → Webhook')))
					fail(`with Delivery Status alone the panel still shows ${json(deliveryNotices)}`);
				// What it does need: the Postback URL, said by a notice of its own.
				if (
					!deliveryNotices.some(
						(n) => n.includes('ending in /delivery-status/') && n.includes('Postback URL'),
					)
				)
					fail(
						`with Delivery Status alone no notice names the Postback URL: ${json(deliveryNotices)}`,
					);
				// Publish first, and where the URL goes; no header to name (a post-back has none).
				if (
					!deliveryNotices.some(
						(n) =>
							n.includes('Publish this workflow first') &&
							n.includes('Additional Fields → Postback URL'),
					)
				)
					fail(
						`the delivery-status notice does not say to publish first: ${json(deliveryNotices)}`,
					);
				const deliveryShown = (await shownParameters(ndv)).map((p) => p.label);
				if (deliveryShown.includes('Secret Header Name'))
					fail(`with Delivery Status alone Secret Header Name is shown: ${json(deliveryShown)}`);

				// The node panel: the trigger's events as n8n lists them inside Workspace WhatsApp.
				await page.keyboard.press('Escape');
				await newWorkflow(page, env.n8n.base);
				await page.locator(sel.addFirstStep).click();
				await searchNodeCreator(page, 'Workspace WhatsApp', 'Workspace WhatsApp');
				await clickCreatorEntry(page, 'Workspace WhatsApp');
				await page.locator(sel.creatorCategory).first().waitFor();
				const triggers = page.locator(sel.creatorCategory, { hasText: /^Triggers/ });
				const actionNames = async () =>
					(await page.locator(`${sel.creatorEntryName}:visible`).allInnerTexts()).map(squash);
				if (!(await actionNames()).some((n) => n.startsWith('On ')) && (await triggers.count()))
					await triggers.first().click();
				const listed = (await actionNames()).filter((n) => n.startsWith('On '));
				await shot('8b-node-panel-whatsapp-events');
				await page.keyboard.press('Escape');
				const wantedEvents = [
					'On delivery status',
					'On incoming RCS message',
					'On incoming WhatsApp message',
				];
				if (!isDeepStrictEqual([...listed].sort(), wantedEvents))
					fail(`the node panel lists ${json(listed)}, expected ${json(wantedEvents)}`);

				// The test URL, listening, answers its caller in words, not "firstEntryJson".
				const webhookId = '7f2e7e30-9c65-4e77-9c24-2a4d9ebc3024';
				const incoming = await env.api.createWorkflow({
					name: 'UI test: WhatsApp trigger, test URL',
					nodes: [
						trigger('Incoming test', webhookId, {
							events: ['incoming.whatsapp.message'],
							headerValue: 'ui-secret',
						}),
					],
					connections: {},
				});
				await openNode(page, env.n8n.base, incoming, 'Incoming test');
				ndv = page.locator(sel.ndv);
				await ndv.locator(sel.executeStep).first().click();
				await waitForText(ndv, (t) => /Listening for test event/i.test(t), 'the trigger listening');
				const testUrl = `${env.n8n.base}/webhook-test/${webhookId}/webhook`;
				const response = await fetch(testUrl, {
					method: 'POST',
					headers: { 'content-type': 'application/json', 'x-webhook-secret': 'ui-secret' },
					body: json({
						event: 'incoming.whatsapp.message',
						eventId: 'ui-evt-1',
						messageId: 'wamid.ui-1',
						from: '919876543210',
						message: { type: 'text', text: { body: 'Hello from the UI test' } },
					}),
				});
				const answer = await response.text();
				await waitForText(
					page.locator(sel.output),
					(t) => t.includes('Hello from the UI test'),
					'the event in the output',
				);
				await shot('8b-whatsapp-trigger-test-event');
				if (response.status !== 200 || answer !== json({ message: 'Workflow was started' }))
					fail(`the test URL answered ${response.status} ${answer}`);
				return (
					`Delivery Status alone: notices ${json(deliveryNotices)}\n` +
					`node panel: ${json(listed)}\ntest URL answered ${response.status} ${answer}`
				);
			},
		],
		...triggerActivationChecks(),
		[pickers.associatedRecordPicker.title, pickers.associatedRecordPicker],
		[pickers.statusDropdowns.title, pickers.statusDropdowns],
		[pickers.listPickerAndWrongCollection.title, pickers.listPickerAndWrongCollection],
		[pickers.mapperLabelsAndHint.title, pickers.mapperLabelsAndHint],
		[pickers.listEntriesSimplified.title, pickers.listEntriesSimplified],
		...wordsChecks(),
		[
			'Credential: saved with a wrong API Key, the test message names the fields to check (API Key and Workspace ID)',
			async ({ page, env, shot }) => {
				await page.goto(`${env.n8n.base}/home/credentials`);
				await page.getByText(CREDENTIAL.name, { exact: true }).first().click();
				const modal = page.locator(sel.credentialModal);
				await modal.waitFor();
				await waitForText(
					modal.locator(sel.credentialMessage),
					(t) => t.includes('Connection tested successfully'),
					'the test of the imported credential',
				);
				env.sandbox.clearRequests();
				await modal.locator(`${sel.parameter('apiKey')} input`).fill('wrong-key-for-the-ui-test');
				await modal.locator(sel.credentialSave).click();
				const message = modal.locator(sel.credentialMessage);
				await waitForText(
					message,
					(t) => /Couldn.t connect with these settings/.test(t),
					'the failed test',
				);
				// n8n folds the reason behind "More details".
				const details = message.getByText('More details');
				if (await details.isVisible()) await details.click();
				const text = await waitForText(
					message,
					(t) => t.includes('check API Key and Workspace ID'),
					'the reason naming the fields',
				);
				await shot('9-credential-wrong-key');
				const tests = env.sandbox.requests.filter((r) => r.path === '/api/v1/collections');
				if (
					!tests.length ||
					tests.some(
						(r) => r.status !== 401 || r.headers['x-api-key'] !== 'wrong-key-for-the-ui-test',
					)
				) {
					fail(
						`the test sent ${json(env.sandbox.requests.map((r) => [r.method, r.path, r.status]))}`,
					);
				}
				const shown =
					text
						.replace(/ Retry\b/, '')
						.match(/Couldn.t connect with these settings.*?(?= Base URL|$)/)?.[0] ?? text;
				return `the editor shows: "${shown}"`;
			},
		],
	];
}

/** The output table, once `ready(table)` holds (the previous run's table may still be shown). */
async function waitForTable(page, ready) {
	const started = Date.now();
	for (;;) {
		const table = await outputTable(page);
		if (table._id?.length && ready(table)) return table;
		if (Date.now() - started > TIMEOUT)
			fail(`the output table did not change as expected: ${json(table).slice(0, 400)}`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

/** A playwright error without the call log and browser log it appends. */
const withoutPlaywrightLogs = (message) => message.split(/\n(?:Call log|Browser logs):/)[0].trim();

async function main() {
	const reporter = createReporter();
	const started = Date.now();
	const lastWords = () => {
		process.stdout.write(`(${((Date.now() - started) / 1000).toFixed(0)} s in all)\n`);
		return reporter.tally();
	};
	// After an abort (deadline, signal) nothing more is reported: the browser closing under a
	// running check would only add failures that say nothing.
	stopOnSignals({ onSignal: (signal) => reporter.abort(`stopped by ${signal}`), lastWords });
	const timer = deadline(DEADLINE_MS, {
		onExpire: () => reporter.abort(`the run did not finish within ${DEADLINE_MS / 1000} s`),
		lastWords,
	});
	rmSync(ARTIFACTS, { recursive: true, force: true });
	mkdirSync(ARTIFACTS, { recursive: true });

	try {
		ensureChromium(reporter.say);
		await prepare(N8N_VERSION);
		const { phases, phase } = phaseClock();
		const env = await startEnvironment({
			phase,
			keepUserFolder: () => reporter.anyFailed,
			log: reporter.say,
		});
		const browser = await launchBrowser({ viewport: { width: 1600, height: 1000 } });
		browser.context.setDefaultTimeout(TIMEOUT);
		const page = browser.context.pages()[0] ?? (await browser.context.newPage());
		await signIn(page, env.n8n.base, OWNER);
		phase('browser and sign-in');
		let editorFailed = false;
		reporter.say(
			`set-up: ${phases.join(', ')}\nn8n ${N8N_VERSION} at ${env.n8n.base}, sandbox at ${env.sandbox.url}; screenshots in ${ARTIFACTS}\n`,
		);

		for (const [index, [title, check]] of checks().entries()) {
			if (reporter.aborted) break;
			if (!SELECTED.test(title)) continue;
			const shots = [];
			const shot = async (name, target = page) => {
				// Panels slide in: a picture is taken once no CSS transition or animation runs.
				await target
					.waitForFunction(
						() =>
							document
								.getAnimations()
								.every(
									(a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity,
								),
						null,
						{ timeout: 5_000 },
					)
					.catch(() => {});
				await target.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
				shots.push(`${name}.png`);
			};
			// A check that only reads what an earlier one saw has nothing to show on failure.
			let picture = true;
			const noPicture = () => (picture = false);
			await reporter.run(title, () => check({ page, env, shot, noPicture }), {
				describeFailure: async (error) => {
					if (picture) {
						await shot(`failure-${index + 1}`).catch(() => {});
						editorFailed = true;
					}
					return withoutPlaywrightLogs(error.message);
				},
			});
			if (shots.length) reporter.say(`       screenshots: ${shots.join(', ')}`);
			// Whatever a check left open (a dropdown, a panel, a modal) must not cover the next one.
			await page.keyboard.press('Escape').catch(() => {});
		}
		if (editorFailed) reporter.say(`  n8n's output:\n${outputTail(env.n8n.output())}`);
	} catch (error) {
		reporter.fail(withoutPlaywrightLogs(error.message));
	}
	if (reporter.aborted) return;
	timer.clear();
	await cleanUp();
	process.exit(lastWords());
}

main().catch(async (error) => {
	process.stderr.write(`${error.stack}\n`);
	process.stdout.write('0 passed, 1 failed\n');
	await cleanUp();
	process.exit(1);
});
