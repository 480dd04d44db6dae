import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import { deleteAttribute, deleteFields } from './delete';
import { getAll, getAllFields } from './getAll';

export const attributeDescription: INodeProperties[] = [
	operationSelector('attribute', [deleteAttribute, getAll]),
	...deleteFields,
	...getAllFields,
];
