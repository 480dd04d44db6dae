import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { subjectAttributesPath } from '../../../shared/attributes/schema';
import { attributeKey, attributeType } from '../../../shared/attributes/types';
import {
	additionalFieldsCollection,
	dataRoot,
	forOperation,
	operation,
} from '../../../shared/descriptions';
import { sendBody } from '../../../shared/input';
import type { CreatedLookup } from '../../../shared/transport';
import { apiRequest } from '../../../shared/transport';
import { buildDefinitionBody } from './body';
import {
	attributeKeyField,
	behaviourFields,
	explainDefinitionRefusal,
	inputTypeField,
	nameField,
	refreshSchema,
	SETTING_TYPES,
	targetPath,
	typeSettingFields,
} from './fields';

export const createFields = forOperation('attribute', 'create', [
	{ ...nameField, required: true },
	{ ...attributeKeyField, required: true },
	inputTypeField,
	...typeSettingFields.map((field) => ({
		...field,
		displayOptions: { show: { inputType: SETTING_TYPES[field.name] } },
	})),
	additionalFieldsCollection(behaviourFields),
]);

/** The item's definition: its type's settings only where that type shows them. */
function definitionOf(context: IExecuteSingleFunctions): IDataObject {
	const inputType = context.getNodeParameter('inputType', '');
	const settings = Object.entries(SETTING_TYPES)
		.filter(([, types]) => types.includes(String(inputType)))
		.map(([name]) => [name, context.getNodeParameter(name, undefined)]);
	return {
		name: context.getNodeParameter('name', ''),
		attributeKey: context.getNodeParameter('attributeKey', ''),
		inputType,
		...Object.fromEntries(settings),
		...(context.getNodeParameter('additionalFields', {}) as IDataObject),
	};
}

/** A create whose answer was lost: the target's attribute with the key, name and type sent. */
const findCreatedAttribute: CreatedLookup = async (context, body) => {
	const path = subjectAttributesPath(context);
	if (!path) return { unidentified: 'no collection or list was given' };
	const attributes = await apiRequest(context, 'GET', path, { read: true });
	const found = attributes.filter(
		(a) =>
			attributeKey(a) === body.apiKeyName &&
			attributeType(a) === body.inputType &&
			a.name === body.name,
	);
	return { found, by: `API Key Name = ${String(body.apiKeyName)}` };
};

export const create = operation({
	name: 'Create',
	value: 'create',
	action:
		'Create an attribute in a collection or list; its API Key Name must be new there, and records can use it at once',
	description:
		'Add a custom attribute to a collection or list: its name, API key name, input type and settings',
	method: 'POST',
	url: targetPath,
	preSend: [sendBody((context) => buildDefinitionBody(definitionOf(context), { creating: true }))],
	readAnswer: explainDefinitionRefusal,
	output: [refreshSchema, dataRoot],
	lookUp: findCreatedAttribute,
});
