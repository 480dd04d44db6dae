import type { IDataObject } from 'n8n-workflow';

import { isPlainObject } from '../shared/input';

/**
 * What the workspace posts to the trigger's URL (docs/nodes/WorkspaceWhatsAppTrigger.md): its
 * webhooks for incoming messages (vendor docs, "Webhook event types") and the delivery-status
 * callbacks of a send whose post-back URL is this URL ("Postback notifications").
 */
export const INCOMING_WHATSAPP = 'incoming.whatsapp.message';
export const INCOMING_RCS = 'incoming.rcs.message';
/** A callback's `type`; it has no `event`, so the trigger adds this one as `event`. */
export const DELIVERY_STATUS = 'delivery_status';

export type EventName = typeof INCOMING_WHATSAPP | typeof INCOMING_RCS | typeof DELIVERY_STATUS;
const EVENT_NAMES: readonly string[] = [INCOMING_WHATSAPP, INCOMING_RCS, DELIVERY_STATUS];

/** Said on an item that came as "Only Event": without it the message itself is missing. */
export const ONLY_EVENT_NOTICE =
	"This event came without the message: in the workspace's Settings → Developer → Webhook, set the webhook's Data Type to Event with Data";

/** Which event a payload is, or undefined for anything else (a payload of another kind, or not an object). */
export function eventOf(payload: unknown): EventName | undefined {
	if (!isPlainObject(payload)) return undefined;
	if (typeof payload.event === 'string')
		return EVENT_NAMES.includes(payload.event) ? (payload.event as EventName) : undefined;
	return payload.type === DELIVERY_STATUS ? DELIVERY_STATUS : undefined;
}

/**
 * What identifies one event across the vendor's retries: its id as sent (`42` and `"42"` differ;
 * every digit counts). Incoming messages carry `eventId` ("to uniquely identify event"), else
 * `messageId`; a delivery callback has none, and one message has several statuses, so it is its
 * request, status and time. Without any of these, its whole body: only an exact repeat repeats.
 */
export function eventIdentity(event: EventName, payload: IDataObject, rawJson?: string): string {
	const member = (name: string) => {
		const text = rawJson === undefined ? JSON.stringify(payload[name]) : rawMember(rawJson, name);
		return text === undefined || text === 'null' || text === '""' ? undefined : text;
	};
	const known = (kind: string, ...ids: Array<string | undefined>) =>
		ids.some((id) => id !== undefined)
			? [kind, ...ids.map((id) => id ?? '')].join('\u0000')
			: undefined;
	const identity =
		event === DELIVERY_STATUS
			? known('status', ...['request_id', 'status', 'status_at'].map(member))
			: (known('event', member('eventId')) ?? known(`message\u0000${event}`, member('messageId')));
	return identity ?? ['body', event, rawJson ?? JSON.stringify(payload)].join('\u0000');
}

/** Where the JSON value that starts at `at` ends (its last character's index, plus one). */
function valueEnd(json: string, at: number): number {
	let depth = 0;
	for (let i = at; i < json.length; i++) {
		const c = json[i];
		if (c === '"') i = stringEnd(json, i);
		else if (c === '{' || c === '[') depth++;
		else if (c === '}' || c === ']') {
			if (depth === 0) return i;
			if (--depth === 0) return i + 1;
		} else if (depth === 0 && c === ',') return i;
		if (depth === 0 && c === '"') return i + 1;
	}
	return json.length;
}

/** The index of the quote that closes the string opening at `at`. */
function stringEnd(json: string, at: number): number {
	for (let i = at + 1; i < json.length; i++) {
		if (json[i] === '\\') i++;
		else if (json[i] === '"') return i;
	}
	return json.length;
}

/**
 * The text of a top-level member's value as sent, trimmed; undefined when there is none. JSON
 * numbers lose digits once parsed (the vendor's message ids are beyond a double's precision).
 */
export function rawMember(json: string, name: string): string | undefined {
	let depth = 0;
	for (let i = 0; i < json.length; i++) {
		const c = json[i];
		if (c === '{' || c === '[') depth++;
		else if (c === '}' || c === ']') depth--;
		else if (c === '"') {
			const end = stringEnd(json, i);
			const colon = /^\s*:/.exec(json.slice(end + 1, end + 64));
			if (depth === 1 && colon) {
				const start = end + 1 + colon[0].length;
				const stop = valueEnd(json, start);
				if (JSON.parse(json.slice(i, end + 1)) === name) return json.slice(start, stop).trim();
				i = stop - 1;
			} else i = end;
		}
	}
	return undefined;
}

/**
 * `message_id` of a delivery callback as every digit of it: the vendor's example
 * (604132581490819100) is beyond what a JavaScript number holds, and JSON.parse rounds it.
 */
export function exactMessageId(rawJson: string | undefined): string | undefined {
	const sent = rawJson === undefined ? undefined : rawMember(rawJson, 'message_id');
	return sent && /^"?-?\d+"?$/.test(sent) ? sent.replace(/"/g, '') : undefined;
}

/**
 * The item a payload becomes: as received, so every message type (documented or not) comes
 * out as the vendor sent it. A delivery callback gains `event` and a `message_id` string; an
 * incoming message without its `message` (the webhook's Data Type is "Only Event") gains a notice.
 */
export function itemOf(event: EventName, payload: IDataObject, rawJson?: string): IDataObject {
	if (event === DELIVERY_STATUS) {
		const messageId = exactMessageId(rawJson) ?? payload.message_id;
		return {
			event: DELIVERY_STATUS,
			...payload,
			...(messageId === undefined || messageId === null ? {} : { message_id: String(messageId) }),
		};
	}
	if (!isPlainObject(payload.message)) return { ...payload, notice: ONLY_EVENT_NOTICE };
	return { ...payload };
}
