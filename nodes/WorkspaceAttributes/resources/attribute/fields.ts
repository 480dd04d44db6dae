import type {
	IDataObject,
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodeProperties,
	PostReceiveAction,
} from 'n8n-workflow';

import { attributesChangedAt, subjectAttributesPath } from '../../../shared/attributes/schema';
import { idInPath } from '../../../shared/descriptions';
import { collectionLocator, listLocator } from '../../../shared/locators';
import { explainRefusal } from '../../../shared/refusal';
import { paths } from '../../../shared/transport';

/** Which collection or list the attributes belong to. */
export const targetFields: INodeProperties[] = [
	{
		displayName: 'Target',
		name: 'target',
		type: 'options',
		options: [
			{
				name: 'Collection',
				value: 'collection',
				description: 'Attributes of a collection, shared by its records',
			},
			{ name: 'List', value: 'list', description: 'Attributes of a list, set on its entries' },
		],
		default: 'collection',
		description: 'Whether the attributes belong to a collection or to a list',
	},
	{ ...collectionLocator, displayOptions: { show: { target: ['collection'] } } },
	{ ...listLocator, displayOptions: { show: { target: ['list'] } } },
];

/** The attributes of the chosen target: the door fills `{targetId}` from Collection or List. */
export const targetPath = paths.attributes('{target}', '{targetId}');

/** One attribute of the target. */
export const attributePath = `${targetPath}/${idInPath('attributeId')}`;

/** A custom attribute by ID: system attributes cannot be changed or deleted (each operation says so). */
export const customAttributeField: INodeProperties = {
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
		'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
};

/**
 * Once an attribute is created, changed or deleted, node runs that kept the target's attributes
 * read them again (schema.ts): a Records or Lists node, or AI tool, writes the new one at once.
 */
export const refreshSchema: PostReceiveAction = async function (
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const path = subjectAttributesPath(this);
	if (path) attributesChangedAt(path);
	return items;
};

/** The service refuses a key it already has; its words for it are not documented. */
const TAKEN_WORDS = /already|exists|duplicate|taken|in use|unique/i;

/**
 * Create and Update: an API Key Name the target already has is said as such, with what to do;
 * any other refusal with what these operations send.
 */
export const explainDefinitionRefusal = explainRefusal((context, said, response) => {
	const fields = (context.getNodeParameter('updateFields', {}) ?? {}) as IDataObject;
	const key = String(
		context.getNodeParameter('attributeKey', '') || fields.attributeKey || '',
	).trim();
	const target =
		context.getNodeParameter('target', 'collection') === 'list' ? 'list' : 'collection';
	return key && TAKEN_WORDS.test(said)
		? {
				message: `The API Key Name "${key}" is already used by an attribute of this ${target}`,
				description: `An API Key Name is unique within its collection or list. Choose another API Key Name, or change the existing attribute with the Update operation (Get Many lists the attributes with their IDs). The service said: ${said}`,
			}
		: {
				message: said || `The service rejected the attribute (HTTP ${response.statusCode})`,
				description:
					'Check Name, API Key Name and Input Type, and the settings given: Currency Code a three-letter code, Linked Collections existing collections. System attributes cannot be changed.',
			};
});
