import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import { create, createFields } from './create';
import { deleteActivity } from './delete';
import { activityLocatorField, activitySimplifyField } from './fields';
import { get } from './get';
import { getAll, getAllFields } from './getAll';
import { update, updateFields } from './update';
import { ACTIVITIES_HINTS } from '../../hints';

export const activityDescription: INodeProperties[] = [
	operationSelector('activity', [create, deleteActivity, get, getAll, update], ACTIVITIES_HINTS),
	...activityLocatorField,
	...createFields,
	...getAllFields,
	...updateFields,
	...activitySimplifyField,
];
