import { forOperation, operation } from '../../../shared/descriptions';
import { targetFields, targetPath } from './fields';

export const getAllFields = forOperation('attribute', 'getAll', targetFields);

export const getAll = operation({
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many attributes',
	description: 'Get the attributes of a collection or list: API key names and types',
	method: 'GET',
	url: targetPath,
});
