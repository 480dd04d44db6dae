// The base URL is a placeholder the credential fills in (nodes/shared/transport/baseUrl.ts), not an
// expression. n8n's credential domain checks, run by the real routing engine and its
// outbound HTTP layer, must still apply to every request of our nodes.
import { credentialBaseUrl, withBaseUrl } from '../../../nodes/shared/auth';
import { WorkspaceRecords } from '../../../nodes/WorkspaceRecords/WorkspaceRecords.node';
import { WorkspaceSms } from '../../../nodes/WorkspaceSms/WorkspaceSms.node';
import { byId, PEOPLE } from '../../harness/fixtures';
import { runNode } from '../../harness/runNode';
import { useSandbox } from '../../harness/sandbox';

const env = useSandbox();

test('the credential fills in the field the placeholder names, without trailing slashes', () => {
	const credentials = { baseUrl: 'https://api.example.com//', aiBaseUrl: 'https://ai.example.com' };
	expect(withBaseUrl(credentials, { url: '/x', baseURL: credentialBaseUrl() }).baseURL).toBe(
		'https://api.example.com',
	);
	expect(
		withBaseUrl(credentials, { url: '/x', baseURL: credentialBaseUrl('aiBaseUrl') }).baseURL,
	).toBe('https://ai.example.com');
	// The HTTP Request node using this credential gives its own URL: left alone.
	expect(withBaseUrl(credentials, { url: 'https://elsewhere.example.com/x' })).toEqual({
		url: 'https://elsewhere.example.com/x',
	});
});

test.each([
	['https://api.example.com/api/v1', 'https://api.example.com'],
	[' https://api.example.com/api/v1/ ', 'https://api.example.com'],
	['https://api.example.com/API', 'https://api.example.com'],
	['https://api.example.com/tenant/api/v1', 'https://api.example.com/tenant'],
	['https://api.example.com/apiary', 'https://api.example.com/apiary'],
])('a Base URL pasted as %j is read as %j', (pasted, host) => {
	expect(
		withBaseUrl({ baseUrl: pasted }, { url: '/x', baseURL: credentialBaseUrl() }).baseURL,
	).toBe(host);
});

const getPeople = (restriction: object) =>
	runNode({
		nodeType: new WorkspaceRecords(),
		parameters: { resource: 'record', operation: 'getAll', collectionId: byId(PEOPLE), limit: 2 },
		credentials: {
			...env.credentials,
			workspaceRecordsApi: { ...env.credentials.workspaceRecordsApi, ...restriction },
		},
	});

test.each([
	['All', { allowedHttpRequestDomains: 'all' }],
	[
		'None (for the HTTP Request node): our own node still works',
		{ allowedHttpRequestDomains: 'none' },
	],
	[
		'Specific Domains, the API host among them',
		{ allowedHttpRequestDomains: 'domains', allowedDomains: 'example.com, 127.0.0.1' },
	],
])('Allowed HTTP Request Domains: %s', async (_, restriction) => {
	const { items, error } = await getPeople(restriction);
	expect(error).toBeUndefined();
	expect(items).toHaveLength(2);
	expect(env.sandbox.requests).toHaveLength(1);
});

test('Allowed HTTP Request Domains: Specific Domains without the API host stops every request before it is sent', async () => {
	const { error } = await getPeople({
		allowedHttpRequestDomains: 'domains',
		allowedDomains: 'example.com',
	});
	expect(error?.message).toMatch(/domain/i);
	expect(env.sandbox.requests).toHaveLength(0);
});

test('the SMS node goes to the messaging host the credential names', async () => {
	const { error } = await runNode({
		nodeType: new WorkspaceSms(),
		parameters: {
			resource: 'sms',
			operation: 'send',
			recipient: '+15550100',
			message: 'Hello',
			senderId: 'ACME',
			route: 'otp',
		},
		credentials: {
			...env.credentials,
			workspaceRecordsApi: {
				...env.credentials.workspaceRecordsApi,
				baseUrl: 'http://127.0.0.1:9',
			},
		},
	});
	expect(error).toBeUndefined();
	expect(env.sandbox.requests.map((r) => r.path)).toEqual(['/api/ingest/sms/v1/message/send']);
});
