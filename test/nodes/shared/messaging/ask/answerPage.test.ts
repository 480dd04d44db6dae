import { EMAIL_QUESTION, FREE_TEXT, ISO, openLink, SMS_QUESTION } from './fakeAsk';

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
