import { WorkspaceRecords } from '../../../nodes/WorkspaceRecords/WorkspaceRecords.node';
import { byId, PEOPLE, recordsAuthHeaders } from '../../harness/fixtures';
import { runNode } from '../../harness/runNode';
import { useSandbox } from '../../harness/sandbox';

const env = useSandbox();
const run = (parameters: object) =>
	runNode({
		nodeType: new WorkspaceRecords(),
		parameters: { resource: 'collection', ...parameters },
		credentials: env.credentials,
	});

test('Collection → Get Many returns one item per collection', async () => {
	const { items } = await run({ operation: 'getAll' });
	expect(env.sandbox.requests.map((r) => [r.method, r.path])).toEqual([
		['GET', '/api/v1/collections'],
	]);
	expect(env.sandbox.requests[0].headers).toMatchObject(recordsAuthHeaders);
	expect(items.map((i) => i.json.collectionType)).toEqual(['people', 'company', 'deals', 'custom']);
});

test('Collection → Get returns the collection', async () => {
	const { items } = await run({ operation: 'get', collectionId: byId(PEOPLE) });
	expect(env.sandbox.requests.map((r) => [r.method, r.path])).toEqual([
		['GET', `/api/v1/collections/${PEOPLE}`],
	]);
	expect(items.map((i) => i.json)).toEqual([
		{ _id: PEOPLE, collectionType: 'people', name: 'People', slug: 'people' },
	]);
});

test('Collection → Get names the collection that was not found', async () => {
	const { error } = await run({ operation: 'get', collectionId: byId('unknown-collection') });
	expect(error?.message).toBe('The collection with ID "unknown-collection" was not found');
});
