// The WhatsApp Trigger, active: the sandbox, as the workspace, POSTs to n8n's production URL.
// Messages and a delivery status come in (a redelivery starts nothing more), deliveries without
// the secret are refused, a send's status comes at the trigger's Postback URL alone, and the
// workflow that answers an incoming message replies in the conversation (or fails clearly once
// the customer's 24 hours are over).
import assert from 'node:assert/strict';

import { sandboxHeaders } from '../rig/sandbox.mjs';
import {
	hookTo,
	WHATSAPP_HEADER_NAME,
	WHATSAPP_SECRET_HEADER,
	WHATSAPP_TRIGGER_PARAMETERS,
} from './whatsAppTrigger.mjs';

/** The reply a workflow sends to an incoming WhatsApp message: account and number as they come. */
const REPLY_IN_CONVERSATION = {
	node: 'workspaceWhatsApp',
	name: 'Reply in Conversation',
	parameters: {
		resource: 'message',
		operation: 'sendInConversation',
		phoneId: { __rl: true, mode: 'id', value: '={{ $json.phoneId }}' },
		recipient: '={{ $json.sender.number }}',
		messageType: 'text',
		text: '=Thanks for your message, {{ $json.sender.name }}! We will get back to you within the hour.',
	},
};
const CONVERSATION_SEND = '/api/v1/campaign/whatsapp/message/send';
const HOUR_MS = 60 * 60 * 1000;
/** The workflow that answers incoming WhatsApp messages: the trigger, then the reply. */
const replyCase = (file, title, reply = REPLY_IN_CONVERSATION) => ({
	file,
	lines: '2.x',
	title,
	node: 'workspaceWhatsAppTrigger',
	nodeName: 'Workspace WhatsApp Trigger',
	trigger: true,
	webhook: true,
	parameters: { ...WHATSAPP_TRIGGER_PARAMETERS, events: ['incoming.whatsapp.message'] },
	then: reply,
});
/** The sandbox, as the workspace: the webhook to n8n, then Grace's message, written `ageMs` ago. */
async function graceWrites(sandbox, url, ageMs = 0) {
	sandbox.webhooks.configure({
		name: 'n8n',
		endpoint: url,
		events: ['incoming.whatsapp.message'],
		headers: WHATSAPP_SECRET_HEADER,
	});
	const { event } = await sandbox.webhooks.receive('whatsapp', {
		from: '919876543210',
		name: 'Grace Hopper',
		message: { type: 'text', text: { body: 'Where is my order?' } },
		timestamp: Date.now() - ageMs,
	});
	return { event, executions: 1 };
}
const conversationSends = (sandbox) =>
	sandbox.requests.filter((r) => r.path === CONVERSATION_SEND).map((r) => r.body);
const REPLY_BODY = {
	to: '919876543210',
	phoneId: '104898309288724',
	type: 'text',
	text: {
		body: 'Thanks for your message, Grace Hopper! We will get back to you within the hour.',
		preview_url: false,
	},
};
const CLOSED_MESSAGE =
	'The WhatsApp conversation with 919876543210 is closed: the customer has not written to this account in the last 24 hours';

export const incomingWhatsAppCases = [
	{
		file: 'whatsapp-trigger-incoming-message',
		lines: 'every',
		title:
			'Workspace WhatsApp Trigger: a WhatsApp message (then again, as a retry), an RCS message and a delivery status come in',
		node: 'workspaceWhatsAppTrigger',
		trigger: true,
		webhook: true,
		// Every event the trigger offers: the demo's `npm run demo -- send …` makes each arrive here.
		parameters: {
			...WHATSAPP_TRIGGER_PARAMETERS,
			events: ['incoming.whatsapp.message', 'incoming.rcs.message', 'delivery_status'],
		},
		during: async (sandbox, url) => {
			hookTo(sandbox, url, ['incoming.whatsapp.message', 'incoming.rcs.message']);
			const { event } = await sandbox.webhooks.receive('whatsapp', {
				from: '919876543210',
				name: 'Grace Hopper',
				message: { type: 'text', text: { body: 'Is the offer still on?' } },
			});
			// The workspace did not see n8n's answer: it delivers the same event again.
			await sandbox.webhooks.redeliver(event.eventId);
			const { event: rcs } = await sandbox.webhooks.receive('rcs', {
				from: '919876543210',
				message: { type: 'text', text: 'And by RCS?' },
			});
			// A send's post-back URL: the delivery callback, with the vendor's too-large message_id, twice.
			const callback = `{"workspace_id": "ws_sandbox", "type": "delivery_status", "message_id": 604132581490819123, "request_id": "65ca1d21-8854-4d39-a0bd-64f1cd7b8db1", "channel": "whatsapp", "recipient": "919876543210", "status": "delivered", "remark": "", "status_at": "2026-01-28T17:17:59.254174911Z", "post_back_data": "lead-42"}`;
			const callbacks = [];
			for (let i = 0; i < 2; i++) {
				const response = await fetch(url, {
					method: 'POST',
					headers: { 'content-type': 'application/json', ...WHATSAPP_SECRET_HEADER },
					body: callback,
				});
				callbacks.push(response.status);
			}
			return { event, rcs, callbacks, executions: 3 };
		},
		withinSeconds: 30,
		check: (runs, sandbox, { event, rcs, callbacks }) => {
			assert.deepEqual(
				sandbox.webhooks.deliveries.map((d) => [d.why, d.status]),
				[
					['first', 200],
					['redelivery', 200],
					['first', 200],
				],
				'deliveries and what n8n answered',
			);
			assert.deepEqual(callbacks, [200, 200], 'what n8n answered the callbacks');
			assert.deepEqual(
				runs.map((run) => [run.status, run.items.length]),
				[
					['success', 1],
					['success', 1],
					['success', 1],
				],
				'executions: one per event',
			);
			assert.deepEqual(runs[0].items[0], event, 'the message, as the workspace sent it');
			assert.deepEqual(runs[1].items[0], rcs, 'the RCS message, as the workspace sent it');
			assert.deepEqual(
				[runs[2].items[0].event, runs[2].items[0].message_id, runs[2].items[0].post_back_data],
				['delivery_status', '604132581490819123', 'lead-42'],
			);
			return `the WhatsApp message emitted once of 2 deliveries, the RCS message once, the callback once of 2, message_id ${runs[2].items[0].message_id}`;
		},
	},
	{
		file: 'whatsapp-trigger-without-secret-refused',
		lines: 'every',
		title: 'Workspace WhatsApp Trigger: deliveries without the secret header are refused',
		node: 'workspaceWhatsAppTrigger',
		trigger: true,
		webhook: true,
		parameters: WHATSAPP_TRIGGER_PARAMETERS,
		during: async (sandbox, url) => {
			sandbox.webhooks.configure({ name: 'no header', endpoint: url });
			sandbox.webhooks.configure({
				name: 'wrong value',
				endpoint: url,
				headers: { [WHATSAPP_HEADER_NAME]: 'a-guess' },
			});
			await sandbox.webhooks.receive('whatsapp');
			// The workspace's first retry, asked for now rather than waited for (15 s).
			await sandbox.webhooks.runDue({ now: true });
			return { executions: 0 };
		},
		withinSeconds: 0,
		check: (runs, sandbox) => {
			const [noHeader, wrongValue] = sandbox.webhooks.hooks.map((hook) => hook.id);
			assert.deepEqual(
				sandbox.webhooks.deliveries.map((d) => [d.hookId, d.attempt, d.status]),
				[
					[noHeader, 0, 401],
					[wrongValue, 0, 403],
					[noHeader, 1, 401],
					[wrongValue, 1, 403],
				],
			);
			assert.deepEqual(
				sandbox.webhooks.pending.map((p) => p.attempt),
				[2, 2],
				'the workspace will retry again',
			);
			assert.deepEqual(runs, [], 'executions');
			return '4 deliveries refused (401 without the header, 403 with another value), no execution';
		},
	},
	{
		file: 'whatsapp-trigger-delivery-status',
		lines: '2.x',
		title:
			"Workspace WhatsApp Trigger: a send's delivery status at the trigger's Postback URL, and not elsewhere",
		node: 'workspaceWhatsAppTrigger',
		trigger: true,
		webhook: true,
		parameters: WHATSAPP_TRIGGER_PARAMETERS,
		during: async (sandbox, url, postBackUrl) => {
			/** A template send through the messaging host's API, with this post-back URL. */
			const send = async (postBack) => {
				const response = await fetch(`${sandbox.url}/api/ingest/whatsapp/v1/template/send`, {
					method: 'POST',
					headers: { 'content-type': 'application/json', ...sandboxHeaders(sandbox.config) },
					body: JSON.stringify({
						recipient: '919876543210',
						phone_id: '104898309288724',
						template_name: 'reminder_01',
						language: 'en',
						post_back_url: postBack,
						post_back_data: 'lead-42',
					}),
				});
				const { request_id: requestId } = await response.json();
				await sandbox.postbacks.settled();
				return requestId;
			};
			// The URL the node shows for delivery statuses: the sandbox posts as the vendor does.
			const requestId = await send(postBackUrl);
			// The same status posted again: not a second execution.
			const [delivered] = sandbox.postbacks.deliveries;
			const again = await fetch(postBackUrl, {
				method: 'POST',
				headers: delivered.headers,
				body: delivered.text,
			});
			await again.text();
			// Without the secret: the incoming-message URL (no header), no token, another token.
			const withoutToken = postBackUrl.replace(/\/[0-9a-f]{32}$/, '');
			await send(url);
			await send(withoutToken);
			await send(`${withoutToken}/${'0'.repeat(32)}`);
			// An incoming message at the post-back URL, even with the secret header.
			const message = await fetch(postBackUrl, {
				method: 'POST',
				headers: { 'content-type': 'application/json', ...WHATSAPP_SECRET_HEADER },
				body: JSON.stringify({
					event: 'incoming.whatsapp.message',
					eventId: 'a1b2c3d4-0000-4000-8000-000000000001',
					timestamp: 1744346001738,
					phoneId: '104898309288724',
					messageId: 'wamid.e2e',
					sender: { name: 'John Doe', number: '919999999999' },
					message: { type: 'text', text: { body: 'Hi' } },
				}),
			});
			await message.text();
			return {
				requestId,
				postBackUrl,
				again: again.status,
				message: message.status,
				executions: 1,
			};
		},
		withinSeconds: 30,
		check: (runs, sandbox, { requestId, postBackUrl, again, message }) => {
			assert.deepEqual(
				sandbox.postbacks.deliveries.map((d) => [
					d.url.replace(/^.*\/webhook\/[^/]+/, ''),
					d.status,
				]),
				[
					[postBackUrl.replace(/^.*\/webhook\/[^/]+/, ''), 200],
					['/webhook', 401],
					['/delivery-status', 404],
					[`/delivery-status/${'0'.repeat(32)}`, 404],
				],
				'the post-backs and what n8n answered',
			);
			assert.deepEqual(sandbox.postbacks.deliveries[0].headers, {
				'Content-Type': 'application/json',
			});
			assert.deepEqual(
				[again, message],
				[200, 403],
				'the repeat, and a message at the post-back URL',
			);
			assert.deepEqual(
				runs.map((run) => [run.status, run.items.length]),
				[['success', 1]],
				'executions: the delivery status once',
			);
			const [item] = runs[0].items;
			assert.deepEqual(
				[item.event, item.request_id, item.status, item.post_back_data],
				['delivery_status', requestId, 'delivered', 'lead-42'],
			);
			assert.match(item.message_id, /^6041325814908191\d\d$/);
			return `the status emitted once of 2 posts to the Postback URL, message_id ${item.message_id}; refused: 401 at /webhook, 404 without or with another token, 403 for a message there`;
		},
	},
	{
		...replyCase(
			'whatsapp-reply-in-conversation',
			'Workspace WhatsApp: an incoming message is answered in the conversation',
		),
		during: async (sandbox, url) => await graceWrites(sandbox, url),
		withinSeconds: 30,
		check: (runs, sandbox) => {
			assert.deepEqual(
				runs.map((run) => [run.status, run.then.items.length]),
				[['success', 1]],
				'one execution, one reply item',
			);
			assert.deepEqual(conversationSends(sandbox), [REPLY_BODY], 'the one send the sandbox got');
			assert.equal(
				sandbox.requests.find((r) => r.path === CONVERSATION_SEND).headers.authorization,
				`Bearer ${sandbox.config.apiKey}`,
			);
			assert.deepEqual(runs[0].then.items, [
				{ status: true, message: 'Message sent successfully' },
			]);
			return `replied once to ${REPLY_BODY.to}: "${REPLY_BODY.text.body}"`;
		},
	},
	{
		...replyCase(
			'whatsapp-reply-closed-conversation',
			'Workspace WhatsApp: a message written 25 hours ago cannot be answered in the conversation',
		),
		// The workspace retried the delivery for a day: the customer's 24 hours are over.
		during: async (sandbox, url) => await graceWrites(sandbox, url, 25 * HOUR_MS),
		withinSeconds: 30,
		check: (runs, sandbox) => {
			assert.deepEqual(
				runs.map((run) => [run.status, run.error]),
				[['error', CLOSED_MESSAGE]],
				'the execution fails with the clear error',
			);
			assert.deepEqual(conversationSends(sandbox), [REPLY_BODY], 'sent once, refused');
			assert.deepEqual(sandbox.state.conversationMessages, [], 'nothing sent to the customer');
			return runs[0].error;
		},
	},
	{
		...replyCase(
			'whatsapp-reply-closed-conversation-continue',
			'Workspace WhatsApp: a closed conversation with Continue On Fail gives one error item',
			{ ...REPLY_IN_CONVERSATION, nodeSettings: { onError: 'continueRegularOutput' } },
		),
		during: async (sandbox, url) => await graceWrites(sandbox, url, 25 * HOUR_MS),
		withinSeconds: 30,
		check: (runs, sandbox) => {
			assert.deepEqual(
				runs.map((run) => [run.status, run.then.items.length]),
				[['success', 1]],
				'the execution goes on with one item',
			);
			assert.equal(runs[0].then.items[0].error, CLOSED_MESSAGE);
			assert.deepEqual(conversationSends(sandbox), [REPLY_BODY], 'sent once, not again');
			return `one error item: ${runs[0].then.items[0].error}`;
		},
	},
];
