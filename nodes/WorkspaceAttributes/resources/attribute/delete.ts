import { forOperation, operation, reportDeleted } from '../../../shared/descriptions';
import { attributePath, customAttributeField, refreshSchema } from './fields';

export const deleteFields = forOperation('attribute', 'delete', [
	{
		...customAttributeField,
		description:
			'The custom attribute to delete; system attributes cannot be deleted. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
]);

export const deleteAttribute = operation({
	name: 'Delete',
	value: 'delete',
	action: 'Delete a custom attribute by ID, with all its values',
	description: 'Delete a custom attribute of a collection or list, with its values',
	method: 'DELETE',
	url: attributePath,
	output: [refreshSchema, reportDeleted('attributeId', ['target'])],
});
