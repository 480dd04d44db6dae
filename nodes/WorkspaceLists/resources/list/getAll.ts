import { operation } from '../../../shared/descriptions';
import { paths } from '../../../shared/transport';

export const getAll = operation({
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many lists, each with its _id and the collection whose records it holds',
	description: 'Get all lists of the workspace, with the collection each belongs to',
	method: 'GET',
	url: paths.lists,
});
