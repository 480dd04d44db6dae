import { operation } from '../../../shared/descriptions';
import { entryPath } from './fields';

export const get = operation({
	name: 'Get',
	value: 'get',
	action: 'Get a list entry by its _id',
	description: 'Get one entry of a list by ID',
	method: 'GET',
	simplify: true,
	url: entryPath,
});
