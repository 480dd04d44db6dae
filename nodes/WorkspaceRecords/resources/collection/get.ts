import { forOperation, idInPath, operation } from '../../../shared/descriptions';
import { collectionLocator } from '../../../shared/locators';
import { paths } from '../../../shared/transport';

export const getFields = forOperation('collection', 'get', [collectionLocator]);

export const get = operation({
	name: 'Get',
	value: 'get',
	action: 'Get a collection by its _id',
	description: 'Get one collection by ID',
	method: 'GET',
	url: paths.collection(idInPath('collectionId')),
});
