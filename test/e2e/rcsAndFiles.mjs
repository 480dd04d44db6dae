// RCS with suggestion buttons, email attachments from binary data and incoming media as files
// (README "Messages"): one case each, in the form of cases.mjs, which lists them after its own.
import assert from 'node:assert/strict';

import { WHATSAPP_SECRET_HEADER, WHATSAPP_TRIGGER_PARAMETERS } from './whatsAppTrigger.mjs';

const CUSTOMER = '919876543210';
const RCS_BOT = 'sandbox_bot';
const RCS_TEXT = '/api/v1/campaign/rcs/message/text';

/** The buttons of the RCS answer: a reply the trigger gets back when tapped, a link, a call. */
const SUGGESTIONS = [
	{ type: 'reply', text: 'Book a demo', postback: 'book-demo' },
	{ type: 'open-url', text: 'See pricing', url: 'https://example.com/pricing' },
	{ type: 'dialer', text: 'Call us', phoneNumber: '+919876500000' },
];

/** The workspace's webhook for incoming RCS messages, pointed at the trigger. */
const hookRcsTo = (sandbox, url) =>
	sandbox.webhooks.configure({
		name: 'n8n',
		endpoint: url,
		events: ['incoming.rcs.message'],
		dataType: 'event-with-data',
		headers: WHATSAPP_SECRET_HEADER,
	});

export const rcsAndFileCases = [
	{
		file: 'rcs-reply-with-buttons',
		lines: '2.x',
		title: 'Workspace RCS: answer an RCS message with buttons, and get the tapped reply back',
		node: 'workspaceWhatsAppTrigger',
		nodeName: 'Workspace WhatsApp Trigger',
		trigger: true,
		webhook: true,
		parameters: { ...WHATSAPP_TRIGGER_PARAMETERS, events: ['incoming.rcs.message'] },
		then: {
			node: 'workspaceRcs',
			name: 'Answer with Buttons',
			parameters: {
				resource: 'message',
				operation: 'sendText',
				botId: '={{ $json.botId }}',
				recipient: '={{ $json.sender.number }}',
				text: "={{ $json.message.type === 'reply' ? 'You chose: ' + $json.message.reply + '. We will call you today.' : 'Hello! What can we do for you?' }}",
				suggestions: { suggestion: SUGGESTIONS },
			},
		},
		during: async (sandbox, url, _postBackUrl, n8nAt) => {
			hookRcsTo(sandbox, url);
			const { event } = await sandbox.webhooks.receive('rcs', {
				botId: RCS_BOT,
				from: CUSTOMER,
				message: { type: 'text', text: 'Hi' },
			});
			// The workflow answered with buttons: the customer taps "Book a demo".
			await n8nAt.untilExecutions(1);
			const tapped = await sandbox.tapSuggestion('Book a demo');
			return { event, tapped: tapped.event, executions: 2 };
		},
		withinSeconds: 30,
		check: (runs, sandbox, { event, tapped }) => {
			assert.deepEqual(
				runs.map((run) => [run.status, run.items.length, run.then.items.length]),
				[
					['success', 1, 1],
					['success', 1, 1],
				],
				'two executions: the message, then the tap',
			);
			assert.deepEqual(runs[0].items[0], event, 'the message, as the workspace sent it');
			assert.deepEqual(runs[1].items[0], tapped, 'the tapped reply, as the workspace sent it');
			assert.deepEqual(tapped.message, { type: 'reply', reply: 'Book a demo' });
			const sends = sandbox.requests.filter((r) => r.path === RCS_TEXT);
			assert.deepEqual(
				sends.map((r) => r.body),
				[
					{
						to: CUSTOMER,
						botId: RCS_BOT,
						text: 'Hello! What can we do for you?',
						suggestions: SUGGESTIONS,
					},
					{
						to: CUSTOMER,
						botId: RCS_BOT,
						text: 'You chose: Book a demo. We will call you today.',
						suggestions: SUGGESTIONS,
					},
				],
				'one send per execution, with the three buttons',
			);
			assert.equal(sends[0].headers.authorization, `Bearer ${sandbox.config.apiKey}`);
			assert.deepEqual(runs[1].then.items, [
				{ status: true, message: 'Message sent successfully' },
			]);
			return 'answered with 3 buttons; the tap on "Book a demo" came back as an incoming RCS reply';
		},
	},
];
