import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { fakeRun, SIGNATURE } from './fakeAsk';

describe("Send and Wait for Response in the messaging nodes: each send's own body and options", () => {
	const ASK = {
		operation: 'sendAndWait',
		message: 'May we deliver tomorrow?',
		responseType: 'approval',
		approvalOptions: { values: { approveLabel: 'Yes', disapproveLabel: 'No' } },
	};
	const CONVERSATION = {
		...ASK,
		resource: 'message',
		sendAs: 'conversation',
		phoneId: 'acct-1',
		recipient: '919876543210',
	};
	const RCS = { ...ASK, resource: 'message', botId: 'bot-1', recipient: '919876543210' };
	const sentBody = (host: ReturnType<typeof fakeRun>) =>
		(host.httpRequestWithAuthentication.mock.calls[0] as unknown as [string, IDataObject])[1];
	const waitedTill = (host: ReturnType<typeof fakeRun>) =>
		(host.putExecutionToWait.mock.calls[0] as unknown as [Date])[0].getTime();

	test("SMS: Send's sender, route and DLT IDs go with the question", async () => {
		const host = fakeRun(
			{
				...ASK,
				resource: 'sms',
				recipient: '919876543210',
				senderId: 'WRKSPC',
				route: 'transactional',
				additionalFields: { dltEntityId: '1101', dltTemplateId: '1107' },
			},
			{ runs: 'sms', executionId: 'x1' },
		);
		await host.run();
		expect(sentBody(host)).toMatchObject({
			url: '/api/ingest/sms/v1/message/send',
			body: {
				recipient: '919876543210',
				sender_id: 'WRKSPC',
				route: 'transactional',
				dlt_entity_id: '1101',
				dlt_template_id: '1107',
				message: expect.stringMatching(
					/^May we deliver tomorrow\?\n\nYes or No: https:\/\/n8n\.example\.com\/webhook-waiting\/x1\/n1\?signature=/,
				),
			},
		});
	});

	test("Email: From, Reply-To and the buttons' HTML go as Send sends them", async () => {
		const host = fakeRun(
			{
				...ASK,
				resource: 'message',
				recipient: 'ada@example.com',
				subject: 'Delivery',
				additionalFields: {
					fromEmail: 'shop@example.com',
					fromName: 'Shop',
					replyToEmail: 'help@example.com',
				},
			},
			{ runs: 'email' },
		);
		await host.run();
		expect(sentBody(host)).toMatchObject({
			url: '/api/ingest/email/v1/message/send',
			body: {
				recipient: 'ada@example.com',
				subject: 'Delivery',
				from_email: 'shop@example.com',
				from_name: 'Shop',
				reply_to_email: 'help@example.com',
				message: expect.stringContaining('approved=true'),
			},
		});
	});

	test("WhatsApp in the conversation: the records host's send, the link last, no preview", async () => {
		const host = fakeRun(
			{ ...CONVERSATION, additionalFields: { showInInbox: true } },
			{ runs: 'whatsApp', answers: [{ status: true, message: 'sent' }] },
		);
		await host.run();
		expect(sentBody(host)).toMatchObject({
			// The credential's Base URL, not the messaging host.
			baseURL: '{baseUrl}',
			url: '/api/v1/campaign/whatsapp/message/send',
			body: {
				to: '919876543210',
				phoneId: 'acct-1',
				type: 'text',
				text: { body: expect.stringMatching(/Yes or No: https:/), preview_url: false },
				linkWithRecord: true,
				source: 'API',
			},
		});
	});

	const TEMPLATE = {
		...ASK,
		resource: 'message',
		sendAs: 'template',
		phoneId: 'acct-1',
		recipient: '919876543210',
		template: 'delivery_slot|en_GB',
		linkVariable: 'answer_link',
		variables: {
			schema: [{ id: 'first_name', displayName: 'First Name', type: 'string' }],
			value: { first_name: 'Ada' },
		},
	};
	/** The host's answer to the template's variable keys, as it nests them. */
	const KEYS = {
		success: true,
		data: {
			data: [
				{ keyName: 'first_name', label: 'First Name', type: 'TEXT' },
				{ keyName: 'answer_link', label: 'Answer Link', type: 'TEXT' },
			],
		},
	};

	test("WhatsApp by template: its text variables read first (in the send's language), then the template with the link in its variable", async () => {
		const host = fakeRun(
			{ ...TEMPLATE, additionalFields: { language: 'en_US' } },
			{
				runs: 'whatsApp',
				executionId: 't1',
				answers: [KEYS, { success: true, request_id: 'r-9' }],
			},
		);
		await host.run();
		const [keys, send] = host.httpRequestWithAuthentication.mock.calls.map(
			(call) => (call as unknown as [string, IDataObject])[1],
		);
		expect(keys).toMatchObject({
			method: 'GET',
			url: '/api/data/whatsapp/v1/acct-1/variable-keys?template_name=delivery_slot&language=en_US',
		});
		expect(send).toMatchObject({
			method: 'POST',
			url: '/api/ingest/whatsapp/v1/template/send',
			body: {
				recipient: '919876543210',
				phone_id: 'acct-1',
				template_name: 'delivery_slot',
				language: 'en_US',
				variables: {
					first_name: 'Ada',
					answer_link: `https://n8n.example.com/webhook-waiting/t1/n1?signature=${SIGNATURE}`,
				},
			},
		});
	});

	test('WhatsApp by template: a link variable that is not one of its text variables is refused before sending', async () => {
		const host = fakeRun(
			{ ...TEMPLATE, linkVariable: 'first_nam' },
			{ runs: 'whatsApp', answers: [KEYS] },
		);
		await expect(host.run()).rejects.toThrow(
			'Link Variable: "first_nam" is not a text variable of the template',
		);
		expect(host.httpRequestWithAuthentication).toHaveBeenCalledTimes(1);
		expect(host.putExecutionToWait).not.toHaveBeenCalled();
	});

	test('a 500 after the host may have sent the question: not sent again, nothing waits, the item says so', async () => {
		const host = fakeRun(
			{ ...ASK, resource: 'sms', recipient: '919876543210', senderId: 'WRKSPC', route: 'otp' },
			{ runs: 'sms' },
		);
		host.httpRequestWithAuthentication.mockResolvedValue({
			statusCode: 500,
			headers: {},
			body: { success: false, message: 'Internal error' },
		} as never);
		await expect(host.run()).rejects.toThrow(/may or may not have happened/);
		expect(host.httpRequestWithAuthentication).toHaveBeenCalledTimes(1);
		expect(host.putExecutionToWait).not.toHaveBeenCalled();
	});

	test('WhatsApp: a closed conversation is refused with the way out, Send As Template', async () => {
		const host = fakeRun(CONVERSATION, {
			runs: 'whatsApp',
			answers: [{ status: false, message: 'User session is not active' }],
		});
		const refused = await host.run().catch((error: NodeOperationError) => error);
		expect(refused).toMatchObject({
			message: expect.stringContaining('User session is not active'),
			description: expect.stringContaining('choose Send As: Template'),
		});
		expect(host.putExecutionToWait).not.toHaveBeenCalled();
	});

	test('RCS: the message alone, each answer an Open URL button to its own signed page', async () => {
		const host = fakeRun(RCS, {
			runs: 'rcs',
			executionId: 'r1',
			answers: [{ status: true, message: 'sent' }],
		});
		await host.run();
		const signed = (approved: string) =>
			`https://n8n.example.com/webhook-waiting/r1/n1?approved=${approved}&signature=${SIGNATURE}`;
		expect(sentBody(host)).toMatchObject({
			baseURL: '{baseUrl}',
			url: '/api/v1/campaign/rcs/message/text',
			body: {
				to: '919876543210',
				botId: 'bot-1',
				text: 'May we deliver tomorrow?',
				suggestions: [
					{ type: 'open-url', text: 'Yes', url: signed('true') },
					{ type: 'open-url', text: 'No', url: signed('false') },
				],
			},
		});
	});

	test('RCS free text: one button, to the page', async () => {
		const host = fakeRun(
			{ ...RCS, responseType: 'freeText', options: { messageButtonLabel: 'Answer' } },
			{ runs: 'rcs', executionId: 'r2', answers: [{ status: true, message: 'sent' }] },
		);
		await host.run();
		expect((sentBody(host).body as IDataObject).suggestions).toEqual([
			{
				type: 'open-url',
				text: 'Answer',
				url: `https://n8n.example.com/webhook-waiting/r2/n1?signature=${SIGNATURE}`,
			},
		]);
	});

	const smsAsk = (options: IDataObject) => ({
		...ASK,
		resource: 'sms',
		recipient: '919876543210',
		senderId: 'WRKSPC',
		route: 'otp',
		options,
	});

	test('Limit Wait Time: without it a week; after an interval; at a time read in the workflow time zone', async () => {
		const week = fakeRun(smsAsk({}), { runs: 'sms' });
		const before = Date.now();
		await week.run();
		expect(waitedTill(week) - before).toBeGreaterThanOrEqual(7 * 86_400_000);
		expect(waitedTill(week) - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);

		const interval = { limitType: 'afterTimeInterval', resumeAmount: 2, resumeUnit: 'hours' };
		const hours = fakeRun(smsAsk({ limitWaitTime: { values: interval } }), { runs: 'sms' });
		const started = Date.now();
		await hours.run();
		expect(waitedTill(hours) - started).toBeGreaterThanOrEqual(7_200_000);
		expect(waitedTill(hours) - Date.now()).toBeLessThanOrEqual(7_200_000);

		const at = { limitType: 'atSpecifiedTime', maxDateAndTime: '2999-01-02T09:00:00' };
		const dated = fakeRun(smsAsk({ limitWaitTime: { values: at } }), { runs: 'sms' });
		await dated.run();
		expect(new Date(waitedTill(dated)).toISOString()).toBe('2999-01-02T08:00:00.000Z');
	});

	test.each([
		[
			{ limitType: 'atSpecifiedTime', maxDateAndTime: '2001-01-02T09:00:00' },
			'Max Date and Time: 2001-01-02T08:00:00.000Z has passed',
		],
		[{ limitType: 'atSpecifiedTime', maxDateAndTime: '' }, 'Max Date and Time: no date given'],
		[
			{ limitType: 'afterTimeInterval', resumeAmount: 0, resumeUnit: 'hours' },
			'Limit Wait Time (Amount): 0 waits for nothing',
		],
	])('Limit Wait Time %j: refused before sending', async (values, said) => {
		const host = fakeRun(smsAsk({ limitWaitTime: { values } }), { runs: 'sms' });
		await expect(host.run()).rejects.toThrow(said);
		expect(host.httpRequestWithAuthentication).not.toHaveBeenCalled();
	});
});
