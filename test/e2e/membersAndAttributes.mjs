// Workspace Members, and Workspace Attributes: the attributes and status options of a
// collection, read and written (an attribute created, then written by Map Automatically): one
// case each.
import assert from 'node:assert/strict';

import { fromList } from './messageSends.mjs';
import {
	byId,
	createPeople,
	DEALS,
	LIFECYCLE,
	LIFECYCLE_CUSTOMER,
	mapped,
	MEMBER,
	namesAre,
	NICKNAME,
	outputIs,
	PEOPLE,
} from './parameters.mjs';

/** Workspace Attributes' `operation` on a `resource` of People: its attributes, their status options. */
const peopleAttributes = (resource, operation, more = {}) => ({
	resource,
	operation,
	target: 'collection',
	collectionId: fromList(PEOPLE, 'People'),
	...more,
});

export const membersAndAttributesCases = [
	{
		file: 'members-get',
		title: 'Workspace Members: get a member',
		node: 'workspaceMembers',
		parameters: { resource: 'member', operation: 'get', memberId: byId(MEMBER) },
		requests: [['GET', `/api/v1/workspace-members/${MEMBER}`]],
		check: (items) =>
			assert.deepEqual(
				items.map((i) => i.json.userType),
				['OWNER'],
			),
	},
	{
		file: 'members-get-many',
		lines: 'every',
		title: 'Workspace Members: list members',
		node: 'workspaceMembers',
		parameters: { resource: 'member', operation: 'getAll' },
		requests: [['GET', '/api/v1/workspace-members']],
		check: (items) => assert.equal(items.length, 3),
	},
	{
		file: 'attributes-get-many',
		lines: 'every',
		title: 'Workspace Attributes: list the attributes of People',
		node: 'workspaceAttributes',
		parameters: peopleAttributes('attribute', 'getAll'),
		requests: [['GET', `/api/v1/attributes/collection/${PEOPLE}`]],
		check: (items) =>
			assert.ok(
				items.some((i) => i.json.apiKeyName === 'emails' && i.json.inputType === 'email-address'),
			),
	},
	{
		file: 'attributes-get',
		title: 'Workspace Attributes: get one attribute by ID',
		node: 'workspaceAttributes',
		parameters: peopleAttributes('attribute', 'get', { attributeId: NICKNAME }),
		requests: [['GET', `/api/v1/attributes/collection/${PEOPLE}/${NICKNAME}`]],
		check: (items) =>
			assert.deepEqual(
				items.map((i) => [i.json._id, i.json.apiKeyName, i.json.inputType]),
				[[NICKNAME, 'nickname', 'text']],
			),
	},
	// The attributes' schema written (issue 46).
	{
		file: 'attributes-create',
		title: 'Workspace Attributes: add a currency attribute to Deals',
		node: 'workspaceAttributes',
		parameters: {
			resource: 'attribute',
			operation: 'create',
			target: 'collection',
			collectionId: fromList(DEALS, 'Deals'),
			name: 'Expected Value',
			attributeKey: 'expectedValue',
			inputType: 'currency',
			currencyCode: 'EUR',
			currencyDisplayType: 'symbol',
			additionalFields: { description: 'What the deal should bring in' },
		},
		requests: [
			[
				'POST',
				`/api/v1/attributes/collection/${DEALS}`,
				{
					apiKeyName: 'expectedValue',
					inputType: 'currency',
					name: 'Expected Value',
					config: { currencyDisplayType: 'symbol', currencyCode: 'EUR' },
					description: 'What the deal should bring in',
				},
			],
		],
		check: (items) =>
			assert.deepEqual(
				items.map((i) => [i.json.apiKeyName, i.json.inputType, i.json.config.currencyCode]),
				[['expectedValue', 'currency', 'EUR']],
			),
	},
	{
		file: 'attributes-create-then-map-automatically',
		lines: '2.x',
		title: 'Workspace Attributes: add Lead Source Detail, then write it with Map Automatically',
		nodeName: 'Create people with the new attribute',
		before: {
			node: 'workspaceAttributes',
			name: 'Add attribute Lead Source Detail',
			parameters: peopleAttributes('attribute', 'create', {
				name: 'Lead Source Detail',
				attributeKey: 'leadSourceDetail',
				inputType: 'text',
			}),
		},
		// The form or import that follows: fields named as attribute keys, the new one among them.
		items: 2,
		itemsCode:
			"return [{ json: { name: 'Mary Jackson', leadSourceDetail: 'Booth 12, Data Expo' } }, { json: { name: 'Dorothy Vaughan', leadSourceDetail: 'Webinar' } }];",
		node: 'workspaceRecords',
		parameters: createPeople(mapped(null)),
		requests: [
			['POST', `/api/v1/attributes/collection/${PEOPLE}`],
			['GET', `/api/v1/attributes/collection/${PEOPLE}`],
			[
				'POST',
				`/api/v1/collection-records/${PEOPLE}`,
				{ name: 'Mary Jackson', leadSourceDetail: 'Booth 12, Data Expo' },
			],
			[
				'POST',
				`/api/v1/collection-records/${PEOPLE}`,
				{ name: 'Dorothy Vaughan', leadSourceDetail: 'Webinar' },
			],
		],
		check: (items) =>
			assert.deepEqual(
				items.map((i) => [i.json.name, i.json.leadSourceDetail]),
				[
					['Mary Jackson', 'Booth 12, Data Expo'],
					['Dorothy Vaughan', 'Webinar'],
				],
			),
	},
	{
		file: 'attributes-create-key-taken',
		title: 'Workspace Attributes: an API Key Name already in use is refused clearly',
		node: 'workspaceAttributes',
		parameters: peopleAttributes('attribute', 'create', {
			name: 'Nick',
			attributeKey: 'nickname',
			inputType: 'text',
		}),
		requests: [['POST', `/api/v1/attributes/collection/${PEOPLE}`]],
		error: /^The API Key Name "nickname" is already used by an attribute of this collection$/,
	},
	{
		file: 'attributes-update',
		title: 'Workspace Attributes: rename a custom attribute and make it unique',
		node: 'workspaceAttributes',
		parameters: peopleAttributes('attribute', 'update', {
			attributeId: NICKNAME,
			updateFields: { name: 'Known As', isUnique: true },
		}),
		requests: [
			[
				'PATCH',
				`/api/v1/attributes/collection/${PEOPLE}/${NICKNAME}`,
				{ name: 'Known As', isUnique: true },
			],
		],
		check: (items) =>
			assert.deepEqual(
				items.map((i) => [i.json.apiKeyName, i.json.name, i.json.isUnique]),
				[['nickname', 'Known As', true]],
			),
	},
	{
		file: 'attributes-delete',
		title: 'Workspace Attributes: delete a custom attribute',
		node: 'workspaceAttributes',
		parameters: peopleAttributes('attribute', 'delete', { attributeId: NICKNAME }),
		requests: [['DELETE', `/api/v1/attributes/collection/${PEOPLE}/${NICKNAME}`]],
		check: outputIs({ deleted: true, _id: NICKNAME, target: 'collection' }),
	},
	{
		file: 'attributes-status-options-get-many',
		title: 'Workspace Attributes: list the stages of the Lifecycle status',
		node: 'workspaceAttributes',
		parameters: peopleAttributes('statusOption', 'getAll', { attributeId: LIFECYCLE }),
		requests: [['GET', `/api/v1/attributes/collection/${PEOPLE}/${LIFECYCLE}/status`]],
		check: namesAre('Lead', 'Customer', 'Churned'),
	},
	{
		file: 'attributes-status-option-update',
		title: 'Workspace Attributes: rename the Customer stage and celebrate it',
		node: 'workspaceAttributes',
		parameters: peopleAttributes('statusOption', 'update', {
			attributeId: LIFECYCLE,
			optionId: LIFECYCLE_CUSTOMER,
			updateFields: { name: 'Client', color: '#16a34a', celebrationEnabled: true },
		}),
		requests: [
			[
				'PATCH',
				`/api/v1/attributes/collection/${PEOPLE}/${LIFECYCLE}/status/${LIFECYCLE_CUSTOMER}`,
				{ name: 'Client', color: '#16a34a', celebrationEnabled: true },
			],
			['GET', `/api/v1/attributes/collection/${PEOPLE}/${LIFECYCLE}/status`],
		],
		check: (items) =>
			assert.deepEqual(
				items.map((i) => [i.json._id, i.json.name, i.json.color, i.json.celebrationEnabled]),
				[[LIFECYCLE_CUSTOMER, 'Client', '#16a34a', true]],
			),
	},
];
