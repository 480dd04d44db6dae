import type {
	IDataObject,
	IExecuteSingleFunctions,
	PreSendAction,
	ResourceMapperValue,
} from 'n8n-workflow';

import { fromInput, InputError, parseJsonObject, sendBody, setOwn, textIn } from '../input';
import type { MapperMode } from './fields';
import { MAPPER_PARAMETERS, usesJson } from './fields';
import type { AttributeSchema } from './schema';
import { attributeSchemaOf } from './schema';
import type { ValueType } from './types';
import { typeOf, VALUE_TYPES } from './types';

/** One entry of a key/value list whose value input follows Send Value As. */
export interface TypedEntry {
	key?: unknown;
	type?: ValueType;
	textValue?: string;
	numberValue?: number;
	booleanValue?: boolean;
	listValue?: string | string[];
	jsonValue?: unknown;
}

const ENTRY_VALUE: Record<ValueType, keyof TypedEntry> = {
	text: 'textValue',
	number: 'numberValue',
	boolean: 'booleanValue',
	list: 'listValue',
	json: 'jsonValue',
};

interface TypedPairs {
	/** The field as the user sees it, e.g. "Attributes". */
	field: string;
	/** What one key is, e.g. "attribute". */
	noun: string;
	hint: string;
}

/** An object of key → typed value from repeated key/value entries, refusing empty and repeated keys. */
export function buildTypedObject(
	entries: TypedEntry[],
	{ field, noun, hint }: TypedPairs,
): IDataObject {
	const body: IDataObject = {};
	entries.forEach((entry, index) => {
		const at = `${field}, entry ${index + 1}`;
		const key = textIn(entry.key, at, 'name').trim();
		if (!key) throw new InputError(at, `the ${noun} has no name`, hint);
		if (Object.hasOwn(body, key)) {
			throw new InputError(
				at,
				`the ${noun} "${key}" is given twice`,
				'Remove one of the two entries.',
			);
		}
		const type = entry.type && Object.hasOwn(VALUE_TYPES, entry.type) ? entry.type : 'text';
		setOwn(
			body,
			key,
			VALUE_TYPES[type](entry[ENTRY_VALUE[type]], {
				timeZone: 'UTC',
				field: `${at} (${key})`,
				otherwise: 'Or pick another Send Value As.',
			}),
		);
	});
	return body;
}

const MODE_OF_OPERATION: Record<string, MapperMode> = {
	create: 'add',
	update: 'map',
	upsert: 'upsert',
};

/** The resource mapper's value for this item's operation, read (and its expressions evaluated) once. */
function mapperValue(context: IExecuteSingleFunctions): Partial<ResourceMapperValue> {
	const mode = MODE_OF_OPERATION[context.getNodeParameter('operation', '') as string] ?? 'add';
	return (context.getNodeParameter(MAPPER_PARAMETERS[mode], {}) ??
		{}) as Partial<ResourceMapperValue>;
}

/** With Map Automatically, the input item's own fields: no expression is evaluated. */
export function mapperInput(context: IExecuteSingleFunctions): IDataObject {
	const mapping = mapperValue(context);
	if (mapping.mappingMode === 'autoMapInputData') return context.getInputData().json;
	return (mapping.value ?? {}) as IDataObject;
}

/**
 * Each value named by a writable attribute's key, or by its name where unambiguous ("Lead Score"),
 * converted by type; other fields are left out. A key given beside its attribute's name wins.
 */
export function mappedAttributes(
	given: IDataObject,
	{
		types,
		keyOfName = new Map(),
	}: Pick<AttributeSchema, 'types'> & Partial<Pick<AttributeSchema, 'keyOfName'>>,
	timeZone: string,
): IDataObject {
	const body: IDataObject = {};
	const keyOf = (field: string) =>
		types.has(field) ? field : keyOfName.get(field.trim().toLowerCase());
	const fields = Object.entries(given).sort(
		([a], [b]) => Number(!types.has(a)) - Number(!types.has(b)),
	);
	for (const [field, value] of fields) {
		const key = keyOf(field);
		if (
			key === undefined ||
			Object.hasOwn(body, key) ||
			value === undefined ||
			value === null ||
			value === ''
		)
			continue;
		setOwn(
			body,
			key,
			typeOf(types.get(key)!).toWire(value, { timeZone, field: `Attributes (${key})` }),
		);
	}
	return body;
}

/** The match attribute of Create or Update, from the mapper's "columns to match on". */
export function matchingAttribute(context: IExecuteSingleFunctions): string | undefined {
	return mapperValue(context).matchingColumns?.[0];
}

/** What to do when there is nothing to send, in the words of the fields at hand. */
const NOTHING_TO_SEND = {
	mapper:
		'Set at least one attribute, or with Map Automatically give the input item fields named as attributes: by API key (leadScore) or name (Lead Score).',
	json: 'Give at least one attribute in the JSON object.',
};

/** The attributes as the body, or under `property` (list entries send `{ recordId, data }`). */
export const sendAttributes = (property?: string, { requireSome = false } = {}): PreSendAction =>
	sendBody(async (context, body) => {
		const json = usesJson(context.getNode());
		const given = json ? undefined : mapperInput(context);
		// The schema is fetched once per node run, and not at all when nothing is mapped.
		const schema =
			given && Object.keys(given).length
				? await attributeSchemaOf(context)
				: { types: new Map<string, string>() };
		const attributes = fromInput(context, () => {
			const built = given
				? mappedAttributes(given, schema, context.getTimezone())
				: parseJsonObject(context.getNodeParameter('attributesJson', '{}'), 'JSON');
			if (requireSome && Object.keys(built).length === 0) {
				const hint = json ? NOTHING_TO_SEND.json : NOTHING_TO_SEND.mapper;
				throw new InputError('Attributes', 'nothing to send', hint);
			}
			return built;
		});
		if (property) {
			if (Object.keys(attributes).length) body[property] = attributes;
		} else {
			Object.assign(body, attributes);
		}
		return body;
	});
