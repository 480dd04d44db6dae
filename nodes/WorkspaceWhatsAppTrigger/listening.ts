import type { IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import type { EventName } from './events';
import { INCOMING_RCS, INCOMING_WHATSAPP } from './events';

/**
 * What the trigger listens for and with what it checks a request, as n8n reads the fields: one
 * hidden for the chosen events (Secret Header Name, with only Delivery Status) reads as empty.
 */
export function listeningOf(context: IHookFunctions | IWebhookFunctions) {
	return {
		events: context.getNodeParameter('events', []) as EventName[],
		headerName: String(context.getNodeParameter('headerName', '')).trim(),
		headerValue: String(context.getNodeParameter('headerValue', '')),
	};
}

/** Whether an incoming message is chosen: only those come with the secret header, to /webhook. */
type Listening = ReturnType<typeof listeningOf>;

export const listensForIncoming = ({ events }: Pick<Listening, 'events'>) =>
	events.includes(INCOMING_WHATSAPP) || events.includes(INCOMING_RCS);

/**
 * Why the trigger cannot listen, in the editor's words, or undefined when it can. Each event
 * needs only what proves its requests: an incoming message, the secret header (name and value);
 * a delivery status, its URL's token, which is made from Secret Header Value.
 */
export function whyNotListening(listening: Listening): string | undefined {
	if (listening.events.length === 0)
		return 'Choose at least one event in Events: with none, nothing would start the workflow';
	if (listensForIncoming(listening)) {
		if (listening.headerName && listening.headerValue) return undefined;
		return 'Set Secret Header Name and Secret Header Value: the same custom header as in the workspace webhook (Settings → Developer → Webhook → Advanced Settings). Without them every incoming message is refused';
	}
	if (listening.headerValue) return undefined;
	return 'Set Secret Header Value to a long random value: the Postback URL for delivery statuses is made from it, so that nobody can guess it';
}
