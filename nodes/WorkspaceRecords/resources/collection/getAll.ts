import { operation } from '../../../shared/descriptions';
import { paths } from '../../../shared/transport';

export const getAll = operation({
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many collections, each with the _id that record operations take',
	description: 'List the system and custom collections of the workspace',
	method: 'GET',
	url: paths.collections,
});
