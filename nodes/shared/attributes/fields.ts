import type { INodeProperties } from 'n8n-workflow';

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

/** From version 1.1 on, a node maps attributes with n8n's resource mapper unless told otherwise. */
const FROM_1_1 = { '@version': [{ _cnd: { gte: 1.1 } }] };

/**
 * Input Mode, the attribute list and the JSON body: the "fields to send" of creates and
 * updates; the attribute mapper (`attributeMapperField`) is added per operation. Version 1 keeps
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
			// The resource mapper shows no hint of its own: what Map Automatically takes is said here.
			displayName:
				'Map Automatically sends the fields of the input item named like an attribute: its key, in brackets after each name below, or its name where no other attribute shares it. Other fields are left out.',
			name: 'mapperNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { inputMode: ['mapper'] } },
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
				addAllFields: mode === 'add',
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
		displayOptions: { show: { inputMode: ['mapper'] } },
	};
}
