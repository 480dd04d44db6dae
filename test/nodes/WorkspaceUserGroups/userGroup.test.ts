import { WorkspaceUserGroups } from '../../../nodes/WorkspaceUserGroups/WorkspaceUserGroups.node';
import { runNode } from '../../harness/runNode';
import { useSandbox } from '../../harness/sandbox';

const env = useSandbox();
const run = (parameters: object, credentials = env.credentials) =>
	runNode({
		nodeType: new WorkspaceUserGroups(),
		parameters: { resource: 'userGroup', ...parameters },
		credentials,
	});
const SEED_TOKEN = 'ug_seed_token_acme';
const tokenHeader = { authorization: 'Token ug_test_key', 'content-type': 'application/json' };

describe('User Group → Create or Rotate Token', () => {
	test('Create a New Group creates a group and returns its token', async () => {
		const { items } = await run({ operation: 'createOrRotate', tokenAction: 'create' });
		expect(env.sandbox.requests.map((r) => [r.method, r.path])).toEqual([['POST', '/api/user']]);
		expect(env.sandbox.requests[0].headers).toMatchObject(tokenHeader);
		expect(env.sandbox.requests[0].headers['x-api-key']).toBeUndefined();
		// An empty JSON object, not no body at all: strict JSON servers refuse that (the sandbox does).
		expect(env.sandbox.requests[0].body).toEqual({});
		expect(items[0].json).toMatchObject({
			success: 1,
			team_id: 101,
			api_environment_tag: 'Customer',
			token: expect.stringMatching(/^\w{32}$/),
		});
	});

	test('with the current token it rotates, and the old token stops working', async () => {
		const { items } = await run({
			operation: 'createOrRotate',
			tokenAction: 'rotate',
			currentToken: SEED_TOKEN,
		});
		expect(env.sandbox.requests[0].body).toEqual({ current_token: SEED_TOKEN });
		expect(items[0].json).toMatchObject({
			success: 1,
			provided_id: 'acme-sales',
			name: 'Acme Sales',
		});
		expect(items[0].json.token).not.toBe(SEED_TOKEN);

		const again = await run({ operation: 'createOrRotate', currentToken: SEED_TOKEN });
		expect(again.error?.message).toBe(
			'The service rejected the request: Unknown current_token: no user group has this token',
		);
		expect(again.error?.description).toMatch(/^Check the User Group ID and the Current Token/);
	});

	test('rotating with an empty token (an expression that found nothing) is an error, and nothing is sent', async () => {
		const { error } = await run({
			operation: 'createOrRotate',
			tokenAction: 'rotate',
			currentToken: '={{ $json.missing }}',
		});
		expect(error?.message).toBe('Current Token: empty, so there is no group to rotate');
		expect(error?.description).toMatch(/set Action to Create a New Group/);
		expect(env.sandbox.requests).toHaveLength(0);
		expect(env.sandbox.state.userGroups.size).toBe(1);
	});

	test('a wrong API key fails with the credential hint', async () => {
		const { error } = await run(
			{ operation: 'createOrRotate', tokenAction: 'create' },
			{
				...env.credentials,
				workspaceUserGroupsApi: { ...env.credentials.workspaceUserGroupsApi, apiKey: 'nope' },
			},
		);
		expect(error?.message).toBe('Authorization failed: Unauthorised');
		expect(error?.description).toMatch(/User Groups API credential/);
		expect(error?.description).not.toMatch(/workspace ID/i);
		expect(env.sandbox.requests[0].headers.authorization).toBe('Token nope');
	});
});

describe('User Group → Update', () => {
	test('creates the group when the ID is new; properties keep their types', async () => {
		const { items } = await run({
			operation: 'update',
			userGroupId: 'globex-eu',
			name: 'Globex EU',
			mappingMode: 'pairs',
			mappingPairs: { pair: [{ key: 'sales_schema', value: 'warehouse-eu' }] },
			propertiesMode: 'pairs',
			propertyPairs: {
				pair: [
					{ key: 'region', type: 'text', textValue: 'EU' },
					{ key: 'seats', type: 'number', numberValue: 25 },
					{ key: 'beta', type: 'boolean', booleanValue: true },
				],
			},
		});
		expect(env.sandbox.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			[
				'PUT',
				'/api/user',
				{
					user_group_id: 'globex-eu',
					name: 'Globex EU',
					mapping: { sales_schema: 'warehouse-eu' },
					properties: { region: 'EU', seats: 25, beta: true },
				},
			],
		]);
		expect(items[0].json).toMatchObject({
			success: 1,
			created: true,
			new_user_group: 1,
			provided_id: 'globex-eu',
			properties: { region: 'EU', seats: 25, beta: true },
		});
	});

	test('updates an existing group from JSON', async () => {
		const { items } = await run({
			operation: 'update',
			userGroupId: 'acme-sales',
			mappingMode: 'none',
			propertiesMode: 'json',
			propertiesJson: '{"region": "US", "tier": 2}',
		});
		expect(env.sandbox.requests[0].body).toEqual({
			user_group_id: 'acme-sales',
			properties: { region: 'US', tier: 2 },
		});
		expect(items[0].json).toMatchObject({
			created: false,
			new_user_group: 0,
			name: 'Acme Sales',
			token: SEED_TOKEN,
		});
	});

	test('mapping JSON that is not an object is refused before sending', async () => {
		const { error } = await run({
			operation: 'update',
			userGroupId: 'x',
			mappingMode: 'json',
			mappingJson: '["a"]',
		});
		expect(error?.message).toBe('Mapping (JSON): must be a JSON object, in braces');
		expect(env.sandbox.requests).toHaveLength(0);
	});
});

describe('User Group → Delete', () => {
	test('sends the id and current token and says what was deleted', async () => {
		const { items } = await run({
			operation: 'delete',
			userGroupId: 'acme-sales',
			currentToken: SEED_TOKEN,
		});
		expect(env.sandbox.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['DELETE', '/api/user', { user_group_id: 'acme-sales', current_token: SEED_TOKEN }],
		]);
		expect(items.map((i) => i.json)).toEqual([{ deleted: true, user_group_id: 'acme-sales' }]);
		expect(env.sandbox.state.userGroups.has('acme-sales')).toBe(false);
	});

	test('success 0 is an error that says what to check', async () => {
		const { error } = await run({
			operation: 'delete',
			userGroupId: 'acme-sales',
			currentToken: 'stale',
		});
		expect(error?.message).toBe(
			'The service rejected the request: current_token does not match the user group',
		);
		expect(env.sandbox.state.userGroups.has('acme-sales')).toBe(true);
	});
});
