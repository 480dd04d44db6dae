import type {
	IDataObject,
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
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

/** The 17 input types the vendor lists on its Create page, in the workspace's words, in n8n's alphabetical order. */
export const INPUT_TYPES: INodePropertyOptions[] = (
	[
		{ name: 'Text', value: 'text' },
		{ name: 'Number', value: 'number' },
		{ name: 'Checkbox', value: 'checkbox' },
		{ name: 'Currency', value: 'currency', description: 'A number in a currency' },
		{ name: 'Date', value: 'date' },
		{ name: 'Date and Time', value: 'timestamp' },
		{ name: 'Rating', value: 'rating' },
		{
			name: 'Status',
			value: 'status',
			description: 'Stages; the API cannot add them: add them in the workspace',
		},
		{
			name: 'Select',
			value: 'select',
			description: 'One option; the API cannot add options: add them in the workspace',
		},
		{
			name: 'Multi-Select',
			value: 'multiselect',
			description: 'Several options; the API cannot add options: add them in the workspace',
		},
		{ name: 'Record Link', value: 'record-reference', description: 'A record of a collection' },
		{ name: 'Member', value: 'actor-reference', description: 'A workspace member' },
		{ name: 'Domain', value: 'domain' },
		{ name: 'File', value: 'file' },
		{ name: 'AI Wizard', value: 'ai-wizard', description: 'Filled by the workspace from a prompt' },
		{ name: 'Email', value: 'email-address' },
		{ name: 'Phone', value: 'phone-number' },
	] as INodePropertyOptions[]
).sort((a, b) => a.name.localeCompare(b.name));

export const CURRENCY_DISPLAYS: INodePropertyOptions[] = [
	{ name: 'Code', value: 'code', description: 'Such as USD' },
	{ name: 'Name', value: 'name', description: 'Such as US dollars' },
	{ name: 'Narrow Symbol', value: 'narrowSymbol', description: 'Such as $' },
	{ name: 'Symbol', value: 'symbol', description: 'Such as US$' },
];

export const VALIDATIONS: INodePropertyOptions[] = [
	{ name: 'None', value: 'none' },
	{ name: 'Email', value: 'email' },
	{ name: 'URL', value: 'url' },
	{ name: 'Phone', value: 'phone' },
	{
		name: 'Custom Pattern',
		value: 'customRegex',
		description: 'The API takes no pattern: set it in the workspace',
	},
];

export const nameField: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	default: '',
	placeholder: 'e.g. Lead Score',
	description: 'The name people see',
};

export const attributeKeyField: INodeProperties = {
	displayName: 'API Key Name',
	// Not `apiKeyName`: n8n's lint takes a parameter named like an API key for a secret.
	name: 'attributeKey',
	type: 'string',
	default: '',
	placeholder: 'e.g. leadScore',
	description:
		'The key records and list entries carry the value under; unique within the collection or list',
};

export const inputTypeField: INodeProperties = {
	displayName: 'Input Type',
	name: 'inputType',
	type: 'options',
	options: INPUT_TYPES,
	default: 'text',
	description: 'What kind of value the attribute holds',
};

/** The settings of one type (`config`); Create shows each with its type, Update lists them all. */
export const typeSettingFields: INodeProperties[] = [
	{
		displayName: 'Currency Code',
		name: 'currencyCode',
		type: 'string',
		default: '',
		placeholder: 'e.g. EUR',
		description: 'For a Currency attribute: the three-letter currency code',
	},
	{
		displayName: 'Currency Display',
		name: 'currencyDisplayType',
		type: 'options',
		options: CURRENCY_DISPLAYS,
		default: 'symbol',
		description: 'For a Currency attribute: how the currency is shown',
	},
	{
		displayName: 'Date Display',
		name: 'dateDisplayType',
		type: 'string',
		default: '',
		description:
			"For a Date or Date and Time attribute: how it is shown, in the workspace's own words (the API does not list them)",
	},
	{
		displayName: 'Linked Collection Names or IDs',
		name: 'recordReference',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getCollections' },
		default: [],
		description:
			'For a Record Link attribute: the collections whose records it links to. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'AI Prompt',
		name: 'aiWizard',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		description: 'For an AI Wizard attribute: the prompt the workspace fills it from',
	},
];

/** Which input types each setting belongs to: Create shows it with them. */
export const SETTING_TYPES: Record<string, string[]> = {
	currencyCode: ['currency'],
	currencyDisplayType: ['currency'],
	dateDisplayType: ['date', 'timestamp'],
	recordReference: ['record-reference'],
	aiWizard: ['ai-wizard'],
};

/** What any attribute may have besides its type's settings. */
export const behaviourFields: INodeProperties[] = [
	{
		displayName: 'Default Value',
		name: 'defaultValue',
		type: 'string',
		default: '',
		description: 'The value a new record or entry gets when none is given',
	},
	{
		displayName: 'Description',
		name: 'description',
		type: 'string',
		default: '',
		description: 'What the attribute is for, shown to people',
	},
	{
		displayName: 'Editable',
		name: 'isEditable',
		type: 'boolean',
		default: true,
		description: 'Whether people and the API can change its values',
	},
	{
		displayName: 'Multiple Values',
		name: 'isMultiSelect',
		type: 'boolean',
		default: false,
		description: 'Whether it holds several values',
	},
	{
		displayName: 'Required',
		name: 'isRequired',
		type: 'boolean',
		default: false,
		description: 'Whether every record or entry must have a value',
	},
	{
		displayName: 'Unique',
		name: 'isUnique',
		type: 'boolean',
		default: false,
		description: 'Whether no two records or entries may have the same value',
	},
	{
		displayName: 'Validation',
		name: 'validation',
		type: 'options',
		options: VALIDATIONS,
		default: 'none',
		description: 'What the workspace checks a value against',
	},
];

/** Every field of a definition, as Update offers them: in n8n's alphabetical order. */
export const definitionFields: INodeProperties[] = [
	nameField,
	attributeKeyField,
	inputTypeField,
	...typeSettingFields,
	...behaviourFields,
].sort((a, b) => a.displayName.localeCompare(b.displayName));
