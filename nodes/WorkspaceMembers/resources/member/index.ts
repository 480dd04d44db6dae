import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import { get, getFields } from './get';
import { getAll } from './getAll';
import { MEMBERS_HINTS } from '../../hints';

export const memberDescription: INodeProperties[] = [
	operationSelector('member', [get, getAll], MEMBERS_HINTS),
	...getFields,
];
