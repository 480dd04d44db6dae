import type { INodeProperties } from 'n8n-workflow';

import { forOperation, idInPath, operation, operationSelector } from '../../../shared/descriptions';
import { collectionLocator } from '../../../shared/locators';
import { paths } from '../../../shared/transport';

export const collectionDescription: INodeProperties[] = [
	operationSelector('collection', [
		operation({
			name: 'Get',
			value: 'get',
			action: 'Get a collection',
			description: 'Get one collection by ID',
			method: 'GET',
			url: paths.collection(idInPath('collectionId')),
		}),
		operation({
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many collections',
			description: 'List the system and custom collections of the workspace',
			method: 'GET',
			url: paths.collections,
		}),
	]),
	...forOperation('collection', 'get', [collectionLocator]),
];
