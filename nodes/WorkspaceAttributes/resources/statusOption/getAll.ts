import { operation } from '../../../shared/descriptions';
import { statusOptionsPath } from './fields';

export const getAll = operation({
	name: 'Get Many',
	value: 'getAll',
	action:
		'Get many status options of a status attribute, each with the ID records take as its value',
	description: 'Get the options (stages) of a status attribute, in their order',
	method: 'GET',
	url: statusOptionsPath,
});
