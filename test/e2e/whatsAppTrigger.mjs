// The WhatsApp trigger as the suites set it up (e2e incomingWhatsApp.mjs and others, the queue
// suite): the secret header the trigger's parameters and the sandbox's webhooks share, and the
// path of its Postback URL.
import { createRequire } from 'node:module';
import { join } from 'node:path';

import { PACKAGE, root } from '../rig/pack.mjs';

export const WHATSAPP_HEADER_NAME = 'X-Webhook-Secret';
export const WHATSAPP_SECRET_HEADER = { [WHATSAPP_HEADER_NAME]: 'example-secret-replace-me' };
export const WHATSAPP_TRIGGER_PARAMETERS = {
	events: ['incoming.whatsapp.message', 'delivery_status'],
	headerName: WHATSAPP_HEADER_NAME,
	headerValue: WHATSAPP_SECRET_HEADER[WHATSAPP_HEADER_NAME],
};

/** A WhatsApp Trigger node as a saved workflow holds it (the editor gives it a webhookId). */
export const whatsAppTriggerNode = (name, webhookId, parameters) => ({
	id: name.replace(/\W/g, ''),
	name,
	type: `${PACKAGE}.workspaceWhatsAppTrigger`,
	typeVersion: 1,
	position: [0, 0],
	webhookId,
	parameters,
});

/**
 * The path of the trigger's Postback URL (after /webhook/<webhookId>/), by the build's own
 * derivation (the token made from Secret Header Value). n8n registers the path it evaluates from
 * the node's description: a request to this one reaches the trigger only if the two agree.
 */
export function postBackPathOf(trigger) {
	const require = createRequire(import.meta.url);
	const { POST_BACK_PREFIX, postBackToken } = require(
		join(root, 'dist/nodes/WorkspaceWhatsAppTrigger/postBackUrl.js'),
	);
	return `${POST_BACK_PREFIX}/${postBackToken(String(trigger.parameters.headerValue ?? ''))}`;
}

/**
 * A delivery status as the workspace posts it to a send's Postback URL (docs/api.md §4.9): its
 * text, with the vendor's message_id beyond JavaScript's safe integers.
 */
export const deliveryStatus = ({
	requestId,
	status = 'delivered',
	at = '2026-01-28T17:17:59.254Z',
}) =>
	`{"workspace_id": "ws_sandbox", "type": "delivery_status", "message_id": 604132581490819123, "request_id": ${JSON.stringify(requestId)}, "channel": "whatsapp", "recipient": "919876543210", "status": "${status}", "remark": "", "status_at": "${at}", "post_back_data": "lead-42"}`;

/** Posts `text` to a Postback URL as the workspace does (JSON, no other header); the HTTP status. */
export async function postStatus(postBackUrl, text) {
	const response = await fetch(postBackUrl, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: text,
	});
	await response.arrayBuffer();
	return response.status;
}

/** The workspace's webhook for incoming WhatsApp messages (or `events`), pointed at the trigger. */
export const hookTo = (sandbox, url, events = ['incoming.whatsapp.message']) =>
	sandbox.webhooks.configure({
		name: 'n8n',
		endpoint: url,
		events,
		dataType: 'event-with-data',
		headers: WHATSAPP_SECRET_HEADER,
	});
