// The sandbox API as every suite, the demo and the benchmark use it: the server, the seed ids
// they name (written once, in test/sandbox/seed.js), and the credentials pointing at it.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { createSandbox, DEFAULTS: SANDBOX_DEFAULTS } = require('../sandbox/server.js');
const { objectId, SEED_IDS } = require('../sandbox/seed.js');

export { createSandbox, objectId, SANDBOX_DEFAULTS, SEED_IDS };

/** The credentials the example workflows name: n8n resolves a node's credential by this id. */
export const CREDENTIALS = {
	workspaceRecordsApi: { id: 'wrSandbox1', name: 'Workspace Records sandbox' },
	workspaceUserGroupsApi: { id: 'ugSandbox1', name: 'Workspace User Groups sandbox' },
};

/** The headers the records credential sends (docs/api.md): what the sandbox accepts. */
export const sandboxHeaders = ({ apiKey, workspaceId } = SANDBOX_DEFAULTS) => ({
	'x-api-key': apiKey,
	'x-workspace-id': workspaceId,
});

/** Credentials pointing at the sandbox, in n8n's import format. */
export function sandboxCredentials(sandbox) {
	const { apiKey, workspaceId, userGroupsApiKey } = sandbox.config;
	return [
		{
			...CREDENTIALS.workspaceRecordsApi,
			type: 'workspaceRecordsApi',
			data: { baseUrl: sandbox.url, aiBaseUrl: sandbox.url, apiKey, workspaceId },
		},
		{
			...CREDENTIALS.workspaceUserGroupsApi,
			type: 'workspaceUserGroupsApi',
			data: { baseUrl: sandbox.url, apiKey: userGroupsApiKey },
		},
	];
}
