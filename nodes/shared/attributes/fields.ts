import type { INode, INodeProperties } from 'n8n-workflow';

import type { ValueType } from './types';

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

/** An attribute by its API key name; `name` is set where it is used. */
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

export type MapperMode = 'add' | 'map' | 'upsert';

/** One name per mode: routing evaluates every property for every item, shown or not. */
export const MAPPER_PARAMETERS: Record<MapperMode, string> = {
	add: 'columns',
	map: 'updateColumns',
	upsert: 'upsertColumns',
};

const MAPPER_SHOWN = { hide: { useJson: [true] } };

export const JSON_SHOWN = { show: { useJson: [true] } };

/**
 * What the values of some attribute types take, right below the mapper's fields (Map Each
 * Column Manually). n8n's mapper gives a field no hint and cuts a long label at the panel's
 * width; a notice is shown in full.
 */
export const valueHintsNotice: INodeProperties = {
	displayName:
		'Emails, phone numbers, domains and multi-select take one value or several, comma-separated or as an array; a record reference such as Company takes a record ID, e.g. {{ $json._id }}.',
	name: 'valueHintsNotice',
	type: 'notice',
	default: '',
	// Once there are fields to hint at, and only beside them: in Map Automatically n8n shows its
	// own notice, and one notice is enough (issue 39). `hide` because one rule per mapper name
	// must be able to hide it (`show` needs all to match); paths start at the root ('/'), since
	// n8n 1.x resolves a rule's parameter by name and finds no "columns.mappingMode".
	displayOptions: {
		hide: {
			useJson: [true],
			'/collectionId.value': [''],
			'/listId.value': [''],
			...Object.fromEntries(
				Object.values(MAPPER_PARAMETERS).map((name) => [
					`/${name}.mappingMode`,
					['autoMapInputData'],
				]),
			),
		},
	},
};

export function jsonFields({ what }: { what: string }): INodeProperties[] {
	return [
		{
			displayName: 'Use JSON Instead',
			name: 'useJson',
			type: 'boolean',
			noDataExpression: true,
			default: false,
			description: `Whether to give the whole ${what} as one JSON object of attribute API key → value, sent as it is, instead of mapping the attributes above`,
		},
		{
			displayName: 'JSON',
			name: 'attributesJson',
			type: 'json',
			default: '{\n  "name": "Ada Lovelace"\n}',
			description: `The ${what} as a JSON object of attribute API key → value`,
			displayOptions: JSON_SHOWN,
		},
	];
}

/** Whether this node's attributes come as JSON (Use JSON Instead) rather than from the mapper; a switch without expressions, read as stored. */
export const usesJson = (node: INode) => node.parameters.useJson === true;

/** `mode` is n8n's: 'add' marks required attributes, 'upsert' asks for one to match on. */
export function attributeMapperField(mode: MapperMode, what: string): INodeProperties {
	return {
		displayName: 'Attributes',
		name: MAPPER_PARAMETERS[mode],
		type: 'resourceMapper',
		noDataExpression: true,
		default: { mappingMode: 'defineBelow', value: null },
		required: true,
		hint: "Map Automatically matches each field of the input item to an attribute by its API key (leadScore) or by its name (Lead Score, when no other attribute has it; a key wins), and sends it in that attribute's type; other fields are left out.",
		description: `The attributes of the ${what}`,
		typeOptions: {
			loadOptionsDependsOn: ['collectionId.value', 'listId.value'],
			resourceMapper: {
				resourceMapperMethod: 'getAttributeFields',
				mode,
				fieldWords: { singular: 'attribute', plural: 'attributes' },
				// Create or Update leaves it to getAttributeFields: with addAllFields false, n8n's editor
				// would hide the attribute it matches on.
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
