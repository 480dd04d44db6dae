// What the editor shows for attributes (the mapper, or the JSON behind Use JSON Instead) and
// what each choice sends; the events each trigger offers.
import type { INodeParameters, INodeType } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { WorkspaceLists } from '../../nodes/WorkspaceLists/WorkspaceLists.node';
import { WorkspaceActivitiesTrigger } from '../../nodes/WorkspaceActivitiesTrigger/WorkspaceActivitiesTrigger.node';
import { WorkspaceListsTrigger } from '../../nodes/WorkspaceListsTrigger/WorkspaceListsTrigger.node';
import { WorkspaceRecords } from '../../nodes/WorkspaceRecords/WorkspaceRecords.node';
import { WorkspaceRecordsTrigger } from '../../nodes/WorkspaceRecordsTrigger/WorkspaceRecordsTrigger.node';
import {
	ADA_RECORD,
	byId,
	FIRST_COMPANY,
	FIRST_ENTRY,
	HOT_LEADS,
	mapperValue,
	PEOPLE,
} from '../harness/fixtures';
import { runNode } from '../harness/runNode';
import { useSandbox } from '../harness/sandbox';

const env = useSandbox();

/**
 * What n8n keeps of a node with these values (the editor and the server alike):
 * the fields shown, with their defaults.
 */
function keptParameters(nodeType: INodeType, values: object) {
	return NodeHelpers.getNodeParameters(
		nodeType.description.properties,
		values as INodeParameters,
		true,
		false,
		{ typeVersion: 1 },
		nodeType.description,
	)!;
}

/** The top-level fields shown, in order, for a node with these values. */
function shownFields(nodeType: INodeType, values: object) {
	const parameters = keptParameters(nodeType, values);
	return nodeType.description.properties
		.filter((p) =>
			NodeHelpers.displayParameter(parameters, p, { typeVersion: 1 }, nodeType.description),
		)
		.map((p) => p.name);
}

const records = new WorkspaceRecords();
const lists = new WorkspaceLists();

describe('the attributes on screen', () => {
	const recordCreate = { resource: 'record', operation: 'create' };

	test.each([
		['Record › Create', records, recordCreate, 'columns'],
		['Record › Update', records, { resource: 'record', operation: 'update' }, 'updateColumns'],
		[
			'Record › Create or Update',
			records,
			{ resource: 'record', operation: 'upsert' },
			'upsertColumns',
		],
		['List Entry › Create', lists, { resource: 'listEntry', operation: 'create' }, 'columns'],
		['List Entry › Update', lists, { resource: 'listEntry', operation: 'update' }, 'updateColumns'],
	])(
		'%s: one mapping choice, the mapper; Use JSON Instead below it, off',
		(_, nodeType, chosen, mapper) => {
			const parameters = keptParameters(nodeType, chosen);
			expect(parameters).not.toHaveProperty('inputMode');
			expect(parameters).not.toHaveProperty('attributes');
			expect(parameters).not.toHaveProperty('jsonBody');
			expect(parameters).not.toHaveProperty('attributesJson');
			expect(parameters).toMatchObject({
				[mapper]: { mappingMode: 'defineBelow', value: null },
				useJson: false,
				options: {},
			});
			const shown = shownFields(nodeType, chosen);
			// The Map Automatically notice is not shown in Map Each Column Manually, and the value
			// hints wait for a collection or list (notices.test.ts).
			expect(shown.slice(shown.indexOf(mapper))).toEqual([
				mapper,
				'useJson',
				...(mapper === 'upsertColumns' ? ['updateAllMatches'] : []),
				'options',
			]);
		},
	);

	test('Use JSON Instead: the JSON in place of the mapper, and Match On for Create or Update', () => {
		const upsert = { resource: 'record', operation: 'upsert', useJson: true };
		expect(shownFields(records, upsert)).toEqual([
			'resource',
			'operation',
			'collectionId',
			'useJson',
			'attributesJson',
			'matchAttribute',
			'updateAllMatches',
			'options',
		]);
		expect(keptParameters(records, upsert)).not.toHaveProperty('upsertColumns');
		expect(
			shownFields(lists, { resource: 'listEntry', operation: 'update', useJson: true }),
		).toEqual([
			'resource',
			'operation',
			'listId',
			'entryId',
			'useJson',
			'attributesJson',
			'options',
		]);
	});
});

describe('what the attributes send', () => {
	const run = (nodeType: INodeType, parameters: object, items?: object[]) =>
		runNode({
			nodeType,
			parameters: parameters as INodeParameters,
			items: items as never,
			credentials: env.credentials,
		});
	const peoplePath = `/api/v1/collection-records/${PEOPLE}`;
	const sent = () => env.sandbox.requests.map((r) => [r.method, r.path, r.body]);

	test('Record › Create, Use JSON Instead: the object as it is, no schema read', async () => {
		const { items, error } = await run(
			records,
			{
				resource: 'record',
				operation: 'create',
				collectionId: byId(PEOPLE),
				useJson: true,
				attributesJson: '={{ JSON.stringify({ name: $json.name, leadScore: 5, nickname: null }) }}',
			},
			[{ name: 'Sent As JSON' }],
		);
		expect(error).toBeUndefined();
		expect(sent()).toEqual([
			['POST', peoplePath, { name: 'Sent As JSON', leadScore: 5, nickname: null }],
		]);
		expect(items[0].json).toMatchObject({ name: 'Sent As JSON', leadScore: 5 });
	});

	test('Record › Create, Use JSON Instead: invalid JSON fails before any request', async () => {
		const { error } = await run(records, {
			resource: 'record',
			operation: 'create',
			collectionId: byId(PEOPLE),
			useJson: true,
			attributesJson: '{"name": "Mary",}',
		});
		expect(error?.message).toMatch(/^JSON: not valid JSON/);
		expect(env.sandbox.requests).toHaveLength(0);
	});

	test('Record › Create, the mapper (Map Each Attribute Below): each value in its type', async () => {
		const { error } = await run(records, {
			resource: 'record',
			operation: 'create',
			collectionId: byId(PEOPLE),
			columns: mapperValue('defineBelow', {
				name: 'Mapped',
				emails: 'a@example.com, b@example.com',
				company: FIRST_COMPANY,
				leadScore: '12',
			}),
		});
		expect(error).toBeUndefined();
		expect(sent()).toEqual([
			['GET', `/api/v1/attributes/collection/${PEOPLE}`, undefined],
			[
				'POST',
				peoplePath,
				{
					name: 'Mapped',
					emails: ['a@example.com', 'b@example.com'],
					company: FIRST_COMPANY,
					leadScore: 12,
				},
			],
		]);
	});

	test('Record › Create, Map Automatically: fields named by key or by name (a field named like a label with its key is left out)', async () => {
		const { error } = await run(
			records,
			{
				resource: 'record',
				operation: 'create',
				collectionId: byId(PEOPLE),
				columns: mapperValue('autoMapInputData', null),
			},
			[
				{
					name: 'Auto',
					emails: ['c@example.com'],
					'Lead Score': '3',
					'Phone Numbers': '+44 20 7000, +44 20 7001',
					company: { _id: FIRST_COMPANY, name: 'Acme' },
					'Lead Score (leadScore)': '99',
				},
			],
		);
		expect(error).toBeUndefined();
		expect(sent().at(-1)).toEqual([
			'POST',
			peoplePath,
			{
				name: 'Auto',
				emails: ['c@example.com'],
				leadScore: 3,
				phoneNumbers: ['+44 20 7000', '+44 20 7001'],
				company: FIRST_COMPANY,
			},
		]);
	});

	test('Record › Create, Map Automatically: a name that is its own key in other letters ("Emails") maps to it', async () => {
		const { error } = await run(
			records,
			{
				resource: 'record',
				operation: 'create',
				collectionId: byId(PEOPLE),
				columns: mapperValue('autoMapInputData', null),
			},
			[{ Name: 'Capital', Emails: 'cap@example.com' }],
		);
		expect(error).toBeUndefined();
		expect(sent().at(-1)?.[2]).toEqual({ name: 'Capital', emails: ['cap@example.com'] });
	});

	test('Record › Create or Update, Use JSON Instead: it matches on Match On', async () => {
		const { items, error } = await run(records, {
			resource: 'record',
			operation: 'upsert',
			collectionId: byId(PEOPLE),
			useJson: true,
			attributesJson: '{"emails": ["ada.lovelace0@example.com"], "leadScore": 98}',
			matchAttribute: 'emails',
		});
		expect(error).toBeUndefined();
		expect(env.sandbox.requests.find((r) => r.path.endsWith('/query'))?.body?.filter).toEqual({
			emails: { $eq: 'ada.lovelace0@example.com' },
		});
		expect(items.map((i) => [i.json.action, i.json._id, i.json.leadScore])).toEqual([
			['updated', ADA_RECORD, 98],
		]);
	});

	test('List Entry › Create: the JSON goes under data, the mapper likewise', async () => {
		const entriesPath = `/api/v1/list-entries/${HOT_LEADS}`;
		const create = async (recordId: string, more: object) =>
			(
				await run(lists, {
					resource: 'listEntry',
					operation: 'create',
					listId: byId(HOT_LEADS),
					recordId: byId(recordId),
					...more,
				})
			).error;
		expect(
			await create('f00000000000000000000007', {
				useJson: true,
				attributesJson: '{"note": "As JSON"}',
			}),
		).toBeUndefined();
		expect(
			await create('f00000000000000000000008', {
				columns: mapperValue('defineBelow', { note: 'Mapped' }),
			}),
		).toBeUndefined();
		expect(sent().filter(([method]) => method === 'POST')).toEqual([
			['POST', entriesPath, { recordId: 'f00000000000000000000007', data: { note: 'As JSON' } }],
			['POST', entriesPath, { recordId: 'f00000000000000000000008', data: { note: 'Mapped' } }],
		]);
	});

	test('List Entry › Update, Use JSON Instead: the changes at the top level', async () => {
		const { error } = await run(lists, {
			resource: 'listEntry',
			operation: 'update',
			listId: byId(HOT_LEADS),
			entryId: byId(FIRST_ENTRY),
			useJson: true,
			attributesJson: '{"note": "Changed As JSON"}',
		});
		expect(error).toBeUndefined();
		expect(sent()[0]).toEqual([
			'PATCH',
			`/api/v1/list-entries/${HOT_LEADS}/${FIRST_ENTRY}`,
			{ note: 'Changed As JSON' },
		]);
	});
});

test('each trigger offers the events of its node', () => {
	const offered = (node: INodeType) =>
		node.description.properties
			.filter((p) => p.name === 'event')
			.flatMap((p) => (p.options ?? []).map((o) => ('value' in o ? o.value : undefined)));
	expect(offered(new WorkspaceRecordsTrigger())).toEqual([
		'newRecord',
		'recordEnteredStatus',
		'recordRemoved',
		'recordUpdated',
	]);
	expect(offered(new WorkspaceListsTrigger())).toEqual(['listEntryUpdated', 'newListEntry']);
	expect(offered(new WorkspaceActivitiesTrigger())).toEqual([
		'activityCompleted',
		'activityDue',
		'newActivity',
	]);
});
