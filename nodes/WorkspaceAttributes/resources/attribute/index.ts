import type { INodeProperties } from 'n8n-workflow';

import { forOperation, operationSelector } from '../../../shared/descriptions';
import { create, createFields } from './create';
import { deleteAttribute, deleteFields } from './delete';
import { targetFields } from './fields';
import { get, getFields } from './get';
import { getAll } from './getAll';
import { update, updateFields } from './update';
import { ATTRIBUTES_HINTS } from '../../hints';

export const attributeDescription: INodeProperties[] = [
	operationSelector('attribute', [create, deleteAttribute, get, getAll, update], ATTRIBUTES_HINTS),
	...forOperation('attribute', ['create', 'delete', 'get', 'getAll', 'update'], targetFields),
	...createFields,
	...deleteFields,
	...getFields,
	...updateFields,
];
