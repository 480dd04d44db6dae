import type { INodeProperties } from 'n8n-workflow';

import { sendAttributes } from '../../../shared/attributes';
import { forOperation, idInPath, operation, operationSelector, reportDeleted, updateThenRead } from '../../../shared/descriptions';
import { simplifyFields } from '../../../shared/simplify';
import { sendFilterAndSort } from '../../../shared/filterFields';
import { getAllFields } from './getAll';
import { attributesToSend, sharedFields } from './shared';
import { upsertFields, upsertRecord } from './upsert';

const recordsOf = `/api/v1/collection-records/${idInPath('collectionId')}`;

export const recordDescription: INodeProperties[] = [
	operationSelector('record', [
		operation({
			name: 'Create',
			value: 'create',
			action: 'Create a record',
			description: 'Create a record in a collection from attribute values',
			method: 'POST',
			url: `${recordsOf}`,
			preSend: [sendAttributes(undefined, { requireSome: true })],
		}),
		operation({
			name: 'Create or Update',
			value: 'upsert',
			action: 'Create or update a record',
			description: 'Create a new record, or update the current one if it already exists (upsert)',
			method: 'POST',
			url: `${recordsOf}`,
			preSend: [sendAttributes(undefined, { requireSome: true })],
			run: upsertRecord,
		}),
		operation({
			name: 'Delete',
			value: 'delete',
			action: 'Delete a record',
			description: 'Delete a record of a collection by ID',
			method: 'DELETE',
			url: `${recordsOf}/${idInPath('recordId')}`,
			output: [reportDeleted('recordId', ['collectionId'])],
		}),
		operation({
			name: 'Get',
			value: 'get',
			action: 'Get a record',
			description: 'Get one record of a collection by ID',
			method: 'GET',
			simplify: true,
			url: `${recordsOf}/${idInPath('recordId')}`,
		}),
		operation({
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many records',
			description: 'Query the records of a collection, with filters and sorting',
			method: 'POST',
			url: `${recordsOf}/query`,
			paginate: true,
			simplify: true,
			preSend: [sendFilterAndSort('object')],
		}),
		operation({
			name: 'Update',
			value: 'update',
			action: 'Update a record',
			description: 'Change the given attributes of a record; the others stay as they are',
			method: 'PATCH',
			url: `${recordsOf}/${idInPath('recordId')}`,
			preSend: [sendAttributes(undefined, { requireSome: true })],
			run: updateThenRead,
		}),
	]),
	...sharedFields,
	...upsertFields,
	...getAllFields,
	...attributesToSend,
	...forOperation('record', ['get', 'getAll'], simplifyFields),
];
