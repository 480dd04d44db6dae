import { forOperation, operation } from '../../../shared/descriptions';
import { attributePath } from './fields';

export const getFields = forOperation('attribute', 'get', [
	{
		displayName: 'Attribute Name or ID',
		name: 'attributeId',
		type: 'options',
		typeOptions: {
			loadOptionsMethod: 'getAttributesById',
			loadOptionsDependsOn: ['target', 'collectionId.value', 'listId.value'],
		},
		required: true,
		default: '',
		description:
			'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	},
]);

export const get = operation({
	name: 'Get',
	value: 'get',
	action: 'Get an attribute by ID: its API Key Name, input type and settings',
	description: 'Get one attribute by ID: its key, type and settings',
	method: 'GET',
	url: attributePath,
});
