import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { WorkspaceSendAndWait } from '../../../../../nodes/WorkspaceSendAndWait/WorkspaceSendAndWait.node';
import { fakeRun, SIGNATURE, SMS_QUESTION } from './fakeAsk';

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
		const host = fakeRun(SMS_QUESTION, { webhookUrl: 'http://localhost' });
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
