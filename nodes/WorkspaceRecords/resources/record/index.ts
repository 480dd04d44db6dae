import type { INodeProperties } from 'n8n-workflow';

import { sendAttributes } from '../../../shared/attributes';
import { idInPath, operation, operationSelector } from '../../../shared/descriptions';
import { sendFilterAndSort } from '../../../shared/filterFields';
import { createFields } from './create';
import { getFields } from './get';
import { getAllFields } from './getAll';

const recordsOf = `/api/v1/collection-records/${idInPath('collectionId')}`;

export const recordDescription: INodeProperties[] = [
	operationSelector('record', [
		operation({
			name: 'Create',
			value: 'create',
			action: 'Create a record',
			description: 'Create a record in a collection from attribute values',
			method: 'POST',
			url: `=${recordsOf}`,
			preSend: [sendAttributes(undefined, { requireSome: true })],
		}),
		operation({
			name: 'Get',
			value: 'get',
			action: 'Get a record',
			description: 'Get one record of a collection by ID',
			method: 'GET',
			url: `=${recordsOf}/${idInPath('recordId')}`,
		}),
		operation({
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many records',
			description: 'Query the records of a collection, with filters and sorting',
			method: 'POST',
			url: `=${recordsOf}/query`,
			paginate: true,
			preSend: [sendFilterAndSort('object')],
		}),
	]),
	...createFields,
	...getFields,
	...getAllFields,
];
