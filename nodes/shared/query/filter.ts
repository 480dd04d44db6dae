import type { IDataObject } from 'n8n-workflow';

import { asFilterValue, VALUE_TYPES } from '../attributes/types';
import { LOOKS_LIKE_DATE, toUtcIso } from '../dates';
import {
	InputError,
	isDateLike,
	isPlainObject,
	listIn,
	parseJsonText,
	setOwn,
	textIn,
} from '../input';
import type { FilterShape } from '../transport';

/** The eleven operators of docs/api.md §4.7, as the UI names them, and their wire names. */
export const OPERATORS = {
	eq: '$eq',
	notEmpty: '$not_empty',
	in: '$in',
	contains: '$contains',
	notContains: '$not_contains',
	startsWith: '$starts_with',
	endsWith: '$ends_with',
	lt: '$lt',
	lte: '$lte',
	gt: '$gt',
	gte: '$gte',
} as const;

export type Operator = keyof typeof OPERATORS;
/** Compare Value As: by the attribute's type (the default), or as the user says. */
export type ScalarType = 'auto' | 'text' | 'number' | 'boolean';

export interface Condition {
	attribute?: string;
	operator?: Operator;
	negate?: boolean;
	/** Equals and the text operators. */
	value?: unknown;
	/** How Equals and Is One Of send their value. */
	valueType?: ScalarType;
	/** Is One Of: comma-separated, or an array from an expression. */
	values?: unknown;
	/** The comparisons: a number or a date. */
	compareValue?: unknown;
}

export interface ShorthandPair {
	attribute?: string;
	value?: unknown;
	/** How the value is sent, as for Equals: a number attribute never equals a text. */
	valueType?: ScalarType;
}

export interface FilterParameters {
	mode: 'none' | 'conditions' | 'shorthand' | 'json';
	combine?: 'and' | 'or';
	conditions?: Condition[];
	shorthand?: ShorthandPair[];
	json?: unknown;
	/** The workflow's time zone: dates without an offset are read in it. */
	timeZone?: string;
	/** The input type of each attribute, for values compared by the Attribute's Type. */
	attributeTypes?: ReadonlyMap<string, string>;
}

export interface SortKey {
	attribute?: string;
	direction?: 'asc' | 'desc';
}

export interface SortParameter {
	attribute: string;
	direction: 'asc' | 'desc';
}

const COMPARISONS: Operator[] = ['lt', 'lte', 'gt', 'gte'];

/** The attribute types a filter is first built with, to refuse bad input before they are read. */
export const TYPES_UNREAD: ReadonlyMap<string, string> = new Map();

interface ValueContext {
	field: string;
	attribute: string;
	timeZone: string;
	attributeTypes?: ReadonlyMap<string, string>;
}

/** A value as Compare Value As says, by the conversions every attribute value goes through. */
function scalar(
	value: unknown,
	type: ScalarType,
	{ field, attribute, timeZone, attributeTypes }: ValueContext,
): unknown {
	const conversion = { timeZone, field, otherwise: 'Or set Compare Value As to Text.' };
	if (type === 'number' || type === 'boolean') return VALUE_TYPES[type](value, conversion);
	// Before the types are read, what no type takes: an object, an array, NaN (true fits a checkbox).
	if (type === 'auto' && attributeTypes === TYPES_UNREAD)
		return typeof value === 'boolean' ? value : textIn(value, field);
	// As text, or by the attribute's type, which compares the others as text.
	const inputType = type === 'auto' ? attributeTypes?.get(attribute) : undefined;
	return asFilterValue(value, inputType, conversion);
}

/** A filter value must be given: an empty one would match everything (`$contains: ""`). */
function requireValue(value: unknown, field: string, attribute: string, askForEmpty: string): void {
	if (value !== undefined && value !== null && value !== '') return;
	throw new InputError(
		field,
		'the value is empty',
		`Give the value to compare with, or check the expression that gives it. To find items whose ${attribute} is empty, ${askForEmpty}.`,
	);
}

/** How to ask for an empty attribute, in the words of each way of giving a filter. */
const ASK_FOR_EMPTY = {
	conditions: 'use the condition Is Not Empty with Invert Condition on',
	shorthand: 'set Filter to Conditions and use Is Not Empty with Invert Condition on',
};

export function needsAttributeTypes(parameters: FilterParameters): boolean {
	if (parameters.mode === 'shorthand')
		return (parameters.shorthand ?? []).some((pair) => (pair.valueType ?? 'auto') === 'auto');
	if (parameters.mode !== 'conditions') return false;
	return (parameters.conditions ?? []).some(
		(c) => ['eq', 'in'].includes(c.operator ?? 'eq') && (c.valueType ?? 'auto') === 'auto',
	);
}

/** A number, or a date as ISO 8601 UTC like the service's own; naive dates in the workflow's zone. */
function toComparable(value: unknown, timeZone: string, field: string): number | string {
	if (typeof value === 'number' && Number.isFinite(value)) return value;
	if (isDateLike(value)) return toUtcIso(value, timeZone, field);
	const text = textIn(value, field).trim();
	if (text !== '' && !Number.isNaN(Number(text))) return Number(text);
	if (LOOKS_LIKE_DATE.test(text)) return toUtcIso(text, timeZone, field);
	throw new InputError(
		field,
		`"${text}" is neither a number nor a date`,
		'Comparisons take a number (e.g. 10) or a date (e.g. 2026-01-31 or 2026-01-31T09:00:00Z).',
	);
}

function requireAttribute(attribute: unknown, field: string): string {
	const name = textIn(attribute, field, 'name').trim();
	if (!name) {
		throw new InputError(
			field,
			'the attribute is empty',
			'Choose an attribute from the list, or type its API key name.',
		);
	}
	return name;
}

/** One condition as `[attribute, operator, operand]`. */
function toClause(
	condition: Condition,
	parameters: FilterParameters,
	field: string,
): [string, string, unknown] {
	const timeZone = parameters.timeZone ?? 'UTC';
	const attribute = requireAttribute(condition.attribute, field);
	const operator = condition.operator ?? 'eq';
	const wire = OPERATORS[operator];
	if (!wire)
		throw new InputError(
			field,
			`unknown operator "${operator}"`,
			'Choose an operator from the list.',
		);
	const at = `${field} (${attribute})`;
	const value = { field: at, attribute, timeZone, attributeTypes: parameters.attributeTypes };
	if (operator === 'notEmpty') return [attribute, wire, true];
	// Is One Of says so of its empty list itself.
	const given = COMPARISONS.includes(operator) ? condition.compareValue : condition.value;
	if (operator !== 'in') requireValue(given, at, attribute, ASK_FOR_EMPTY.conditions);
	if (operator === 'in') {
		const values = listIn(condition.values, at).map((v) =>
			scalar(v, condition.valueType ?? 'auto', value),
		);
		if (values.length === 0) {
			throw new InputError(
				at,
				'Is One Of has an empty list',
				'Give at least one value, separated by commas.',
			);
		}
		return [attribute, wire, values];
	}
	if (COMPARISONS.includes(operator))
		return [attribute, wire, toComparable(condition.compareValue, timeZone, at)];
	if (operator === 'eq')
		return [attribute, wire, scalar(condition.value, condition.valueType ?? 'auto', value)];
	return [attribute, wire, textIn(condition.value, at)];
}

/** One condition of a filter: `{ attribute: { operator: operand } }`. */
export const where = (attribute: string, operator: string, operand: unknown): IDataObject => ({
	[attribute]: { [operator]: operand } as IDataObject,
});

/** The negation of all of `conditions` together (docs/api.md §4.7). */
export const not = (...conditions: IDataObject[]): IDataObject => ({ $not: conditions });

function combineAll(combinator: '$and' | '$or', parts: IDataObject[]): IDataObject | undefined {
	if (parts.length === 0) return undefined;
	if (parts.length === 1) return parts[0];
	return { [combinator]: parts };
}

/**
 * AND or OR of conditions. Under AND, one attribute's different operators share one object
 * (`{"score": {"$gte": 10, "$lte": 20}}`), as the spec allows.
 */
function fromConditions(parameters: FilterParameters): IDataObject | undefined {
	const combine = parameters.combine ?? 'and';
	const parts: IDataObject[] = [];
	const merged = new Map<string, IDataObject>();
	(parameters.conditions ?? []).forEach((condition, index) => {
		const [attribute, operator, operand] = toClause(
			condition,
			parameters,
			`Conditions, condition ${index + 1}`,
		);
		if (condition.negate) {
			parts.push({ $not: where(attribute, operator, operand) });
			return;
		}
		const existing = combine === 'and' ? merged.get(attribute) : undefined;
		if (existing && !(operator in existing)) {
			existing[operator] = operand as IDataObject[keyof IDataObject];
			return;
		}
		const part = where(attribute, operator, operand);
		if (!existing) merged.set(attribute, part[attribute] as IDataObject);
		parts.push(part);
	});
	return combineAll(combine === 'or' ? '$or' : '$and', parts);
}

function fromShorthand({
	shorthand = [],
	timeZone = 'UTC',
	attributeTypes,
}: FilterParameters): IDataObject | undefined {
	const filter: IDataObject = {};
	shorthand.forEach((pair, index) => {
		const field = `Shorthand, pair ${index + 1}`;
		const attribute = requireAttribute(pair.attribute, field);
		if (Object.hasOwn(filter, attribute)) {
			throw new InputError(
				field,
				`"${attribute}" is given twice`,
				'Shorthand ANDs equalities: use Conditions to test one attribute twice.',
			);
		}
		requireValue(pair.value, `${field} (${attribute})`, attribute, ASK_FOR_EMPTY.shorthand);
		const value = scalar(pair.value, pair.valueType ?? 'auto', {
			field: `${field} (${attribute})`,
			attribute,
			timeZone,
			attributeTypes,
		});
		setOwn(filter, attribute, value);
	});
	return Object.keys(filter).length ? filter : undefined;
}

/** Passed through as it is, so operators beyond the spec's eleven can be sent; arrays for activities. */
function fromJson(value: unknown): IDataObject | IDataObject[] | undefined {
	const field = 'Filter (JSON)';
	const parsed = typeof value === 'string' ? parseJsonText(value, field) : value;
	if (Array.isArray(parsed) && parsed.every(isPlainObject)) return parsed;
	if (!isPlainObject(parsed)) {
		throw new InputError(
			field,
			'must be a JSON object',
			'Give a filter such as {"name": {"$eq": "Ada"}}.',
		);
	}
	return Object.keys(parsed).length ? parsed : undefined;
}

/** The `filter` of a query body (docs/api.md §4.7), or undefined when there is none to send. */
export function buildFilter(parameters: FilterParameters): IDataObject | IDataObject[] | undefined {
	switch (parameters.mode) {
		case 'conditions':
			return fromConditions(parameters);
		case 'shorthand':
			return fromShorthand(parameters);
		case 'json':
			return fromJson(parameters.json);
		default:
			return undefined;
	}
}

/** The conditions a filter ANDs: a top-level AND (or an array) is its parts; anything else is one. */
function conditionsOf(filter: IDataObject | IDataObject[]): IDataObject[] {
	if (Array.isArray(filter)) return filter;
	const keys = Object.keys(filter);
	if (keys.length === 1 && keys[0] === '$and' && Array.isArray(filter.$and)) {
		return filter.$and as IDataObject[];
	}
	return [filter];
}

/** The `filter` that ANDs `filters` (the user's and the node's own), in the endpoint's shape. */
export function filterFor(
	shape: FilterShape,
	...filters: Array<IDataObject | IDataObject[] | undefined>
): IDataObject | IDataObject[] | undefined {
	const parts = filters.flatMap((filter) => (filter ? conditionsOf(filter) : []));
	if (parts.length === 0) return undefined;
	if (shape === 'array') return parts;
	return parts.length === 1 ? parts[0] : { $and: parts };
}

/** The `sort` of a query body: earlier keys take precedence. Undefined when there is none. */
export function buildSort(keys: SortKey[]): SortParameter[] | undefined {
	if (keys.length === 0) return undefined;
	return keys.map((key, index) => ({
		attribute: requireAttribute(key.attribute, `Sort, key ${index + 1}`),
		direction: key.direction === 'desc' ? 'desc' : 'asc',
	}));
}
