import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { receiveAnswer } from '../../../../../nodes/shared/messaging/ask/sendAndWait';
import { WorkspaceEmail } from '../../../../../nodes/WorkspaceEmail/WorkspaceEmail.node';
import { WorkspaceSendAndWait } from '../../../../../nodes/WorkspaceSendAndWait/WorkspaceSendAndWait.node';
import { WorkspaceRcs } from '../../../../../nodes/WorkspaceRcs/WorkspaceRcs.node';
import { WorkspaceSms } from '../../../../../nodes/WorkspaceSms/WorkspaceSms.node';
import { WorkspaceWhatsApp } from '../../../../../nodes/WorkspaceWhatsApp/WorkspaceWhatsApp.node';

type Run = (this: IExecuteFunctions) => Promise<unknown>;

/** The hidden Send and Wait node's execute, and each messaging node's Send and Wait for Response. */
const RUNS: Record<string, Run> = {
	sendAndWaitNode: async function (this: IExecuteFunctions) {
		return await new WorkspaceSendAndWait().execute.call(this);
	},
	sms: new WorkspaceSms().customOperations.sms.sendAndWait,
	whatsApp: new WorkspaceWhatsApp().customOperations.message.sendAndWait,
	email: new WorkspaceEmail().customOperations.message.sendAndWait,
	rcs: new WorkspaceRcs().customOperations.message.sendAndWait,
};

/** A parameter by its path, as n8n's getNodeParameter reads `options.limitWaitTime.values`. */
const at = (parameters: IDataObject, path: string, fallback: unknown): unknown => {
	let value: unknown = parameters;
	for (const key of path.split('.')) {
		if (typeof value !== 'object' || value === null || !(key in value)) return fallback;
		value = (value as IDataObject)[key];
	}
	return value;
};

const SIGNATURE = 'f'.repeat(64);
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const SMS_QUESTION: IDataObject = {
	channel: 'sms',
	operation: 'sendAndWait',
	recipient: '+91 98765 43210',
	senderId: 'WRKSPC',
	route: 'transactional',
	message: 'May we deliver tomorrow?',
	responseType: 'approval',
	approvalOptions: {
		values: { approvalType: 'double', approveLabel: 'Yes', disapproveLabel: 'No' },
	},
	waitTimeLimit: 1,
	waitTimeUnit: 'days',
};

const nodeWith = (parameters: IDataObject): INode => ({
	id: 'n1',
	name: 'Send and Wait',
	type: 'n8n-nodes-workspace-records.workspaceSendAndWait',
	typeVersion: 1,
	position: [0, 0],
	parameters: parameters as INode['parameters'],
});

let executions = 0;

/**
 * A node run as n8n gives it to execute(): the parameters, the input items, n8n's signed links
 * (on `webhookUrl`), the credential, and an HTTP helper that answers as the messaging host does.
 */
function fakeRun(
	parameters: IDataObject,
	{
		items = [{ json: { order: 42 } }] as INodeExecutionData[],
		continueOnFail = false,
		webhookUrl = 'https://n8n.example.com',
		executionId = `e${++executions}`,
		runs = 'sendAndWaitNode',
		answers = [{ success: true, message: 'Message queued', request_id: 'r-1' }] as IDataObject[],
	} = {},
) {
	let asked = 0;
	const httpRequestWithAuthentication = jest.fn(async () => ({
		statusCode: 200,
		headers: {},
		body: answers[Math.min(asked++, answers.length - 1)],
	}));
	const putExecutionToWait = jest.fn(async () => {});
	const addExecutionHints = jest.fn();
	const node = nodeWith(parameters);
	const context = {
		getNode: () => node,
		getInputData: () => items,
		getNodeParameter: (name: string, _item: number, fallback?: unknown) =>
			at(parameters, name, fallback),
		getTimezone: () => 'Europe/Berlin',
		continueOnFail: () => continueOnFail,
		getExecutionId: () => executionId,
		getWorkflow: () => ({ id: 'wf1' }),
		getSignedResumeUrl: (query: Record<string, string> = {}) =>
			`${webhookUrl}/webhook-waiting/${executionId}/n1?${new URLSearchParams({ ...query, signature: SIGNATURE })}`,
		getCredentials: async () => ({
			apiKey: 'k',
			baseUrl: 'https://api.example.com',
			aiBaseUrl: 'https://msg.example.com',
		}),
		helpers: { httpRequestWithAuthentication },
		putExecutionToWait,
		addExecutionHints,
	} as unknown as IExecuteFunctions;
	return {
		run: async () => (await RUNS[runs].call(context)) as INodeExecutionData[][],
		httpRequestWithAuthentication,
		putExecutionToWait,
		addExecutionHints,
	};
}

describe('execute: the send, then the wait', () => {
	test('one SMS with the message and the page link, then a wait of the time limit', async () => {
		const host = fakeRun(SMS_QUESTION, { executionId: 'sms-1' });
		const before = Date.now();
		const output = await host.run();
		const after = Date.now();
		expect(output).toEqual([[{ json: { order: 42 } }]]);
		expect(host.httpRequestWithAuthentication).toHaveBeenCalledTimes(1);
		const [credential, request] = host.httpRequestWithAuthentication.mock.calls[0] as unknown as [
			unknown,
			string,
			IDataObject,
		];
		expect(credential).toBe('workspaceRecordsApi');
		expect(request).toMatchObject({
			method: 'POST',
			// The messaging host, from the credential; a redirect is never followed with the key.
			baseURL: '{aiBaseUrl}',
			disableFollowRedirect: true,
			url: '/api/ingest/sms/v1/message/send',
			body: {
				recipient: '919876543210',
				sender_id: 'WRKSPC',
				route: 'transactional',
				message: `May we deliver tomorrow?\n\nYes or No: https://n8n.example.com/webhook-waiting/sms-1/n1?signature=${SIGNATURE}`,
			},
		});
		const [waitTill] = host.putExecutionToWait.mock.calls[0] as unknown as [Date];
		expect(waitTill.getTime()).toBeGreaterThanOrEqual(before + 86_400_000);
		expect(waitTill.getTime()).toBeLessThanOrEqual(after + 86_400_000);
		expect(host.addExecutionHints).not.toHaveBeenCalled();
	});

	test('n8n rerunning the node (Retry On Fail) does not send the question twice', async () => {
		const host = fakeRun(SMS_QUESTION, { executionId: 'rerun-1' });
		await host.run();
		await host.run();
		expect(host.httpRequestWithAuthentication).toHaveBeenCalledTimes(1);
		expect(host.putExecutionToWait).toHaveBeenCalledTimes(2);
	});

	test('links on localhost: sent, and the output pane says to set WEBHOOK_URL', async () => {
		const host = fakeRun(SMS_QUESTION, { webhookUrl: 'http://localhost:5678' });
		await host.run();
		expect(host.addExecutionHints).toHaveBeenCalledWith(
			expect.objectContaining({
				type: 'warning',
				location: 'outputPane',
				message: expect.stringMatching(
					/localhost, which the person's phone or mail app cannot reach\. Set n8n's WEBHOOK_URL \(N8N_WEBHOOK_URL on n8n 2\)/,
				),
			}),
		);
	});

	test('more than one item is refused before any request', async () => {
		const host = fakeRun(SMS_QUESTION, { items: [{ json: {} }, { json: {} }] });
		const refused = host.run();
		await expect(refused).rejects.toThrow(NodeOperationError);
		await expect(refused).rejects.toThrow(
			'Send and Wait asks one person per execution, and got 2 items',
		);
		await refused.catch((error: NodeOperationError) =>
			expect(error.description).toMatch(
				/Execute Workflow, Mode: Run once for each item\).*Loop Over Items/,
			),
		);
		expect(host.httpRequestWithAuthentication).not.toHaveBeenCalled();
		expect(host.putExecutionToWait).not.toHaveBeenCalled();
	});

	test('Continue On Fail with more than one item: one error item each, nothing sent', async () => {
		const host = fakeRun(SMS_QUESTION, {
			items: [{ json: {} }, { json: {} }],
			continueOnFail: true,
		});
		const [output] = await host.run();
		expect(output).toEqual(
			[0, 1].map((item) => ({
				json: { error: 'Send and Wait asks one person per execution, and got 2 items' },
				pairedItem: { item },
			})),
		);
		expect(host.httpRequestWithAuthentication).not.toHaveBeenCalled();
		expect(host.putExecutionToWait).not.toHaveBeenCalled();
	});

	test('no item: nothing sent, nothing waited for', async () => {
		const host = fakeRun(SMS_QUESTION, { items: [] });
		expect(await host.run()).toEqual([[]]);
		expect(host.httpRequestWithAuthentication).not.toHaveBeenCalled();
		expect(host.putExecutionToWait).not.toHaveBeenCalled();
	});

	test.each([
		['an empty message', { message: ' ' }, 'Message: empty'],
		[
			'equal labels',
			{ approvalOptions: { values: { approveLabel: 'OK', disapproveLabel: 'OK' } } },
			'Decline Button Label: the same words',
		],
		['a time limit of 0', { waitTimeLimit: 0 }, 'Time Limit: 0 waits for nothing'],
		['a bad recipient', { recipient: 'Ada' }, 'Recipient: "Ada" is not a phone number'],
		[
			'an SMS too long with the link',
			{ message: 'a'.repeat(1500) },
			'Message: with the link the SMS is 11 segments, more than 10',
		],
	])('%s: refused before sending, naming the field', async (_, change, said) => {
		const host = fakeRun({ ...SMS_QUESTION, ...change });
		await expect(host.run()).rejects.toThrow(said);
		expect(host.httpRequestWithAuthentication).not.toHaveBeenCalled();
		expect(host.putExecutionToWait).not.toHaveBeenCalled();
	});

	test('Continue On Fail: one error item, paired with the input, and no wait', async () => {
		const host = fakeRun({ ...SMS_QUESTION, message: '' }, { continueOnFail: true });
		expect(await host.run()).toEqual([
			[{ json: { error: 'Message: empty' }, pairedItem: { item: 0 } }],
		]);
		expect(host.httpRequestWithAuthentication).not.toHaveBeenCalled();
		expect(host.putExecutionToWait).not.toHaveBeenCalled();
	});

	test("Continue On Fail: the host's refusal is the one error item", async () => {
		const host = fakeRun(SMS_QUESTION, { continueOnFail: true });
		host.httpRequestWithAuthentication.mockResolvedValueOnce({
			statusCode: 400,
			headers: {},
			body: { success: false, message: 'Invalid sender id' },
		} as never);
		expect(await host.run()).toEqual([
			[{ json: { error: 'Invalid sender id' }, pairedItem: { item: 0 } }],
		]);
		expect(host.putExecutionToWait).not.toHaveBeenCalled();
	});
});

describe("Send and Wait for Response in the messaging nodes: each send's own body and options", () => {
	const ASK = {
		operation: 'sendAndWait',
		message: 'May we deliver tomorrow?',
		responseType: 'approval',
		approvalOptions: { values: { approveLabel: 'Yes', disapproveLabel: 'No' } },
	};
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
			{
				...ASK,
				resource: 'message',
				sendAs: 'conversation',
				phoneId: 'acct-1',
				recipient: '919876543210',
				additionalFields: { showInInbox: true },
			},
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

	test('WhatsApp: a closed conversation is refused with the way out, Send As Template', async () => {
		const host = fakeRun(
			{
				...ASK,
				resource: 'message',
				sendAs: 'conversation',
				phoneId: 'acct-1',
				recipient: '919876543210',
			},
			{ runs: 'whatsApp', answers: [{ status: false, message: 'User session is not active' }] },
		);
		const refused = await host.run().catch((error: NodeOperationError) => error);
		expect(refused).toMatchObject({
			message: expect.stringContaining('User session is not active'),
			description: expect.stringContaining('choose Send As: Template'),
		});
		expect(host.putExecutionToWait).not.toHaveBeenCalled();
	});

	test('RCS: the message alone, each answer an Open URL button to its own signed page', async () => {
		const host = fakeRun(
			{ ...ASK, resource: 'message', botId: 'bot-1', recipient: '919876543210' },
			{ runs: 'rcs', executionId: 'r1', answers: [{ status: true, message: 'sent' }] },
		);
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
			{
				...ASK,
				responseType: 'freeText',
				options: { messageButtonLabel: 'Answer' },
				resource: 'message',
				botId: 'bot-1',
				recipient: '919876543210',
			},
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

/** What the person's browser got: status, headers and page, or the resume n8n is asked for. */
interface Answered {
	status?: number;
	headers: Record<string, string>;
	html?: string;
	result: Awaited<ReturnType<typeof receiveAnswer>>;
}

/** A request to the link, as n8n hands it to webhook(): the node's parameters, the query, the form. */
async function openLink(
	parameters: IDataObject,
	{
		method = 'GET',
		query = {},
		body = {},
		multipart = false,
	}: { method?: string; query?: IDataObject; body?: IDataObject; multipart?: boolean } = {},
): Promise<Answered> {
	const answered: Omit<Answered, 'result'> = { headers: {} };
	const response = {
		setHeader: (name: string, value: string) => (answered.headers[name.toLowerCase()] = value),
		status: (code: number) => ((answered.status = code), response),
		type: (kind: string) => ((answered.headers['content-type'] = kind), response),
		send: (html: string) => ((answered.html = html), response),
	};
	const context = {
		getNode: () => nodeWith(parameters),
		getNodeParameter: (name: string, fallback?: unknown) =>
			name in parameters ? parameters[name] : fallback,
		// A form posts multipart, which n8n hands over as `{ data, files }`.
		getRequestObject: () => ({
			method,
			query,
			is: (type: string) => multipart && type === 'multipart/form-data',
		}),
		getBodyData: () => (multipart ? { data: body, files: {} } : body),
		getResponseObject: () => response,
	} as unknown as IWebhookFunctions;
	const result = await receiveAnswer.call(context);
	return { ...answered, result };
}

const EMAIL_QUESTION: IDataObject = {
	...SMS_QUESTION,
	channel: 'email',
	recipient: 'ada@example.com',
	subject: 'Your <delivery>',
};
const FREE_TEXT: IDataObject = { ...SMS_QUESTION, responseType: 'freeText' };

describe('webhook: the page, and the answer', () => {
	test('GET shows the page, with its policy, and resumes nothing', async () => {
		const opened = await openLink(SMS_QUESTION);
		expect(opened.result).toEqual({ noWebhookResponse: true });
		expect(opened.result).not.toHaveProperty('workflowData');
		expect(opened.status).toBe(200);
		expect(opened.headers['content-security-policy']).toMatch(/^default-src 'none'/);
		expect(opened.headers['content-type']).toBe('html');
		expect(opened.html).toContain('<title>Your answer</title>');
		expect(opened.html).toContain('<p>May we deliver tomorrow?</p>');
		expect(opened.html).toContain('>Yes</button>');
		expect(opened.html).toContain('>No</button>');
	});

	test("an email's page is titled with its subject, escaped", async () => {
		const opened = await openLink(EMAIL_QUESTION);
		expect(opened.html).toContain('<title>Your &lt;delivery&gt;</title>');
	});

	test("an SMS's page is not titled with a subject left over from the email channel", async () => {
		const opened = await openLink({ ...SMS_QUESTION, subject: 'Old subject' });
		expect(opened.html).toContain('<title>Your answer</title>');
	});

	test.each([
		['true', true],
		['false', false],
	])("POST approved=%s resumes with n8n's shape, and thanks", async (posted, approved) => {
		const answered = await openLink(SMS_QUESTION, { method: 'POST', body: { approved: posted } });
		expect(answered.status).toBeUndefined();
		expect(answered.headers['content-security-policy']).toMatch(/^default-src 'none'/);
		expect(answered.result.webhookResponse).toContain('Got it, thanks');
		expect(answered.result.noWebhookResponse).toBeUndefined();
		expect(answered.result.workflowData).toEqual([
			[
				{
					json: { data: { approved, respondedAt: expect.stringMatching(ISO) } },
					pairedItem: { item: 0 },
				},
			],
		]);
	});

	test.each([{}, { approved: 'maybe' }, { approved: '' }])(
		'POST %j: a 400 page asking again, and nothing resumed',
		async (body) => {
			const answered = await openLink(SMS_QUESTION, { method: 'POST', body });
			expect(answered.status).toBe(400);
			expect(answered.result).toEqual({ noWebhookResponse: true });
			expect(answered.html).toContain('<p class="error">Press one of the buttons.</p>');
			expect(answered.html).toContain('>Yes</button>');
		},
	);

	test('Approve Only: the page offers Approve alone, and a posted decline is a 400 page', async () => {
		const approveOnly = {
			...SMS_QUESTION,
			approvalOptions: { values: { approvalType: 'single', approveLabel: 'Yes' } },
		};
		const opened = await openLink(approveOnly);
		expect(opened.html).toContain('>Yes</button>');
		expect(opened.html).not.toContain('>Decline</button>');
		const declined = await openLink(approveOnly, { method: 'POST', body: { approved: 'false' } });
		expect(declined.status).toBe(400);
		expect(declined.result).toEqual({ noWebhookResponse: true });
		const approved = await openLink(approveOnly, { method: 'POST', body: { approved: 'true' } });
		expect(approved.result.workflowData?.[0][0].json).toMatchObject({ data: { approved: true } });
	});

	test("an email button's page (approved=true signed in the query) offers that choice alone", async () => {
		const opened = await openLink(EMAIL_QUESTION, { query: { approved: 'true' } });
		expect(opened.html).toContain('>Yes</button>');
		expect(opened.html).not.toContain('>No</button>');
	});

	test("a post of the other choice on an email button's page is a 400 page", async () => {
		const answered = await openLink(EMAIL_QUESTION, {
			method: 'POST',
			query: { approved: 'true' },
			body: { approved: 'false' },
		});
		expect(answered.status).toBe(400);
		expect(answered.result).toEqual({ noWebhookResponse: true });
		expect(answered.html).toContain('Press one of the buttons.');
	});

	test("a post of its own choice on an email button's page answers", async () => {
		const answered = await openLink(EMAIL_QUESTION, {
			method: 'POST',
			query: { approved: 'false' },
			body: { approved: 'false' },
		});
		expect(answered.result.workflowData?.[0][0].json).toEqual({
			data: { approved: false, respondedAt: expect.stringMatching(ISO) },
		});
	});

	test('free text: GET shows the text box', async () => {
		const opened = await openLink(FREE_TEXT);
		expect(opened.status).toBe(200);
		expect(opened.html).toContain('<textarea name="text" required');
		expect(opened.html).not.toContain('name="approved"');
	});

	test('free text: the answer, trimmed, resumes the execution', async () => {
		const answered = await openLink(FREE_TEXT, {
			method: 'POST',
			body: { text: '  Leave it with <Bob>.  ' },
		});
		expect(answered.result.workflowData).toEqual([
			[
				{
					json: { data: { text: 'Leave it with <Bob>.', respondedAt: expect.stringMatching(ISO) } },
					pairedItem: { item: 0 },
				},
			],
		]);
	});

	test.each([{ text: '' }, { text: '  \n ' }, {}, { text: ['a'] }])(
		'free text: %j is a 400 page asking again',
		async (body) => {
			const answered = await openLink(FREE_TEXT, { method: 'POST', body });
			expect(answered.status).toBe(400);
			expect(answered.result).toEqual({ noWebhookResponse: true });
			expect(answered.html).toContain('Write your answer, then press the button.');
		},
	);

	test("custom form: the page's fields; a post resumes with n8n's output, keyed by label", async () => {
		const form = {
			...SMS_QUESTION,
			responseType: 'customForm',
			formFields: {
				values: [
					{ fieldLabel: 'Day', fieldType: 'date', requiredField: true },
					{ fieldLabel: 'Count', fieldType: 'number' },
				],
			},
			options: { responseFormTitle: 'Delivery', responseFormButtonLabel: 'Book' },
		};
		const opened = await openLink(form);
		expect(opened.html).toContain('<title>Delivery</title>');
		expect(opened.html).toContain('name="field-0"');
		expect(opened.html).toContain('>Book</button>');
		const missing = await openLink(form, { method: 'POST', body: { 'field-1': '3' } });
		expect(missing.status).toBe(400);
		expect(missing.html).toContain('Fill in &quot;Day&quot;.');
		const answered = await openLink(form, {
			method: 'POST',
			multipart: true,
			body: { 'field-0': '2026-12-24', 'field-1': '3', respondedAt: 'forged' },
		});
		expect(answered.result.workflowData?.[0][0].json).toEqual({
			data: { Day: '2026-12-24', Count: 3, respondedAt: expect.stringMatching(ISO) },
		});
	});

	test('parameters that no longer make a question: a 500 page, nothing resumed', async () => {
		const answered = await openLink(
			{ ...SMS_QUESTION, message: '' },
			{ method: 'POST', body: { approved: 'true' } },
		);
		expect(answered.status).toBe(500);
		expect(answered.result).toEqual({ noWebhookResponse: true });
		expect(answered.html).toContain('<title>Not available</title>');
	});
});

describe('the node', () => {
	const node = new WorkspaceSendAndWait();
	const { description } = node;

	// The checks of test/nodes/descriptions.test.ts that fit a programmatic node (its list,
	// test/harness/nodes.ts, holds the declarative action nodes: resources, routing).
	test('the pickers name methods the node has, and the credential its test', () => {
		const text = JSON.stringify(description.properties);
		const named = (kind: string) =>
			[...text.matchAll(new RegExp(`"${kind}":"(\\w+)"`, 'g'))].map((match) => match[1]);
		const methods = node.methods as unknown as Record<string, Record<string, unknown>>;
		for (const [kind, group] of [
			['searchListMethod', 'listSearch'],
			['loadOptionsMethod', 'loadOptions'],
			['resourceMapperMethod', 'resourceMapping'],
		]) {
			expect(named(kind).length).toBeGreaterThan(0);
			for (const method of named(kind)) expect(typeof methods[group][method]).toBe('function');
		}
		const [{ name, testedBy }] = description.credentials ?? [];
		expect(name).toBe('workspaceRecordsApi');
		const tests = node.methods.credentialTest as Record<string, unknown>;
		expect(typeof tests[testedBy as string]).toBe('function');
	});

	test("n8n's human-review tool needs webhooks and an Operation option sendAndWait", () => {
		expect(description.webhooks?.map((w) => w.httpMethod)).toEqual(['GET', 'POST']);
		const operation = description.properties.find((p) => p.name === 'operation');
		expect(operation?.options).toEqual([expect.objectContaining({ value: 'sendAndWait' })]);
		expect(operation?.default).toBe('sendAndWait');
	});

	test("the links are n8n's waiting addresses: the node ID, the whole path, answered with its own body", () => {
		for (const webhook of description.webhooks ?? []) {
			expect(webhook).toMatchObject({
				path: '={{ $nodeId }}',
				isFullPath: true,
				restartWebhook: true,
				responseMode: 'onReceived',
				responseData: '',
			});
		}
	});

	test('the defaults: SMS, approval with Approve and Decline, a day to answer', () => {
		const defaults = Object.fromEntries(description.properties.map((p) => [p.name, p.default]));
		expect(defaults).toMatchObject({
			channel: 'sms',
			responseType: 'approval',
			waitTimeLimit: 1,
			waitTimeUnit: 'days',
		});
	});
});
