import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import { create } from './create';
import { deleteRecord } from './delete';
import { recordAttributesToSend, recordSharedFields, recordSimplifyField } from './fields';
import { get } from './get';
import { getAll, getAllFields } from './getAll';
import { update } from './update';
import { upsert, upsertFields } from './upsert';
import { RECORDS_HINTS } from '../../hints';

export const recordDescription: INodeProperties[] = [
	operationSelector('record', [create, upsert, deleteRecord, get, getAll, update], RECORDS_HINTS),
	...recordSharedFields,
	...getAllFields,
	...recordAttributesToSend,
	// After the attributes, where the match attribute is chosen: Update All Matches qualifies it.
	...upsertFields,
	...recordSimplifyField,
];
