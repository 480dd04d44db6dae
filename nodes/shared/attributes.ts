import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	PreSendAction,
} from 'n8n-workflow';

import { attributeTypesOf, mappedAttributes, mapperInput } from './attributeMapper';
import { fromInput, InputError, parseJsonObject, parseJsonText, toStringList } from './input';

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
function attributesFromParameters(context: IExecuteSingleFunctions, mode: string): IDataObject {
	if (mode === 'json') return parseJsonObject(context.getNodeParameter('jsonBody', '{}'), 'JSON');
	const entries = context.getNodeParameter('attributes.attribute', []) as AttributeEntry[];
	return buildAttributeBody(entries);
}

/**
 * Sends the attributes as the body, or under `property` of the body (list entries send
 * `{ recordId, data }`), from the attribute mapper, the attribute list or the JSON body.
 * With `requireSome`, an empty set is an error: a create needs data.
 */
export function sendAttributes(property?: string, { requireSome = false } = {}): PreSendAction {
	return async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		const mode = this.getNodeParameter('inputMode', 'fields') as string;
		const given = mode === 'mapper' ? mapperInput(this) : undefined;
		// The schema is fetched once per node run, and not at all when nothing is mapped.
		const types = given && Object.keys(given).length ? await attributeTypesOf(this) : new Map<string, string>();
		const attributes = fromInput(this, () => {
			const built = given ? mappedAttributes(given, types, this.getTimezone()) : attributesFromParameters(this, mode);
			if (requireSome && Object.keys(built).length === 0) {
				throw new InputError(
					'Attributes',
					'nothing to send',
					mode === 'mapper'
						? 'Set at least one attribute, or with Map Automatically give the input item fields named as attribute keys.'
						: 'Add at least one attribute, or switch Input Mode to JSON.',
				);
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

const INPUT_MODES = {
	mapper: { name: 'Map Attributes', value: 'mapper', description: 'Map the input onto the attributes, each in its own type' },
	fields: { name: 'Attribute List', value: 'fields', description: 'Add attributes one by one, choosing how each value is sent' },
	json: (what: string) => ({ name: 'JSON', value: 'json', description: `Give the whole ${what} as one JSON object` }),
};

/** From version 1.1 on, a node maps attributes with n8n's resource mapper unless told otherwise. */
const FROM_1_1 = { '@version': [{ _cnd: { gte: 1.1 } }] };

/**
 * Input Mode, the attribute list and the JSON body: the "fields to send" of creates and
 * updates; the attribute mapper (attributeMapper.ts) is added per operation. Version 1 keeps
 * the attribute list as its default, so that workflows saved with it work as they did.
 */
export function attributeFields({ what }: { what: string }): INodeProperties[] {
	const inputMode: INodeProperties = {
		displayName: 'Input Mode',
		name: 'inputMode',
		type: 'options',
		noDataExpression: true,
		options: [INPUT_MODES.mapper, INPUT_MODES.fields, INPUT_MODES.json(what)],
		default: 'mapper',
		displayOptions: { show: FROM_1_1 },
	};
	return [
		inputMode,
		{
			...inputMode,
			options: [INPUT_MODES.fields, INPUT_MODES.json(what)],
			default: 'fields',
			displayOptions: { show: { '@version': [1] } },
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
					values: [{ ...attributePicker, name: 'key' }, ...typedValueFields],
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
