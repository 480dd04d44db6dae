// The example workflows built from the e2e cases (scripts/make-examples.mjs writes them to
// examples/, run.mjs checks that they are current), and the checks over all the cases that the
// examples need: one workflow id each, no new person written by two of them.
import { createHash } from 'node:crypto';

import { createSandbox, CREDENTIALS } from '../rig/sandbox.mjs';
import { PEOPLE } from './parameters.mjs';

/**
 * A case's workflow id, from its file: the same wherever the case stands in the list. `wr` and
 * 8 hex characters of the file's SHA-256 (n8n takes an imported workflow's id as it is).
 */
export function workflowIdOf(file) {
	return `wr${createHash('sha256').update(file).digest('hex').slice(0, 8)}`;
}

/** Throws, naming them, when two cases would get one workflow id (or share a file). */
export function assertOwnWorkflowIds(allCases) {
	const files = new Map();
	for (const { file } of allCases) {
		const id = workflowIdOf(file);
		files.set(id, [...(files.get(id) ?? []), file]);
	}
	const shared = [...files].filter(([, named]) => named.length > 1);
	if (shared.length)
		throw new Error(
			`cases share a workflow id: ${shared.map(([id, named]) => `${id} for ${named.join(' and ')}`).join('; ')}`,
		);
}

const NODE_CREDENTIAL = {
	workspaceRecords: 'workspaceRecordsApi',
	workspaceLists: 'workspaceRecordsApi',
	workspaceActivities: 'workspaceRecordsApi',
	workspaceMembers: 'workspaceRecordsApi',
	workspaceAttributes: 'workspaceRecordsApi',
	workspaceUserGroups: 'workspaceUserGroupsApi',
	workspaceSms: 'workspaceRecordsApi',
	workspaceWhatsApp: 'workspaceRecordsApi',
	workspaceEmail: 'workspaceRecordsApi',
	workspaceWaitForDelivery: 'workspaceRecordsApi',
	workspaceSendAndWait: 'workspaceRecordsApi',
	workspaceRcs: 'workspaceRecordsApi',
	workspaceRecordsTrigger: 'workspaceRecordsApi',
	workspaceListsTrigger: 'workspaceRecordsApi',
	workspaceActivitiesTrigger: 'workspaceRecordsApi',
	// Calls nothing: no credential.
	workspaceWhatsAppTrigger: undefined,
};

/** A Code node that makes `testCase.items` items, as an import or a form's batch would. */
const itemsNode = (testCase) => ({
	id: `${testCase.file}-items`,
	name: 'Make Items',
	type: 'n8n-nodes-base.code',
	typeVersion: 2,
	position: [260, 0],
	parameters: {
		jsCode:
			testCase.itemsCode ??
			`return Array.from({ length: ${testCase.items} }, (_, i) => ({ json: { name: 'Imported ' + i } }));`,
	},
});

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

/**
 * The emails an example writes as new people: Emails is unique in the workspace, and the demo
 * runs every example against one sandbox, so two examples writing the same new email make the
 * second fail with "already exists". Read from what the example sends: its mapped values and
 * the items its Code node makes. Emails of the seed people are left out: an example matching
 * an existing person, or refused for taking one, means to.
 */
function newEmailsOf(testCase, seedEmails) {
	const { node, parameters } = testCase;
	if (node !== 'workspaceRecords' || !['create', 'upsert'].includes(parameters.operation))
		return [];
	// The Code node's items, made as n8n makes them: the code returns them.
	const items = testCase.itemsCode ? new Function(testCase.itemsCode)() : [];
	const written = JSON.stringify([parameters, items]).match(EMAIL) ?? [];
	return [...new Set(written)].filter((email) => !seedEmails.has(email));
}

/** Throws, naming them, when two examples write the same new email (see newEmailsOf). */
export function assertNoSharedData(allCases) {
	const seed = createSandbox();
	const seedEmails = new Set(
		[...seed.state.records.get(PEOPLE).values()].flatMap((person) => person.emails ?? []),
	);
	const writers = new Map();
	for (const testCase of allCases)
		for (const email of newEmailsOf(testCase, seedEmails))
			writers.set(email, [...(writers.get(email) ?? []), testCase.file]);
	const shared = [...writers].filter(([, files]) => files.length > 1);
	if (shared.length)
		throw new Error(
			`examples write the same new person, so in the demo the second fails with "already exists": ${shared.map(([email, files]) => `${email} in ${files.join(' and ')}`).join('; ')}`,
		);
}

/** A fixed UUID-shaped id per case, so that the examples stay the same from run to run. */
function webhookIdOf(file) {
	let hash = 0;
	for (const char of file) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
	const hex = hash.toString(16).padStart(8, '0');
	return `${hex}-0000-4000-8000-${hex}0000`;
}

/** A node of ours besides the one under test (`spec`: its node, name and parameters), with its credential. */
const nodeOfOurs = (id, spec, position) => ({
	id,
	name: spec.name,
	type: `n8n-nodes-workspace-records.${spec.node}`,
	typeVersion: 1,
	position,
	parameters: spec.parameters,
	credentials: { [NODE_CREDENTIAL[spec.node]]: CREDENTIALS[NODE_CREDENTIAL[spec.node]] },
});

/**
 * The importable workflow of a case: a Manual Trigger and the node, with a credential
 * placeholder. A trigger case is the trigger alone: it starts the workflow itself.
 */
export function workflowOf(testCase) {
	const credential = NODE_CREDENTIAL[testCase.node];
	const settings = {
		executionOrder: 'v1',
		...(testCase.timezone ? { timezone: testCase.timezone } : {}),
	};
	const nodeName =
		testCase.nodeName ?? testCase.title.split(': ')[1].replace(/^./, (c) => c.toUpperCase());
	const node = {
		id: `${testCase.file}-node`,
		name: nodeName,
		type: `n8n-nodes-workspace-records.${testCase.node}`,
		typeVersion: 1,
		position: [260 * (1 + (testCase.items ? 1 : 0) + (testCase.before ? 1 : 0)), 0],
		parameters: testCase.parameters,
		...(credential ? { credentials: { [credential]: CREDENTIALS[credential] } } : {}),
		// A webhook's production URL is /webhook/<webhookId>/<path>; the editor gives each node
		// with webhooks an id (a trigger's, or a node that waits: Send and Wait).
		...(testCase.webhook || (testCase.waits && !testCase.then)
			? { webhookId: webhookIdOf(testCase.file) }
			: {}),
		...testCase.nodeSettings,
	};
	if (testCase.trigger) {
		// `then`: the node the trigger's items go to (a reply to an incoming message).
		const { then } = testCase;
		const next = then && {
			...nodeOfOurs(`${testCase.file}-then`, then, [260, 0]),
			...then.nodeSettings,
		};
		return {
			id: workflowIdOf(testCase.file),
			name: testCase.title,
			active: false,
			settings,
			nodes: [{ ...node, position: [0, 0] }, ...(next ? [next] : [])],
			connections: next
				? { [nodeName]: { main: [[{ node: next.name, type: 'main', index: 0 }]] } }
				: {},
		};
	}
	// `before`: a node of ours that runs first (an attribute created before records use it).
	const { before } = testCase;
	const first = before && nodeOfOurs(`${testCase.file}-before`, before, [260, 0]);
	const items = testCase.items && {
		...itemsNode(testCase),
		position: [before ? 520 : 260, 0],
	};

	// `then`: a node after the one under test (Wait for Delivery after a send), which has a
	// webhook (its resume address) and so, as the editor gives it, an id.
	const then = testCase.then && {
		...nodeOfOurs(`${testCase.file}-then`, testCase.then, [node.position[0] + 260, 0]),
		webhookId: webhookIdOf(`${testCase.file}-then`),
	};
	const chain = ['Manual Trigger', first?.name, items?.name, nodeName, then?.name].filter(Boolean);
	return {
		id: workflowIdOf(testCase.file),
		name: testCase.title,
		active: false,
		settings,
		// The node under test stays second: the e2e run reads its output there.
		nodes: [
			{
				id: `${testCase.file}-trigger`,
				name: 'Manual Trigger',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			node,
			...(items ? [items] : []),
			...(first ? [first] : []),
			...(then ? [then] : []),
		],
		connections: Object.fromEntries(
			chain
				.slice(0, -1)
				.map((from, i) => [from, { main: [[{ node: chain[i + 1], type: 'main', index: 0 }]] }]),
		),
	};
}
