import type {
	FieldType,
	IDataObject,
	IExecuteSingleFunctions,
	ILoadOptionsFunctions,
	INodeProperties,
	ResourceMapperField,
	ResourceMapperFields,
	ResourceMapperValue,
} from 'n8n-workflow';

import { LOOKS_LIKE_DATE, toUtcIso } from './dates';
import { InputError, isPlainObject, toStringList } from './input';
import { apiRequest } from './transport';

/**
 * The attribute mapper: n8n's resource mapper over the attributes of a collection or list.
 * One table says, for each of the vendor's input types, which field the editor shows and
 * what is sent; the schema comes from the attributes endpoint, once per node run.
 */

/**
 * An attribute definition as the service sends it: its key is `apiKeyName` and its type
 * `inputType` (the vendor's docs). `key` and `type` are read too, where a server sends those.
 */
export const attributeKey = (definition: IDataObject) => String(definition.apiKeyName ?? definition.key ?? '');
export const attributeType = (definition: IDataObject) => String(definition.inputType ?? definition.type ?? '');

type ToWire = (value: unknown, context: { timeZone: string; field: string }) => unknown;

interface AttributeType {
	/** The field the editor shows. */
	field: FieldType;
	/** The value as the service takes it. */
	toWire: ToWire;
	/** Where the editor's choices come from, for `options` fields. */
	choices?: 'options' | 'status' | 'members';
}

const asText: ToWire = (value) => (typeof value === 'string' ? value : isPlainObject(value) || Array.isArray(value) ? JSON.stringify(value) : String(value));

const asNumber: ToWire = (value, { field }) => {
	const number = typeof value === 'number' ? value : Number(String(value).trim());
	if (String(value).trim() === '' || !Number.isFinite(number)) {
		throw new InputError(field, `"${String(value)}" is not a number`, 'Give a number, such as 42 or 9.5.');
	}
	return number;
};

const asBoolean: ToWire = (value, { field }) => {
	if (typeof value === 'boolean') return value;
	const text = String(value).trim().toLowerCase();
	if (['true', 'yes', '1', 'on'].includes(text)) return true;
	if (['false', 'no', '0', 'off', ''].includes(text)) return false;
	throw new InputError(field, `"${String(value)}" is not true or false`, 'Give true or false.');
};

const asList: ToWire = (value) => toStringList(value);

/** An option by its ID or its name (as the service accepts), or an object from a read. */
const asOption: ToWire = (value) => (isPlainObject(value) ? value._id : value);

const asOptions: ToWire = (value) =>
	(Array.isArray(value) ? value : toStringList(value)).map((entry) => asOption(entry, { timeZone: '', field: '' }));

/** A record or member ID, or the object a read returned. */
const asId: ToWire = (value) => (isPlainObject(value) ? (value._id ?? value.userId) : String(value).trim());

const asTimestamp: ToWire = (value, { timeZone, field }) => toUtcIso(value, timeZone, field);

/** A calendar date: the date part as given, or the date in the workflow's time zone. */
const asDate: ToWire = (value, { timeZone, field }) => {
	if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value.trim())) return value.trim();
	if (typeof value === 'string' && LOOKS_LIKE_DATE.test(value) && !/[zZ]|[+-]\d{2}:?\d{2}$/.test(value)) {
		return value.trim().slice(0, 10);
	}
	const instant = new Date(toUtcIso(value, timeZone, field));
	const parts = new Intl.DateTimeFormat('en-CA', { timeZone: timeZone || 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
	return parts;
};

/** The vendor's input types (beyond-the-spec.md) and what each becomes. */
export const ATTRIBUTE_TYPES: Record<string, AttributeType> = {
	text: { field: 'string', toWire: asText },
	number: { field: 'number', toWire: asNumber },
	currency: { field: 'number', toWire: asNumber },
	rating: { field: 'number', toWire: asNumber },
	checkbox: { field: 'boolean', toWire: asBoolean },
	date: { field: 'dateTime', toWire: asDate },
	timestamp: { field: 'dateTime', toWire: asTimestamp },
	status: { field: 'options', toWire: asOption, choices: 'status' },
	select: { field: 'options', toWire: asOption, choices: 'options' },
	multiselect: { field: 'array', toWire: asOptions },
	'record-reference': { field: 'string', toWire: asId },
	'actor-reference': { field: 'options', toWire: asId, choices: 'members' },
	domain: { field: 'string', toWire: asList },
	'email-address': { field: 'string', toWire: asList },
	'phone-number': { field: 'string', toWire: asList },
	file: { field: 'string', toWire: asText },
};

/** What a type unknown to the table gets: the value as it is. */
const AS_GIVEN: AttributeType = { field: 'string', toWire: (value) => value };

export const typeOf = (inputType: string) => ATTRIBUTE_TYPES[inputType] ?? AS_GIVEN;

/** Attributes a user cannot write: read-only ones (createdAt) and the service's AI fields. */
const isWritable = (definition: IDataObject) => definition.isEditable !== false && attributeType(definition) !== 'ai-wizard';

/** Where the attributes of this node's subject live: a list's, or a collection's. */
function attributesPath(read: (name: string) => string, resource: string): string {
	return resource === 'listEntry'
		? `/api/v1/attributes/list/${encodeURIComponent(read('listId'))}`
		: `/api/v1/attributes/collection/${encodeURIComponent(read('collectionId'))}`;
}

const idOf = (context: ILoadOptionsFunctions | IExecuteSingleFunctions) => (name: string) =>
	String(context.getNodeParameter(name, '', { extractValue: true }) ?? '');

/** The editor's choices for a select, status or member attribute. */
async function choicesOf(context: ILoadOptionsFunctions, path: string, definition: IDataObject, kind: AttributeType['choices']) {
	if (kind === 'members') {
		const members = await apiRequest(context, 'GET', '/api/v1/workspace-members');
		return members.map((m) => ({ name: `${String(m.fullName)} <${String(m.email)}>`, value: String(m.userId) }));
	}
	const options = await apiRequest(context, 'GET', `${path}/${encodeURIComponent(String(definition._id))}/${kind}`);
	return options.map((o) => ({ name: String(o.name), value: String(o._id) }));
}

/** The resource mapper's fields: one per writable attribute, typed, with its choices. */
export async function getAttributeFields(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const resource = this.getNodeParameter('resource', 'record') as string;
	const subject = resource === 'listEntry' ? 'listId' : 'collectionId';
	// Before a collection or list is chosen there is nothing to map (and nothing to ask for).
	if (!idOf(this)(subject)) return { fields: [] };
	const path = attributesPath(idOf(this), resource);
	const definitions = (await apiRequest(this, 'GET', path)).filter(isWritable);
	const fields = await Promise.all(
		definitions.map(async (definition): Promise<ResourceMapperField> => {
			const type = typeOf(attributeType(definition));
			const key = attributeKey(definition);
			return {
				id: key,
				displayName: String(definition.name ?? key),
				required: definition.isRequired === true,
				defaultMatch: false,
				canBeUsedToMatch: type.field !== 'boolean',
				display: true,
				type: type.field,
				...(type.choices ? { options: await choicesOf(this, path, definition, type.choices) } : {}),
			};
		}),
	);
	return { fields };
}

/** The schema of one node run, fetched once for all its items. */
const schemas = new Map<string, Promise<IDataObject[]>>();
const SCHEMAS_KEPT = 50;

/** The input type of each writable attribute, by key, for the operation's collection or list. */
export async function attributeTypesOf(context: IExecuteSingleFunctions): Promise<Map<string, string>> {
	const resource = context.getNodeParameter('resource', 'record') as string;
	const path = attributesPath(idOf(context), resource);
	const key = `${context.getExecutionId()}|${context.getNode().name}|${path}`;
	let pending = schemas.get(key);
	if (!pending) {
		pending = apiRequest(context, 'GET', path);
		schemas.set(key, pending);
		pending.catch(() => schemas.delete(key));
		if (schemas.size > SCHEMAS_KEPT) schemas.delete(schemas.keys().next().value as string);
	}
	const definitions = await pending;
	return new Map(definitions.filter(isWritable).map((d) => [attributeKey(d), attributeType(d)]));
}

type MapperMode = 'add' | 'map' | 'upsert';

/**
 * The mapper's parameter, one name per mode (create, update, create or update). n8n's
 * routing engine evaluates the value of every property in the description for every item,
 * twice, display or not: three properties sharing one name would evaluate the user's
 * expressions three times as often.
 */
const MAPPER_PARAMETERS: Record<MapperMode, string> = { add: 'columns', map: 'updateColumns', upsert: 'upsertColumns' };
const MODE_OF_OPERATION: Record<string, MapperMode> = { create: 'add', update: 'map', upsert: 'upsert' };

/** The resource mapper's value for this item's operation, read (and its expressions evaluated) once. */
function mapperValue(context: IExecuteSingleFunctions): Partial<ResourceMapperValue> {
	const mode = MODE_OF_OPERATION[context.getNodeParameter('operation', '') as string] ?? 'add';
	return (context.getNodeParameter(MAPPER_PARAMETERS[mode], {}) ?? {}) as Partial<ResourceMapperValue>;
}

/**
 * What the resource mapper gives for this item: with "Map Automatically" the input item's
 * own fields (no expression evaluated), with "Map Each Attribute Below" the values set there.
 */
export function mapperInput(context: IExecuteSingleFunctions): IDataObject {
	const mapping = mapperValue(context);
	if (mapping.mappingMode === 'autoMapInputData') return context.getInputData().json;
	return (mapping.value ?? {}) as IDataObject;
}

/**
 * The attributes to send: each given value whose key is a writable attribute, converted by
 * its type; other keys (fields of the input item that are no attributes) are left out.
 */
export function mappedAttributes(given: IDataObject, types: Map<string, string>, timeZone: string): IDataObject {
	const body: IDataObject = {};
	for (const [key, value] of Object.entries(given)) {
		const inputType = types.get(key);
		if (inputType === undefined || value === undefined || value === null || value === '') continue;
		body[key] = typeOf(inputType).toWire(value, { timeZone, field: `Attributes (${key})` }) as IDataObject[string];
	}
	return body;
}

/** The match attribute of Create or Update, from the mapper's "columns to match on". */
export function matchingAttribute(context: IExecuteSingleFunctions): string | undefined {
	return mapperValue(context).matchingColumns?.[0];
}

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
