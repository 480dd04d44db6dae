import type { IDataObject } from 'n8n-workflow';

import { WorkspaceWhatsApp } from '../../../nodes/WorkspaceWhatsApp/WorkspaceWhatsApp.node';
import { byId, fromList, recordsAuthHeaders, WHATSAPP_ACCOUNT } from '../../harness/fixtures';
import type { RunOptions } from '../../harness/runNode';
import { runNode } from '../../harness/runNode';
import { useSandbox } from '../../harness/sandbox';
import { useVirtualClock } from '../../harness/virtualClock';

// Messages inside an open conversation go to the records host's campaign path with a Bearer key
// (docs/api.md §4.9). The customer's 24-hour window is read on one virtual clock.
const time = useVirtualClock(Date.parse('2026-11-22T09:00:00.000Z'));
const env = useSandbox({ clock: time.now });

const CUSTOMER = '919999999999';
const PATH = '/api/v1/campaign/whatsapp/message/send';
const HOUR = 60 * 60 * 1000;

/** The customer writes to the account: the sandbox delivers it (to no webhook) and opens the window. */
const customerWrites = async (from = CUSTOMER) =>
	await env.sandbox.webhooks.receive('whatsapp', { phoneId: WHATSAPP_ACCOUNT, from });

/** Messaging Host Base URL left empty: these sends need only the records host. */
const recordsHostOnly = () => ({
	...env.credentials,
	workspaceRecordsApi: { ...env.credentials.workspaceRecordsApi, aiBaseUrl: '' },
});

const send = (
	parameters: object,
	options: Pick<RunOptions, 'continueOnFail' | 'items' | 'settings'> = {},
) =>
	runNode({
		nodeType: new WorkspaceWhatsApp(),
		parameters: {
			resource: 'message',
			operation: 'sendInConversation',
			phoneId: fromList(WHATSAPP_ACCOUNT, 'Acme Support (+1 234 567 8900)'),
			recipient: '+91 99999 99999',
			...parameters,
		},
		credentials: recordsHostOnly(),
		...options,
	});

const sent = () => env.sandbox.requests.filter((r) => r.path === PATH);

beforeEach(async () => await customerWrites());

describe('Send in Conversation: the request of each message type', () => {
	test('text: to the records host with the Bearer key, the answer as the item', async () => {
		const { items, error } = await send({
			messageType: 'text',
			text: 'Thanks, your order 1042 ships tomorrow',
			previewUrl: true,
		});
		expect(error).toBeUndefined();
		expect(env.sandbox.requests).toHaveLength(1);
		const [request] = env.sandbox.requests;
		expect(request).toMatchObject({ method: 'POST', path: PATH, headers: recordsAuthHeaders });
		expect(request.body).toEqual({
			to: CUSTOMER,
			phoneId: WHATSAPP_ACCOUNT,
			type: 'text',
			text: { body: 'Thanks, your order 1042 ships tomorrow', preview_url: true },
		});
		expect(items.map((i) => i.json)).toEqual([
			{ status: true, message: 'Message sent successfully' },
		]);
		expect(env.sandbox.state.conversationMessages).toHaveLength(1);
	});

	test('text with Link Preview off sends preview_url false', async () => {
		await send({ text: 'Hi' });
		expect(sent()[0].body).toEqual({
			to: CUSTOMER,
			phoneId: WHATSAPP_ACCOUNT,
			type: 'text',
			text: { body: 'Hi', preview_url: false },
		});
	});

	test('image: its link and caption', async () => {
		const { error } = await send({
			messageType: 'image',
			imageUrl: ' https://example.com/shoe.png ',
			caption: 'Your shoe',
		});
		expect(error).toBeUndefined();
		expect(sent()[0].body).toEqual({
			to: CUSTOMER,
			phoneId: WHATSAPP_ACCOUNT,
			type: 'image',
			image: { link: 'https://example.com/shoe.png', caption: 'Your shoe' },
		});
	});

	test('location: coordinates as strings, even from numbers, with name and address', async () => {
		const { error } = await send({
			messageType: 'location',
			latitude: '={{ 52.520008 }}',
			longitude: '13.404954',
			locationName: 'Acme Store Berlin',
			locationAddress: 'Alexanderplatz 1, 10178 Berlin',
		});
		expect(error).toBeUndefined();
		expect(sent()[0].body).toEqual({
			to: CUSTOMER,
			phoneId: WHATSAPP_ACCOUNT,
			type: 'location',
			location: {
				latitude: '52.520008',
				longitude: '13.404954',
				name: 'Acme Store Berlin',
				address: 'Alexanderplatz 1, 10178 Berlin',
			},
		});
	});

	test('Additional Fields: Show in Inbox with its source, Report URL, Wait for Submission Status', async () => {
		await send({
			text: 'Hi',
			additionalFields: {
				showInInbox: true,
				reportUrl: 'https://example.com/reports',
				submissionStatus: true,
			},
		});
		await send({ text: 'Hi', additionalFields: { showInInbox: true, source: 'n8n' } });
		expect(sent().map((r) => r.body)).toEqual([
			expect.objectContaining({
				source: 'API',
				linkWithRecord: true,
				reportURL: 'https://example.com/reports',
				submissionStatus: true,
			}),
			expect.objectContaining({ source: 'n8n', linkWithRecord: true }),
		]);
	});

	test("account and recipient straight from the trigger's item: phoneId and sender.number", async () => {
		const { event } = await customerWrites('447700900123');
		const { items, error } = await send(
			{
				phoneId: { __rl: true, mode: 'id', value: '={{ $json.phoneId }}' },
				recipient: '={{ $json.sender.number }}',
				text: '=Hello {{ $json.sender.name }}, thanks for "{{ $json.message.text.body }}"',
			},
			{ items: [event as IDataObject] },
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(sent()[0].body).toEqual({
			to: '447700900123',
			phoneId: WHATSAPP_ACCOUNT,
			type: 'text',
			text: { body: 'Hello John Doe, thanks for "Hi"', preview_url: false },
		});
	});
});

describe('Send in Conversation: errors a user can act on', () => {
	test('24 hours after the last message the conversation is closed: a template is the way', async () => {
		time.tick(24 * HOUR);
		const { error } = await send({ text: 'Hi' });
		expect(error?.message).toBe(
			`The WhatsApp conversation with ${CUSTOMER} is closed: the customer has not written to this account in the last 24 hours`,
		);
		expect(error?.description).toMatch(
			/send an approved template with the Send Template operation/,
		);
		expect(sent()).toHaveLength(1);
	});

	test('just inside the window it still goes, and a new message reopens it', async () => {
		time.tick(24 * HOUR - 1);
		expect((await send({ text: 'Hi' })).error).toBeUndefined();
		time.tick(1);
		expect((await send({ text: 'Hi' })).error).toBeDefined();
		await customerWrites();
		expect((await send({ text: 'Hi' })).error).toBeUndefined();
	});

	test('a message that reaches n8n a day late (the workspace retried it): closed already', async () => {
		await env.sandbox.webhooks.receive('whatsapp', {
			phoneId: WHATSAPP_ACCOUNT,
			from: '447700900123',
			timestamp: time.now() - 25 * HOUR,
		});
		const { error } = await send({ text: 'Hi', recipient: '447700900123' });
		expect(error?.message).toMatch(/conversation with 447700900123 is closed/);
	});

	test("Meta's re-engagement words on HTTP 200 with status false: the same clear error", async () => {
		env.sandbox.addFault({
			kind: 'status-false',
			path: PATH,
			message:
				'Re-engagement message: more than 24 hours have passed since the recipient last replied',
		});
		const { error } = await send({ text: 'Hi' });
		expect(error?.message).toMatch(/conversation with 919999999999 is closed/);
	});

	test('a customer who never wrote to this account: closed too', async () => {
		const { error } = await send({ text: 'Hi', recipient: '447700900999' });
		expect(error?.message).toMatch(/conversation with 447700900999 is closed/);
	});

	test('with Continue On Fail, one error item per failing item, the others sent', async () => {
		const { items, error } = await send(
			{ recipient: '={{ $json.to }}', text: 'Hi' },
			{ continueOnFail: true, items: [{ to: CUSTOMER }, { to: '447700900999' }] },
		);
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json)).toEqual([
			{ status: true, message: 'Message sent successfully' },
			{ error: expect.stringMatching(/conversation with 447700900999 is closed/) },
		]);
		expect(sent()).toHaveLength(2);
	});

	const refused: Array<[string, object]> = [
		['Text: empty', { text: '={{ $json.none }}' }],
		["Text: 4,097 characters, more than WhatsApp's 4,096", { text: 'x'.repeat(4097) }],
		[
			'Image URL: "shoe.png" is not an http or https address',
			{ messageType: 'image', imageUrl: 'shoe.png' },
		],
		['Image URL: empty', { messageType: 'image', imageUrl: '={{ $json.none }}' }],
		[
			'Latitude: "52,52" is not a number from -90 to 90',
			{ messageType: 'location', latitude: '52,52', longitude: '13.4' },
		],
		[
			'Longitude: "181" is not a number from -180 to 180',
			{ messageType: 'location', latitude: '52.5', longitude: '181' },
		],
		[
			'Latitude: "-91" is not a number from -90 to 90',
			{ messageType: 'location', latitude: '-91', longitude: '13.4' },
		],
		[
			'Latitude: "90.000001" is not a number from -90 to 90',
			{ messageType: 'location', latitude: '90.000001', longitude: '13.4' },
		],
		[
			'Longitude: "-181" is not a number from -180 to 180',
			{ messageType: 'location', latitude: '52.5', longitude: '-181' },
		],
		[
			'Longitude: "-180.000001" is not a number from -180 to 180',
			{ messageType: 'location', latitude: '52.5', longitude: '-180.000001' },
		],
		[
			'Message Type: "video" is not one of Text, Image or Location',
			// An expression shows every field to n8n's own check: each required one is given.
			{
				messageType: '={{ "video" }}',
				text: 'Hi',
				imageUrl: 'https://example.com/a.png',
				latitude: '1',
				longitude: '1',
			},
		],
		['Recipient: "Ada" is not a phone number', { text: 'Hi', recipient: 'Ada' }],
		['Account: none chosen', { text: 'Hi', phoneId: byId('={{ "" }}') }],
		[
			'Report URL: "example.com" is not an http or https address',
			{ text: 'Hi', additionalFields: { reportUrl: 'example.com' } },
		],
	];
	test.each(refused)('refused before sending: %s', async (message, parameters) => {
		const { error } = await send(parameters);
		expect(error?.message).toBe(message);
		expect(env.sandbox.requests).toHaveLength(0);
	});

	test.each([
		['-90', '-180'],
		['90', '180'],
		['-90.0', '180.000000'],
	])(
		'the exact bounds go: latitude %s, longitude %s, sent as given',
		async (latitude, longitude) => {
			const { error } = await send({ messageType: 'location', latitude, longitude });
			expect(error?.message).toBeUndefined();
			expect(sent()[0].body).toMatchObject({ type: 'location', location: { latitude, longitude } });
		},
	);

	test('4,096 characters, emoji counted as one each, go', async () => {
		const { error } = await send({ text: '😁'.repeat(4096) });
		expect(error).toBeUndefined();
	});

	test("another refusal keeps the host words, with this send's hint, not the template one", async () => {
		const { error } = await send({ text: 'Hi', phoneId: byId('999') });
		expect(error?.message).toBe('Invalid data Provided: No WhatsApp account with phoneId 999');
		expect(error?.description).toMatch(
			/^Check Recipient \(country code and number\), the Account, and the message/,
		);
	});

	test('a wrong key: the credential hint', async () => {
		const { error } = await runNode({
			nodeType: new WorkspaceWhatsApp(),
			parameters: {
				resource: 'message',
				operation: 'sendInConversation',
				phoneId: byId(WHATSAPP_ACCOUNT),
				recipient: CUSTOMER,
				text: 'Hi',
			},
			credentials: {
				workspaceRecordsApi: { ...env.credentials.workspaceRecordsApi, apiKey: 'wrong' },
			},
		});
		expect(error?.message).toBe('Authorization failed: Unauthorised');
		expect(JSON.stringify(error)).not.toContain('wrong');
	});

	test('a write: a 502 after the host sent it is not sent again, and says so', async () => {
		env.sandbox.addFault({
			kind: 'server-error',
			afterHandling: true,
			statusCode: 502,
			path: PATH,
		});
		const { error } = await send({ text: 'Hi' });
		expect(error?.message).toMatch(/the write may or may not have happened/);
		expect(sent()).toHaveLength(1);
		expect(env.sandbox.state.conversationMessages).toHaveLength(1);
	});

	test('Retry On Fail does not send again a message whose outcome is unknown', async () => {
		env.sandbox.addFault({ kind: 'reset', afterHandling: true, path: PATH });
		const { error } = await send({ text: 'Hi' }, {});
		expect(error?.message).toMatch(/may or may not have happened/);
		expect(sent()).toHaveLength(1);
	});
});

test('for an AI agent: a tool, whose operation says when to use it and when a template', () => {
	const { description } = new WorkspaceWhatsApp();
	expect(description.usableAsTool).toBe(true);
	const operation = description.properties
		.find((p) => p.name === 'operation')
		?.options?.find((o) => 'value' in o && o.value === 'sendInConversation');
	expect(operation).toMatchObject({
		name: 'Send in Conversation',
		// The action is what n8n tells the model (test/nodes/toolDescriptions.test.ts).
		action: expect.stringMatching(
			/^Send a message in a WhatsApp conversation: only within 24 hours of the customer's last message, else use Send Template$/,
		),
		description: expect.stringMatching(
			/only within 24 hours of the customer's last message.*Outside that window use Send Template/,
		),
	});
});
