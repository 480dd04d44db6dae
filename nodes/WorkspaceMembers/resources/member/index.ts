import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import { get, getFields } from './get';
import { getAll } from './getAll';

export const memberDescription: INodeProperties[] = [
	operationSelector('member', [get, getAll]),
	...getFields,
];
