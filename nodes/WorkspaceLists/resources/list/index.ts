import type { INodeProperties } from 'n8n-workflow';

import { forOperation, idInPath, operation, operationSelector } from '../../../shared/descriptions';
import { listLocator } from '../../../shared/locators';
import { paths } from '../../../shared/transport';

export const listDescription: INodeProperties[] = [
	operationSelector('list', [
		operation({
			name: 'Get',
			value: 'get',
			action: 'Get a list',
			description: 'Get one list by ID',
			method: 'GET',
			url: paths.list(idInPath('listId')),
		}),
		operation({
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many lists',
			description: 'Get all lists of the workspace, with the collection each belongs to',
			method: 'GET',
			url: paths.lists,
		}),
	]),
	...forOperation('list', 'get', [listLocator]),
];
