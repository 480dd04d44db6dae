import { operation } from '../../../shared/descriptions';
import { paths } from '../../../shared/transport';

export const getAll = operation({
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many workspace members, each with the user ID that member attributes take',
	description: 'Get all members of the workspace',
	method: 'GET',
	url: paths.members,
});
