import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import { create, createFields } from './create';
import { deleteEntry } from './delete';
import { listEntryAttributesToSend, listEntrySharedFields, listEntrySimplifyField } from './fields';
import { get } from './get';
import { getAll, getAllFields } from './getAll';
import { update } from './update';
import { LISTS_HINTS } from '../../hints';

export const listEntryDescription: INodeProperties[] = [
	operationSelector('listEntry', [create, deleteEntry, get, getAll, update], LISTS_HINTS),
	...listEntrySharedFields,
	...createFields,
	...getAllFields,
	...listEntryAttributesToSend,
	...listEntrySimplifyField,
];
