import { WorkspaceLists } from '../../../nodes/WorkspaceLists/WorkspaceLists.node';
import { byId, HOT_LEADS, PEOPLE, recordsAuthHeaders } from '../../harness/fixtures';
import { runNode } from '../../harness/runNode';
import { useSandbox } from '../../harness/sandbox';

const env = useSandbox();
const run = (parameters: object) =>
	runNode({
		nodeType: new WorkspaceLists(),
		parameters: { resource: 'list', ...parameters },
		credentials: env.credentials,
	});

test('List → Get Many returns every list with its collection', async () => {
	const { items } = await run({ operation: 'getAll' });
	expect(env.sandbox.requests.map((r) => [r.method, r.path])).toEqual([['GET', '/api/v1/lists']]);
	expect(env.sandbox.requests[0].headers).toMatchObject(recordsAuthHeaders);
	expect(items.map((i) => i.json.name)).toEqual(['Hot Leads', 'Enterprise Pipeline']);
	expect(items[0].json).toMatchObject({
		collectionId: PEOPLE,
		duplicationAllowed: false,
		collection: { collectionType: 'people' },
	});
});

test('List → Get returns one list', async () => {
	const { items } = await run({ operation: 'get', listId: byId(HOT_LEADS) });
	expect(env.sandbox.requests.map((r) => [r.method, r.path])).toEqual([
		['GET', `/api/v1/lists/${HOT_LEADS}`],
	]);
	expect(items.map((i) => i.json.slug)).toEqual(['hot-leads']);
});
