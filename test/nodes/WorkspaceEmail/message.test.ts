import { WorkspaceEmail } from '../../../nodes/WorkspaceEmail/WorkspaceEmail.node';
import { recordsAuthHeaders } from '../../harness/fixtures';
import { runNode } from '../../harness/runNode';
import { useSandbox } from '../../harness/sandbox';

const env = useSandbox();
const run = (operation: string, parameters: object) =>
	runNode({
		nodeType: new WorkspaceEmail(),
		parameters: { resource: 'message', operation, recipient: 'ada@example.com', ...parameters },
		credentials: env.credentials,
	});

const QUEUED = {
	success: true,
	message: 'Email request queued successfully',
	request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
};

describe('Send', () => {
	test('sends subject and content with every documented option, in the host names', async () => {
		const { items } = await run('send', {
			subject: 'Your invoice',
			message: '<p>Hello Ada</p>',
			additionalFields: {
				fromEmail: 'billing@example.com',
				fromName: 'Acme Billing',
				preHeader: 'Invoice 42 is ready',
				replyToEmail: 'support@example.com',
				replyToName: 'Acme Support',
				attachments: 'https://example.com/a.pdf, https://example.com/b.pdf',
				trackOpens: true,
				trackClicks: false,
				postBackUrl: 'https://example.com/status',
				postBackData: 'invoice-42',
			},
		});
		const [request] = env.sandbox.requests;
		expect(request).toMatchObject({
			method: 'POST',
			path: '/api/ingest/email/v1/message/send',
			headers: recordsAuthHeaders,
		});
		expect(request.body).toEqual({
			recipient: 'ada@example.com',
			subject: 'Your invoice',
			message: '<p>Hello Ada</p>',
			from_email: 'billing@example.com',
			from_name: 'Acme Billing',
			pre_header: 'Invoice 42 is ready',
			reply_to_email: 'support@example.com',
			reply_to_name: 'Acme Support',
			attachments: ['https://example.com/a.pdf', 'https://example.com/b.pdf'],
			track_opens: true,
			track_clicks: false,
			post_back_url: 'https://example.com/status',
			post_back_data: 'invoice-42',
		});
		expect(items.map((i) => i.json)).toEqual([QUEUED]);
	});

	test('attachments given as an array by an expression', async () => {
		await run('send', {
			subject: 'Hi',
			message: 'Hi',
			additionalFields: { attachments: '={{ ["https://example.com/a.pdf"] }}' },
		});
		expect(env.sandbox.requests[0].body?.attachments).toEqual(['https://example.com/a.pdf']);
	});

	test.each([
		[
			{ recipient: 'Ada <ada@example.com>' },
			'Recipient: "Ada <ada@example.com>" is not an email address',
		],
		[{ subject: ' ' }, 'Subject: empty'],
		[
			{ additionalFields: { fromEmail: 'billing' } },
			'From Email: "billing" is not an email address',
		],
		[
			{ additionalFields: { attachments: 'invoice.pdf' } },
			'Attachment URLs: "invoice.pdf" is not an http or https address',
		],
		[
			{ additionalFields: { postBackUrl: 'example.com/status' } },
			'Postback URL: "example.com/status" is not an http or https address',
		],
	])('%j is refused before sending, naming the field', async (parameters, message) => {
		const { error } = await run('send', { subject: 'Hi', message: 'Hi', ...parameters });
		expect(error?.message).toBe(message);
		expect(env.sandbox.requests).toHaveLength(0);
	});
});

describe('Send Template', () => {
	test('sends the template name, its variables as an object and the subject given', async () => {
		const { items } = await run('sendTemplate', {
			templateName: 'invoice_ready',
			variables: {
				variable: [
					{ name: 'invoice_number', value: 'INV-42' },
					{ name: 'amount', value: '={{ 120.5 }}' },
				],
			},
			additionalFields: { subject: 'Invoice INV-42', trackClicks: true },
		});
		expect(env.sandbox.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			[
				'POST',
				'/api/ingest/email/v1/template/send',
				{
					recipient: 'ada@example.com',
					template_name: 'invoice_ready',
					variables: { invoice_number: 'INV-42', amount: '120.5' },
					subject: 'Invoice INV-42',
					track_clicks: true,
				},
			],
		]);
		expect(items.map((i) => i.json)).toEqual([QUEUED]);
	});

	test('a variable named twice is refused; an unknown template gets the host reason', async () => {
		const twice = await run('sendTemplate', {
			templateName: 'welcome_email',
			variables: {
				variable: [
					{ name: 'first_name', value: 'Ada' },
					{ name: 'first_name', value: 'Grace' },
				],
			},
		});
		expect(twice.error?.message).toBe('Variables: "first_name" is given twice');
		expect(env.sandbox.requests).toHaveLength(0);
		const unknown = await run('sendTemplate', { templateName: 'newsletter' });
		expect(unknown.error?.message).toBe('No email template named newsletter');
		expect(unknown.error?.description).toMatch(/Template Name and its variables/);
	});
});
