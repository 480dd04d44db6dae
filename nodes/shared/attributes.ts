import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	PreSendAction,
} from 'n8n-workflow';

import { fromInput, InputError, parseJsonObject, parseJsonText } from './input';

export type ValueType = 'text' | 'number' | 'boolean' | 'list' | 'json';

export interface AttributeEntry {
	key?: string;
	type?: ValueType;
	textValue?: string;
	numberValue?: number;
	booleanValue?: boolean;
	listValue?: string | string[];
	jsonValue?: unknown;
}

/**
 * An attribute definition as the service sends it: its key is `apiKeyName` and its type
 * `inputType` (the vendor's docs). `key` and `type` are read too, where a server sends those.
 */
export const attributeKey = (definition: IDataObject) => String(definition.apiKeyName ?? definition.key ?? '');
export const attributeType = (definition: IDataObject) => String(definition.inputType ?? definition.type ?? '');

/** A list of strings from a comma-separated text or an array given by an expression. */
export function toStringList(value: unknown): string[] {
	const parts = Array.isArray(value) ? value : String(value ?? '').split(',');
	return parts.map((part) => String(part).trim()).filter((part) => part !== '');
}

function valueOf(entry: AttributeEntry, field: string): unknown {
	switch (entry.type ?? 'text') {
		case 'number': {
			const number = Number(entry.numberValue);
			if (entry.numberValue === undefined || Number.isNaN(number)) {
				throw new InputError(field, 'the value is not a number', 'Give a number, or pick another Send Value As.');
			}
			return number;
		}
		case 'boolean':
			return Boolean(entry.booleanValue);
		case 'list':
			return toStringList(entry.listValue);
		case 'json':
			return typeof entry.jsonValue === 'string' ? parseJsonText(entry.jsonValue, field) : entry.jsonValue;
		default:
			return entry.textValue ?? '';
	}
}

interface TypedPairs {
	/** The field as the user sees it, e.g. "Attributes". */
	field: string;
	/** What one key is, e.g. "attribute". */
	noun: string;
	hint: string;
}

/** An object of key → typed value from repeated key/value entries, refusing empty and repeated keys. */
export function buildTypedObject(entries: AttributeEntry[], { field, noun, hint }: TypedPairs): IDataObject {
	const body: IDataObject = {};
	entries.forEach((entry, index) => {
		const at = `${field}, entry ${index + 1}`;
		const key = (entry.key ?? '').trim();
		if (!key) throw new InputError(at, `the ${noun} has no name`, hint);
		if (key in body) {
			throw new InputError(at, `the ${noun} "${key}" is given twice`, 'Remove one of the two entries.');
		}
		body[key] = valueOf(entry, `${at} (${key})`) as IDataObject[keyof IDataObject];
	});
	return body;
}

/** The body of attribute key → typed value, from the Attributes fields (spec §4.3). */
export const buildAttributeBody = (entries: AttributeEntry[]) =>
	buildTypedObject(entries, {
		field: 'Attributes',
		noun: 'attribute',
		hint: 'Choose an attribute from the list, or type its API key name.',
	});

/** Reads Input Mode and either the Attributes fields or the JSON body. */
function attributesFromParameters(context: IExecuteSingleFunctions): IDataObject {
	const mode = context.getNodeParameter('inputMode', 'fields') as string;
	if (mode === 'json') return parseJsonObject(context.getNodeParameter('jsonBody', '{}'), 'JSON');
	const entries = context.getNodeParameter('attributes.attribute', []) as AttributeEntry[];
	return buildAttributeBody(entries);
}

/**
 * Sends the attributes as the body, or under `property` of the body (list entries send
 * `{ recordId, data }`). With `requireSome`, an empty set is an error: a create needs data.
 */
export function sendAttributes(property?: string, { requireSome = false } = {}): PreSendAction {
	return async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		const attributes = fromInput(this, () => {
			const built = attributesFromParameters(this);
			if (requireSome && Object.keys(built).length === 0) {
				throw new InputError('Attributes', 'nothing to send', 'Add at least one attribute, or switch Input Mode to JSON.');
			}
			return built;
		});
		const body = (options.body ?? {}) as IDataObject;
		if (property) {
			if (Object.keys(attributes).length) body[property] = attributes;
		} else {
			Object.assign(body, attributes);
		}
		return { ...options, body };
	};
}

const VALUE_TYPES = [
	{ name: 'Text', value: 'text' },
	{ name: 'Number', value: 'number' },
	{ name: 'Boolean', value: 'boolean' },
	{ name: 'List of Strings', value: 'list', description: 'For emails, phone numbers, domains and multi-select' },
	{ name: 'JSON', value: 'json', description: 'Any JSON value, such as an object' },
];

const showForType = (type: ValueType) => ({ show: { type: [type] } });

/**
 * An attribute of the chosen collection or list (or of activities), by its API key name,
 * from a dropdown, or typed with an expression. `name` is set where it is used.
 */
export const attributePicker: INodeProperties = {
	displayName: 'Attribute Name or ID',
	name: 'attribute',
	type: 'options',
	typeOptions: {
		loadOptionsMethod: 'getAttributes',
		loadOptionsDependsOn: ['collectionId.value', 'listId.value'],
	},
	default: '',
	description:
		'The attribute, by its API key name. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

/** Send Value As and the value input that fits it: a key's value keeps its type. */
export const typedValueFields: INodeProperties[] = [
	{
		displayName: 'Send Value As',
		name: 'type',
		type: 'options',
		options: VALUE_TYPES,
		default: 'text',
		description: 'The JSON type the value is sent as; for an attribute it should fit the attribute type',
	},
	{ displayName: 'Value', name: 'textValue', type: 'string', default: '', displayOptions: showForType('text') },
	{ displayName: 'Value', name: 'numberValue', type: 'number', default: 0, displayOptions: showForType('number') },
	{
		displayName: 'Value',
		name: 'booleanValue',
		type: 'boolean',
		default: false,
		description: 'Whether the value is true (a checked checkbox)',
		displayOptions: showForType('boolean'),
	},
	{ displayName: 'Value (JSON)', name: 'jsonValue', type: 'json', default: '{}', displayOptions: showForType('json') },
	{
		displayName: 'Values',
		name: 'listValue',
		type: 'string',
		default: '',
		placeholder: 'e.g. ada@example.com, ada@work.example',
		description: 'Separated by commas, or an array given by an expression',
		displayOptions: showForType('list'),
	},
];

/** Input Mode, the Attributes fields and the JSON body: the "fields to send" of creates and updates. */
export function attributeFields({ what }: { what: string }): INodeProperties[] {
	return [
		{
			displayName: 'Input Mode',
			name: 'inputMode',
			type: 'options',
			noDataExpression: true,
			options: [
				{ name: 'Fields', value: 'fields', description: 'Set each attribute with its own field' },
				{ name: 'JSON', value: 'json', description: `Give the whole ${what} as one JSON object` },
			],
			default: 'fields',
		},
		{
			displayName: 'Attributes',
			name: 'attributes',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true, sortable: true },
			placeholder: 'Add Attribute',
			default: {},
			description: `The attributes of the ${what}, each by its API key name`,
			displayOptions: { show: { inputMode: ['fields'] } },
			options: [
				{
					name: 'attribute',
					displayName: 'Attribute',
					values: [
						{ ...attributePicker, name: 'key' },
						...typedValueFields,
					],
				},
			],
		},
		{
			displayName: 'JSON',
			name: 'jsonBody',
			type: 'json',
			default: '{\n  "name": "Ada Lovelace"\n}',
			description: `The ${what} as a JSON object of attribute API key → value`,
			displayOptions: { show: { inputMode: ['json'] } },
		},
	];
}
