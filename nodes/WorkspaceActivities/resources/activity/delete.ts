import { operation, reportDeleted } from '../../../shared/descriptions';
import { oneActivity } from './fields';

export const deleteActivity = operation({
	name: 'Delete',
	value: 'delete',
	action: 'Delete an activity by its _id',
	description: 'Delete an activity by ID',
	method: 'DELETE',
	url: oneActivity,
	output: [reportDeleted('activityId')],
});
