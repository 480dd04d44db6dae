import { queryFields, queryOperation } from '../../../shared/descriptions';
import { queries } from '../../../shared/transport';
import { activities } from './fields';

export const getAllFields = queryFields('activity');

export const getAll = queryOperation({
	action: 'Get many activities that match the filter, each with its _id',
	description: 'Query activities, with filters and sorting',
	endpoint: queries.activities,
	output: activities,
});
