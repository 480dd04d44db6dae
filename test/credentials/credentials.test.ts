import { testCredential } from '../harness/credentialTest';
import { useSandbox } from '../harness/sandbox';

const env = useSandbox();

describe('workspaceRecordsApi', () => {
	test('the right key passes, by GET /api/v1/collections with both auth headers and the Bearer form', async () => {
		const result = await testCredential('workspaceRecordsApi', env.credentials.workspaceRecordsApi);
		expect(result.status).toBe('OK');
		expect(env.sandbox.requests.map((r) => [r.method, r.path])).toEqual([
			['GET', '/api/v1/collections'],
		]);
		expect(env.sandbox.requests[0].headers).toMatchObject({
			'x-api-key': 'wr_test_key',
			'x-workspace-id': 'ws_sandbox',
			authorization: 'Bearer wr_test_key',
		});
	});

	test('a wrong key fails', async () => {
		const result = await testCredential('workspaceRecordsApi', {
			...env.credentials.workspaceRecordsApi,
			apiKey: 'nope',
		});
		expect(result).toEqual({
			status: 'Error',
			message:
				'The service refused the credential: check API Key and Workspace ID (Settings → Developer → API Key)',
		});
	});

	test('a Base URL pasted with /api/v1 (and a slash) is taken as the address of the API', async () => {
		const result = await testCredential('workspaceRecordsApi', {
			...env.credentials.workspaceRecordsApi,
			baseUrl: ` ${env.url}/api/v1/ `,
		});
		expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(env.sandbox.requests.map((r) => r.path)).toEqual(['/api/v1/collections']);
	});

	test('a wrong Base URL says to check Base URL', async () => {
		const result = await testCredential('workspaceRecordsApi', {
			...env.credentials.workspaceRecordsApi,
			baseUrl: `${env.url}/somewhere/else`,
		});
		expect(result).toEqual({
			status: 'Error',
			message: 'No API at this address: check Base URL (the address of the records API)',
		});
	});

	test('a wrong workspace ID fails', async () => {
		const result = await testCredential('workspaceRecordsApi', {
			...env.credentials.workspaceRecordsApi,
			workspaceId: 'other',
		});
		expect(result.status).toBe('Error');
	});

	test('status:false on HTTP 200 fails with a message about the key and workspace', async () => {
		env.sandbox.addFault({ kind: 'status-false', message: 'Unauthorised' });
		const result = await testCredential('workspaceRecordsApi', env.credentials.workspaceRecordsApi);
		expect(result).toEqual({
			status: 'Error',
			message:
				'The service refused the credential: check API Key and Workspace ID (Settings → Developer → API Key)',
		});
	});

	test('a trailing slash on the Base URL is tolerated', async () => {
		const result = await testCredential('workspaceRecordsApi', {
			...env.credentials.workspaceRecordsApi,
			baseUrl: `${env.url}/`,
		});
		expect(result.status).toBe('OK');
		expect(env.sandbox.requests[0].path).toBe('/api/v1/collections');
	});
});

describe('workspaceUserGroupsApi', () => {
	test('the right key passes without creating, rotating or deleting anything', async () => {
		const before = JSON.stringify([...env.sandbox.state.userGroups]);
		const result = await testCredential(
			'workspaceUserGroupsApi',
			env.credentials.workspaceUserGroupsApi,
		);
		expect(result.status).toBe('OK');
		expect(
			env.sandbox.requests.map((r) => [r.method, r.path, r.body, r.headers.authorization]),
		).toEqual([
			[
				'DELETE',
				'/api/user',
				{ user_group_id: 'n8n-credential-test', current_token: 'n8n credential test: not a token' },
				'Token ug_test_key',
			],
		]);
		expect(JSON.stringify([...env.sandbox.state.userGroups])).toBe(before);
		expect(env.sandbox.state.userGroups.size).toBe(1);
	});

	test('a wrong key fails, naming the field to check', async () => {
		const result = await testCredential('workspaceUserGroupsApi', {
			...env.credentials.workspaceUserGroupsApi,
			apiKey: 'nope',
		});
		expect(result).toEqual({
			status: 'Error',
			message:
				'The service refused the key (Unauthorised): check API Key, the API key of the embedded dashboards, not a user group token',
		});
	});

	test('an API that answers "no such group" with HTTP 404 still passes a correct key', async () => {
		env.sandbox.addFault({
			path: '/api/user',
			kind: 'status',
			statusCode: 404,
			body: { success: 0, message: 'User group not found' },
		});
		const result = await testCredential(
			'workspaceUserGroupsApi',
			env.credentials.workspaceUserGroupsApi,
		);
		expect(result.status).toBe('OK');
	});
});
