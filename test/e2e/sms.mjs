// Workspace SMS's send, and the two ways it is refused: a route the dropdown does not offer
// (before anything is sent), a recipient the service refuses.
import assert from 'node:assert/strict';

export const smsCases = [
	{
		file: 'sms-send',
		lines: 'every',
		title: 'Workspace SMS: send a one-time code',
		node: 'workspaceSms',
		parameters: {
			resource: 'sms',
			operation: 'send',
			recipient: '+91 98765 43210',
			message: 'Your code is 4711',
			senderId: 'WRKSPC',
			route: 'otp',
		},
		requests: [
			[
				'POST',
				'/api/ingest/sms/v1/message/send',
				{
					recipient: '919876543210',
					message: 'Your code is 4711',
					sender_id: 'WRKSPC',
					route: 'otp',
				},
			],
		],
		check: (items) => assert.equal(items[0].json.message, 'SMS request queued successfully'),
	},
	{
		file: 'sms-send-bad-route',
		title: 'Workspace SMS: a route the dropdown does not offer (error example)',
		node: 'workspaceSms',
		parameters: {
			resource: 'sms',
			operation: 'send',
			recipient: '919876543210',
			message: 'Hello',
			senderId: 'WRKSPC',
			route: '={{ "bulk" }}',
		},
		requests: [],
		error: /^Route: "bulk" is not a route$/,
	},
	{
		file: 'sms-send-rejected',
		title: 'Workspace SMS: a recipient the service refuses (error example)',
		node: 'workspaceSms',
		parameters: {
			resource: 'sms',
			operation: 'send',
			recipient: '12345',
			message: 'Hello',
			senderId: 'WRKSPC',
			route: 'transactional',
		},
		requests: [
			[
				'POST',
				'/api/ingest/sms/v1/message/send',
				{ recipient: '12345', message: 'Hello', sender_id: 'WRKSPC', route: 'transactional' },
			],
		],
		error: /^recipient must be the country code and number, digits only$/,
	},
];
