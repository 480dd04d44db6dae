import { operation } from '../../../shared/descriptions';
import { recordPath } from './fields';

export const get = operation({
	name: 'Get',
	value: 'get',
	action: 'Get a record by its _id',
	description: 'Get one record of a collection by ID',
	method: 'GET',
	simplify: true,
	url: recordPath,
});
