import type { FieldType, IDataObject } from 'n8n-workflow';

import { LOOKS_LIKE_DATE, toUtcIso } from '../dates';
import { InputError, isPlainObject, parseJsonText, textIn, toStringList } from '../input';

/** One conversion per type, shared by the mapper, Send Value As and the filter builder. */

/** Key and type as docs/api.md §2.9 names them (`apiKeyName`, `inputType`), or `key`, `type`. */
export const attributeKey = (definition: IDataObject) =>
	String(definition.apiKeyName ?? definition.key ?? '');
export const attributeType = (definition: IDataObject) =>
	String(definition.inputType ?? definition.type ?? '');

/** Attributes a user cannot write: read-only ones (createdAt) and the service's AI fields. */
export const isWritable = (definition: IDataObject) =>
	definition.isEditable !== false && attributeType(definition) !== 'ai-wizard';

export interface Conversion {
	/** The workflow's time zone: dates without an offset are read in it. */
	timeZone: string;
	/** The field as the user sees it, for errors: "Attributes (score)". */
	field: string;
	/** What else the user can do, in the words of the field at hand: "Or set Send Value As to Text." */
	otherwise?: string;
}

type ToWire = (value: unknown, conversion: Conversion) => unknown;

const hint = (advice: string, { otherwise }: Conversion) =>
	otherwise ? `${advice} ${otherwise}` : advice;

export const asText: ToWire = (value) =>
	value === undefined || value === null
		? ''
		: typeof value === 'string'
			? value
			: isPlainObject(value) || Array.isArray(value)
				? JSON.stringify(value)
				: String(value);

export const asNumber: ToWire = (value, conversion) => {
	const number = typeof value === 'number' ? value : Number(String(value ?? '').trim());
	if (String(value ?? '').trim() === '' || !Number.isFinite(number)) {
		throw new InputError(
			conversion.field,
			`"${String(value)}" is not a number`,
			hint('Give a number, such as 42 or 9.5.', conversion),
		);
	}
	return number;
};

export const asBoolean: ToWire = (value, conversion) => {
	if (typeof value === 'boolean') return value;
	const text = String(value ?? '')
		.trim()
		.toLowerCase();
	if (['true', 'yes', '1', 'on'].includes(text)) return true;
	if (['false', 'no', '0', 'off', ''].includes(text)) return false;
	throw new InputError(
		conversion.field,
		`"${String(value)}" is not true or false`,
		hint('Give true or false.', conversion),
	);
};

export const asList: ToWire = (value, { field }) => toStringList(value, field);

/** Any JSON value: text is parsed, anything an expression gave is sent as it is. */
const asJson: ToWire = (value, { field }) =>
	typeof value === 'string' ? parseJsonText(value, field) : value;

/** An option by its ID or its name (as the service accepts), or an object from a read. */
const asOption: ToWire = (value) => (isPlainObject(value) ? value._id : value);

const asOptions: ToWire = (value, conversion) =>
	(Array.isArray(value) ? value : toStringList(value, conversion.field)).map((entry) =>
		asOption(entry, conversion),
	);

/** A record or member ID, or the object a read returned. */
const asId: ToWire = (value, { field }) =>
	isPlainObject(value) ? (value._id ?? value.userId) : textIn(value, field, 'id').trim();

const asTimestamp: ToWire = (value, { timeZone, field }) => toUtcIso(value, timeZone, field);

/** A calendar date: the date part as given, or the date in the workflow's time zone. */
const asDate: ToWire = (value, { timeZone, field }) => {
	if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value.trim())) return value.trim();
	if (
		typeof value === 'string' &&
		LOOKS_LIKE_DATE.test(value) &&
		!/[zZ]|[+-]\d{2}:?\d{2}$/.test(value)
	) {
		return value.trim().slice(0, 10);
	}
	const instant = new Date(toUtcIso(value, timeZone, field));
	return new Intl.DateTimeFormat('en-CA', {
		timeZone: timeZone || 'UTC',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
	}).format(instant);
};

/** Where the editor's choices come from, for `options` fields. */
export type AttributeChoices = 'options' | 'status' | 'members';

interface AttributeType {
	field: FieldType;
	toWire: ToWire;
	choices?: AttributeChoices;
}

/** The vendor's input types (docs/api.md §2.9) and what each becomes. */
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
	// A text field, not n8n's array: the editor would mark "a, b" as not an array.
	multiselect: { field: 'string', toWire: asOptions },
	'record-reference': { field: 'string', toWire: asId },
	'actor-reference': { field: 'options', toWire: asId, choices: 'members' },
	domain: { field: 'string', toWire: asList },
	'email-address': { field: 'string', toWire: asList },
	'phone-number': { field: 'string', toWire: asList },
	file: { field: 'string', toWire: asText },
};

/**
 * Each type as the workspace's own screens name it: "Member", not "actor-reference". For
 * people, in dropdowns; the API's key stays in code and errors about the wire.
 */
const TYPE_WORDS: Record<string, string> = {
	text: 'Text',
	number: 'Number',
	currency: 'Currency',
	rating: 'Rating',
	checkbox: 'Checkbox',
	date: 'Date',
	timestamp: 'Date and time',
	status: 'Status',
	select: 'Select',
	multiselect: 'Multi-select',
	'record-reference': 'Record link',
	'actor-reference': 'Member',
	domain: 'Domain',
	'email-address': 'Email',
	'phone-number': 'Phone',
	file: 'File',
	'ai-wizard': 'AI wizard',
};

/** A type in words; one the table does not know, from its key ("due-date" → "Due date"). */
export function typeInWords(inputType: string): string {
	const known = TYPE_WORDS[inputType];
	if (known) return known;
	const words = inputType.replace(/[-_]+/g, ' ').trim();
	return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Unknown';
}

/** What a type unknown to the table gets: the value as it is. */
const AS_GIVEN: AttributeType = { field: 'string', toWire: (value) => value };

export const typeOf = (inputType: string) => ATTRIBUTE_TYPES[inputType] ?? AS_GIVEN;

/** Attribute types that a filter compares typed: the others compare as text (an option by its name). */
const TYPED_IN_FILTERS = ['number', 'currency', 'rating', 'checkbox', 'date', 'timestamp'];

/**
 * In the type its attribute stores: the service compares typed values, so "97" never equals 97.
 * Compared as text, an object or true/false is no value to compare with: refused (`textIn`).
 */
export function asFilterValue(
	value: unknown,
	inputType: string | undefined,
	conversion: Conversion,
): unknown {
	return inputType && TYPED_IN_FILTERS.includes(inputType)
		? typeOf(inputType).toWire(value, conversion)
		: textIn(value, conversion.field);
}

/** How the user chose to send a value where no schema is read: Send Value As. */
export type ValueType = 'text' | 'number' | 'boolean' | 'list' | 'json';

/** Send Value As, by the same conversions as the attribute types. */
export const VALUE_TYPES: Record<ValueType, ToWire> = {
	text: asText,
	number: asNumber,
	boolean: asBoolean,
	list: asList,
	json: asJson,
};
