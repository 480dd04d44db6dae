import { ADA_RECORD, byId, PEOPLE } from '../../harness/fixtures';
import { useSandbox } from '../../harness/sandbox';
import { runNode } from '../../harness/runNode';
import { recordRunner, recordsNode } from './recordRunner';

const env = useSandbox();
const run = recordRunner(env);
/** A recognisable key, to prove it never appears in an error. */
const LEAK_PROBE = 'probe-value-7f3a91';

describe('failures of the service', () => {
	const get = () =>
		run({ operation: 'get', collectionId: byId(PEOPLE), recordId: byId(ADA_RECORD) });

	test('status:false on HTTP 200 is an error with the server message', async () => {
		env.sandbox.addFault({ kind: 'status-false', message: 'Invalid data Provided' });
		const { error } = await get();
		expect(error?.message).toBe('The service rejected the request: Invalid data Provided');
	});

	test('a 429 is waited out as asked, then the record comes', async () => {
		env.sandbox.addFault({ kind: 'rate-limit', retryAfter: 1 });
		const { items, error } = await get();
		expect(error).toBeUndefined();
		expect(env.sandbox.requests.map((r) => r.status)).toEqual([429, 200]);
		expect(items).toHaveLength(1);
	});

	test('a 500 that lasts is an error that says it is usually temporary', async () => {
		env.sandbox.addFault({ kind: 'server-error', times: 100 });
		const { error } = await run({
			operation: 'get',
			collectionId: byId(PEOPLE),
			recordId: byId(ADA_RECORD),
			options: { maxWaitSeconds: 1 },
		});
		expect(error?.message).toMatch(
			/^The service failed \(HTTP 500\): Internal server error — gave up after \d attempts/,
		);
	});

	test('a body that is not JSON says to check the Base URL', async () => {
		env.sandbox.addFault({ kind: 'non-json', statusCode: 200 });
		const { error } = await get();
		expect(error?.message).toBe('The service answered with something that is not JSON (HTTP 200)');
		expect(error?.description).toMatch(/Check the Base URL/);
	});

	test('a wrong key says to check the credential, and the key appears nowhere in the error', async () => {
		const { error } = await runNode({
			nodeType: recordsNode,
			parameters: {
				resource: 'record',
				operation: 'get',
				collectionId: byId(PEOPLE),
				recordId: byId(ADA_RECORD),
			},
			credentials: {
				workspaceRecordsApi: { ...env.credentials.workspaceRecordsApi, apiKey: LEAK_PROBE },
			},
		});
		expect(error?.message).toBe('Authorization failed: Unauthorised');
		expect(error?.description).toMatch(
			/Check the API key and the workspace ID in the Workspace Records API credential/,
		);
		expect(JSON.stringify(error)).not.toContain(LEAK_PROBE);
		expect(JSON.stringify({ ...error, stack: error?.stack })).not.toContain(LEAK_PROBE);
	});

	test('an unreachable host fails without leaking the key', async () => {
		const { error } = await runNode({
			nodeType: recordsNode,
			parameters: {
				resource: 'record',
				operation: 'get',
				collectionId: byId(PEOPLE),
				recordId: byId(ADA_RECORD),
			},
			credentials: {
				workspaceRecordsApi: {
					...env.credentials.workspaceRecordsApi,
					baseUrl: 'http://127.0.0.1:9',
					apiKey: LEAK_PROBE,
				},
			},
		});
		expect(error?.message).toMatch(/ECONNREFUSED|refused/i);
		expect(JSON.stringify(error)).not.toContain(LEAK_PROBE);
	});

	test('a trailing slash on the Base URL is tolerated', async () => {
		const { items } = await runNode({
			nodeType: recordsNode,
			parameters: { resource: 'collection', operation: 'getAll' },
			credentials: {
				workspaceRecordsApi: { ...env.credentials.workspaceRecordsApi, baseUrl: `${env.url}//` },
			},
		});
		expect(env.sandbox.requests[0].path).toBe('/api/v1/collections');
		expect(items).toHaveLength(4);
	});
});
