import { testCredential } from '../harness/credentialTest';
import { useSandbox } from '../harness/sandbox';
import { createSandbox } from '../sandbox/server';
import type { Sandbox } from '../sandbox/server';

const env = useSandbox();

/** A key that must appear in no message. */
const LEAK_PROBE = 'wr_leak_probe_9f8e7d';

// A second host, where a redirect points: the test must send it nothing.
let elsewhere: Sandbox;
let elsewhereUrl: string;
// The address of a sandbox that has stopped: a port the OS gave out, where nothing listens now.
let goneUrl: string;
beforeAll(async () => {
	elsewhere = createSandbox();
	elsewhereUrl = await elsewhere.start();
	const gone = createSandbox();
	goneUrl = await gone.start();
	await gone.stop();
});
afterAll(async () => await elsewhere.stop());

describe('workspaceRecordsApi', () => {
	test('the right key passes, by GET /api/v1/collections with both auth headers and the Bearer form', async () => {
		const result = await testCredential('workspaceRecordsApi', env.credentials.workspaceRecordsApi);
		expect(result.status).toBe('OK');
		// Then the messaging host, filled in here: the path it sends on, read (GET), so nothing is sent.
		expect(env.sandbox.requests.map((r) => [r.method, r.path])).toEqual([
			['GET', '/api/v1/collections'],
			['GET', '/api/ingest/sms/v1/message/send'],
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
		expect(env.sandbox.requests).toHaveLength(1);
	});

	test('a Base URL pasted with /api/v1 (and a slash) is taken as the address of the API', async () => {
		const result = await testCredential('workspaceRecordsApi', {
			...env.credentials.workspaceRecordsApi,
			baseUrl: ` ${env.url}/api/v1/ `,
		});
		expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(env.sandbox.requests.map((r) => r.path)).toEqual([
			'/api/v1/collections',
			'/api/ingest/sms/v1/message/send',
		]);
	});

	test('nothing listening at the Base URL says so, naming the host and Base URL, never the key', async () => {
		const result = await testCredential('workspaceRecordsApi', {
			...env.credentials.workspaceRecordsApi,
			baseUrl: goneUrl,
			apiKey: LEAK_PROBE,
		});
		expect(result).toEqual({
			status: 'Error',
			message: `Could not reach ${goneUrl}: check Base URL (the connection was refused)`,
		});
	});

	test('a host name that does not resolve: the same message', async () => {
		const result = await testCredential('workspaceRecordsApi', {
			...env.credentials.workspaceRecordsApi,
			baseUrl: 'http://no-such-host.invalid',
		});
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(
			/^Could not reach http:\/\/no-such-host\.invalid: check Base URL \(the host name (is unknown|did not resolve)\)$/,
		);
	});

	test('a Base URL that is not an address says so', async () => {
		const result = await testCredential('workspaceRecordsApi', {
			...env.credentials.workspaceRecordsApi,
			baseUrl: 'api.example.com',
		});
		expect(result).toEqual({
			status: 'Error',
			message:
				'"api.example.com" is not an address: check Base URL (it begins with https:// or http://)',
		});
	});

	test('a redirect to another origin is named, not followed: the key goes nowhere else', async () => {
		const target = `${elsewhereUrl}/api/v1/collections`;
		env.sandbox.addFault({
			kind: 'status',
			statusCode: 301,
			headers: { Location: target },
			body: {},
		});
		const result = await testCredential('workspaceRecordsApi', env.credentials.workspaceRecordsApi);
		expect(result).toEqual({
			status: 'Error',
			message: `The Base URL redirects to ${target}: use that address`,
		});
		expect(elsewhere.requests).toHaveLength(0);
	});

	test('a server error says what happened, and the key is never in a message', async () => {
		env.sandbox.addFault({
			kind: 'status',
			statusCode: 500,
			body: { status: false, message: `Internal error for ${LEAK_PROBE}` },
		});
		const result = await testCredential('workspaceRecordsApi', {
			...env.credentials.workspaceRecordsApi,
			apiKey: LEAK_PROBE,
		});
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/^The service failed \(HTTP 500\)/);
		expect(result.message).not.toContain(LEAK_PROBE);
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
		expect(result).toEqual({
			status: 'Error',
			message: expect.stringMatching(/Workspace ID/),
		});
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

describe('workspaceRecordsApi with an Messaging Host Base URL', () => {
	const records = () => env.credentials.workspaceRecordsApi;

	test('left empty, the messaging host is not tested', async () => {
		const result = await testCredential('workspaceRecordsApi', { ...records(), aiBaseUrl: ' ' });
		expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(env.sandbox.requests.map((r) => r.path)).toEqual(['/api/v1/collections']);
	});

	test('nothing listening there fails, naming the messaging host and the field, never the key', async () => {
		const result = await testCredential('workspaceRecordsApi', {
			...records(),
			aiBaseUrl: goneUrl,
			apiKey: LEAK_PROBE,
		});
		// The key is wrong too, but the records host answers first: its refusal is what is said.
		expect(result.message).toMatch(/^The service refused the credential/);
		const reached = await testCredential('workspaceRecordsApi', {
			...records(),
			aiBaseUrl: `${goneUrl}/`,
		});
		expect(reached).toEqual({
			status: 'Error',
			message: `Could not reach the messaging host at ${goneUrl}: check Messaging Host Base URL (the connection was refused)`,
		});
	});

	test('a messaging host that is not an address says so', async () => {
		const result = await testCredential('workspaceRecordsApi', {
			...records(),
			aiBaseUrl: 'messaging.example.com',
		});
		expect(result).toEqual({
			status: 'Error',
			message:
				'"messaging.example.com" is not an address: check Messaging Host Base URL (it begins with https:// or http://)',
		});
	});

	test('a messaging host that refuses the key, or redirects, fails naming the field', async () => {
		env.sandbox.addFault({ kind: 'status', statusCode: 401, body: { message: 'Unauthorised' } });
		// The fault meets the first request, the records host's: it must fail there, as a refusal.
		expect((await testCredential('workspaceRecordsApi', records())).message).toMatch(
			/^The service refused the credential/,
		);
		const sms = createSandbox();
		const smsUrl = await sms.start();
		try {
			sms.addFault({ kind: 'status', statusCode: 403, body: { message: 'Forbidden' } });
			expect(
				await testCredential('workspaceRecordsApi', { ...records(), aiBaseUrl: smsUrl }),
			).toEqual({
				status: 'Error',
				message:
					'The messaging host refused the credential (HTTP 403): check Messaging Host Base URL, and that the API key may send messages',
			});
			sms.addFault({
				kind: 'status',
				statusCode: 302,
				headers: { Location: `${elsewhereUrl}/` },
				body: {},
			});
			expect(
				await testCredential('workspaceRecordsApi', { ...records(), aiBaseUrl: smsUrl }),
			).toEqual({
				status: 'Error',
				message: `The messaging host redirects to ${elsewhereUrl}/: use that address in Messaging Host Base URL`,
			});
			expect(elsewhere.requests).toHaveLength(0);
			expect(sms.state.sms).toEqual([]);
		} finally {
			await sms.stop();
		}
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

	test('nothing listening at the Base URL says so', async () => {
		const result = await testCredential('workspaceUserGroupsApi', {
			...env.credentials.workspaceUserGroupsApi,
			baseUrl: goneUrl,
		});
		expect(result).toEqual({
			status: 'Error',
			message: `Could not reach ${goneUrl}: check Base URL (the connection was refused)`,
		});
	});

	test('an answer that is not the API\'s (an HTML 404) is no "no such group"', async () => {
		env.sandbox.addFault({ path: '/api/user', kind: 'non-json', statusCode: 404 });
		const result = await testCredential(
			'workspaceUserGroupsApi',
			env.credentials.workspaceUserGroupsApi,
		);
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/not JSON \(HTTP 404\).*Check the Base URL/);
	});
});
