import type { INodeProperties } from 'n8n-workflow';

import { sendAttributes } from '../../../shared/attributes/attributesBody';
import {
	forOperation,
	idInPath,
	operation,
	operationSelector,
	queryOperation,
	reportDeleted,
} from '../../../shared/descriptions';
import { checkSentText } from '../../../shared/input';
import { simplifyField } from '../../../shared/simplify';
import { paths, queries, updateThenRead } from '../../../shared/transport';
import { addRecordToList, listEntryCreateFields } from './create';
import { findCreatedListEntry } from './findCreated';
import { listEntryGetAllFields } from './getAll';
import { listEntryAttributesToSend, listEntrySharedFields } from './shared';

const list = idInPath('listId');
const entry = idInPath('entryId');

export const listEntryDescription: INodeProperties[] = [
	operationSelector('listEntry', [
		operation({
			name: 'Create',
			value: 'create',
			action: 'Add a record to a list',
			description: 'Add a record to a list as a new entry, with optional list attribute values',
			method: 'POST',
			url: paths.listEntries(list),
			preSend: [checkSentText({ recordId: ['Record', 'id'] }), sendAttributes('data')],
			run: addRecordToList,
			lookUp: findCreatedListEntry,
		}),
		operation({
			name: 'Delete',
			value: 'delete',
			action: 'Remove an entry from a list',
			description: 'Delete a list entry (the record itself stays)',
			method: 'DELETE',
			url: paths.listEntry(list, entry),
			output: [reportDeleted('entryId', ['listId'])],
		}),
		operation({
			name: 'Get',
			value: 'get',
			action: 'Get a list entry',
			description: 'Get one entry of a list by ID',
			method: 'GET',
			simplify: true,
			url: paths.listEntry(list, entry),
		}),
		queryOperation({
			action: 'Get many list entries',
			description: 'Query the entries of a list, with filters and sorting',
			endpoint: queries.listEntries(list),
		}),
		operation({
			name: 'Update',
			value: 'update',
			action: 'Update a list entry',
			description:
				"Change the values of a list entry's attributes; attributes not given stay as they are",
			method: 'PATCH',
			url: paths.listEntry(list, entry),
			// The vendor's SDK sends an entry's changes at the top level, not under `data`.
			preSend: [sendAttributes(undefined, { requireSome: true })],
			run: updateThenRead,
		}),
	]),
	...listEntrySharedFields,
	...listEntryCreateFields,
	...listEntryGetAllFields,
	...listEntryAttributesToSend,
	...forOperation('listEntry', ['get', 'getAll'], [simplifyField]),
];
