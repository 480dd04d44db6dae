// Workspace User Groups, with its own credential (a Token header): one case per operation.
import assert from 'node:assert/strict';

import { outputIs } from './parameters.mjs';

export const userGroupsCases = [
	{
		file: 'user-groups-rotate-token',
		lines: 'every',
		title: 'Workspace User Groups: rotate the token of a group',
		node: 'workspaceUserGroups',
		parameters: {
			resource: 'userGroup',
			operation: 'createOrRotate',
			tokenAction: 'rotate',
			currentToken: 'ug_seed_token_acme',
		},
		requests: [['POST', '/api/user', { current_token: 'ug_seed_token_acme' }]],
		headers: { authorization: 'Token ug_test_key' },
		check: (items) => {
			assert.equal(items[0].json.provided_id, 'acme-sales');
			assert.notEqual(items[0].json.token, 'ug_seed_token_acme');
		},
	},
	{
		file: 'user-groups-update',
		title: 'Workspace User Groups: create or update a group by ID',
		node: 'workspaceUserGroups',
		parameters: {
			resource: 'userGroup',
			operation: 'update',
			userGroupId: 'globex-eu',
			name: 'Globex EU',
			mappingMode: 'json',
			mappingJson: '{"sales_schema": "warehouse-eu"}',
			propertiesMode: 'pairs',
			propertyPairs: { pair: [{ key: 'seats', type: 'number', numberValue: 25 }] },
		},
		requests: [
			[
				'PUT',
				'/api/user',
				{
					user_group_id: 'globex-eu',
					name: 'Globex EU',
					mapping: { sales_schema: 'warehouse-eu' },
					properties: { seats: 25 },
				},
			],
		],
		headers: { authorization: 'Token ug_test_key' },
		check: (items) =>
			assert.deepEqual([items[0].json.created, items[0].json.properties], [true, { seats: 25 }]),
	},
	{
		file: 'user-groups-delete',
		title: 'Workspace User Groups: delete a group',
		node: 'workspaceUserGroups',
		parameters: {
			resource: 'userGroup',
			operation: 'delete',
			userGroupId: 'acme-sales',
			currentToken: 'ug_seed_token_acme',
		},
		requests: [
			['DELETE', '/api/user', { user_group_id: 'acme-sales', current_token: 'ug_seed_token_acme' }],
		],
		headers: { authorization: 'Token ug_test_key' },
		check: outputIs({ deleted: true, user_group_id: 'acme-sales' }),
	},
];
