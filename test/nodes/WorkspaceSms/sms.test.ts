import { WorkspaceSms } from '../../../nodes/WorkspaceSms/WorkspaceSms.node';
import { runNode } from '../../harness/runNode';
import { useSandbox } from '../../harness/sandbox';

const env = useSandbox();
const send = (parameters: object, credentials = env.credentials) =>
	runNode({
		nodeType: new WorkspaceSms(),
		parameters: {
			resource: 'sms',
			operation: 'send',
			message: 'Your code is 4711',
			senderId: 'WRKSPC',
			route: 'otp',
			...parameters,
		},
		credentials,
	});

test('sends to the messaging host with the header credentials, recipient digits only', async () => {
	const { items } = await send({
		recipient: '+91 (98765) 43-210',
		additionalFields: {
			isFlash: true,
			dltEntityId: '1101',
			dltTemplateId: '1107',
			postBackUrl: 'https://example.com/dlr',
			postBackData: 'order-9',
		},
	});
	expect(env.sandbox.requests).toHaveLength(1);
	const [request] = env.sandbox.requests;
	expect(request).toMatchObject({ method: 'POST', path: '/api/ingest/sms/v1/message/send' });
	expect(request.headers).toMatchObject({
		'x-api-key': 'wr_test_key',
		'x-workspace-id': 'ws_sandbox',
	});
	expect(request.body).toEqual({
		recipient: '919876543210',
		message: 'Your code is 4711',
		sender_id: 'WRKSPC',
		route: 'otp',
		is_flash: true,
		dlt_entity_id: '1101',
		dlt_template_id: '1107',
		post_back_url: 'https://example.com/dlr',
		post_back_data: 'order-9',
	});
	expect(items.map((i) => i.json)).toEqual([
		{
			success: true,
			message: 'SMS request queued successfully',
			request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
		},
	]);
});

test('a recipient with letters is refused, naming the field, before sending', async () => {
	const { error } = await send({ recipient: '+44 call me' });
	expect(error?.message).toBe('Recipient: "+44 call me" is not a phone number');
	expect(env.sandbox.requests).toHaveLength(0);
});

test('a route the dropdown does not offer is refused before sending, in the words of the dropdown', async () => {
	const { error } = await send({ recipient: '919876543210', route: 'bulk' });
	expect(error?.message).toBe('Route: "bulk" is not a route');
	expect(error?.description).toBe('Choose OTP, Promotional or Transactional.');
	expect(env.sandbox.requests).toHaveLength(0);
});

test('a route given by its label is sent as its API value', async () => {
	await send({ recipient: '919876543210', route: 'Promotional' });
	expect(env.sandbox.requests[0].body?.route).toBe('promotional');
});

test("a recipient the service refuses gets the server's reason and a hint about the SMS fields", async () => {
	const { error } = await send({ recipient: '12345' });
	expect(error?.message).toBe('recipient must be the country code and number, digits only');
	expect(error?.description).toMatch(
		/^Check Recipient .* Sender ID .* Route \(OTP, Promotional or Transactional\)/,
	);
});

test('success:false on HTTP 200 is an error with the server message', async () => {
	env.sandbox.addFault({ kind: 'status-false', message: 'Sender ID not approved' });
	const { error } = await send({ recipient: '919876543210' });
	expect(error?.message).toBe('The service rejected the request: Sender ID not approved');
});

test('a missing Messaging Host Base URL says to fill it in', async () => {
	const { error } = await send(
		{ recipient: '919876543210' },
		{
			...env.credentials,
			workspaceRecordsApi: { ...env.credentials.workspaceRecordsApi, aiBaseUrl: '' },
		},
	);
	expect(error?.message).toBe('The credential has no Messaging Host Base URL');
	expect(error?.description).toMatch(/fill in Messaging Host Base URL/);
	expect(env.sandbox.requests).toHaveLength(0);
});

describe('Send Template', () => {
	const sendTemplate = (parameters: object) =>
		runNode({
			nodeType: new WorkspaceSms(),
			parameters: {
				resource: 'sms',
				operation: 'sendTemplate',
				recipient: '+91 98765 43210',
				templateName: 'order_shipped',
				senderId: 'WRKSPC',
				route: 'Transactional',
				...parameters,
			},
			credentials: env.credentials,
		});

	test('sends the template with its variables, sender and route', async () => {
		const { items } = await sendTemplate({
			variables: {
				variable: [
					{ name: 'order_id', value: 'A-1001' },
					{ name: 'tracking_url', value: 'https://track.example.com/A-1001' },
				],
			},
			additionalFields: { isFlash: false, postBackData: 'A-1001' },
		});
		expect(env.sandbox.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			[
				'POST',
				'/api/ingest/sms/v1/template/send',
				{
					recipient: '919876543210',
					sender_id: 'WRKSPC',
					route: 'transactional',
					template_name: 'order_shipped',
					variables: { order_id: 'A-1001', tracking_url: 'https://track.example.com/A-1001' },
					is_flash: false,
					post_back_data: 'A-1001',
				},
			],
		]);
		expect(items[0].json).toMatchObject({ success: true, request_id: expect.any(String) });
	});

	test('variables always go, as the host requires them; a missing one gets its reason', async () => {
		const { error } = await sendTemplate({});
		expect(env.sandbox.requests[0].body?.variables).toEqual({});
		expect(error?.message).toBe('variables: missing order_id, tracking_url');
		expect(error?.description).toMatch(/Template Name and its variables/);
	});

	test('a variable without a name is refused before sending', async () => {
		const { error } = await sendTemplate({ variables: { variable: [{ name: '', value: 'x' }] } });
		expect(error?.message).toBe('Variables: a variable has no name');
		expect(env.sandbox.requests).toHaveLength(0);
	});
});
