import type { INodeProperties } from 'n8n-workflow';

import {
	forOperation,
	idInPath,
	operation,
	operationSelector,
	reportDeleted,
} from '../../../shared/descriptions';
import { targetFields, targetPath } from './fields';

export const attributeDescription: INodeProperties[] = [
	operationSelector('attribute', [
		operation({
			name: 'Delete',
			value: 'delete',
			action: 'Delete a custom attribute',
			description: 'Delete a custom attribute of a collection or list, with its values',
			method: 'DELETE',
			url: `${targetPath}/${idInPath('attributeId')}`,
			output: [reportDeleted('attributeId', ['target'])],
		}),
		operation({
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many attributes',
			description: 'Get the attributes of a collection or list: API key names and types',
			method: 'GET',
			url: targetPath,
		}),
	]),
	...forOperation('attribute', 'delete', [
		...targetFields,
		{
			displayName: 'Attribute Name or ID',
			name: 'attributeId',
			type: 'options',
			typeOptions: {
				loadOptionsMethod: 'getCustomAttributes',
				loadOptionsDependsOn: ['target', 'collectionId.value', 'listId.value'],
			},
			required: true,
			default: '',
			description:
				'The custom attribute to delete; system attributes cannot be deleted. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
	]),
	...forOperation('attribute', 'getAll', targetFields),
];
