import { forOperation, idInPath, operation, reportDeleted } from '../../../shared/descriptions';
import { targetFields, targetPath } from './fields';

export const deleteFields = forOperation('attribute', 'delete', [
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
]);

export const deleteAttribute = operation({
	name: 'Delete',
	value: 'delete',
	action: 'Delete a custom attribute',
	description: 'Delete a custom attribute of a collection or list, with its values',
	method: 'DELETE',
	url: `${targetPath}/${idInPath('attributeId')}`,
	output: [reportDeleted('attributeId', ['target'])],
});
