import { WorkspaceAttributes } from '../../../nodes/WorkspaceAttributes/WorkspaceAttributes.node';
import {
	byId,
	HOT_LEADS,
	NICKNAME_ATTRIBUTE,
	PEOPLE,
	recordsAuthHeaders,
} from '../../harness/fixtures';
import { runNode } from '../../harness/runNode';
import { useSandbox } from '../../harness/sandbox';

const env = useSandbox();
const run = (parameters: object) =>
	runNode({
		nodeType: new WorkspaceAttributes(),
		parameters: { resource: 'attribute', ...parameters },
		credentials: env.credentials,
	});

test('Attribute → Delete of a collection attribute', async () => {
	const { items } = await run({
		operation: 'delete',
		target: 'collection',
		collectionId: byId(PEOPLE),
		attributeId: NICKNAME_ATTRIBUTE,
	});
	expect(env.sandbox.requests.map((r) => [r.method, r.path])).toEqual([
		['DELETE', `/api/v1/attributes/collection/${PEOPLE}/${NICKNAME_ATTRIBUTE}`],
	]);
	expect(env.sandbox.requests[0].headers).toMatchObject(recordsAuthHeaders);
	expect(items.map((i) => i.json)).toEqual([
		{ deleted: true, _id: NICKNAME_ATTRIBUTE, target: 'collection' },
	]);
});

test('Attribute → Delete of a list attribute uses the list path', async () => {
	const { items } = await run({
		operation: 'delete',
		target: 'list',
		listId: byId(HOT_LEADS),
		attributeId: 'd0000000000000000000002b',
	});
	expect(env.sandbox.requests.map((r) => [r.method, r.path])).toEqual([
		['DELETE', `/api/v1/attributes/list/${HOT_LEADS}/d0000000000000000000002b`],
	]);
	expect(items[0].json).toEqual({ deleted: true, _id: 'd0000000000000000000002b', target: 'list' });
});

test('Attribute → Delete of a system attribute gives the server reason', async () => {
	const { error } = await run({
		operation: 'delete',
		target: 'collection',
		collectionId: byId(PEOPLE),
		attributeId: 'd00000000000000000000001',
	});
	expect(error?.message).toBe('Invalid data Provided: only custom attributes can be deleted');
});

test('Attribute → Get Many lists the attributes of a collection', async () => {
	const { items } = await run({
		operation: 'getAll',
		target: 'collection',
		collectionId: byId(PEOPLE),
	});
	expect(env.sandbox.requests.map((r) => [r.method, r.path])).toEqual([
		['GET', `/api/v1/attributes/collection/${PEOPLE}`],
	]);
	expect(items.map((i) => i.json.apiKeyName)).toContain('emails');
	expect(items.find((i) => i.json.apiKeyName === 'leadScore')?.json).toMatchObject({
		inputType: 'number',
		isSystem: false,
	});
});
