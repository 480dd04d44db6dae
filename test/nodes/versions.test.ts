// Workflows saved with version 1 of a node keep what they had when 1.1 changed the defaults
// (the attribute mapper, Simplify, the list entry's record picker).
import { WorkspaceLists } from '../../nodes/WorkspaceLists/WorkspaceLists.node';
import { WorkspaceRecords } from '../../nodes/WorkspaceRecords/WorkspaceRecords.node';
import { ADA_RECORD, byId, HOT_LEADS, PEOPLE } from '../harness/fixtures';
import { runNode } from '../harness/runNode';
import { useSandbox } from '../harness/sandbox';

const env = useSandbox();

test('Record › Create at version 1: the Attribute List is the default Input Mode', async () => {
	const { items, error } = await runNode({
		nodeType: new WorkspaceRecords(),
		typeVersion: 1,
		parameters: {
			resource: 'record',
			operation: 'create',
			collectionId: byId(PEOPLE),
			attributes: { attribute: [{ key: 'name', type: 'text', textValue: 'Saved Long Ago' }] },
		},
		credentials: env.credentials,
	});
	expect(error).toBeUndefined();
	expect(env.sandbox.requests.map((r) => [r.method, r.body])).toEqual([
		['POST', { name: 'Saved Long Ago' }],
	]);
	expect(items[0].json.name).toBe('Saved Long Ago');
});

test('Record › Get at version 1: Simplify is off, the full objects come out', async () => {
	const get = (typeVersion: number) =>
		runNode({
			nodeType: new WorkspaceRecords(),
			typeVersion,
			parameters: {
				resource: 'record',
				operation: 'get',
				collectionId: byId(PEOPLE),
				recordId: byId(ADA_RECORD),
			},
			credentials: env.credentials,
		});
	const [old, current] = [await get(1), await get(1.1)];
	expect(old.items[0].json.lifecycle).toMatchObject({
		name: expect.any(String),
		statusType: 'normal',
	});
	expect(typeof current.items[0].json.lifecycle).toBe('string');
});

test('List Entry › Create at version 1: the record is a plain ID', async () => {
	const { items, error } = await runNode({
		nodeType: new WorkspaceLists(),
		typeVersion: 1,
		parameters: {
			resource: 'listEntry',
			operation: 'create',
			listId: byId(HOT_LEADS),
			recordId: 'f00000000000000000000007',
		},
		credentials: env.credentials,
	});
	expect(error).toBeUndefined();
	expect(env.sandbox.requests.at(-1)?.body).toEqual({ recordId: 'f00000000000000000000007' });
	expect(items[0].json.recordId).toBe('f00000000000000000000007');
});
