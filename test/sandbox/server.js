'use strict';
// An in-memory implementation of the Workspace Records API as docs/api.md describes it (with
// its choices of docs/api.md §10), both hosts' paths on one loopback port. The tests, the
// demo and the benchmark all run against it. It is never shipped: package.json ships dist/.
const http = require('node:http');
const { randomUUID } = require('node:crypto');
const { buildSeed, MEMBERS, userObject } = require('./seed');
const { matches, sortRecords, FilterError } = require('./filter');

const DEFAULTS = {
	apiKey: 'wr_test_key',
	workspaceId: 'ws_sandbox',
	userGroupsApiKey: 'ug_test_key',
	pageCap: 500,
	people: 30,
};

const SCHEDULE_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const SMS_ROUTES = ['promotional', 'transactional', 'otp'];
const ICON_TYPES = ['emoji', 'interaction', 'messaging_app'];

class ApiError extends Error {
	constructor(statusCode, message, envelope = 'status') {
		super(message);
		this.statusCode = statusCode;
		this.envelope = envelope;
	}
}
const badRequest = (message) => new ApiError(400, `Invalid data Provided: ${message}`);
const notFound = (what) => new ApiError(404, `${what} not found`);

const isPlainObject = (value) =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
/** A date exactly as toISOString writes it (no 30 February): such strings sort as their times do. */
function isIsoDate(value) {
	if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value))
		return false;
	const time = Date.parse(value);
	return !Number.isNaN(time) && new Date(time).toISOString() === value;
}

/**
 * A token bucket per API key, as rate-limited APIs keep one: `rate` tokens a second, at most
 * `burst` saved up; a request without a token is refused with 429. `retryAfter` says how the
 * refusal tells when to come back: 'seconds' (the time until the next token, rounded up),
 * 'date' (an HTTP date, with a Date header to read it against), or 'none' (no header at all).
 * Off while `rate` is 0. Time is the sandbox's clock: a test that sets one gets a limit in its time.
 */
function createRateLimiter(initial = {}, clock = () => Date.now()) {
	let settings = { rate: 0, burst: 1, retryAfter: 'seconds', ...initial };
	const buckets = new Map();
	return {
		get settings() {
			return settings;
		},
		configure(next = {}) {
			settings = { ...settings, ...next };
			buckets.clear();
		},
		restore() {
			settings = { rate: 0, burst: 1, retryAfter: 'seconds', ...initial };
			buckets.clear();
		},
		/** A token for `key`, or how many milliseconds until there is one. */
		take(key) {
			if (!settings.rate) return { ok: true };
			const now = clock();
			const bucket = buckets.get(key) ?? { tokens: settings.burst, at: now };
			bucket.tokens = Math.min(
				settings.burst,
				bucket.tokens + ((now - bucket.at) / 1000) * settings.rate,
			);
			bucket.at = now;
			buckets.set(key, bucket);
			if (bucket.tokens >= 1) {
				bucket.tokens -= 1;
				return { ok: true };
			}
			return { ok: false, waitMs: ((1 - bucket.tokens) / settings.rate) * 1000 };
		},
		headers(waitMs) {
			const seconds = Math.max(1, Math.ceil(waitMs / 1000));
			if (settings.retryAfter === 'none') return {};
			if (settings.retryAfter === 'date') {
				const date = new Date(Math.ceil(clock() / 1000) * 1000);
				return {
					'Retry-After': new Date(date.getTime() + seconds * 1000).toUTCString(),
					Date: date.toUTCString(),
				};
			}
			return { 'Retry-After': String(seconds) };
		},
	};
}

function createSandbox(options = {}) {
	const config = { ...DEFAULTS, ...options };
	// Timestamps, ids, the rate limit and the request log's times all read it.
	const clock = options.clock ?? (() => Date.now());
	const limiter = createRateLimiter(options.rateLimit, clock);
	let state;
	let counter;
	let dataVersion = 0;
	let requests = [];
	let faults = [];
	// Bytes of JSON sent by the query endpoints: the benchmark compares memory with it.
	// Connections opened, open now and open at most since the last clear: the benchmark checks
	// the concurrency cap, and whether clients keep connections alive.
	const stats = { queryBytes: 0, connections: 0, openConnections: 0, peakConnections: 0 };
	const clearStats = () =>
		Object.assign(stats, { queryBytes: 0, connections: 0, peakConnections: stats.openConnections });

	function reset(seedOptions = {}) {
		dataVersion += 1;
		const seed = buildSeed({ people: seedOptions.people ?? config.people });
		counter = 0;
		state = {
			members: seed.members,
			collections: new Map(Object.values(seed.collections).map((c) => [c._id, c])),
			attributes: new Map(),
			records: new Map(
				Object.entries(seed.records).map(([id, list]) => [
					id,
					new Map(list.map((r) => [r._id, r])),
				]),
			),
			lists: new Map(seed.lists.map(({ attributesKey, ...list }) => [list._id, list])),
			entries: new Map(seed.lists.map((list) => [list._id, new Map()])),
			// One group to rotate, update and delete in examples; its token is fixed.
			userGroups: new Map([
				[
					'acme-sales',
					{
						team_id: 100,
						token: 'ug_seed_token_acme',
						name: 'Acme Sales',
						provided_id: 'acme-sales',
						properties: { region: 'EU' },
					},
				],
			]),
			teamCounter: 100,
			sms: [],
		};
		for (const collection of state.collections.values()) {
			state.attributes.set(
				`collection:${collection._id}`,
				seed.attributes[collection.collectionType],
			);
		}
		state.attributes.set('collection:activity-list', seed.attributes.activity);
		for (const list of seed.lists) {
			state.attributes.set(`list:${list._id}`, seed.attributes[list.attributesKey]);
		}
		for (const entry of seed.entries) state.entries.get(entry.listId).set(entry._id, entry);
	}
	reset();

	const newId = () => {
		counter += 1;
		return '9f' + clock().toString(16).padStart(12, '0') + counter.toString(16).padStart(10, '0');
	};
	const now = () => new Date(clock()).toISOString();
	const newToken = () => randomUUID().replace(/-/g, '');

	// ---------- auth (docs/api.md §5) ----------
	function requireHeaderAuth(req) {
		const key = req.headers['x-api-key'];
		const workspace = req.headers['x-workspace-id'];
		if (!key || !workspace) throw new ApiError(401, 'No token provided');
		if (key !== config.apiKey || workspace !== config.workspaceId) {
			throw new ApiError(401, 'Unauthorised');
		}
	}
	function requireTokenAuth(req) {
		const header = req.headers.authorization ?? '';
		const match = /^Token (.+)$/.exec(header);
		if (!match) throw new ApiError(401, 'No token provided', 'success');
		if (match[1] !== config.userGroupsApiKey) throw new ApiError(401, 'Unauthorised', 'success');
	}

	// ---------- helpers over state ----------
	function collectionRecords(collectionId) {
		const records = state.records.get(collectionId);
		if (!records) throw notFound('Collection');
		return records;
	}
	function attributesOf(target, targetId) {
		const attributes = state.attributes.get(`${target}:${targetId}`);
		if (!attributes) throw notFound(target === 'list' ? 'List' : 'Collection');
		return attributes;
	}
	function findRecordAnywhere(id) {
		for (const [collectionId, records] of state.records) {
			if (records.has(id)) return { collectionId, record: records.get(id) };
		}
		return undefined;
	}
	function collectionOfType(type) {
		return [...state.collections.values()].find((c) => c.collectionType === type);
	}

	function coerceOption(attribute, value) {
		const id = isPlainObject(value) ? value._id : value;
		const option = attribute.options.find((o) => o._id === id || o.name === id);
		if (!option) {
			throw badRequest(`${attribute.apiKeyName} has no option ${JSON.stringify(value)}`);
		}
		return option;
	}

	/** Checks and converts one attribute value by its input type, as the service stores it. */
	function coerce(attribute, value) {
		const { apiKeyName: key, inputType: type } = attribute;
		if (!attribute.isEditable) throw badRequest(`${key} is read-only`);
		if (value === null) return null;
		const fail = (expected) => {
			throw badRequest(`${key} expects ${expected}, got ${JSON.stringify(value)}`);
		};
		switch (type) {
			case 'text':
				return typeof value === 'string' ? value : fail('a string');
			case 'number':
			case 'currency':
			case 'rating':
				return typeof value === 'number' && Number.isFinite(value) ? value : fail('a number');
			case 'checkbox':
				return typeof value === 'boolean' ? value : fail('a boolean');
			case 'email-address':
			case 'phone-number':
			case 'domain': {
				const list = Array.isArray(value) ? value : [value];
				return list.every((v) => typeof v === 'string')
					? list
					: fail('a string or a list of strings');
			}
			case 'select':
			case 'status':
				return coerceOption(attribute, value);
			case 'multiselect':
				return (Array.isArray(value) ? value : [value]).map((v) => coerceOption(attribute, v));
			case 'record-reference': {
				if (typeof value !== 'string') fail('a record id');
				const target = attribute.target ? collectionOfType(attribute.target) : undefined;
				const found = target
					? state.records.get(target._id).get(value)
					: findRecordAnywhere(value)?.record;
				if (!found) throw badRequest(`${key}: record ${value} does not exist`);
				return attribute.target ? { _id: found._id, name: found.name, avatar: '' } : found._id;
			}
			case 'actor-reference': {
				const id = isPlainObject(value) ? value._id : value;
				const member = MEMBERS.find((m) => m.userId === id || m.email === id);
				if (!member) throw badRequest(`${key}: no workspace member ${JSON.stringify(value)}`);
				return userObject(member);
			}
			case 'timestamp':
			case 'date':
				if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) fail('an ISO 8601 date');
				return new Date(value).toISOString();
			default:
				return value;
		}
	}

	function applyAttributes(attributes, body, target) {
		if (!isPlainObject(body)) throw badRequest('the body must be a JSON object');
		for (const [key, value] of Object.entries(body)) {
			const attribute = attributes.find((a) => a.apiKeyName === key);
			if (!attribute) throw badRequest(`unknown attribute ${key}`);
			target[key] = coerce(attribute, value);
		}
		return target;
	}

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
		const sortKey = `${dataVersion}|${JSON.stringify(sort)}`;
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

	const ok = (message, data, extra = {}) => ({
		status: true,
		message,
		...extra,
		...(data === undefined ? {} : { data }),
	});

	// ---------- activities (docs/api.md §4.1) ----------
	const activityStatusAttribute = () =>
		state.attributes.get('collection:activity-list').find((a) => a.apiKeyName === 'status');
	const activityStatus = (value) => coerce(activityStatusAttribute(), value);

	function activityFields(body, partial) {
		if (!isPlainObject(body)) throw badRequest('the body must be a JSON object');
		const required = ['iconType', 'iconValue', 'name', 'scheduleAt'];
		if (!partial) {
			for (const field of required) {
				if (body[field] === undefined || body[field] === '')
					throw badRequest(`${field} is required`);
			}
		}
		const known = [...required, 'description', 'associated', 'status'];
		const fields = {};
		for (const [key, value] of Object.entries(body)) {
			if (!known.includes(key)) throw badRequest(`unknown field ${key}`);
			fields[key] = value;
		}
		if (fields.iconType !== undefined && !ICON_TYPES.includes(fields.iconType)) {
			throw badRequest(`iconType must be one of ${ICON_TYPES.join(', ')}`);
		}
		if (fields.scheduleAt !== undefined && !SCHEDULE_AT.test(fields.scheduleAt)) {
			throw badRequest('scheduleAt must be formatted YYYY-MM-DDTHH:mm:ss.SSSZ');
		}
		if (
			fields.associated !== undefined &&
			fields.associated !== null &&
			!findRecordAnywhere(fields.associated)
		) {
			throw badRequest(`associated record ${fields.associated} does not exist`);
		}
		if (fields.status !== undefined) fields.status = activityStatus(fields.status);
		return fields;
	}

	// ---------- user groups (docs/api.md §4.8) ----------
	const groupOut = (group) => ({
		team_id: group.team_id,
		token: group.token,
		name: group.name,
		provided_id: group.provided_id,
		properties: group.properties,
		api_environment_tag: 'Customer',
	});
	const groupByToken = (token) => [...state.userGroups.values()].find((g) => g.token === token);
	// docs/api.md §7, §10.2: /api/user signals failure by success = 0; only missing or wrong keys get 401.
	const groupFailure = (message) => new ApiError(200, message, 'success');

	// ---------- routes ----------
	const routes = [];
	const route = (method, pattern, auth, handler) => routes.push({ method, pattern, auth, handler });
	const v1 = (path) => new RegExp(`^/api/v1${path}$`);
	const ID = '([^/]+)';

	route('GET', v1('/collections'), 'header', () =>
		ok('Collection fetched successfully', [...state.collections.values()]),
	);
	route('GET', v1(`/collections/${ID}`), 'header', (_, [id]) => {
		const collection = state.collections.get(id);
		if (!collection) throw notFound('Collection');
		return ok('Collection fetched successfully', collection);
	});

	// Activities are addressed by the path segment activity-list; they come before the
	// generic record routes so that "activity-list" is never read as a collection id.
	route('POST', v1('/collection-records/activity-list'), 'header', ({ body }) => {
		const fields = activityFields(body, false);
		const activity = {
			_id: newId(),
			name: fields.name,
			scheduleAt: fields.scheduleAt,
			description: fields.description ?? '',
			associated: fields.associated ?? null,
			assignee: null,
			status: fields.status ?? activityStatus(activityStatusAttribute().options[0]._id),
			sourceDetails: 'api',
			source: null,
			createdBy: userObject(MEMBERS[0]),
			completedTime: false,
			activityLostReason: null,
			createdAt: now(),
			iconType: fields.iconType,
			iconValue: fields.iconValue,
		};
		state.records.get('activity-list').set(activity._id, activity);
		return ok('Record created successfully!', activity, { _id: activity._id });
	});
	route('POST', v1('/collection-records/activity-list/query'), 'header', (request) =>
		ok(
			'Records fetched successfully',
			query(state.records.get('activity-list'), request, { filterIsArray: true }),
		),
	);
	route('GET', v1(`/collection-records/activity-list/${ID}`), 'header', (_, [id]) => {
		const activity = state.records.get('activity-list').get(id);
		if (!activity) throw notFound('Activity');
		return ok('Record fetched successfully', activity);
	});
	route('PATCH', v1(`/collection-records/activity-list/${ID}`), 'header', ({ body }, [id]) => {
		const activity = state.records.get('activity-list').get(id);
		if (!activity) throw notFound('Activity');
		const fields = activityFields(body, true);
		// Moving to the last status (Done) completes the activity; moving away reopens it.
		if (fields.status !== undefined) {
			const done = fields.status._id === activityStatusAttribute().options.at(-1)._id;
			if (done !== (activity.completedTime !== false)) fields.completedTime = done ? now() : false;
		}
		Object.assign(activity, fields);
		return ok('Record updated successfully!');
	});
	route('DELETE', v1(`/collection-records/activity-list/${ID}`), 'header', (_, [id]) => {
		if (!state.records.get('activity-list').delete(id)) throw notFound('Activity');
		return ok('Record Deleted Successfully!');
	});

	route('POST', v1(`/collection-records/${ID}`), 'header', ({ body }, [collectionId]) => {
		const records = collectionRecords(collectionId);
		if (!isPlainObject(body) || Object.keys(body).length === 0) {
			throw badRequest('give at least one attribute');
		}
		const record = applyAttributes(attributesOf('collection', collectionId), body, {
			_id: newId(),
		});
		record.createdAt = now();
		records.set(record._id, record);
		return ok('Record created successfully!', record, { _id: record._id });
	});
	route('POST', v1(`/collection-records/${ID}/query`), 'header', (request, [collectionId]) =>
		ok('success', query(collectionRecords(collectionId), request)),
	);
	route('GET', v1(`/collection-records/${ID}/${ID}`), 'header', (_, [collectionId, recordId]) => {
		const record = collectionRecords(collectionId).get(recordId);
		if (!record) throw notFound('Record');
		return ok('Record fetched successfully', record);
	});
	route(
		'PATCH',
		v1(`/collection-records/${ID}/${ID}`),
		'header',
		({ body }, [collectionId, recordId]) => {
			const record = collectionRecords(collectionId).get(recordId);
			if (!record) throw notFound('Record');
			const changes = applyAttributes(attributesOf('collection', collectionId), body, {});
			Object.assign(record, changes);
			return ok('Record updated successfully!');
		},
	);
	route(
		'DELETE',
		v1(`/collection-records/${ID}/${ID}`),
		'header',
		(_, [collectionId, recordId]) => {
			if (!collectionRecords(collectionId).delete(recordId)) throw notFound('Record');
			return ok('Record Deleted Successfully!');
		},
	);

	route('GET', v1('/lists'), 'header', () =>
		ok('Lists fetched successfully', [...state.lists.values()]),
	);
	route('GET', v1(`/lists/${ID}`), 'header', (_, [id]) => {
		const list = state.lists.get(id);
		if (!list) throw notFound('List');
		return ok('List fetched successfully', list);
	});

	function listEntries(listId) {
		const entries = state.entries.get(listId);
		if (!entries) throw notFound('List');
		return entries;
	}
	route('POST', v1(`/list-entries/${ID}`), 'header', ({ body }, [listId]) => {
		const entries = listEntries(listId);
		const list = state.lists.get(listId);
		if (!isPlainObject(body) || typeof body.recordId !== 'string' || !body.recordId) {
			throw badRequest('recordId is required');
		}
		const record = state.records.get(list.collectionId).get(body.recordId);
		if (!record) throw notFound('Record');
		if (
			!list.duplicationAllowed &&
			[...entries.values()].some((e) => e.recordId === body.recordId)
		) {
			throw badRequest(`record ${body.recordId} is already in this list`);
		}
		const kind = list.collection.collectionType;
		const entry = {
			_id: newId(),
			listId,
			peopleId: kind === 'people' ? record._id : null,
			companyId: kind === 'company' ? record._id : null,
			dealId: kind === 'deals' ? record._id : null,
			recordId: record._id,
			owner: MEMBERS[0].userId,
			createdAt: now(),
			updatedAt: now(),
			__v: 0,
		};
		if (body.data !== undefined) applyAttributes(attributesOf('list', listId), body.data, entry);
		entries.set(entry._id, entry);
		return ok('List entry created successfully!', entry);
	});
	route('POST', v1(`/list-entries/${ID}/query`), 'header', (request, [listId]) =>
		ok('List Entries fetched successfully', query(listEntries(listId), request)),
	);
	route('GET', v1(`/list-entries/${ID}/${ID}`), 'header', (_, [listId, entryId]) => {
		const entry = listEntries(listId).get(entryId);
		if (!entry) throw notFound('List entry');
		return ok('List entry fetched successfully', entry);
	});
	route('PATCH', v1(`/list-entries/${ID}/${ID}`), 'header', ({ body }, [listId, entryId]) => {
		const entry = listEntries(listId).get(entryId);
		if (!entry) throw notFound('List entry');
		applyAttributes(attributesOf('list', listId), body, entry);
		entry.updatedAt = now();
		entry.__v += 1;
		return ok('List entry updated successfully!');
	});
	route('DELETE', v1(`/list-entries/${ID}/${ID}`), 'header', (_, [listId, entryId]) => {
		if (!listEntries(listId).delete(entryId)) throw notFound('List entry');
		return ok('List Entry deleted successfully');
	});

	route('GET', v1('/workspace-members'), 'header', () =>
		ok('Workspace members fetched successfully!', state.members),
	);
	route('GET', v1(`/workspace-members/${ID}`), 'header', (_, [id]) => {
		const member = state.members.find((m) => m.userId === id);
		if (!member) throw notFound('Workspace member');
		return ok('Workspace member fetched successfully', member);
	});

	const TARGET = '(collection|list)';
	const attributeOut = ({ options, target, ...attribute }) => attribute;
	route('GET', v1(`/attributes/${TARGET}/${ID}`), 'header', (_, [target, targetId]) =>
		ok('Attributes fetched successfully', attributesOf(target, targetId).map(attributeOut)),
	);
	const optionsOf = (target, targetId, attributeId, inputTypes) => {
		const attribute = attributesOf(target, targetId).find((a) => a._id === attributeId);
		if (!attribute) throw notFound('Attribute');
		if (!inputTypes.includes(attribute.inputType)) {
			throw badRequest(`${attribute.apiKeyName} is not a ${inputTypes.join(' or ')} attribute`);
		}
		return attribute.options;
	};
	route('GET', v1(`/attributes/${TARGET}/${ID}/${ID}/status`), 'header', (_, params) =>
		ok('Statuses fetched successfully', optionsOf(...params, ['status'])),
	);
	route('GET', v1(`/attributes/${TARGET}/${ID}/${ID}/options`), 'header', (_, params) =>
		ok('Options fetched successfully', optionsOf(...params, ['select', 'multiselect'])),
	);
	route(
		'DELETE',
		v1(`/attributes/${TARGET}/${ID}/${ID}`),
		'header',
		(_, [target, targetId, attributeId]) => {
			const attributes = attributesOf(target, targetId);
			const index = attributes.findIndex((a) => a._id === attributeId);
			if (index === -1) throw notFound('Attribute');
			if (attributes[index].isSystem) throw badRequest('only custom attributes can be deleted');
			attributes.splice(index, 1);
			return ok('Attribute deleted successfully');
		},
	);

	route('POST', /^\/api\/user$/, 'token', ({ body }) => {
		const currentToken = isPlainObject(body) ? body.current_token : undefined;
		if (currentToken !== undefined && currentToken !== '') {
			const group = groupByToken(currentToken);
			if (!group) throw groupFailure('Unknown current_token: no user group has this token');
			group.token = newToken();
			return { success: 1, user_group: groupOut(group) };
		}
		state.teamCounter += 1;
		const group = {
			team_id: state.teamCounter,
			token: newToken(),
			name: null,
			provided_id: null,
			properties: null,
		};
		state.userGroups.set(`team:${group.team_id}`, group);
		return { success: 1, user_group: groupOut(group) };
	});
	route('PUT', /^\/api\/user$/, 'token', ({ body }) => {
		if (!isPlainObject(body)) throw groupFailure('The body must be a JSON object');
		const { name, user_group_id: providedId, mapping, properties } = body;
		if (typeof providedId !== 'string' || !providedId)
			throw groupFailure('user_group_id is required');
		if (mapping !== undefined && !isPlainObject(mapping))
			throw groupFailure('mapping must be an object');
		if (properties !== undefined && !isPlainObject(properties))
			throw groupFailure('properties must be an object');
		let group = state.userGroups.get(providedId);
		const created = !group;
		if (created) {
			state.teamCounter += 1;
			group = {
				team_id: state.teamCounter,
				token: newToken(),
				name: null,
				provided_id: providedId,
				properties: null,
			};
			state.userGroups.set(providedId, group);
		}
		if (name !== undefined) group.name = name;
		if (mapping !== undefined) group.mapping = mapping;
		if (properties !== undefined) group.properties = properties;
		return { success: 1, user_group: { new_user_group: created ? 1 : 0, ...groupOut(group) } };
	});
	route('DELETE', /^\/api\/user$/, 'token', ({ body }) => {
		const { user_group_id: providedId, current_token: currentToken } = isPlainObject(body)
			? body
			: {};
		const group = state.userGroups.get(providedId);
		if (!group) throw groupFailure(`No user group with user_group_id ${providedId}`);
		if (group.token !== currentToken)
			throw groupFailure('current_token does not match the user group');
		state.userGroups.delete(providedId);
		return { success: 1 };
	});

	route('POST', /^\/api\/ingest\/sms\/v1\/message\/send$/, 'header', ({ body }) => {
		const fail = (message) => new ApiError(400, message, 'sms');
		if (!isPlainObject(body)) throw fail('The body must be a JSON object');
		const { recipient, message, sender_id: senderId, route: smsRoute, is_flash: isFlash } = body;
		if (typeof recipient !== 'string' || !/^\d{8,15}$/.test(recipient)) {
			throw fail('recipient must be the country code and number, digits only');
		}
		if (typeof message !== 'string' || !message) throw fail('message is required');
		if (typeof senderId !== 'string' || !senderId) throw fail('sender_id is required');
		if (!SMS_ROUTES.includes(smsRoute)) throw fail(`route must be one of ${SMS_ROUTES.join(', ')}`);
		if (isFlash !== undefined && typeof isFlash !== 'boolean')
			throw fail('is_flash must be a boolean');
		const requestId = randomUUID();
		state.sms.push({ requestId, ...body });
		return { success: true, message: 'SMS request queued successfully', request_id: requestId };
	});

	// ---------- the HTTP layer ----------

	function takeFault(method, path) {
		const fault = faults.find(
			(f) =>
				f.times > 0 && (!f.method || f.method === method) && (!f.path || path.startsWith(f.path)),
		);
		if (!fault) return undefined;
		// `skip`: let that many matching requests through first (say, fail only page 3).
		if (fault.skip > 0) {
			fault.skip -= 1;
			return undefined;
		}
		fault.times -= 1;
		return fault;
	}

	function send(res, statusCode, payload, headers = {}) {
		if (res.logged) Object.assign(res.logged, { status: statusCode, doneAt: clock() });
		const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
		if (res.req?.url?.endsWith('/query')) stats.queryBytes += Buffer.byteLength(text);
		res.writeHead(statusCode, {
			'Content-Type': typeof payload === 'string' ? 'text/html' : 'application/json',
			...headers,
		});
		res.end(text);
	}

	function errorBody(error) {
		if (error.envelope === 'success') return { success: 0, message: error.message };
		if (error.envelope === 'sms') return { success: false, message: error.message };
		return { status: false, message: error.message };
	}

	async function handleControl(req, res, path, body) {
		if (req.method === 'GET' && path === '/__sandbox/requests') return send(res, 200, requests);
		if (req.method === 'DELETE' && path === '/__sandbox/requests') {
			requests = [];
			return send(res, 200, { cleared: true });
		}
		if (req.method === 'POST' && path === '/__sandbox/rate-limit') {
			limiter.configure(body ?? {});
			return send(res, 200, limiter.settings);
		}
		if (req.method === 'POST' && path === '/__sandbox/faults') {
			faults.push({ times: 1, ...body });
			return send(res, 200, { added: true });
		}
		if (req.method === 'POST' && path === '/__sandbox/reset') {
			reset(body ?? {});
			limiter.restore();
			requests = [];
			faults = [];
			return send(res, 200, { reset: true });
		}
		if (req.method === 'GET' && path === '/__sandbox/state') {
			return send(res, 200, {
				userGroups: [...state.userGroups.values()],
				sms: state.sms,
				counts: Object.fromEntries([...state.records].map(([id, r]) => [id, r.size])),
			});
		}
		return send(res, 404, { message: 'unknown control path' });
	}

	async function handle(req, res) {
		const url = new URL(req.url, 'http://sandbox');
		const path = url.pathname;
		const chunks = [];
		for await (const chunk of req) chunks.push(chunk);
		const rawBody = Buffer.concat(chunks).toString('utf8');
		let body;
		let bodyError;
		if (rawBody) {
			try {
				body = JSON.parse(rawBody);
			} catch (error) {
				bodyError = error;
			}
		}
		if (path.startsWith('/__sandbox/')) return handleControl(req, res, path, body);
		// Strict JSON, as many servers are: a write that says it sends JSON must send some.
		const saysJson = String(req.headers['content-type'] ?? '').includes('application/json');
		if (['POST', 'PUT', 'PATCH'].includes(req.method) && saysJson && rawBody === '') {
			requests.push({
				method: req.method,
				path,
				query: Object.fromEntries(url.searchParams),
				headers: { ...req.headers },
				body,
				at: clock(),
				status: 400,
				doneAt: clock(),
			});
			return send(res, 400, { status: false, message: 'The body is not valid JSON: it is empty' });
		}

		const logged = {
			method: req.method,
			path,
			query: Object.fromEntries(url.searchParams),
			headers: { ...req.headers },
			body,
			at: clock(),
		};
		requests.push(logged);
		res.logged = logged;

		const token = limiter.take(req.headers['x-api-key'] ?? req.headers.authorization ?? '');
		if (!token.ok) {
			return send(
				res,
				429,
				{ status: false, message: 'Too many requests' },
				limiter.headers(token.waitMs),
			);
		}

		const fault = takeFault(req.method, path);
		if (req.method !== 'GET' && !path.endsWith('/query')) dataVersion += 1;
		try {
			if (fault?.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
			// A failure after the work was done: the client cannot tell whether it happened.
			// (A fault with no failure of its kind, a delay alone, does the work once, below.)
			if (fault?.afterHandling && fault.kind)
				await dispatch(req, path, body, bodyError, fault, () => {});
			switch (fault?.kind) {
				case 'reset':
					logged.status = 'reset';
					return req.socket.destroy();
				case 'rate-limit':
					return send(
						res,
						429,
						{ status: false, message: 'Too many requests' },
						{ 'Retry-After': String(fault.retryAfter ?? 1) },
					);
				case 'server-error':
					return send(res, 500, { status: false, message: 'Internal server error' });
				case 'status-false': {
					// A failure on HTTP 200, in the envelope of the host that was asked.
					const message = fault.message ?? 'Invalid data Provided';
					if (path.startsWith('/api/ingest/')) return send(res, 200, { success: false, message });
					if (path === '/api/user') return send(res, 200, { success: 0, message });
					return send(res, 200, { status: false, message });
				}
				case 'status':
					// Any answer at all, for readings of the service the sandbox does not take itself.
					return send(res, fault.statusCode ?? 500, fault.body ?? {}, fault.headers);
				case 'non-json':
					return send(res, fault.statusCode ?? 502, '<html><body>Bad gateway</body></html>');
			}

			return await dispatch(req, path, body, bodyError, fault, (payload) =>
				send(res, 200, payload),
			);
		} catch (error) {
			if (error instanceof ApiError) return send(res, error.statusCode, errorBody(error));
			return send(res, 500, { status: false, message: `Internal server error: ${error.message}` });
		}
	}

	/** Finds the route, checks auth and runs it; `reply` gets what it answers. */
	async function dispatch(req, path, body, bodyError, fault, reply) {
		const candidates = routes.filter((r) => r.pattern.test(path));
		const match = candidates.find((r) => r.method === req.method);
		if (!match) {
			if (candidates.length) throw new ApiError(405, `${req.method} is not allowed on ${path}`);
			throw new ApiError(404, `No route ${req.method} ${path}`);
		}
		if (match.auth === 'header') requireHeaderAuth(req);
		else requireTokenAuth(req);
		if (bodyError) {
			throw new ApiError(
				400,
				`Invalid data Provided: the body is not valid JSON (${bodyError.message})`,
				match.auth === 'token' ? 'success' : 'status',
			);
		}
		const params = match.pattern.exec(path).slice(1).map(decodeURIComponent);
		return reply(await match.handler({ body, req, fault }, params));
	}

	const server = http.createServer((req, res) => {
		handle(req, res).catch((error) => send(res, 500, { status: false, message: error.message }));
	});
	server.keepAliveTimeout = 5000;
	server.on('connection', (socket) => {
		stats.connections += 1;
		stats.openConnections += 1;
		stats.peakConnections = Math.max(stats.peakConnections, stats.openConnections);
		socket.once('close', () => (stats.openConnections -= 1));
	});

	return {
		config,
		get requests() {
			return requests;
		},
		clearRequests() {
			requests = [];
			clearStats();
		},
		stats,
		/** The token bucket: `{ rate, burst, retryAfter: 'seconds' | 'date' | 'none' }`; rate 0 turns it off. */
		rateLimit(settings) {
			limiter.configure(settings);
		},
		/** Makes the next `times` matching requests fail: see the fault kinds in handle(). */
		addFault(fault) {
			faults.push({ times: 1, ...fault });
		},
		reset(seedOptions) {
			reset(seedOptions);
			limiter.restore();
			requests = [];
			faults = [];
			clearStats();
		},
		/** The live data; whoever takes it may change it, so cached selections are dropped. */
		get state() {
			dataVersion += 1;
			return state;
		},
		async start(port = 0, host = '127.0.0.1') {
			await new Promise((resolve, reject) => {
				server.once('error', reject);
				server.listen(port, host, resolve);
			});
			const address = server.address();
			this.url = `http://${host}:${address.port}`;
			return this.url;
		},
		async stop() {
			server.closeAllConnections?.();
			await new Promise((resolve) => server.close(() => resolve()));
		},
	};
}

module.exports = { createSandbox, DEFAULTS };
