import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import { get, getFields } from './get';
import { getAll } from './getAll';
import { RECORDS_HINTS } from '../../hints';

export const collectionDescription: INodeProperties[] = [
	operationSelector('collection', [get, getAll], RECORDS_HINTS),
	...getFields,
];
