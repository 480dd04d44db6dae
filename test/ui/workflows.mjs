// The workflows the checks of `npm run test:ui` save over n8n's REST API
// (`env.api.createWorkflow`) before opening them in the editor, as an import would: nodes of
// this package with the sandbox's credential, each connected to the next.
import { PACKAGE } from '../rig/n8n.mjs';
import { CREDENTIALS, SEED_IDS } from '../rig/sandbox.mjs';

/** The Manual Trigger the checks' workflows start from, saved over the REST API as an import would. */
export const MANUAL_TRIGGER = {
	id: 't1',
	name: 'When clicking ‘Execute workflow’',
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** People, chosen "From list" in a collection picker, as the editor stores it. */
export const PEOPLE_LOCATOR = {
	__rl: true,
	mode: 'list',
	value: SEED_IDS.PEOPLE,
	cachedResultName: 'People (people)',
};

/**
 * A node of this package (`type`: workspaceRecords, workspaceSms…) with the sandbox's
 * credential; `more` adds to it or overrides (a position, a webhookId).
 */
export const ourNode = (name, type, parameters, more = {}) => ({
	id: name.replace(/\W/g, ''),
	name,
	type: `${PACKAGE}.${type}`,
	typeVersion: 1,
	position: [440, 0],
	parameters,
	credentials: { workspaceRecordsApi: CREDENTIALS.workspaceRecordsApi },
	...more,
});

/** A Workspace Records node. */
export const recordsNode = (name, parameters) => ourNode(name, 'workspaceRecords', parameters);

/** A workflow's nodes, `connections` and settings: each node connected to the next. */
export const chain = (...nodes) => ({
	nodes,
	connections: Object.fromEntries(
		nodes
			.slice(0, -1)
			.map((node, i) => [
				node.name,
				{ main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] },
			]),
	),
	settings: { executionOrder: 'v1' },
});
