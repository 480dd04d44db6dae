import type { INodeProperties } from 'n8n-workflow';

import {
	dataRoot,
	forOperation,
	idInPath,
	operation,
	operationSelector,
	queryOperation,
	reportDeleted,
	returnAllAndLimit,
} from '../../../shared/descriptions';
import { activityItems } from '../../../shared/activityOutput';
import { simplifyField } from '../../../shared/simplify';
import { filterAndSortFields } from '../../../shared/query/fields';
import { activityLocator } from '../../../shared/locators';
import { paths, queries, updateThenRead } from '../../../shared/transport';
import { activityCreateFields } from './create';
import { sendActivity } from './body';
import { activityUpdateFields } from './update';

const oneActivity = paths.activity(idInPath('activityId'));
/** The envelope's `data`, each activity with `completed` and a testable `completedTime`. */
const activities = [dataRoot, activityItems];

export const activityDescription: INodeProperties[] = [
	operationSelector('activity', [
		operation({
			name: 'Create',
			value: 'create',
			action: 'Create an activity',
			description: 'Create a task, such as a call or a meeting, optionally tied to a record',
			method: 'POST',
			url: paths.activities,
			preSend: [sendActivity('create')],
			output: activities,
		}),
		operation({
			name: 'Delete',
			value: 'delete',
			action: 'Delete an activity',
			description: 'Delete an activity by ID',
			method: 'DELETE',
			url: oneActivity,
			output: [reportDeleted('activityId')],
		}),
		operation({
			name: 'Get',
			value: 'get',
			action: 'Get an activity',
			description: 'Get one activity by ID',
			method: 'GET',
			simplify: true,
			url: oneActivity,
			output: activities,
		}),
		queryOperation({
			action: 'Get many activities',
			description: 'Query activities, with filters and sorting',
			endpoint: queries.activities,
			output: activities,
		}),
		operation({
			name: 'Update',
			value: 'update',
			action: 'Update an activity',
			description: 'Change the fields given; the others stay as they are',
			method: 'PATCH',
			url: oneActivity,
			preSend: [sendActivity('update')],
			output: activities,
			run: updateThenRead,
		}),
	]),
	...forOperation('activity', ['delete', 'get', 'update'], [activityLocator]),
	...activityCreateFields,
	...forOperation('activity', 'getAll', [...returnAllAndLimit, ...filterAndSortFields]),
	...activityUpdateFields,
	...forOperation('activity', ['get', 'getAll'], [simplifyField]),
];
