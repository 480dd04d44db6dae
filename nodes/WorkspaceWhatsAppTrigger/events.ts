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
 * What identifies one event across the vendor's retries. Incoming messages carry `eventId`
 * ("to uniquely identify event"); a delivery callback has none, and one message goes through
 * several statuses, so a callback is its request, status and time. Undefined: nothing to go by.
 */
export function eventKey(event: EventName, payload: IDataObject): string | undefined {
	const text = (value: unknown) =>
		typeof value === 'string' || typeof value === 'number' ? String(value) : '';
	if (event === DELIVERY_STATUS) {
		const parts = [payload.request_id, payload.status, payload.status_at].map(text);
		return parts.some(Boolean) ? `status:${parts.join('|')}` : undefined;
	}
	if (text(payload.eventId)) return `event:${text(payload.eventId)}`;
	// "Only Event" payloads are not documented: the message id is the next best thing.
	return text(payload.messageId) ? `message:${event}|${text(payload.messageId)}` : undefined;
}

/**
 * `message_id` of a delivery callback as every digit of it: the vendor's example
 * (604132581490819100) is beyond what a JavaScript number holds, and JSON.parse rounds it.
 */
export function exactMessageId(rawBody: string | undefined): string | undefined {
	return rawBody ? /"message_id"\s*:\s*"?(-?\d+)"?/.exec(rawBody)?.[1] : undefined;
}

/**
 * The item a payload becomes: as received, so every message type (documented or not) comes
 * out as the vendor sent it. A delivery callback gains `event` and a `message_id` string; an
 * incoming message without its `message` (the webhook's Data Type is "Only Event") gains a notice.
 */
export function itemOf(event: EventName, payload: IDataObject, rawBody?: string): IDataObject {
	if (event === DELIVERY_STATUS) {
		const messageId = exactMessageId(rawBody) ?? payload.message_id;
		return {
			event: DELIVERY_STATUS,
			...payload,
			...(messageId === undefined || messageId === null ? {} : { message_id: String(messageId) }),
		};
	}
	if (!isPlainObject(payload.message)) return { ...payload, notice: ONLY_EVENT_NOTICE };
	return { ...payload };
}
