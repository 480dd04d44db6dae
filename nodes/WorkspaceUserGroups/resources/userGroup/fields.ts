import type { INodeProperties } from 'n8n-workflow';

import { typedValueFields } from '../../../shared/attributes/fields';

export const userGroupIdField: INodeProperties = {
	displayName: 'User Group ID',
	name: 'userGroupId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. acme-sales',
	description:
		'Your own ID for the group (user_group_id). IDs are unique per environment (Customer or Testing).',
};

export const currentTokenField: INodeProperties = {
	displayName: 'Current Token',
	name: 'currentToken',
	type: 'string',
	typeOptions: { password: true },
	default: '',
	description:
		'The token the group has now (current_token), as returned when it was created or last rotated',
};

/** `unchanged` says, in a whole sentence, that None leaves the group's value alone. */
const modeField = (name: string, displayName: string, unchanged: string): INodeProperties => ({
	displayName,
	name,
	type: 'options',
	options: [
		{ name: 'None', value: 'none', description: unchanged },
		{ name: 'Key-Value Pairs', value: 'pairs', description: 'One field per entry' },
		{ name: 'JSON', value: 'json', description: 'One JSON object' },
	],
	default: 'none',
});

/** Mapping (schema → data source) and Properties (dashboard variables), as pairs or JSON. */
export const mappingAndPropertiesFields: INodeProperties[] = [
	modeField('mappingMode', 'Mapping', 'Leave the mapping as it is'),
	{
		displayName: 'Mapping Pairs',
		name: 'mappingPairs',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Mapping',
		default: {},
		description:
			'Each schema ID mapped to a data source, or to the ID you gave that data source when creating it',
		displayOptions: { show: { mappingMode: ['pairs'] } },
		options: [
			{
				name: 'pair',
				displayName: 'Mapping',
				values: [
					{
						displayName: 'Data Source',
						name: 'value',
						type: 'string',
						default: '',
						placeholder: 'e.g. warehouse-eu',
					},
					{
						displayName: 'Schema ID',
						name: 'key',
						type: 'string',
						default: '',
						placeholder: 'e.g. sales_schema',
					},
				],
			},
		],
	},
	{
		displayName: 'Mapping (JSON)',
		name: 'mappingJson',
		type: 'json',
		default: '{\n  "sales_schema": "warehouse-eu"\n}',
		displayOptions: { show: { mappingMode: ['json'] } },
	},
	modeField('propertiesMode', 'Properties', 'Leave the properties as they are'),
	{
		displayName: 'Property Pairs',
		name: 'propertyPairs',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Property',
		default: {},
		description: 'Variables available in dashboards and the SQL editor; each value keeps its type',
		displayOptions: { show: { propertiesMode: ['pairs'] } },
		options: [
			{
				name: 'pair',
				displayName: 'Property',
				values: [
					{
						displayName: 'Name',
						name: 'key',
						type: 'string',
						default: '',
						placeholder: 'e.g. region',
					},
					...typedValueFields,
				],
			},
		],
	},
	{
		displayName: 'Properties (JSON)',
		name: 'propertiesJson',
		type: 'json',
		default: '{\n  "region": "EU"\n}',
		displayOptions: { show: { propertiesMode: ['json'] } },
	},
];
