// RCS with suggestion buttons, email attachments from binary data and incoming media as files
// (README "Messages"): one case each, in the form cases.mjs describes.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';

import { hookTo, WHATSAPP_SECRET_HEADER, WHATSAPP_TRIGGER_PARAMETERS } from './whatsAppTrigger.mjs';

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

const UPLOAD = '/api/v1/campaign/email/upload';
const CAMPAIGN_SEND = '/api/v1/campaign/email/send';
/** Two files as a workflow holds them after reading them in: an invoice and a photo. */
const INVOICE = Buffer.from('%PDF-1.4\n% Invoice 42: 120.50 EUR\n'.repeat(40));
const PHOTO = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7) % 256));
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');
const binaryCode = (properties) =>
	`return [{ json: { customer: 'Ada' }, binary: ${JSON.stringify(properties)} }];`;
/** 26 MiB of zero bytes, as base64 made inside the Code node (a literal would fill the example). */
const BIG_FILE_BYTES = 26 * 1024 * 1024;
const EMAIL_WITH_ATTACHMENTS = {
	resource: 'message',
	operation: 'send',
	recipient: 'ada@example.com',
	subject: 'Your invoice',
	message: '<p>Hello Ada, your invoice and the photo of your order are attached.</p>',
	additionalFields: {
		fromEmail: 'billing@acme.example',
		fromName: 'Acme Billing',
		binaryAttachments: 'invoice, photo',
	},
};

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
	{
		file: 'email-send-attachments-from-binary',
		lines: '2.x',
		title: 'Workspace Email: send an email with two attachments from binary data',
		node: 'workspaceEmail',
		items: 1,
		itemsCode: binaryCode({
			invoice: {
				data: INVOICE.toString('base64'),
				mimeType: 'application/pdf',
				fileName: 'invoice-42.pdf',
			},
			photo: { data: PHOTO.toString('base64'), mimeType: 'image/png', fileName: 'order.png' },
		}),
		parameters: EMAIL_WITH_ATTACHMENTS,
		requests: (requests) => {
			assert.deepEqual(
				requests.map((r) => [r.method, r.path]),
				[
					['POST', UPLOAD],
					['POST', UPLOAD],
					['POST', CAMPAIGN_SEND],
				],
				'two uploads, then the send',
			);
		},
		check: (items, sandbox) => {
			const uploads = [...sandbox.state.uploads.values()];
			assert.deepEqual(
				uploads.map((u) => [u.filename, u.contenttype, u.size, u.sha256]),
				[
					['invoice-42.pdf', 'application/pdf', INVOICE.length, sha256(INVOICE)],
					['order.png', 'image/png', PHOTO.length, sha256(PHOTO)],
				],
				'the files as the workflow held them',
			);
			const send = sandbox.requests.find((r) => r.path === CAMPAIGN_SEND);
			assert.deepEqual(send.body, {
				to: ['ada@example.com'],
				subject: 'Your invoice',
				from: 'billing@acme.example',
				fromName: 'Acme Billing',
				bodyHtml: '<p>Hello Ada, your invoice and the photo of your order are attached.</p>',
				attachments: [...sandbox.state.uploads.keys()],
			});
			assert.equal(send.headers.authorization, `Bearer ${sandbox.config.apiKey}`);
			assert.deepEqual(
				items.map((i) => [i.json.status, i.json.message]),
				[[true, 'Email sent successfully']],
			);
		},
	},
	{
		file: 'email-send-attachment-too-big',
		title: 'Workspace Email: a 26 MB attachment is refused before any request',
		node: 'workspaceEmail',
		items: 1,
		itemsCode: `const bytes = ${BIG_FILE_BYTES}; const data = 'A'.repeat(Math.floor(bytes / 3) * 4) + (bytes % 3 === 2 ? 'AAA=' : bytes % 3 === 1 ? 'AA==' : ''); return [{ json: {}, binary: { invoice: { data: 'JVBERi0xLjQK', mimeType: 'application/pdf', fileName: 'invoice-42.pdf' }, photo: { data, mimeType: 'video/mp4', fileName: 'unboxing.mp4' } } }];`,
		parameters: EMAIL_WITH_ATTACHMENTS,
		requests: [],
		error:
			/^Attachments: the file in "photo" is 26 MB \(27,262,976 bytes\), more than the 25 MB the host takes per attachment$/,
	},
	{
		file: 'whatsapp-trigger-image-as-file',
		lines: '2.x',
		title: 'Workspace WhatsApp Trigger: a customer sends a photo, the workflow gets it as a file',
		node: 'workspaceWhatsAppTrigger',
		nodeName: 'Workspace WhatsApp Trigger',
		trigger: true,
		webhook: true,
		parameters: {
			...WHATSAPP_TRIGGER_PARAMETERS,
			events: ['incoming.whatsapp.message'],
			options: { downloadMedia: true },
		},
		during: async (sandbox, url) => {
			hookTo(sandbox, url);
			const link = sandbox.hostMedia(PHOTO, 'image/png');
			const { event } = await sandbox.webhooks.receive('whatsapp', {
				from: CUSTOMER,
				name: 'Grace Hopper',
				message: {
					type: 'image',
					image: {
						caption: 'The box arrived like this',
						mime_type: 'image/png',
						link,
						name: 'damaged-box.png',
						size: PHOTO.length,
					},
				},
			});
			// The photo is gone from the host now: the workspace's retry of the event must not need it.
			const { event: gone } = await sandbox.webhooks.receive('whatsapp', {
				from: CUSTOMER,
				name: 'Grace Hopper',
				message: {
					type: 'image',
					image: {
						caption: '',
						mime_type: 'image/jpeg',
						link: `${sandbox.url}/media/expired`,
						name: 'second.jpg',
						size: 1234,
					},
				},
			});
			return { event, gone, executions: 2 };
		},
		withinSeconds: 30,
		check: (runs, sandbox, { event, gone }) => {
			assert.deepEqual(
				runs.map((run) => [run.status, run.items.length]),
				[
					['success', 1],
					['success', 1],
				],
				'one execution per message, the failed download too',
			);
			assert.deepEqual(runs[0].items[0], event, 'the message as the workspace sent it');
			const { data } = runs[0].binaries[0];
			assert.deepEqual(
				[data.fileName, data.mimeType, data.fileSize],
				['damaged-box.png', 'image/png', '4.1 kB'],
				'the photo as binary data',
			);
			assert.deepEqual(runs[1].items[0], {
				...gone,
				mediaError: 'The image could not be downloaded: The media host answered HTTP 404',
			});
			assert.equal(runs[1].binaries[0], undefined);
			const fetched = sandbox.requests.filter((r) => r.path.startsWith('/media/'));
			assert.equal(fetched.length, 2, 'each photo fetched once');
			assert.ok(fetched.every((r) => !r.headers['x-api-key'] && !r.headers.authorization));
			return `the photo as binary data (${data.fileName}, ${data.mimeType}, ${data.fileSize}); the missing one as mediaError`;
		},
	},
];
