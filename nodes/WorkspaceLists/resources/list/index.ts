import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import { get, getFields } from './get';
import { getAll } from './getAll';
import { LISTS_HINTS } from '../../hints';

export const listDescription: INodeProperties[] = [
	operationSelector('list', [get, getAll], LISTS_HINTS),
	...getFields,
];
