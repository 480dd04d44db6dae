import { WorkspaceMembers } from '../../../nodes/WorkspaceMembers/WorkspaceMembers.node';
import { byId, OWNER_MEMBER, recordsAuthHeaders } from '../../harness/fixtures';
import { runNode } from '../../harness/runNode';
import { useSandbox } from '../../harness/sandbox';

const env = useSandbox();
const run = (parameters: object) =>
	runNode({
		nodeType: new WorkspaceMembers(),
		parameters: { resource: 'member', ...parameters },
		credentials: env.credentials,
	});

test('Member → Get returns the member', async () => {
	const { items } = await run({ operation: 'get', memberId: byId(OWNER_MEMBER) });
	expect(env.sandbox.requests.map((r) => [r.method, r.path])).toEqual([
		['GET', `/api/v1/workspace-members/${OWNER_MEMBER}`],
	]);
	expect(env.sandbox.requests[0].headers).toMatchObject(recordsAuthHeaders);
	expect(items.map((i) => i.json)).toEqual([
		expect.objectContaining({
			userId: OWNER_MEMBER,
			fullName: 'Ada Lovelace',
			userType: 'OWNER',
			userStatus: 'ACTIVE',
			deactivated: false,
		}),
	]);
});

test('Member → Get Many returns every member', async () => {
	const { items } = await run({ operation: 'getAll' });
	expect(env.sandbox.requests.map((r) => [r.method, r.path])).toEqual([
		['GET', '/api/v1/workspace-members'],
	]);
	expect(items.map((i) => [i.json.userType, i.json.userStatus])).toEqual([
		['OWNER', 'ACTIVE'],
		['ADMIN', 'INVITED'],
		['MEMBER', 'SUSPENDED'],
	]);
});

test('Member → Get of an unknown member names the Member parameter', async () => {
	const { error } = await run({ operation: 'get', memberId: byId('nobody') });
	expect(error?.message).toBe('The member with ID "nobody" was not found');
});
