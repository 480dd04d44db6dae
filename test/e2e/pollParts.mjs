// What the poll trigger cases share: poll times every 5 or 10 s, changes made through the API as
// another user makes them, rows added straight to the sandbox's data, and the checks that each
// row was emitted once and of how a poll read its pages.
import assert from 'node:assert/strict';

import { objectId, sandboxHeaders } from '../rig/sandbox.mjs';
import { fromList } from './messageSends.mjs';
import { PEOPLE } from './parameters.mjs';

/**
 * n8n refuses a poll time that fires more than once a minute. Each of these fires once a
 * minute, at its own second, so together the trigger polls every 5 s: twelve "Custom" poll times.
 */
export const EVERY_5_SECONDS = {
	item: Array.from({ length: 12 }, (_, i) => ({
		mode: 'custom',
		cronExpression: `${i * 5} * * * * *`,
	})),
};
/** The same, polling every 10 s: six poll times. */
export const EVERY_10_SECONDS = {
	item: Array.from({ length: 6 }, (_, i) => ({
		mode: 'custom',
		cronExpression: `${i * 10} * * * * *`,
	})),
};

/** A case's trigger `node`, active: n8n polls it every 5 s, with `parameters`. */
export const activeTrigger = (node, parameters) => ({
	node,
	trigger: true,
	active: true,
	parameters: { pollTimes: EVERY_5_SECONDS, ...parameters },
});
/** The Records Trigger on People (picked from the list), active: its `event`, then `more`. */
export const peopleTrigger = (event, more = {}) =>
	activeTrigger('workspaceRecordsTrigger', {
		event,
		collectionId: fromList(PEOPLE, 'People'),
		...more,
	});

/**
 * The passes over the people the sandbox answered, each from its first query (the question past
 * the bound, when it takes stock) to the page shorter than asked that ended it.
 */
export function passesOver(sandbox) {
	const passes = [];
	let start;
	let queries = 0;
	for (const query of sandbox.requests.filter(isPeopleQuery)) {
		start ??= query;
		queries += 1;
		if (query.status === 200 && query.body?.offset === 0 && query.rows < query.body.limit) {
			passes.push({ start, at: start.at, last: query, doneAt: query.doneAt, queries });
			[start, queries] = [undefined, 0];
		}
	}
	return passes;
}

/** A change made through the API, as another user of the workspace makes it; its `data`. */
export async function throughApi(sandbox, method, path, body) {
	const response = await fetch(`${sandbox.url}/api/v1${path}`, {
		method,
		headers: { ...sandboxHeaders(sandbox.config), 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const answer = await response.json();
	if (!response.ok || answer.status === false)
		throw new Error(`${method} ${path}: HTTP ${response.status} ${JSON.stringify(answer)}`);
	return answer._id ? { _id: answer._id, ...answer.data } : answer.data;
}

/** A person changed through the API (throughApi). */
export const changePerson = (sandbox, id, values) =>
	throughApi(sandbox, 'PATCH', `/collection-records/${PEOPLE}/${id}`, values);

/** People created through the API (throughApi), one after the other, named `names`: their ids. */
export async function newPeople(sandbox, names) {
	const ids = [];
	for (const name of names)
		ids.push((await throughApi(sandbox, 'POST', `/collection-records/${PEOPLE}`, { name }))._id);
	return ids;
}

export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Until `holds()`, checked every 250 ms, or fails after `ms` saying `what`. */
export async function until(holds, ms, what) {
	for (const deadline = Date.now() + ms; !holds(); ) {
		if (Date.now() > deadline) throw new Error(what);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}
export const isPeopleQuery = (request) =>
	request.method === 'POST' && request.path === `/api/v1/collection-records/${PEOPLE}/query`;
export const isActivityQuery = (request) =>
	request.method === 'POST' && request.path === '/api/v1/collection-records/activity-list/query';

/**
 * `count` people created straight in the sandbox's data, as others in the workspace would,
 * oldest first, three to a millisecond (rows sharing a timestamp across pages and polls).
 */
export function addPeople(sandbox, count, idKind, name) {
	const people = sandbox.state.records.get(PEOPLE);
	const start = Date.now() - Math.ceil(count / 3);
	const rows = Array.from({ length: count }, (_, i) => ({
		_id: objectId(idKind, i + 1),
		name: `${name} ${i + 1}`,
		createdAt: new Date(start + Math.floor(i / 3)).toISOString(),
	}));
	for (const row of rows) people.set(row._id, row);
	return rows;
}

/** assertEmittedOnce, its failure followed by `context`. */
export function assertEmittedOnceOr(runs, expected, context) {
	try {
		return assertEmittedOnce(runs, expected);
	} catch (error) {
		error.message = `${error.message}; ${context}`;
		throw error;
	}
}

/**
 * Every id in `expected` was emitted exactly once over all the runs, each of which succeeded;
 * nothing else was emitted but, at most once each, the ids in `mayAlso`. The rows emitted.
 */
export function assertEmittedOnce(runs, expected, mayAlso = []) {
	const failed = runs.filter((run) => run.status !== 'success');
	assert.ok(
		!failed.length,
		`${failed.length} of ${runs.length} executions did not succeed, the first: #${failed[0]?.id} ${failed[0]?.status}: ${failed[0]?.error}`,
	);
	const counts = new Map();
	for (const json of runs.flatMap((run) => run.items))
		counts.set(json._id, (counts.get(json._id) ?? 0) + 1);
	const twice = [...counts].filter(([, n]) => n > 1).map(([id]) => id);
	const missing = expected.filter((id) => !counts.has(id));
	const allowed = new Set([...expected, ...mayAlso]);
	const others = [...counts.keys()].filter((id) => !allowed.has(id));
	const emitted = [...counts.values()].reduce((a, b) => a + b, 0);
	assert.ok(
		!twice.length && !missing.length && !others.length,
		`${emitted} rows emitted in ${runs.length} executions: ${twice.length} more than once (${twice.slice(0, 3).join(', ')}), ${missing.length} of ${expected.length} never (${missing.slice(0, 3).join(', ')}), ${others.length} not new (${others.slice(0, 3).join(', ')})`,
	);
	return emitted;
}

/**
 * How long each poll that emitted took, from the sandbox's log: from its first query request
 * to the answer to its last. One poll runs at a time (the trigger's own guard), and each
 * emitting poll ends just before its execution starts, so a poll's requests are those after
 * the previous one's execution started (or after `since`, an index into the log) and before
 * its own. Empty polls after the last emission are not counted.
 */
export function pollSpans(sandbox, runs, since) {
	const queries = sandbox.requests.slice(since).filter(isPeopleQuery);
	let from = 0;
	return runs.map((run) => {
		const mine = queries.filter((r) => r.at >= from && r.at < run.startedAt);
		from = run.startedAt;
		if (!mine.length) return NaN;
		return Math.max(...mine.map((r) => r.doneAt ?? r.at)) - Math.min(...mine.map((r) => r.at));
	});
}
