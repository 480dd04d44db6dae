import type { INodeType } from 'n8n-workflow';

import { WorkspaceEmail } from '../../../../nodes/WorkspaceEmail/WorkspaceEmail.node';
import { WorkspaceSms } from '../../../../nodes/WorkspaceSms/WorkspaceSms.node';
import { WorkspaceWhatsApp } from '../../../../nodes/WorkspaceWhatsApp/WorkspaceWhatsApp.node';
import { recordsAuthHeaders, SENT_REQUEST_ID } from '../../../harness/fixtures';
import { runNode } from '../../../harness/runNode';
import { useSandbox } from '../../../harness/sandbox';

const env = useSandbox();
const report = (nodeType: INodeType, requestId: string) =>
	runNode({
		nodeType,
		parameters: { resource: 'deliveryReport', operation: 'get', requestId },
		credentials: env.credentials,
	});

test.each([
	['Workspace WhatsApp', new WorkspaceWhatsApp()],
	['Workspace Email', new WorkspaceEmail()],
	['Workspace SMS', new WorkspaceSms()],
])('%s reads the delivery report of any message by its request ID', async (_, nodeType) => {
	const { items } = await report(nodeType, ` ${SENT_REQUEST_ID} `);
	expect(env.sandbox.requests.map((r) => [r.method, r.path, r.query])).toEqual([
		['GET', '/api/data/messages/v1/delivery-report', { request_id: SENT_REQUEST_ID }],
	]);
	expect(env.sandbox.requests[0].headers).toMatchObject(recordsAuthHeaders);
	expect(items.map((i) => i.json)).toEqual([
		{
			channel: 'whatsapp',
			message_id: 'wamid.HBgMOTE5ODc2NTQzMjEwFQIAERgSMEQ2',
			recipient: '919876543210',
			request_id: SENT_REQUEST_ID,
			status: 'delivered',
			statusAt: '2026-01-15T10:30:00.000Z',
			remark: 'Message delivered successfully',
			workspace_id: 'ws_sandbox',
		},
	]);
});

test('the report of a message just sent, from the request ID its send answered', async () => {
	const sent = await runNode({
		nodeType: new WorkspaceEmail(),
		parameters: {
			resource: 'message',
			operation: 'send',
			recipient: 'ada@example.com',
			subject: 'Hi',
			message: 'Hi',
		},
		credentials: env.credentials,
	});
	const requestId = String(sent.items[0].json.request_id);
	const { items } = await report(new WorkspaceEmail(), requestId);
	expect(items[0].json).toMatchObject({
		channel: 'email',
		request_id: requestId,
		recipient: 'ada@example.com',
	});
});

test('a request ID the host does not know is an error that names the field', async () => {
	const { error } = await report(new WorkspaceWhatsApp(), 'no-such-request');
	// The node has one ID field: the error names it, not "each ID given".
	expect(error?.message).toBe('The Request ID "no-such-request" was not found');
	expect(error?.description).toBe(
		'Check the Request ID parameter. The service said: No message with this request_id',
	);
});

test('an empty request ID is refused before asking', async () => {
	const { error } = await report(new WorkspaceSms(), '={{ "" }}');
	expect(error?.message).toBe('Request ID: empty');
	expect(env.sandbox.requests).toHaveLength(0);
});

test('the report is a read: a 502 is asked again', async () => {
	env.sandbox.addFault({ kind: 'server-error', statusCode: 502, times: 1 });
	const { items } = await report(new WorkspaceSms(), SENT_REQUEST_ID);
	expect(env.sandbox.requests).toHaveLength(2);
	expect(items[0].json.request_id).toBe(SENT_REQUEST_ID);
});

test("a send's post-back URL gets the delivery status once, in the documented payload", async () => {
	const postBackUrl = `${env.url}/hooks/delivery-status`;
	const sent = await runNode({
		nodeType: new WorkspaceSms(),
		parameters: {
			resource: 'sms',
			operation: 'send',
			recipient: '919876543210',
			message: 'Hi',
			senderId: 'WRKSPC',
			route: 'transactional',
			additionalFields: { postBackUrl, postBackData: 'order-9' },
		},
		credentials: env.credentials,
	});
	await env.sandbox.postbacks.settled();
	const posted = env.sandbox.requests.filter((r) => r.path === '/hooks/delivery-status');
	expect(posted).toHaveLength(1);
	expect(posted[0].body).toEqual({
		workspace_id: 'ws_sandbox',
		type: 'delivery_status',
		message_id: expect.any(Number),
		request_id: sent.items[0].json.request_id,
		channel: 'sms',
		recipient: '919876543210',
		status: 'delivered',
		remark: 'Message delivered successfully',
		status_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
		post_back_data: 'order-9',
	});
	// Beyond JavaScript's safe integers, as in the vendor's example: correlate by request_id.
	expect(env.sandbox.postbacks.deliveries[0].text).toMatch(/"message_id":6041325814908191\d\d,/);
});
