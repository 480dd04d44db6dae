import type { IDataObject } from 'n8n-workflow';

import {
	dataRoot,
	forOperation,
	operation,
	updateFieldsCollection,
} from '../../../shared/descriptions';
import { sendBody } from '../../../shared/input';
import { updateThenRead } from '../../../shared/transport';
import { buildDefinitionBody } from './body';
import {
	attributePath,
	customAttributeField,
	definitionFields,
	explainDefinitionRefusal,
	refreshSchema,
} from './fields';

export const updateFields = forOperation('attribute', 'update', [
	{
		...customAttributeField,
		description:
			'The custom attribute to change; system attributes cannot be changed. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	updateFieldsCollection(
		definitionFields,
		"Only the fields given are changed; a type's settings (such as Currency Code) apply to attributes of that type",
	),
]);

export const update = operation({
	name: 'Update',
	value: 'update',
	action:
		'Update a custom attribute by ID: only the fields given change; a new API Key Name must be unused there',
	description:
		"Change a custom attribute's name, key, type or settings; the others stay as they are",
	method: 'PATCH',
	url: attributePath,
	preSend: [
		sendBody((context) =>
			buildDefinitionBody(context.getNodeParameter('updateFields', {}) as IDataObject, {
				creating: false,
			}),
		),
	],
	readAnswer: explainDefinitionRefusal,
	output: [refreshSchema, dataRoot],
	run: updateThenRead,
});
