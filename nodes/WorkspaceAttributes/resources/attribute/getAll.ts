import { operation } from '../../../shared/descriptions';
import { targetPath } from './fields';

export const getAll = operation({
	name: 'Get Many',
	value: 'getAll',
	action:
		'Get many attributes of a collection or list: the API Key Names and input types records take',
	description: 'Get the attributes of a collection or list: API key names and types',
	method: 'GET',
	url: targetPath,
});
