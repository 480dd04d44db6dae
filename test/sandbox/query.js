'use strict';
// The query endpoints' paging, filtering and sorting (docs/api.md §4.3, §4.7, §10.4), shared
// by records, activities and list entries.
const { matches, sortRecords, FilterError } = require('./filter');
const { badRequest, isPlainObject } = require('./shared');

/** A date exactly as toISOString writes it (no 30 February): such strings sort as their times do. */
function isIsoDate(value) {
	if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value))
		return false;
	const time = Date.parse(value);
	return !Number.isNaN(time) && new Date(time).toISOString() === value;
}

function createQueries({ config, store }) {
	/** limit/offset are required on every query (docs/api.md §4.3); limit is capped silently (§10.4). */
	function page(records, body, fault) {
		const { limit, offset, filter, sort } = body;
		if (!Number.isInteger(limit) || limit < 1)
			throw badRequest('limit is required and must be a positive whole number');
		if (!Number.isInteger(offset) || offset < 0)
			throw badRequest('offset is required and must be a whole number, 0 or more');
		// The 'ignore-offset' fault plays a server that pages wrongly, for the paginator's guard.
		const start = fault?.kind === 'ignore-offset' ? 0 : offset;
		return selected(records, filter, sort, start + Math.min(limit, config.pageCap)).slice(start);
	}

	// Paging through 100,000 records asks for the same selection a thousand times, and a
	// trigger's keyset pages ask for a new one each time but read only its first rows: the
	// records are sorted once per (collection, sort), and a selection is matched only as far as
	// the pages asked for, until the data changes.
	const sorted = new WeakMap();
	const selections = new WeakMap();

	/**
	 * For a keyset filter whose first condition is `{ time: { $gte | $gt: date } }`: a test
	 * that the record at an index of `order` fails it, by comparing the ISO strings, where
	 * `matches` would parse both dates for each record before the cursor. It answers only where
	 * `matches` answers false without going further (a first condition that fails ends it there).
	 */
	function failsFirstCondition(filter, order) {
		const conditions = Array.isArray(filter)
			? filter
			: isPlainObject(filter) && Object.keys(filter).length === 1 && Array.isArray(filter.$and)
				? filter.$and
				: [filter];
		const first = conditions[0];
		if (!isPlainObject(first) || Object.keys(first).length !== 1) return undefined;
		const [attribute] = Object.keys(first);
		const condition = first[attribute];
		if (attribute.startsWith('$') || !isPlainObject(condition)) return undefined;
		const [operator, ...others] = Object.keys(condition);
		const date = condition[operator];
		if (others.length || !['$gte', '$gt'].includes(operator) || !isIsoDate(date)) return undefined;
		// Which records hold such a date there, found once per order.
		order.isoDates ??= new Map();
		if (!order.isoDates.has(attribute))
			order.isoDates.set(
				attribute,
				order.rows.map((record) => isIsoDate(record[attribute])),
			);
		const iso = order.isoDates.get(attribute);
		return (index) => {
			const value = order.rows[index][attribute];
			return iso[index] && (operator === '$gte' ? value < date : value <= date);
		};
	}

	/** The first `count` records of the selection, in order: fewer when fewer match. */
	function selected(records, filter, sort, count) {
		const sortKey = `${store.dataVersion}|${JSON.stringify(sort)}`;
		let order = sorted.get(records);
		if (order?.key !== sortKey) {
			order = { key: sortKey, rows: sortRecords([...records.values()], sort) };
			sorted.set(records, order);
		}
		const key = `${sortKey}|${JSON.stringify(filter)}`;
		let selection = selections.get(records);
		if (selection?.key !== key) {
			selection = {
				key,
				from: order.rows,
				scanned: 0,
				rows: [],
				fails: failsFirstCondition(filter, order),
			};
			selections.set(records, selection);
		}
		try {
			while (selection.rows.length < count && selection.scanned < selection.from.length) {
				const record = selection.from[selection.scanned];
				if (!selection.fails?.(selection.scanned) && matches(record, filter))
					selection.rows.push(record);
				selection.scanned += 1;
			}
		} catch (error) {
			selections.delete(records);
			throw error;
		}
		return selection.rows.slice(0, count);
	}

	function query(records, { body, fault }, { filterIsArray = false } = {}) {
		if (!isPlainObject(body)) throw badRequest('the body must be a JSON object');
		const { filter } = body;
		if (filter !== undefined) {
			if (filterIsArray ? !Array.isArray(filter) : !isPlainObject(filter)) {
				throw badRequest(`filter must be ${filterIsArray ? 'an array of objects' : 'an object'}`);
			}
		}
		try {
			return page(records, body, fault);
		} catch (error) {
			if (error instanceof FilterError) throw badRequest(error.message);
			throw error;
		}
	}

	return { query };
}

module.exports = { createQueries };
