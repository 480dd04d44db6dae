import { operation } from '../../../shared/descriptions';
import { activities, oneActivity } from './fields';

export const get = operation({
	name: 'Get',
	value: 'get',
	action: 'Get an activity by its _id',
	description: 'Get one activity by ID',
	method: 'GET',
	simplify: true,
	url: oneActivity,
	output: activities,
});
