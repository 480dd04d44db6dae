import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import { deleteAttribute, deleteFields } from './delete';
import { getAll, getAllFields } from './getAll';
import { ATTRIBUTES_HINTS } from '../../hints';

export const attributeDescription: INodeProperties[] = [
	operationSelector('attribute', [deleteAttribute, getAll], ATTRIBUTES_HINTS),
	...deleteFields,
	...getAllFields,
];
