import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { booleanIn, InputError, textIn, toStringList } from '../../../shared/input';
import { requiredText } from '../../../shared/messaging/fields';

/**
 * What Create and Update send (docs/api.md §4.6): an attribute definition, its type's settings
 * under `config`. Create and Update share these fields and this one builder.
 */

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

const CURRENCY_DISPLAYS: INodePropertyOptions[] = [
	{ name: 'Code', value: 'code', description: 'Such as USD' },
	{ name: 'Name', value: 'name', description: 'Such as US dollars' },
	{ name: 'Narrow Symbol', value: 'narrowSymbol', description: 'Such as $' },
	{ name: 'Symbol', value: 'symbol', description: 'Such as US$' },
];

const VALIDATIONS: INodePropertyOptions[] = [
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

export interface DefinitionInput {
	name?: unknown;
	attributeKey?: unknown;
	inputType?: unknown;
	currencyCode?: unknown;
	currencyDisplayType?: unknown;
	dateDisplayType?: unknown;
	recordReference?: unknown;
	aiWizard?: unknown;
	defaultValue?: unknown;
	description?: unknown;
	isEditable?: unknown;
	isMultiSelect?: unknown;
	isRequired?: unknown;
	isUnique?: unknown;
	validation?: unknown;
}

const namesOf = (options: INodePropertyOptions[]) => options.map((o) => o.name).join(', ');

/** One of a dropdown's values, also when an expression gives it. */
function choiceIn(
	value: unknown,
	field: string,
	options: INodePropertyOptions[],
): string | undefined {
	const text = textIn(value, field, 'name').trim();
	if (!text) return undefined;
	if (options.some((o) => o.value === text)) return text;
	throw new InputError(
		field,
		`"${text}" is not one of ${namesOf(options)}`,
		`Choose ${field} from the list; an expression must give one of: ${options.map((o) => String(o.value)).join(', ')}.`,
	);
}

function currencyCodeIn(value: unknown): string | undefined {
	const text = textIn(value, 'Currency Code', 'name').trim();
	if (!text) return undefined;
	if (/^[A-Za-z]{3}$/.test(text)) return text.toUpperCase();
	throw new InputError(
		'Currency Code',
		`"${text}" is not a three-letter currency code`,
		'Give an ISO 4217 code, such as EUR, GBP or USD.',
	);
}

function collectionIdsIn(value: unknown): string[] | undefined {
	if (value === undefined) return undefined;
	const ids = toStringList(value, 'Linked Collections');
	for (const id of ids) textIn(id, 'Linked Collections', 'id');
	return ids.length ? ids : undefined;
}

/** Only what was given: Update changes nothing else (PATCH), and Create leaves the rest to the service's defaults. */
function defined(entries: Record<string, unknown>): IDataObject {
	return Object.fromEntries(
		Object.entries(entries).filter(([, value]) => value !== undefined),
	) as IDataObject;
}

const optionalTextIn = (value: unknown, field: string) => {
	const text = textIn(value, field);
	return text.trim() ? text : undefined;
};

function configOf(input: DefinitionInput): IDataObject {
	return defined({
		currencyDisplayType: choiceIn(input.currencyDisplayType, 'Currency Display', CURRENCY_DISPLAYS),
		currencyCode: currencyCodeIn(input.currencyCode),
		recordReference: collectionIdsIn(input.recordReference),
		aiWizard: optionalTextIn(input.aiWizard, 'AI Prompt'),
		dateDisplayType: optionalTextIn(input.dateDisplayType, 'Date Display'),
	});
}

/** The vendor's body (attr-create, attr-update); `config` is required on Create, so always sent there. */
export function buildDefinitionBody(
	input: DefinitionInput,
	{ creating }: { creating: boolean },
): IDataObject {
	const config = configOf(input);
	const body = defined({
		apiKeyName: creating
			? requiredText(
					input.attributeKey,
					'API Key Name',
					'Give the key records will use, such as leadScore.',
					'name',
				).trim()
			: textIn(input.attributeKey, 'API Key Name', 'name').trim() || undefined,
		inputType: choiceIn(input.inputType, 'Input Type', INPUT_TYPES),
		name: creating
			? requiredText(
					input.name,
					'Name',
					'Give the name people will see, such as Lead Score.',
				).trim()
			: optionalTextIn(input.name, 'Name')?.trim(),
		config: creating || Object.keys(config).length ? config : undefined,
		defaultValue: optionalTextIn(input.defaultValue, 'Default Value'),
		description: optionalTextIn(input.description, 'Description'),
		isEditable: booleanIn(input.isEditable, 'Editable'),
		isMultiSelect: booleanIn(input.isMultiSelect, 'Multiple Values'),
		isRequired: booleanIn(input.isRequired, 'Required'),
		isUnique: booleanIn(input.isUnique, 'Unique'),
		validation: choiceIn(input.validation, 'Validation', VALIDATIONS),
	});
	if (creating && !body.inputType) {
		throw new InputError('Input Type', 'empty', 'Choose the Input Type from the list.');
	}
	if (!creating && Object.keys(body).length === 0) {
		throw new InputError(
			'Update Fields',
			'nothing to change',
			'Add at least one field to Update Fields, with its new value.',
		);
	}
	return body;
}
