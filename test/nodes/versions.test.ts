// Workflows saved with version 1 of a node keep what they had when 1.1 changed the defaults
// (the attribute mapper, Simplify, the list entry's record picker); those saved with 1.1 keep
// Input Mode when 1.2 leaves the mapper alone on screen, with the JSON behind a switch below it.
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

/**
 * What n8n keeps of a node at `typeVersion` with these values (the editor and the server alike):
 * the fields shown, with their defaults.
 */
function keptParameters(nodeType: INodeType, typeVersion: number, values: object) {
	return NodeHelpers.getNodeParameters(
		nodeType.description.properties,
		values as INodeParameters,
		true,
		false,
		{ typeVersion },
		nodeType.description,
	)!;
}

/** The top-level fields shown, in order, for a node at `typeVersion` with these values. */
function shownFields(nodeType: INodeType, typeVersion: number, values: object) {
	const parameters = keptParameters(nodeType, typeVersion, values);
	return nodeType.description.properties
		.filter((p) =>
			NodeHelpers.displayParameter(parameters, p, { typeVersion }, nodeType.description),
		)
		.map((p) => p.name);
}

const records = new WorkspaceRecords();
const lists = new WorkspaceLists();

describe('the version a node is added at', () => {
	test.each([
		['Workspace Records', records],
		['Workspace Lists', lists],
	])('%s: 1, 1.1 and 1.2, and 1.2 by default', (_, nodeType) => {
		expect(nodeType.description.version).toEqual([1, 1.1, 1.2]);
		expect(nodeType.description.defaultVersion).toBe(1.2);
	});

	const recordCreate = { resource: 'record', operation: 'create' };

	test('Record › Create at 1.1 keeps Input Mode above the mapper, Map Attributes by default', () => {
		expect(keptParameters(records, 1.1, recordCreate)).toEqual({
			...recordCreate,
			collectionId: expect.objectContaining({ value: '' }),
			inputMode: 'mapper',
			mapperNotice: '',
			columns: { mappingMode: 'defineBelow', value: null },
			requestHandling: {},
		});
		expect(shownFields(records, 1.1, recordCreate)).toEqual([
			'resource',
			'operation',
			'collectionId',
			'inputMode',
			'mapperNotice',
			'columns',
			'requestHandling',
		]);
		expect(shownFields(records, 1.1, { ...recordCreate, inputMode: 'json' })).toContain('jsonBody');
	});

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
		'%s at 1.2: one mapping choice, the mapper; Use JSON Instead below it, off',
		(_, nodeType, chosen, mapper) => {
			const parameters = keptParameters(nodeType, 1.2, chosen);
			expect(parameters).not.toHaveProperty('inputMode');
			expect(parameters).not.toHaveProperty('attributes');
			expect(parameters).not.toHaveProperty('jsonBody');
			expect(parameters).not.toHaveProperty('attributesJson');
			expect(parameters).toMatchObject({
				[mapper]: { mappingMode: 'defineBelow', value: null },
				useJson: false,
				requestHandling: {},
			});
			const shown = shownFields(nodeType, 1.2, chosen);
			expect(shown.slice(shown.indexOf('mapperNotice'))).toEqual([
				'mapperNotice',
				mapper,
				'useJson',
				...(mapper === 'upsertColumns' ? ['updateAllMatches'] : []),
				'requestHandling',
			]);
		},
	);

	test('Use JSON Instead at 1.2: the JSON in place of the mapper, and Match On for Create or Update', () => {
		const upsert = { resource: 'record', operation: 'upsert', useJson: true };
		expect(shownFields(records, 1.2, upsert)).toEqual([
			'resource',
			'operation',
			'collectionId',
			'useJson',
			'attributesJson',
			'matchAttribute',
			'updateAllMatches',
			'requestHandling',
		]);
		expect(keptParameters(records, 1.2, upsert)).not.toHaveProperty('upsertColumns');
		expect(
			shownFields(lists, 1.2, { resource: 'listEntry', operation: 'update', useJson: true }),
		).toEqual([
			'resource',
			'operation',
			'listId',
			'entryId',
			'useJson',
			'attributesJson',
			'requestHandling',
		]);
	});
});

describe('what 1.1 and 1.2 send', () => {
	const run = (nodeType: INodeType, typeVersion: number, parameters: object, items?: object[]) =>
		runNode({
			nodeType,
			typeVersion,
			parameters: parameters as INodeParameters,
			items: items as never,
			credentials: env.credentials,
		});
	const peoplePath = `/api/v1/collection-records/${PEOPLE}`;
	const sent = () => env.sandbox.requests.map((r) => [r.method, r.path, r.body]);

	test('Record › Create at 1.1, Input Mode JSON: the object as the body', async () => {
		const { error } = await run(records, 1.1, {
			resource: 'record',
			operation: 'create',
			collectionId: byId(PEOPLE),
			inputMode: 'json',
			jsonBody: '{"name": "Saved At 1.1", "leadScore": 5}',
		});
		expect(error).toBeUndefined();
		expect(sent()).toEqual([['POST', peoplePath, { name: 'Saved At 1.1', leadScore: 5 }]]);
	});

	test('Record › Create at 1.2, Use JSON Instead: the object as it is, no schema read', async () => {
		const { items, error } = await run(
			records,
			1.2,
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

	test('Record › Create at 1.2, Use JSON Instead: invalid JSON fails before any request', async () => {
		const { error } = await run(records, 1.2, {
			resource: 'record',
			operation: 'create',
			collectionId: byId(PEOPLE),
			useJson: true,
			attributesJson: '{"name": "Mary",}',
		});
		expect(error?.message).toMatch(/^JSON: not valid JSON/);
		expect(env.sandbox.requests).toHaveLength(0);
	});

	test('Record › Create at 1.2, the mapper (Map Each Attribute Below): each value in its type', async () => {
		const { error } = await run(records, 1.2, {
			resource: 'record',
			operation: 'create',
			collectionId: byId(PEOPLE),
			columns: mapperValue('defineBelow', {
				name: 'Mapped At 1.2',
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
					name: 'Mapped At 1.2',
					emails: ['a@example.com', 'b@example.com'],
					company: FIRST_COMPANY,
					leadScore: 12,
				},
			],
		]);
	});

	test("Record › Create at 1.2, Map Automatically: fields named by key or by name (the labels' hints change nothing)", async () => {
		const { error } = await run(
			records,
			1.2,
			{
				resource: 'record',
				operation: 'create',
				collectionId: byId(PEOPLE),
				columns: mapperValue('autoMapInputData', null),
			},
			[
				{
					name: 'Auto At 1.2',
					emails: ['c@example.com'],
					'Lead Score': '3',
					'Phone Numbers': '+44 20 7000, +44 20 7001',
					company: { _id: FIRST_COMPANY, name: 'Acme' },
					'Emails (emails) — comma-separated or an array': 'ignored@example.com',
				},
			],
		);
		expect(error).toBeUndefined();
		expect(sent().at(-1)).toEqual([
			'POST',
			peoplePath,
			{
				name: 'Auto At 1.2',
				emails: ['c@example.com'],
				leadScore: 3,
				phoneNumbers: ['+44 20 7000', '+44 20 7001'],
				company: FIRST_COMPANY,
			},
		]);
	});

	test('Record › Create or Update at 1.2, Use JSON Instead: it matches on Match On', async () => {
		const { items, error } = await run(records, 1.2, {
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

	test('List Entry › Create at 1.2: the JSON goes under data, the mapper likewise', async () => {
		const entriesPath = `/api/v1/list-entries/${HOT_LEADS}`;
		const create = async (recordId: string, more: object) =>
			(
				await run(lists, 1.2, {
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

	test('List Entry › Update at 1.2, Use JSON Instead: the changes at the top level', async () => {
		const { error } = await run(lists, 1.2, {
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

describe('Workspace Records Trigger: list and activity events on their own triggers from 1.2', () => {
	const trigger = new WorkspaceRecordsTrigger();
	/** The events the Event dropdown offers at `typeVersion`. */
	const eventsAt = (typeVersion: number) => {
		const parameters = keptParameters(trigger, typeVersion, {});
		return trigger.description.properties
			.filter(
				(p) =>
					p.name === 'event' &&
					NodeHelpers.displayParameter(parameters, p, { typeVersion }, trigger.description),
			)
			.flatMap((p) => (p.options ?? []).map((o) => ('value' in o ? o.value : undefined)));
	};

	test('1 and 1.1 keep every event that saved workflows may use', () => {
		for (const version of [1, 1.1]) expect(eventsAt(version)).toHaveLength(9);
	});

	test('1.2 offers the record events; Lists and Activities Trigger offer theirs', () => {
		expect(eventsAt(1.2).sort()).toEqual(
			['newRecord', 'recordEnteredStatus', 'recordRemoved', 'recordUpdated'].sort(),
		);
		const offered = (node: INodeType) =>
			node.description.properties
				.filter((p) => p.name === 'event')
				.flatMap((p) => (p.options ?? []).map((o) => ('value' in o ? o.value : undefined)));
		expect(offered(new WorkspaceListsTrigger())).toEqual(['listEntryUpdated', 'newListEntry']);
		expect(offered(new WorkspaceActivitiesTrigger())).toEqual([
			'activityCompleted',
			'activityDue',
			'newActivity',
		]);
	});

	test('a saved 1.1 trigger on activities still shows its event and the activity fields', () => {
		expect(shownFields(trigger, 1.1, { event: 'activityDue' })).toEqual(
			expect.arrayContaining(['event', 'minutesBefore', 'simplify']),
		);
	});
});
