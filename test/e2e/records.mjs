// Workspace Records' operations on collections and records, and the errors a user can make (a
// record that does not exist, a filter value left empty): one case each.
import assert from 'node:assert/strict';

import { objectId } from '../rig/sandbox.mjs';
import { fromList } from './messageSends.mjs';
import {
	ADA,
	byId,
	createPeople,
	ids,
	mapped,
	MEMBER,
	namesAre,
	onAda,
	outputIs,
	PEOPLE,
	peopleRecords,
} from './parameters.mjs';

export const recordsCases = [
	{
		file: 'records-collection-get-many',
		title: 'Workspace Records: list collections',
		node: 'workspaceRecords',
		parameters: { resource: 'collection', operation: 'getAll' },
		requests: [['GET', '/api/v1/collections']],
		check: (items) =>
			assert.deepEqual(
				items.map((i) => i.json.slug),
				['people', 'companies', 'deals', 'projects'],
			),
	},
	{
		file: 'records-collection-get',
		title: 'Workspace Records: get a collection',
		node: 'workspaceRecords',
		parameters: {
			resource: 'collection',
			operation: 'get',
			collectionId: fromList(PEOPLE, 'People'),
		},
		requests: [['GET', `/api/v1/collections/${PEOPLE}`]],
		check: (items) => assert.deepEqual(ids(items), [PEOPLE]),
	},
	{
		file: 'records-record-create',
		lines: 'every',
		title: 'Workspace Records: create a person',
		node: 'workspaceRecords',
		parameters: createPeople(
			mapped({ name: 'Katherine Johnson', emails: 'kj@example.com', leadScore: 97 }),
		),
		requests: [
			['GET', `/api/v1/attributes/collection/${PEOPLE}`],
			[
				'POST',
				`/api/v1/collection-records/${PEOPLE}`,
				{ name: 'Katherine Johnson', emails: ['kj@example.com'], leadScore: 97 },
			],
		],
		check: (items) => {
			assert.equal(items.length, 1);
			assert.match(items[0].json._id, /^9f/);
			assert.equal(items[0].json.name, 'Katherine Johnson');
		},
	},
	{
		file: 'records-record-create-mapped',
		lines: 'every',
		title: 'Workspace Records: people from a form, mapped automatically',
		node: 'workspaceRecords',
		items: 2,
		// A form's submissions: fields named as attributes, in text, and one that is not an attribute.
		itemsCode:
			"return [{ json: { name: 'Mary Jackson', emails: 'mj@example.com', leadScore: '91', newsletter: 'yes', formId: 'contact' } }, { json: { name: 'Dorothy Vaughan', leadScore: '88', formId: 'contact' } }];",
		parameters: createPeople({
			mappingMode: 'autoMapInputData',
			value: null,
			matchingColumns: [],
			schema: [],
		}),
		requests: [
			['GET', `/api/v1/attributes/collection/${PEOPLE}`],
			[
				'POST',
				`/api/v1/collection-records/${PEOPLE}`,
				{ name: 'Mary Jackson', emails: ['mj@example.com'], leadScore: 91, newsletter: true },
			],
			['POST', `/api/v1/collection-records/${PEOPLE}`, { name: 'Dorothy Vaughan', leadScore: 88 }],
		],
		check: (items) =>
			assert.deepEqual(
				items.map((i) => [i.json.name, i.json.leadScore]),
				[
					['Mary Jackson', 91],
					['Dorothy Vaughan', 88],
				],
			),
	},
	{
		file: 'records-record-get',
		title: 'Workspace Records: get a record',
		node: 'workspaceRecords',
		parameters: onAda('get'),
		requests: [['GET', `/api/v1/collection-records/${PEOPLE}/${ADA}`]],
		check: namesAre('Ada Lovelace'),
	},
	{
		file: 'records-record-get-missing',
		lines: 'every',
		title: 'Workspace Records: a record that does not exist (error example)',
		node: 'workspaceRecords',
		parameters: peopleRecords('get', { recordId: byId('no-such-record') }),
		requests: [['GET', `/api/v1/collection-records/${PEOPLE}/no-such-record`]],
		error: /The record with ID "no-such-record" was not found/,
	},
	{
		file: 'records-record-get-many',
		lines: 'every',
		title: 'Workspace Records: query people with a filter and a sort',
		node: 'workspaceRecords',
		parameters: peopleRecords('getAll', {
			returnAll: true,
			filterMode: 'conditions',
			combine: 'and',
			conditions: {
				condition: [
					{ attribute: 'leadScore', operator: 'gte', compareValue: '50' },
					{ attribute: 'source', operator: 'in', values: 'Website, Referral' },
				],
			},
			sort: { key: [{ attribute: 'leadScore', direction: 'desc' }] },
		}),
		// The attributes first: each condition's value is sent in its attribute's type.
		requests: [
			['GET', `/api/v1/attributes/collection/${PEOPLE}`],
			[
				'POST',
				`/api/v1/collection-records/${PEOPLE}/query`,
				{
					filter: {
						$and: [{ leadScore: { $gte: 50 } }, { source: { $in: ['Website', 'Referral'] } }],
					},
					sort: [{ attribute: 'leadScore', direction: 'desc' }],
					limit: 100,
					offset: 0,
				},
			],
		],
		check: (items) => {
			const scores = items.map((i) => i.json.leadScore);
			assert.ok(items.length > 0);
			assert.deepEqual(
				scores,
				[...scores].sort((a, b) => b - a),
			);
			assert.ok(
				items.every(
					(i) => i.json.leadScore >= 50 && ['Website', 'Referral'].includes(i.json.source),
				),
			);
		},
	},
	{
		// Send Value As left at its default: the text "77" goes as the number the record holds.
		file: 'records-record-get-many-shorthand-number',
		title: 'Workspace Records: find people by lead score',
		node: 'workspaceRecords',
		parameters: peopleRecords('getAll', {
			returnAll: true,
			filterMode: 'shorthand',
			shorthand: { pair: [{ attribute: 'leadScore', value: '77' }] },
		}),
		requests: [
			['GET', `/api/v1/attributes/collection/${PEOPLE}`],
			[
				'POST',
				`/api/v1/collection-records/${PEOPLE}/query`,
				{ filter: { leadScore: 77 }, limit: 100, offset: 0 },
			],
		],
		check: (items) => {
			assert.deepEqual(ids(items), [objectId('f0', 12)]);
			assert.equal(items[0].json.leadScore, 77);
		},
	},
	{
		file: 'records-record-get-many-simplified',
		title: 'Workspace Records: three people, simplified',
		node: 'workspaceRecords',
		parameters: peopleRecords('getAll', { limit: 3 }),
		requests: [['POST', `/api/v1/collection-records/${PEOPLE}/query`, { limit: 3, offset: 0 }]],
		check: (items) => {
			assert.deepEqual(
				items.map((i) => i.json.source),
				['Website', 'Referral', 'Event'],
			);
			// The owner's _id stays: a Members node or an assignee next needs it.
			assert.deepEqual(items[0].json.owner, {
				_id: MEMBER,
				name: 'Ada Lovelace',
				email: 'ada@example.com',
			});
		},
	},
	{
		file: 'records-record-get-many-null-value',
		title: 'Workspace Records: a filter value that is null (error example)',
		node: 'workspaceRecords',
		parameters: peopleRecords('getAll', {
			returnAll: true,
			filterMode: 'conditions',
			conditions: {
				condition: [{ attribute: 'jobTitle', operator: 'contains', value: '={{ null }}' }],
			},
		}),
		// Refused before anything is sent: `{"$contains": ""}` would match every record.
		requests: [],
		error: /^Conditions, condition 1 \(jobTitle\): the value is empty$/,
	},
	{
		file: 'records-record-update',
		title: 'Workspace Records: update a record',
		node: 'workspaceRecords',
		parameters: onAda('update', { updateColumns: mapped({ jobTitle: 'Countess' }) }),
		// The service answers an update without the record: the node reads it back.
		requests: [
			['GET', `/api/v1/attributes/collection/${PEOPLE}`],
			['PATCH', `/api/v1/collection-records/${PEOPLE}/${ADA}`, { jobTitle: 'Countess' }],
			['GET', `/api/v1/collection-records/${PEOPLE}/${ADA}`],
		],
		check: (items) =>
			assert.deepEqual([items[0].json.jobTitle, items[0].json.name], ['Countess', 'Ada Lovelace']),
	},
	{
		// The mapper leaves empty values out; the JSON is sent as it is, so a null clears.
		file: 'records-record-update-json',
		title: 'Workspace Records: clear an attribute with JSON',
		node: 'workspaceRecords',
		parameters: onAda('update', {
			useJson: true,
			attributesJson: '{\n  "jobTitle": null,\n  "leadScore": 50\n}',
		}),
		requests: [
			['PATCH', `/api/v1/collection-records/${PEOPLE}/${ADA}`, { jobTitle: null, leadScore: 50 }],
			['GET', `/api/v1/collection-records/${PEOPLE}/${ADA}`],
		],
		check: (items) =>
			assert.deepEqual(
				[items[0].json.jobTitle ?? null, items[0].json.leadScore, items[0].json.name],
				[null, 50, 'Ada Lovelace'],
			),
	},
	{
		file: 'records-record-delete',
		title: 'Workspace Records: delete a record',
		node: 'workspaceRecords',
		parameters: onAda('delete'),
		requests: [['DELETE', `/api/v1/collection-records/${PEOPLE}/${ADA}`]],
		check: outputIs({ deleted: true, _id: ADA, collectionId: PEOPLE }),
	},
	{
		file: 'records-record-upsert',
		lines: 'every',
		title: 'Workspace Records: create or update a person by email',
		node: 'workspaceRecords',
		parameters: peopleRecords('upsert', {
			upsertColumns: mapped({ emails: 'ada.lovelace0@example.com', jobTitle: 'Mathematician' }, [
				'emails',
			]),
		}),
		requests: [
			['GET', `/api/v1/attributes/collection/${PEOPLE}`],
			[
				'POST',
				`/api/v1/collection-records/${PEOPLE}/query`,
				{ filter: { emails: { $eq: 'ada.lovelace0@example.com' } }, limit: 2, offset: 0 },
			],
			[
				'PATCH',
				`/api/v1/collection-records/${PEOPLE}/${ADA}`,
				{ emails: ['ada.lovelace0@example.com'], jobTitle: 'Mathematician' },
			],
			['GET', `/api/v1/collection-records/${PEOPLE}/${ADA}`],
		],
		check: (items) =>
			assert.deepEqual(
				[items[0].json.action, items[0].json._id, items[0].json.jobTitle],
				['updated', ADA, 'Mathematician'],
			),
	},
];
