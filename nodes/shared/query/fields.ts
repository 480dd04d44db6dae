import type { INodeProperties } from 'n8n-workflow';

import { attributePicker } from '../attributes/fields';

const forOperators = (...operators: string[]) => ({ show: { operator: operators } });

/**
 * How an equality's value is compared: a number attribute never equals the text "37". Its
 * name (`valueType`) is frozen; its label says what it does in plain words.
 */
const compareValueAs: INodeProperties = {
	displayName: 'Compare Value As',
	name: 'valueType',
	type: 'options',
	options: [
		{
			name: "Attribute's Type",
			value: 'auto',
			description:
				'As the attribute stores it: a number, a checkbox (true or false), a date; text otherwise',
		},
		{ name: 'Number', value: 'number' },
		{ name: 'Text', value: 'text' },
		{ name: 'True or False', value: 'boolean' },
	],
	default: 'auto',
	description:
		'How the value is compared: by default in the type of the attribute, as the records store it',
};

const TEXT_OPERATORS = ['eq', 'contains', 'notContains', 'startsWith', 'endsWith'];
const COMPARISON_OPERATORS = ['lt', 'lte', 'gt', 'gte'];

/** Filter mode and the three ways of giving a filter. */
export const filterFields: INodeProperties[] = [
	{
		displayName: 'Filter',
		name: 'filterMode',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'None', value: 'none', description: 'Return every item' },
			{ name: 'Conditions', value: 'conditions', description: 'Build conditions with operators' },
			{
				name: 'Shorthand',
				value: 'shorthand',
				description: 'Attribute equals value, all pairs must match',
			},
			{
				name: 'JSON',
				value: 'json',
				description: 'Write the filter object yourself, with any operator the service knows',
			},
		],
		default: 'none',
	},
	{
		displayName: 'Combine',
		name: 'combine',
		type: 'options',
		options: [
			{ name: 'All Conditions Must Match (AND)', value: 'and' },
			{ name: 'Any Condition Must Match (OR)', value: 'or' },
		],
		default: 'and',
		displayOptions: { show: { filterMode: ['conditions'] } },
	},
	{
		displayName: 'Conditions',
		name: 'conditions',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Condition',
		default: {},
		displayOptions: { show: { filterMode: ['conditions'] } },
		options: [
			{
				name: 'condition',
				displayName: 'Condition',
				values: [
					attributePicker,
					{
						displayName: 'Condition',
						name: 'operator',
						type: 'options',
						// Alphabetical, as n8n's package scanner requires; Equals stays the default.
						options: [
							{
								name: 'Contains',
								value: 'contains',
								description: 'Text contains the value (case-sensitive)',
							},
							{
								name: 'Does Not Contain',
								value: 'notContains',
								description: 'Text does not contain the value (case-sensitive)',
							},
							{ name: 'Ends With', value: 'endsWith', description: 'Text ends with the value' },
							{ name: 'Equals', value: 'eq' },
							{
								name: 'Greater Than',
								value: 'gt',
								description: 'A number or date after the value',
							},
							{
								name: 'Greater Than or Equal',
								value: 'gte',
								description: 'A number or date at or after the value',
							},
							{
								name: 'Is Not Empty',
								value: 'notEmpty',
								description: 'The attribute has any value',
							},
							{ name: 'Is One Of', value: 'in', description: 'The value is in the given list' },
							{ name: 'Less Than', value: 'lt', description: 'A number or date before the value' },
							{
								name: 'Less Than or Equal',
								value: 'lte',
								description: 'A number or date at or before the value',
							},
							{
								name: 'Starts With',
								value: 'startsWith',
								description: 'Text begins with the value',
							},
						],
						default: 'eq',
					},
					{
						displayName: 'Invert Condition',
						name: 'negate',
						type: 'boolean',
						default: false,
						description:
							'Whether to turn the condition around: Equals becomes does not equal, Contains does not contain',
					},
					{ ...compareValueAs, displayOptions: forOperators('eq', 'in') },
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
						displayOptions: forOperators(...TEXT_OPERATORS),
					},
					{
						displayName: 'Value (Number or Date)',
						name: 'compareValue',
						type: 'string',
						default: '',
						placeholder: 'e.g. 10 or 2026-01-31',
						description: 'A number, or a date (sent as ISO 8601 in UTC)',
						displayOptions: forOperators(...COMPARISON_OPERATORS),
					},
					{
						displayName: 'Values',
						name: 'values',
						type: 'string',
						default: '',
						placeholder: 'e.g. Website, Referral',
						description: 'Separated by commas, or an array given by an expression',
						displayOptions: forOperators('in'),
					},
				],
			},
		],
	},
	{
		displayName: 'Shorthand',
		name: 'shorthand',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Pair',
		default: {},
		displayOptions: { show: { filterMode: ['shorthand'] } },
		options: [
			{
				name: 'pair',
				displayName: 'Pair',
				values: [
					attributePicker,
					compareValueAs,
					{ displayName: 'Value', name: 'value', type: 'string', default: '' },
				],
			},
		],
	},
	{
		displayName: 'Filter (JSON)',
		name: 'filterJson',
		type: 'json',
		default: '{\n  "$and": [\n    { "name": { "$starts_with": "A" } }\n  ]\n}',
		description:
			'A filter object as the API takes it (operators $eq, $in, $contains, $gte …, combined with $and, $or, $not). It is sent as it is.',
		displayOptions: { show: { filterMode: ['json'] } },
	},
];

const sortFields: INodeProperties[] = [
	{
		displayName: 'Sort',
		name: 'sort',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Sort Key',
		default: {},
		description: 'Earlier keys take precedence',
		options: [
			{
				name: 'key',
				displayName: 'Sort Key',
				values: [
					attributePicker,
					{
						displayName: 'Direction',
						name: 'direction',
						type: 'options',
						options: [
							{ name: 'Ascending', value: 'asc' },
							{ name: 'Descending', value: 'desc' },
						],
						default: 'asc',
					},
				],
			},
		],
	},
];

/** The query UI of every Get Many: a filter, then sort keys. */
export const filterAndSortFields: INodeProperties[] = [...filterFields, ...sortFields];
