import type { INodeParameters, INodeType } from 'n8n-workflow';
import { WorkspaceActivities } from '../../../nodes/WorkspaceActivities/WorkspaceActivities.node';
import { WorkspaceActivitiesTrigger } from '../../../nodes/WorkspaceActivitiesTrigger/WorkspaceActivitiesTrigger.node';
import { WorkspaceLists } from '../../../nodes/WorkspaceLists/WorkspaceLists.node';
import { WorkspaceListsTrigger } from '../../../nodes/WorkspaceListsTrigger/WorkspaceListsTrigger.node';
import { WorkspaceRecords } from '../../../nodes/WorkspaceRecords/WorkspaceRecords.node';
import { WorkspaceRecordsTrigger } from '../../../nodes/WorkspaceRecordsTrigger/WorkspaceRecordsTrigger.node';
import { WorkspaceSms } from '../../../nodes/WorkspaceSms/WorkspaceSms.node';
import { WorkspaceUserGroups } from '../../../nodes/WorkspaceUserGroups/WorkspaceUserGroups.node';
import { byId, HOT_LEADS, PEOPLE } from '../../harness/fixtures';
import { activeTrigger } from '../../harness/pollTrigger';
import { runNode } from '../../harness/runNode';
import { useSandbox } from '../../harness/sandbox';
import { BAD, records, sms } from './inputCases';

/**
 * Inputs are what they seem (issue 44, item 4), in Get Many's filters and limits, the triggers,
 * the door's options and many items: refused before anything is sent, naming the field.
 */
const env = useSandbox();

const run = (nodeType: INodeType, parameters: INodeParameters) =>
	runNode({ nodeType, parameters, credentials: env.credentials });

/** The three Get Many operations with a filter and a Limit. */
const QUERIES: Array<[string, INodeType, INodeParameters]> = [
	['Workspace Records', new WorkspaceRecords(), records({ collectionId: byId(PEOPLE) })],
	['Workspace Lists', new WorkspaceLists(), { resource: 'listEntry', listId: byId(HOT_LEADS) }],
	['Workspace Activities', new WorkspaceActivities(), { resource: 'activity' }],
];
const getMany = (base: INodeParameters, parameters: INodeParameters) => ({
	...base,
	operation: 'getAll',
	returnAll: false,
	limit: 10,
	...parameters,
});
const where = (condition: object) => ({
	filterMode: 'conditions',
	conditions: { condition: [{ attribute: 'name', ...condition }] },
});

describe.each(QUERIES)('%s → Get Many', (_, nodeType, base) => {
	test.each([
		['null, for Contains', { operator: 'contains', value: '={{ null }}' }],
		['empty, for Equals', { operator: 'eq', value: '' }],
		['empty, for Equals compared as True or False', { valueType: 'boolean', value: '' }],
		['null, for Greater Than', { operator: 'gt', compareValue: '={{ null }}' }],
	])(
		'a filter value %s is refused, naming the condition and the way to ask for empty',
		async (_case, condition) => {
			const { error } = await run(nodeType, getMany(base, where(condition)));
			expect(error?.message).toBe('Conditions, condition 1 (name): the value is empty');
			expect(error?.description).toMatch(
				/To find items whose name is empty, use the condition Is Not Empty with Invert Condition on\.$/,
			);
			expect(env.sandbox.requests).toHaveLength(0);
		},
	);

	test('a Shorthand value that is null is refused the same way', async () => {
		const { error } = await run(
			nodeType,
			getMany(base, {
				filterMode: 'shorthand',
				shorthand: { pair: [{ attribute: 'name', valueType: 'text', value: '={{ null }}' }] },
			}),
		);
		expect(error?.message).toBe('Shorthand, pair 1 (name): the value is empty');
		expect(error?.description).toMatch(/set Filter to Conditions and use Is Not Empty/);
		expect(env.sandbox.requests).toHaveLength(0);
	});

	test('an operator that needs no value sends without one', async () => {
		const { error } = await run(
			nodeType,
			getMany(base, where({ operator: 'notEmpty', value: '={{ null }}' })),
		);
		expect(error).toBeUndefined();
		expect(env.sandbox.requests[0].body?.filter).toEqual(
			nodeType instanceof WorkspaceActivities
				? [{ name: { $not_empty: true } }]
				: { name: { $not_empty: true } },
		);
	});

	test('an object as a filter value, or as an attribute name, is refused: no TypeError', async () => {
		const value = await run(
			nodeType,
			getMany(base, where({ operator: 'contains', value: '={{ { a: 1 } }}' })),
		);
		expect(value.error?.message).toBe(
			'Conditions, condition 1 (name): got an object, expected text — check the expression',
		);
		const attribute = await run(
			nodeType,
			getMany(base, {
				filterMode: 'conditions',
				conditions: { condition: [{ attribute: '={{ { a: 1 } }}', value: 'Ada' }] },
			}),
		);
		expect(attribute.error?.message).toBe(
			'Conditions, condition 1: got an object, expected text — check the expression',
		);
		expect(env.sandbox.requests).toHaveLength(0);
	});

	test.each([
		['-1', '={{ -1 }}', 'the number -1'],
		['0', 0, 'the number 0'],
		['null', '={{ null }}', 'nothing'],
		["''", '={{ "" }}', '""'],
		['NaN', '={{ Number("x") }}', 'NaN'],
		['1.5', 1.5, 'the number 1.5'],
		['an object', '={{ { a: 1 } }}', 'an object'],
	])('Limit %s is refused before sending', async (_case, limit, got) => {
		const { error } = await run(nodeType, getMany(base, { limit }));
		expect(error?.message).toBe(`Limit: got ${got}, expected a whole number from 1`);
		expect(error?.description).toBe(
			'Give how many items to return at most, such as 50, or turn on Return All.',
		);
		expect(env.sandbox.requests).toHaveLength(0);
	});
});

test('Max Concurrent Requests 0 is refused before sending', async () => {
	const { error } = await run(
		new WorkspaceRecords(),
		records({
			operation: 'get',
			collectionId: byId(PEOPLE),
			recordId: byId(PEOPLE),
			options: { maxConcurrency: 0 },
		}),
	);
	expect(error?.message).toBe(
		'Max Concurrent Requests: got the number 0, expected a whole number from 1 to 100',
	);
	expect(env.sandbox.requests).toHaveLength(0);
});

test.each([
	[
		'Workspace Records Trigger',
		new WorkspaceRecordsTrigger(),
		{ event: 'newRecord', collectionId: byId(PEOPLE) },
	],
	[
		'Workspace Lists Trigger',
		new WorkspaceListsTrigger(),
		{ event: 'newListEntry', listId: byId(HOT_LEADS) },
	],
	['Workspace Activities Trigger', new WorkspaceActivitiesTrigger(), { event: 'newActivity' }],
])('%s: a null filter value is refused before any query', async (_, nodeType, parameters) => {
	const trigger = activeTrigger(
		nodeType,
		{ ...parameters, ...where({ operator: 'contains', value: '={{ null }}' }) },
		env.credentials,
	);
	await expect(trigger.poll()).rejects.toThrow(
		'Conditions, condition 1 (name): the value is empty',
	);
	expect(env.sandbox.requests).toHaveLength(0);
});

test('a trigger refuses an object as its Collection before any query', async () => {
	const trigger = activeTrigger(
		new WorkspaceRecordsTrigger(),
		{ event: 'newRecord', collectionId: byId(BAD.object[0]) },
		env.credentials,
	);
	await expect(trigger.poll()).rejects.toThrow(
		'Collection: got an object, expected an ID — check the expression',
	);
	expect(env.sandbox.requests).toHaveLength(0);
});

test('User Groups: a property named by an object is refused, not a TypeError', async () => {
	const { error } = await run(new WorkspaceUserGroups(), {
		resource: 'userGroup',
		operation: 'update',
		userGroupId: 'acme-sales',
		propertiesMode: 'pairs',
		propertyPairs: { pair: [{ key: '={{ { a: 1 } }}', type: 'text', textValue: 'EU' }] },
	});
	expect(error?.message).toBe(
		'Properties, entry 1: got an object, expected text — check the expression',
	);
	expect(env.sandbox.requests).toHaveLength(0);
});

test('Continue On Fail: one error item per bad item, paired with it; the others are sent', async () => {
	const { items } = await runNode({
		nodeType: new WorkspaceSms(),
		parameters: sms({ message: '={{ $json.text }}' }),
		items: [{ text: 'First' }, { text: { a: 1 } }, { text: 'Third' }, { text: ['x'] }],
		credentials: env.credentials,
		continueOnFail: true,
	});
	expect(env.sandbox.requests.map((r) => r.body?.message)).toEqual(['First', 'Third']);
	expect(items).toHaveLength(4);
	expect(items.map((i) => i.json.success ?? i.error?.message)).toEqual([
		true,
		'Message: got an object, expected text — check the expression',
		true,
		'Message: got an array, expected text — check the expression',
	]);
	expect(items.map((i) => i.pairedItem)).toEqual([0, 1, 2, 3].map((item) => ({ item })));
	expect(items[1].error?.context.itemIndex).toBe(1);
});
