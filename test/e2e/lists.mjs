// Workspace Lists' operations on lists and their entries, and a record of the wrong collection
// added to a list: one case each.
import assert from 'node:assert/strict';

import { fromList } from './messageSends.mjs';
import {
	byId,
	COMPANIES,
	ENTRY,
	FIRST_COMPANY,
	HOT_LEADS,
	ids,
	mapped,
	namesAre,
	outputIs,
	SEVENTH_PERSON,
} from './parameters.mjs';

export const listsCases = [
	{
		file: 'lists-list-get-many',
		title: 'Workspace Lists: list the lists',
		node: 'workspaceLists',
		parameters: { resource: 'list', operation: 'getAll' },
		requests: [['GET', '/api/v1/lists']],
		check: namesAre('Hot Leads', 'Enterprise Pipeline'),
	},
	{
		file: 'lists-list-get',
		title: 'Workspace Lists: get a list',
		node: 'workspaceLists',
		parameters: { resource: 'list', operation: 'get', listId: fromList(HOT_LEADS, 'Hot Leads') },
		requests: [['GET', `/api/v1/lists/${HOT_LEADS}`]],
		check: (items) => assert.deepEqual(ids(items), [HOT_LEADS]),
	},
	{
		file: 'lists-entry-create',
		lines: 'every',
		title: 'Workspace Lists: add a person to a list',
		node: 'workspaceLists',
		parameters: {
			resource: 'listEntry',
			operation: 'create',
			listId: fromList(HOT_LEADS, 'Hot Leads'),
			recordId: fromList(SEVENTH_PERSON, 'Frances Lovelace'),
			columns: mapped({ note: 'Met at the webinar' }),
		},
		requests: [
			['GET', `/api/v1/attributes/list/${HOT_LEADS}`],
			[
				'POST',
				`/api/v1/list-entries/${HOT_LEADS}`,
				{ recordId: SEVENTH_PERSON, data: { note: 'Met at the webinar' } },
			],
		],
		check: (items) =>
			assert.deepEqual(
				[items[0].json.recordId, items[0].json.note],
				[SEVENTH_PERSON, 'Met at the webinar'],
			),
	},
	{
		file: 'lists-entry-create-wrong-collection',
		title: 'Workspace Lists: a company added to a people list (error example)',
		node: 'workspaceLists',
		parameters: {
			resource: 'listEntry',
			operation: 'create',
			listId: fromList(HOT_LEADS, 'Hot Leads'),
			recordId: FIRST_COMPANY,
		},
		// Refused as "Record not found", the record is looked for in the other collections.
		requests: [
			['POST', `/api/v1/list-entries/${HOT_LEADS}`, { recordId: FIRST_COMPANY }],
			['GET', `/api/v1/lists/${HOT_LEADS}`],
			['GET', '/api/v1/collections'],
			['GET', `/api/v1/collection-records/${COMPANIES}/${FIRST_COMPANY}`],
		],
		error: new RegExp(
			`^The record with ID "${FIRST_COMPANY}" belongs to Companies, not to People, the collection of the list "Hot Leads"$`,
		),
	},
	{
		file: 'lists-entry-get',
		title: 'Workspace Lists: get a list entry',
		node: 'workspaceLists',
		parameters: {
			resource: 'listEntry',
			operation: 'get',
			listId: fromList(HOT_LEADS, 'Hot Leads'),
			entryId: byId(ENTRY),
		},
		requests: [['GET', `/api/v1/list-entries/${HOT_LEADS}/${ENTRY}`]],
		check: (items) => assert.deepEqual(ids(items), [ENTRY]),
	},
	{
		file: 'lists-entry-get-many',
		title: 'Workspace Lists: query list entries',
		node: 'workspaceLists',
		parameters: {
			resource: 'listEntry',
			operation: 'getAll',
			listId: fromList(HOT_LEADS, 'Hot Leads'),
			returnAll: false,
			limit: 3,
		},
		requests: [['POST', `/api/v1/list-entries/${HOT_LEADS}/query`, { limit: 3, offset: 0 }]],
		check: (items) => {
			assert.equal(items.length, 3);
			// Simplify (on by default): no __v, and only the link to the person, not the two empty ones.
			for (const { json } of items) {
				assert.deepEqual(
					['__v', 'peopleId', 'companyId', 'dealId'].filter((key) => key in json),
					['peopleId'],
				);
			}
		},
	},
	{
		file: 'lists-entry-update',
		title: 'Workspace Lists: update a list entry',
		node: 'workspaceLists',
		parameters: {
			resource: 'listEntry',
			operation: 'update',
			listId: fromList(HOT_LEADS, 'Hot Leads'),
			entryId: byId(ENTRY),
			updateColumns: mapped({ note: 'Called back' }),
		},
		requests: [
			['GET', `/api/v1/attributes/list/${HOT_LEADS}`],
			['PATCH', `/api/v1/list-entries/${HOT_LEADS}/${ENTRY}`, { note: 'Called back' }],
			['GET', `/api/v1/list-entries/${HOT_LEADS}/${ENTRY}`],
		],
		check: (items) => assert.equal(items[0].json.note, 'Called back'),
	},
	{
		file: 'lists-entry-delete',
		title: 'Workspace Lists: remove an entry from a list',
		node: 'workspaceLists',
		parameters: {
			resource: 'listEntry',
			operation: 'delete',
			listId: fromList(HOT_LEADS, 'Hot Leads'),
			entryId: byId(ENTRY),
		},
		requests: [['DELETE', `/api/v1/list-entries/${HOT_LEADS}/${ENTRY}`]],
		check: outputIs({ deleted: true, _id: ENTRY, listId: HOT_LEADS }),
	},
];
