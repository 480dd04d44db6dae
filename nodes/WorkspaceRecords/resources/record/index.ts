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
import { simplifyField } from '../../../shared/simplify';
import { paths, queries, updateThenRead } from '../../../shared/transport';
import { findCreatedRecord } from './findCreated';
import { recordGetAllFields } from './getAll';
import { recordAttributesToSend, recordSharedFields } from './shared';
import { recordUpsertFields, upsertRecord } from './upsert';

const collection = idInPath('collectionId');
const record = paths.record(collection, idInPath('recordId'));

export const recordDescription: INodeProperties[] = [
	operationSelector('record', [
		operation({
			name: 'Create',
			value: 'create',
			action: 'Create a record',
			description: 'Create a record in a collection from attribute values',
			method: 'POST',
			url: paths.records(collection),
			preSend: [sendAttributes(undefined, { requireSome: true })],
			lookUp: findCreatedRecord,
		}),
		operation({
			name: 'Create or Update',
			value: 'upsert',
			action: 'Create or update a record',
			description: 'Create a new record, or update the current one if it already exists (upsert)',
			method: 'POST',
			url: paths.records(collection),
			preSend: [sendAttributes(undefined, { requireSome: true })],
			run: upsertRecord,
			lookUp: findCreatedRecord,
		}),
		operation({
			name: 'Delete',
			value: 'delete',
			action: 'Delete a record',
			description: 'Delete a record of a collection by ID',
			method: 'DELETE',
			url: record,
			output: [reportDeleted('recordId', ['collectionId'])],
		}),
		operation({
			name: 'Get',
			value: 'get',
			action: 'Get a record',
			description: 'Get one record of a collection by ID',
			method: 'GET',
			simplify: true,
			url: record,
		}),
		queryOperation({
			action: 'Get many records',
			description: 'Query the records of a collection, with filters and sorting',
			endpoint: queries.records(collection),
		}),
		operation({
			name: 'Update',
			value: 'update',
			action: 'Update a record',
			description: 'Change the given attributes of a record; the others stay as they are',
			method: 'PATCH',
			url: record,
			preSend: [sendAttributes(undefined, { requireSome: true })],
			run: updateThenRead,
		}),
	]),
	...recordSharedFields,
	...recordGetAllFields,
	...recordAttributesToSend,
	// After the attributes, where the match attribute is chosen: Update All Matches qualifies it.
	...recordUpsertFields,
	...forOperation('record', ['get', 'getAll'], [simplifyField]),
];
