'use strict';
// The filter and sort language of docs/api.md §4.7, as the sandbox evaluates it (§10.4).
// Kept apart from the HTTP layer so the property tests can compare the server's
// answers with an independent reference evaluator of their own.

const COMPARISONS = new Set([
	'$eq',
	'$not_empty',
	'$in',
	'$contains',
	'$not_contains',
	'$starts_with',
	'$ends_with',
	'$lt',
	'$lte',
	'$gt',
	'$gte',
]);

class FilterError extends Error {}

const isPlainObject = (value) =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** The scalars an attribute value stands for: options, statuses, users and companies by id and name. */
function candidates(value) {
	if (value === undefined || value === null || value === '') return [];
	if (Array.isArray(value)) return value.flatMap(candidates);
	if (isPlainObject(value)) {
		return [value._id, value.name, value.email].filter((v) => v !== undefined && v !== null);
	}
	return [value];
}

function asComparable(value) {
	if (typeof value === 'number') return value;
	if (typeof value === 'string' && ISO_DATE.test(value)) {
		const time = Date.parse(value);
		if (!Number.isNaN(time)) return time;
	}
	return undefined;
}

function compare(candidate, operand) {
	const left = asComparable(candidate);
	const right = asComparable(operand);
	if (left === undefined || right === undefined) return undefined;
	// A number is never compared with a date.
	if ((typeof candidate === 'number') !== (typeof operand === 'number')) return undefined;
	return left - right;
}

function applyOperator(operator, operand, value) {
	const values = candidates(value);
	const strings = values.filter((v) => typeof v === 'string');
	switch (operator) {
		case '$eq':
			if (operand === null) return values.length === 0;
			return values.some((v) => v === operand);
		case '$not_empty':
			if (typeof operand !== 'boolean') throw new FilterError('$not_empty takes true or false');
			return operand ? values.length > 0 : values.length === 0;
		case '$in':
			if (!Array.isArray(operand)) throw new FilterError('$in takes an array');
			return values.some((v) => operand.includes(v));
		case '$contains':
			return strings.some((v) => v.includes(String(operand)));
		case '$not_contains':
			return !strings.some((v) => v.includes(String(operand)));
		case '$starts_with':
			return strings.some((v) => v.startsWith(String(operand)));
		case '$ends_with':
			return strings.some((v) => v.endsWith(String(operand)));
		case '$lt':
		case '$lte':
		case '$gt':
		case '$gte': {
			if (asComparable(operand) === undefined) {
				throw new FilterError(`${operator} takes a number or an ISO 8601 date`);
			}
			return values.some((v) => {
				const difference = compare(v, operand);
				if (difference === undefined) return false;
				if (operator === '$lt') return difference < 0;
				if (operator === '$lte') return difference <= 0;
				if (operator === '$gt') return difference > 0;
				return difference >= 0;
			});
		}
		default:
			throw new FilterError(`unknown operator ${operator}`);
	}
}

/** `{ "$gte": 10, "$lte": 20 }` or a shorthand value on one attribute. */
function matchAttribute(record, attribute, condition) {
	const value = record[attribute];
	const isOperatorObject =
		isPlainObject(condition) &&
		Object.keys(condition).length > 0 &&
		Object.keys(condition).every((key) => key.startsWith('$'));
	if (!isOperatorObject) return applyOperator('$eq', condition, value);
	return Object.entries(condition).every(([operator, operand]) => {
		if (operator === '$not') return !matchAttribute(record, attribute, operand);
		if (!COMPARISONS.has(operator)) throw new FilterError(`unknown operator ${operator}`);
		return applyOperator(operator, operand, value);
	});
}

function conditionsOf(operator, operand) {
	if (Array.isArray(operand)) return operand;
	if (operator === '$not' && isPlainObject(operand)) return [operand];
	throw new FilterError(`${operator} takes an array of conditions`);
}

function matches(record, filter) {
	if (filter === undefined || filter === null) return true;
	if (Array.isArray(filter)) return filter.every((part) => matches(record, part));
	if (!isPlainObject(filter)) throw new FilterError('filter must be an object');
	return Object.entries(filter).every(([key, operand]) => {
		if (key === '$and') return conditionsOf(key, operand).every((c) => matches(record, c));
		if (key === '$or') return conditionsOf(key, operand).some((c) => matches(record, c));
		if (key === '$not') return !conditionsOf(key, operand).every((c) => matches(record, c));
		if (key.startsWith('$')) throw new FilterError(`unknown operator ${key}`);
		return matchAttribute(record, key, operand);
	});
}

function sortKey(value) {
	if (Array.isArray(value)) return sortKey(value[0]);
	if (isPlainObject(value)) return value.name ?? value._id;
	return value;
}

function validateSort(sort) {
	if (sort === undefined) return [];
	if (!Array.isArray(sort)) throw new FilterError('sort must be an array');
	for (const key of sort) {
		if (!isPlainObject(key) || typeof key.attribute !== 'string' || !key.attribute) {
			throw new FilterError('each sort element needs an attribute');
		}
		if (key.direction !== 'asc' && key.direction !== 'desc') {
			throw new FilterError(`sort direction must be asc or desc, not ${key.direction}`);
		}
	}
	return sort;
}

/** Sorts a copy; earlier keys take precedence; empty values go last; ties keep insertion order. */
function sortRecords(records, sort) {
	const keys = validateSort(sort);
	if (keys.length === 0) return records.slice();
	return records
		.map((record, index) => ({ record, index }))
		.sort((a, b) => {
			for (const { attribute, direction } of keys) {
				const left = sortKey(a.record[attribute]);
				const right = sortKey(b.record[attribute]);
				if (left === right) continue;
				if (left === undefined || left === null) return 1;
				if (right === undefined || right === null) return -1;
				const order =
					typeof left === 'number' && typeof right === 'number'
						? left - right
						: String(left) < String(right)
							? -1
							: 1;
				return direction === 'asc' ? order : -order;
			}
			return a.index - b.index;
		})
		.map(({ record }) => record);
}

module.exports = { matches, sortRecords, FilterError, COMPARISONS };
