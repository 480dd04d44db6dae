import { forOperation, idInPath, operation } from '../../../shared/descriptions';
import { listLocator } from '../../../shared/locators';
import { paths } from '../../../shared/transport';

export const getFields = forOperation('list', 'get', [listLocator]);

export const get = operation({
	name: 'Get',
	value: 'get',
	action: 'Get a list by its _id',
	description: 'Get one list by ID',
	method: 'GET',
	url: paths.list(idInPath('listId')),
});
