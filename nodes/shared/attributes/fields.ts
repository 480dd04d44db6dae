import type { INode, INodeProperties } from 'n8n-workflow';

import type { ValueType } from './types';

/**
 * The fields through which a user gives attributes: Input Mode, the resource mapper, the
 * Attribute List with its Send Value As, and the JSON body.
 */

const SEND_VALUE_AS = [
	{ name: 'Text', value: 'text' },
	{ name: 'Number', value: 'number' },
	{ name: 'Boolean', value: 'boolean' },
	{
		name: 'List of Strings',
		value: 'list',
		description: 'For emails, phone numbers, domains and multi-select',
	},
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
		options: SEND_VALUE_AS,
		default: 'text',
		description:
			'The JSON type the value is sent as; for an attribute it should fit the attribute type',
	},
	{
		displayName: 'Value',
		name: 'textValue',
		type: 'string',
		default: '',
		displayOptions: showForType('text'),
	},
	{
		displayName: 'Value',
		name: 'numberValue',
		type: 'number',
		default: 0,
		displayOptions: showForType('number'),
	},
	{
		displayName: 'Value',
		name: 'booleanValue',
		type: 'boolean',
		default: false,
		description: 'Whether the value is true (a checked checkbox)',
		displayOptions: showForType('boolean'),
	},
	{
		displayName: 'Value (JSON)',
		name: 'jsonValue',
		type: 'json',
		default: '{}',
		displayOptions: showForType('json'),
	},
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
	mapper: {
		name: 'Map Attributes',
		value: 'mapper',
		description: 'Map the input onto the attributes, each in its own type',
	},
	fields: {
		name: 'Attribute List',
		value: 'fields',
		description: 'Add attributes one by one, choosing how each value is sent',
	},
	json: (what: string) => ({
		name: 'JSON',
		value: 'json',
		description: `Give the whole ${what} as one JSON object`,
	}),
};

/** What the values of some attribute types take: said in full above the mapper, short in labels. */
const VALUE_HINTS =
	'Emails, phone numbers, domains and multi-select take one value or several, comma-separated or as an array; a record reference such as Company takes a record ID, e.g. {{ $json._id }}.';

export type InputMode = 'mapper' | 'fields' | 'json';

/**
 * From version 1.2 on, the mapper is the one way to give attributes on screen: no Input Mode
 * above it, whose three choices stacked on the mapper's own two. The whole object as JSON stays
 * one switch away, below the mapper (`jsonFields`). The Attribute List is left to versions 1
 * and 1.1: the mapper converts each value by its attribute's type, which Send Value As was for.
 */
export const MAPPER_ONLY_VERSION = 1.2;

/**
 * Where the mapper and its notice show: at 1.1 when Input Mode says so (version 1 has no
 * mapper), from 1.2 unless Use JSON Instead is on. When n8n checks what is shown it fills in
 * the default of every field, shown or not (Use JSON Instead is off at 1.1 too), but leaves out
 * a field of several definitions none of which is shown (Input Mode at 1.2).
 */
const MAPPER_SHOWN = { hide: { inputMode: ['fields', 'json'], useJson: [true] } };

/** Where a field shows that only 1.2's JSON needs, such as Create or Update's Match On. */
export const JSON_1_2_SHOWN = { show: { useJson: [true] } };

/** The whole object as JSON: Input Mode's JSON up to 1.1, Use JSON Instead's from 1.2. */
const jsonBodyField = (what: string): INodeProperties => ({
	displayName: 'JSON',
	name: 'jsonBody',
	type: 'json',
	default: '{\n  "name": "Ada Lovelace"\n}',
	description: `The ${what} as a JSON object of attribute API key → value`,
});

/**
 * Input Mode, the attribute list and the JSON body of versions 1 and 1.1, and the notice of the
 * mapper: the "fields to send" of creates and updates, before the attribute mapper
 * (`attributeMapperField`, per operation) and 1.2's JSON (`jsonFields`). Version 1 keeps the
 * attribute list as its default, so that workflows saved with it work as they did; 1.1 keeps
 * its Input Mode.
 */
export function attributeFields({ what }: { what: string }): INodeProperties[] {
	const inputMode: INodeProperties = {
		displayName: 'Input Mode',
		name: 'inputMode',
		type: 'options',
		noDataExpression: true,
		options: [INPUT_MODES.mapper, INPUT_MODES.fields, INPUT_MODES.json(what)],
		default: 'mapper',
		displayOptions: { show: { '@version': [1.1] } },
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
			// The resource mapper shows no hint of its own: what it takes is said here.
			displayName: `Map Automatically sends the fields of the input item named like an attribute: its key, in brackets after each name below, or its name where no other attribute shares it. Other fields are left out. ${VALUE_HINTS}`,
			name: 'mapperNotice',
			type: 'notice',
			default: '',
			displayOptions: MAPPER_SHOWN,
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
		{ ...jsonBodyField(what), displayOptions: { show: { inputMode: ['json'] } } },
	];
}

/**
 * Use JSON Instead and its JSON (version 1.2 on), after the mapper: the one place of the
 * alternative, off by default. The JSON has a name of its own: one definition per name, so
 * that n8n's routing engine evaluates the user's expression no more often than it must.
 */
export function jsonFields({ what }: { what: string }): INodeProperties[] {
	return [
		{
			displayName: 'Use JSON Instead',
			name: 'useJson',
			type: 'boolean',
			noDataExpression: true,
			default: false,
			description: `Whether to give the whole ${what} as one JSON object of attribute API key → value, sent as it is, instead of mapping the attributes above`,
			displayOptions: { show: { '@version': [{ _cnd: { gte: MAPPER_ONLY_VERSION } }] } },
		},
		{ ...jsonBodyField(what), name: 'attributesJson', displayOptions: JSON_1_2_SHOWN },
	];
}

/**
 * Where this node's attributes come from: Input Mode up to version 1.1; from 1.2 the JSON when
 * Use JSON Instead is on, otherwise the mapper. Both are switches without expressions, read as
 * stored.
 */
export function inputModeOf(node: INode): InputMode {
	if (node.typeVersion < MAPPER_ONLY_VERSION)
		return (node.parameters.inputMode as InputMode | undefined) ?? 'fields';
	return node.parameters.useJson === true ? 'json' : 'mapper';
}

/** The parameter holding the JSON body at the node's version. */
export const jsonParameterOf = (node: INode) =>
	node.typeVersion < MAPPER_ONLY_VERSION ? 'jsonBody' : 'attributesJson';

export type MapperMode = 'add' | 'map' | 'upsert';

/**
 * The mapper's parameter, one name per mode (create, update, create or update). n8n's
 * routing engine evaluates the value of every property in the description for every item,
 * twice, display or not: three properties sharing one name would evaluate the user's
 * expressions three times as often.
 */
export const MAPPER_PARAMETERS: Record<MapperMode, string> = {
	add: 'columns',
	map: 'updateColumns',
	upsert: 'upsertColumns',
};

/**
 * The resource mapper field of one operation. `mode` is n8n's: 'add' marks required
 * attributes, 'upsert' asks for the attribute to match on, 'map' sends what is given.
 */
export function attributeMapperField(mode: MapperMode, what: string): INodeProperties {
	return {
		displayName: 'Attributes',
		name: MAPPER_PARAMETERS[mode],
		type: 'resourceMapper',
		noDataExpression: true,
		default: { mappingMode: 'defineBelow', value: null },
		required: true,
		hint: 'Map Automatically sends the fields of the input item whose names are attribute keys, each in its attribute type; other fields are left out.',
		description: `The attributes of the ${what}`,
		typeOptions: {
			loadOptionsDependsOn: ['collectionId.value', 'listId.value'],
			resourceMapper: {
				resourceMapperMethod: 'getAttributeFields',
				mode,
				fieldWords: { singular: 'attribute', plural: 'attributes' },
				// Create shows every attribute; Update starts with none but the required ones. Create
				// or Update leaves it to the fields (getAttributeFields), so that the attribute it
				// matches on shows too: with addAllFields false, n8n's editor would hide it.
				...(mode === 'upsert' ? {} : { addAllFields: mode === 'add' }),
				multiKeyMatch: false,
				supportAutoMap: true,
				// Before a collection or list is chosen there is nothing to map: no red "No attributes found".
				hideNoDataError: true,
				...(mode === 'upsert'
					? {
							matchingFieldsLabels: {
								title: 'Attribute to Match On',
								description: 'The attribute that identifies the record, such as Emails',
								hint: 'A record whose value equals the one given is updated; with none, a record is created',
							},
						}
					: {}),
			},
		},
		displayOptions: MAPPER_SHOWN,
	};
}
