import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { clock } from '../shared/clock';
import { isPlainObject } from '../shared/input';
import { deliveryMemory, sha256, triggerOf } from '../shared/memory';

/** How many events the workflow's static data keeps, the newest: 16 characters each. */
export const KEPT_IN_WORKFLOW = 2_000;
const DIGEST_CHARS = 16;
const HOUR_MS = 3_600_000;

/**
 * The vendor retries a delivery 15 s, 40 s, 3 min, 10 min, 1 h, 6 h, 12 h, 24 h and 48 h after
 * the last (about 3.8 days in all): an event is remembered a little longer than that.
 */
export const EVENTS_KEPT_MS = 4 * 24 * HOUR_MS;

/** What this process knows of the events, before n8n has saved the static data. */
export const deliveries = deliveryMemory(EVENTS_KEPT_MS);

/** 96 bits of SHA-256: what is kept of an event's identity, however long its id. */
export const digestOfEvent = (identity: string) => sha256(identity).slice(0, DIGEST_CHARS);

/** What to do with an event: start the workflow (and call `started` once n8n has), or not. */
export type Admission =
	| { verdict: 'taken' }
	| { verdict: 'starting' }
	| { verdict: 'new'; started: () => void };

/**
 * Whether the workflow should start for an event. A new one is remembered as starting until n8n
 * has its execution (`started`), then as taken, in the node's static data too (a restart keeps
 * it). Answered anything but 2xx by n8n before it read the answer (no execution), it is forgotten,
 * for the workspace's retry; while n8n is still at it, however long that takes, a retry is refused.
 */
export function admit(context: IWebhookFunctions, identity: string): Admission {
	const event = digestOfEvent(identity);
	// A test run and the published workflow remember apart.
	const scope = `${triggerOf(context)}|${context.getMode()}`;
	const known = deliveries.statusOf(scope, event);
	if (known === 'starting') return { verdict: 'starting' };
	const staticData = context.getWorkflowStaticData('node');
	const saved = savedIn(staticData);
	if (known === 'taken' || saved.has(event)) return { verdict: 'taken' };

	deliveries.starting(scope, event);
	let done = false;
	const started = () => {
		if (done) return;
		done = true;
		deliveries.taken(scope, event);
		// Requests answered at the same time each write their copy over what n8n read before: the
		// events this process saw taken go in every copy.
		for (const [taken, at] of deliveries.takenSoFar(scope))
			if (!saved.has(taken)) saved.set(taken, at);
		save(staticData, saved);
	};
	// Where n8n never said it had started it, its 2xx does (too late for this request's save:
	// the next copy written carries it).
	whenAnswered(context.getResponseObject(), (status) => {
		if (status < 300) started();
		else if (!done) deliveries.failed(scope, event);
	});
	return { verdict: 'new', started };
}

type Response = ReturnType<IWebhookFunctions['getResponseObject']>;

/**
 * Calls `then` with n8n's status once it ends its answer, also when the caller has already gone
 * (an overloaded n8n answering minutes late): then the answer is never flushed, and Node never
 * emits 'finish'.
 */
function whenAnswered(response: Response, then: (status: number) => void): void {
	const end = response.end.bind(response) as (...args: unknown[]) => Response;
	let answered = false;
	response.end = ((...args: unknown[]) => {
		if (!answered) {
			answered = true;
			then(response.statusCode);
		}
		return end(...args);
	}) as Response['end'];
}

/**
 * The node's static data keeps `taken`: per hour (its number in base 36), the digests of the
 * events taken in it, joined. About 32 KB at most, written once per event emitted.
 */
function savedIn(staticData: IDataObject): Map<string, number> {
	const saved = new Map<string, number>();
	const taken = isPlainObject(staticData.taken) ? staticData.taken : {};
	const hours = Object.keys(taken).map((hour) => [hour, parseInt(hour, 36) * HOUR_MS] as const);
	for (const [hour, at] of hours.sort(([, a], [, b]) => a - b)) {
		const digests = taken[hour];
		if (typeof digests !== 'string') continue;
		for (let i = 0; i + DIGEST_CHARS <= digests.length; i += DIGEST_CHARS)
			saved.set(digests.slice(i, i + DIGEST_CHARS), at);
	}
	// What 1.0 kept: its keys as text, each with when.
	const kept = Array.isArray(staticData.seenEvents) ? staticData.seenEvents : [];
	for (const [key, at] of kept as Array<[string, number]>) {
		const identity = identityIn1_0(String(key));
		if (identity) saved.set(digestOfEvent(identity), Number(at));
	}
	return saved;
}

/** `events` oldest first (as read, then as taken): the newest of them within the time they are kept. */
function save(staticData: IDataObject, events: Map<string, number>): void {
	const since = clock.now() - EVENTS_KEPT_MS;
	let over = events.size - KEPT_IN_WORKFLOW;
	const taken: Record<string, string> = {};
	for (const [digest, at] of events) {
		if (over-- > 0 || at <= since) continue;
		const hour = Math.floor(at / HOUR_MS).toString(36);
		taken[hour] = (taken[hour] ?? '') + digest;
	}
	// Assigned, not changed in place: n8n saves static data only when it sees an assignment.
	staticData.taken = taken;
	delete staticData.seenEvents;
}

/** 1.0's key of an event (`event:…`, `message:…|…`, `status:…|…|…`) as eventIdentity gives it. */
function identityIn1_0(key: string): string | undefined {
	const [kind, ...rest] = key.split(':');
	const text = rest.join(':');
	const quoted = (part: string) => (part ? JSON.stringify(part) : '');
	if (kind === 'event') return ['event', quoted(text)].join('\u0000');
	if (kind === 'message') {
		const [event, ...id] = text.split('|');
		return ['message', event, quoted(id.join('|'))].join('\u0000');
	}
	if (kind === 'status') return ['status', ...text.split('|').map(quoted)].join('\u0000');
	return undefined;
}
