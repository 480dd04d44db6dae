import type { IDataObject, INodeProperties, PreSendAction } from 'n8n-workflow';

import type { TypedEntry } from '../../../shared/attributes/attributesBody';
import { buildTypedObject } from '../../../shared/attributes/attributesBody';
import { typedValueFields } from '../../../shared/attributes/fields';
import { forOperation, operation } from '../../../shared/descriptions';
import { fromInput, parseJsonObject, requiredText, sendBody, textIn } from '../../../shared/input';
import { paths } from '../../../shared/transport';
import { TOKEN_NOTICE, userGroupIdField, userGroupItem } from './fields';

/** `unchanged`, a whole sentence, says that None leaves the group's value alone. */
interface PairsOrJson {
	mode: string;
	label: string;
	unchanged: string;
	/** One of the pairs: "Property" gives "Property Pairs" and "Add Property". */
	entry: string;
	pairs: string;
	pairsDescription: string;
	values: INodeProperties[];
	json: string;
	example: string;
}

/** A mode (None, Key-Value Pairs or JSON), then the pairs or the JSON object it shows. */
function pairsOrJson(field: PairsOrJson): INodeProperties[] {
	const { mode, label, unchanged, entry, pairs, pairsDescription, values, json, example } = field;
	return [
		{
			displayName: label,
			name: mode,
			type: 'options',
			options: [
				{ name: 'None', value: 'none', description: unchanged },
				{ name: 'Key-Value Pairs', value: 'pairs', description: 'One field per entry' },
				{ name: 'JSON', value: 'json', description: 'One JSON object' },
			],
			default: 'none',
		},
		{
			displayName: `${entry} Pairs`,
			name: pairs,
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: `Add ${entry}`,
			default: {},
			description: pairsDescription,
			displayOptions: { show: { [mode]: ['pairs'] } },
			options: [{ name: 'pair', displayName: entry, values }],
		},
		{
			displayName: `${label} (JSON)`,
			name: json,
			type: 'json',
			default: example,
			displayOptions: { show: { [mode]: ['json'] } },
		},
	];
}

const textField = (displayName: string, name: string, placeholder: string): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	default: '',
	placeholder,
});

/** Mapping (schema → data source) and Properties (dashboard variables), as pairs or JSON. */
const mappingAndPropertiesFields: INodeProperties[] = [
	...pairsOrJson({
		mode: 'mappingMode',
		label: 'Mapping',
		unchanged: 'Leave the mapping as it is',
		entry: 'Mapping',
		pairs: 'mappingPairs',
		pairsDescription:
			'Each schema ID mapped to a data source, or to the ID you gave that data source when creating it',
		values: [
			textField('Data Source', 'value', 'e.g. warehouse-eu'),
			textField('Schema ID', 'key', 'e.g. sales_schema'),
		],
		json: 'mappingJson',
		example: '{\n  "sales_schema": "warehouse-eu"\n}',
	}),
	...pairsOrJson({
		mode: 'propertiesMode',
		label: 'Properties',
		unchanged: 'Leave the properties as they are',
		entry: 'Property',
		pairs: 'propertyPairs',
		pairsDescription:
			'Variables available in dashboards and the SQL editor; each value keeps its type',
		values: [textField('Name', 'key', 'e.g. region'), ...typedValueFields],
		json: 'propertiesJson',
		example: '{\n  "region": "EU"\n}',
	}),
];

export const updateFields = forOperation('userGroup', 'update', [
	{ displayName: TOKEN_NOTICE, name: 'tokenNotice', type: 'notice', default: '' },
	userGroupIdField,
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		placeholder: 'e.g. Acme Sales',
		description: 'The name of the group; left as it is when empty',
	},
	...mappingAndPropertiesFields,
]);

export interface UserGroupUpdate {
	name?: unknown;
	userGroupId?: unknown;
	mappingMode?: string;
	mappingPairs?: Array<{ key?: unknown; value?: unknown }>;
	mappingJson?: unknown;
	propertiesMode?: string;
	propertyPairs?: TypedEntry[];
	propertiesJson?: unknown;
}

/** The PUT /api/user body (docs/api.md §4.8): only what was given. */
export function buildUserGroupUpdate(input: UserGroupUpdate): IDataObject {
	const userGroupId = requiredText(
		input.userGroupId,
		'User Group ID',
		'Give your own ID for the group; a new ID creates the group.',
		'id',
	).trim();
	const body: IDataObject = { user_group_id: userGroupId };
	const name = textIn(input.name, 'Name');
	if (name) body.name = name;
	if (input.mappingMode === 'json')
		body.mapping = parseJsonObject(input.mappingJson, 'Mapping (JSON)');
	if (input.mappingMode === 'pairs') {
		body.mapping = buildTypedObject(
			(input.mappingPairs ?? []).map((pair, index) => ({
				key: pair.key,
				type: 'text',
				// A data source's ID: an object would go as JSON text, as Send Value As Text sends it.
				textValue: textIn(pair.value, `Mapping, entry ${index + 1}`, 'name'),
			})),
			{ field: 'Mapping', noun: 'schema ID', hint: 'Give the schema ID each data source is for.' },
		);
	}
	if (input.propertiesMode === 'json')
		body.properties = parseJsonObject(input.propertiesJson, 'Properties (JSON)');
	if (input.propertiesMode === 'pairs') {
		body.properties = buildTypedObject(input.propertyPairs ?? [], {
			field: 'Properties',
			noun: 'property',
			hint: 'Give each property a name.',
		});
	}
	return body;
}

export const sendUserGroupUpdate: PreSendAction = sendBody((context) => {
	const read = (name: string, fallback: unknown) => context.getNodeParameter(name, fallback);
	return fromInput(context, () =>
		buildUserGroupUpdate({
			name: read('name', ''),
			userGroupId: read('userGroupId', ''),
			mappingMode: read('mappingMode', 'none') as string,
			mappingPairs: read('mappingPairs.pair', []) as UserGroupUpdate['mappingPairs'],
			mappingJson: read('mappingJson', '{}'),
			propertiesMode: read('propertiesMode', 'none') as string,
			propertyPairs: read('propertyPairs.pair', []) as TypedEntry[],
			propertiesJson: read('propertiesJson', '{}'),
		}),
	);
});

export const update = operation({
	name: 'Update',
	value: 'update',
	action: 'Create or update a user group by its ID: its name, mapping and properties',
	description:
		'Set the name, mapping and properties of the group with this ID, creating it when the ID is new',
	method: 'PUT',
	url: paths.userGroups,
	preSend: [sendUserGroupUpdate],
	output: [userGroupItem],
});
