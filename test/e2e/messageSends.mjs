// The messaging sends and the delivery report (README "Messages"): one case each, in the form
// cases.mjs describes.
import assert from 'node:assert/strict';

export const ACCOUNT = '104898309288724';
/** A message the sandbox's seed sent before (test/sandbox/messaging/seed.js). */
export const SENT_REQUEST_ID = 'f8df74d1-11fa-4485-b164-b9a65358f4fc';
export const fromList = (value, cachedResultName) => ({
	__rl: true,
	mode: 'list',
	value,
	cachedResultName,
});
export const variableField = (id, displayName, type) => ({
	id,
	displayName,
	required: true,
	defaultMatch: false,
	canBeUsedToMatch: false,
	display: true,
	type,
});
const queued = (channel) => (items) => {
	assert.equal(items.length, 1);
	assert.equal(items[0].json.success, true);
	assert.equal(items[0].json.message, `${channel} request queued successfully`);
	assert.match(items[0].json.request_id, /^[0-9a-f-]{36}$/);
};

export const messageSendCases = [
	{
		file: 'whatsapp-send-template',
		lines: 'every',
		title: 'Workspace WhatsApp: send the welcome template to a new lead',
		node: 'workspaceWhatsApp',
		parameters: {
			resource: 'message',
			operation: 'sendTemplate',
			phoneId: fromList(ACCOUNT, 'Acme Support (+1 234 567 8900)'),
			template: fromList('welcome_message|en', 'welcome_message (en)'),
			recipient: '+91 98765 43210',
			// As the editor saves it once the template is chosen: one field per variable.
			variables: {
				mappingMode: 'defineBelow',
				value: { customer_name: 'Ada', product_image: 'https://example.com/welcome.png' },
				matchingColumns: [],
				schema: [
					variableField('customer_name', 'Customer Name — text', 'string'),
					variableField('product_image', 'Product Image — image URL', 'url'),
				],
				attemptToConvertTypes: false,
				convertFieldsToString: false,
			},
		},
		requests: [
			[
				'POST',
				'/api/ingest/whatsapp/v1/template/send',
				{
					recipient: '919876543210',
					phone_id: ACCOUNT,
					template_name: 'welcome_message',
					language: 'en',
					variables: { customer_name: 'Ada', product_image: 'https://example.com/welcome.png' },
				},
			],
		],
		check: queued('WhatsApp'),
	},
	{
		file: 'email-send',
		lines: 'every',
		title: 'Workspace Email: send an email with an attachment',
		node: 'workspaceEmail',
		parameters: {
			resource: 'message',
			operation: 'send',
			recipient: 'ada@example.com',
			subject: 'Your invoice',
			message: '<p>Hello Ada, your invoice is attached.</p>',
			additionalFields: {
				fromName: 'Acme Billing',
				attachments: 'https://example.com/invoice-42.pdf',
				trackOpens: true,
			},
		},
		requests: [
			[
				'POST',
				'/api/ingest/email/v1/message/send',
				{
					recipient: 'ada@example.com',
					subject: 'Your invoice',
					message: '<p>Hello Ada, your invoice is attached.</p>',
					from_name: 'Acme Billing',
					attachments: ['https://example.com/invoice-42.pdf'],
					track_opens: true,
				},
			],
		],
		check: queued('Email'),
	},
	{
		file: 'email-send-template',
		title: 'Workspace Email: send the invoice template',
		node: 'workspaceEmail',
		parameters: {
			resource: 'message',
			operation: 'sendTemplate',
			recipient: 'ada@example.com',
			templateName: 'invoice_ready',
			variables: {
				variable: [
					{ name: 'invoice_number', value: 'INV-42' },
					{ name: 'amount', value: '120.50 EUR' },
				],
			},
		},
		requests: [
			[
				'POST',
				'/api/ingest/email/v1/template/send',
				{
					recipient: 'ada@example.com',
					template_name: 'invoice_ready',
					variables: { invoice_number: 'INV-42', amount: '120.50 EUR' },
				},
			],
		],
		check: queued('Email'),
	},
	{
		file: 'sms-send-template',
		title: 'Workspace SMS: send the order-shipped template',
		node: 'workspaceSms',
		parameters: {
			resource: 'sms',
			operation: 'sendTemplate',
			recipient: '+91 98765 43210',
			templateName: 'order_shipped',
			variables: {
				variable: [
					{ name: 'order_id', value: 'A-1001' },
					{ name: 'tracking_url', value: 'https://track.example.com/A-1001' },
				],
			},
			senderId: 'WRKSPC',
			route: 'transactional',
		},
		requests: [
			[
				'POST',
				'/api/ingest/sms/v1/template/send',
				{
					recipient: '919876543210',
					sender_id: 'WRKSPC',
					route: 'transactional',
					template_name: 'order_shipped',
					variables: { order_id: 'A-1001', tracking_url: 'https://track.example.com/A-1001' },
				},
			],
		],
		check: queued('SMS'),
	},
	{
		file: 'whatsapp-delivery-report',
		title: 'Workspace WhatsApp: get the delivery report of a message',
		node: 'workspaceWhatsApp',
		parameters: { resource: 'deliveryReport', operation: 'get', requestId: SENT_REQUEST_ID },
		requests: [['GET', '/api/data/messages/v1/delivery-report']],
		check: (items, sandbox) => {
			assert.deepEqual(sandbox.requests[0].query, { request_id: SENT_REQUEST_ID });
			assert.deepEqual(
				items.map((i) => [i.json.channel, i.json.request_id, i.json.status]),
				[['whatsapp', SENT_REQUEST_ID, 'delivered']],
			);
		},
	},
];
