import type { INodeProperties } from 'n8n-workflow';

import { sendAttributes } from '../../../shared/attributes';
import { forOperation, idInPath, operation, operationSelector, reportDeleted, updateThenRead } from '../../../shared/descriptions';
import { simplifyFields } from '../../../shared/simplify';
import { sendFilterAndSort } from '../../../shared/filterFields';
import { createFields } from './create';
import { getAllFields } from './getAll';
import { attributesToSend, sharedFields } from './shared';

const entriesOf = `/api/v1/list-entries/${idInPath('listId')}`;

export const listEntryDescription: INodeProperties[] = [
	operationSelector('listEntry', [
		operation({
			name: 'Create',
			value: 'create',
			action: 'Add a record to a list',
			description: 'Add a record to a list as a new entry, with optional list attribute values',
			method: 'POST',
			url: `${entriesOf}`,
			preSend: [sendAttributes('data')],
		}),
		operation({
			name: 'Delete',
			value: 'delete',
			action: 'Remove an entry from a list',
			description: 'Delete a list entry (the record itself stays)',
			method: 'DELETE',
			url: `${entriesOf}/${idInPath('entryId')}`,
			output: [reportDeleted('entryId', ['listId'])],
		}),
		operation({
			name: 'Get',
			value: 'get',
			action: 'Get a list entry',
			description: 'Get one entry of a list by ID',
			method: 'GET',
			simplify: true,
			url: `${entriesOf}/${idInPath('entryId')}`,
		}),
		operation({
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many list entries',
			description: 'Query the entries of a list, with filters and sorting',
			method: 'POST',
			url: `${entriesOf}/query`,
			paginate: true,
			simplify: true,
			preSend: [sendFilterAndSort('object')],
		}),
		operation({
			name: 'Update',
			value: 'update',
			action: 'Update a list entry',
			description: "Change the values of a list entry's attributes; attributes not given stay as they are",
			method: 'PATCH',
			url: `${entriesOf}/${idInPath('entryId')}`,
			// The vendor's SDK sends an entry's changes at the top level, not under `data`.
			preSend: [sendAttributes(undefined, { requireSome: true })],
			run: updateThenRead,
		}),
	]),
	...sharedFields,
	...createFields,
	...getAllFields,
	...attributesToSend,
	...forOperation('listEntry', ['get', 'getAll'], simplifyFields),
];
