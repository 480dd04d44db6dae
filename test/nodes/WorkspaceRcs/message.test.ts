import { WorkspaceRcs } from '../../../nodes/WorkspaceRcs/WorkspaceRcs.node';
import { recordsAuthHeaders } from '../../harness/fixtures';
import type { RunOptions } from '../../harness/runNode';
import { runNode } from '../../harness/runNode';
import { useSandbox } from '../../harness/sandbox';

// RCS goes to the records host's campaign paths with a Bearer key (docs/api.md §4.9, "RCS").
const env = useSandbox();

/** Messaging Host Base URL left empty: these sends need only the records host. */
const recordsHostOnly = () => ({
	...env.credentials,
	workspaceRecordsApi: { ...env.credentials.workspaceRecordsApi, aiBaseUrl: '' },
});

const send = (parameters: object, options: Pick<RunOptions, 'continueOnFail' | 'items'> = {}) =>
	runNode({
		nodeType: new WorkspaceRcs(),
		parameters: {
			resource: 'message',
			operation: 'sendText',
			botId: 'sandbox_bot',
			recipient: '+91 98765 43210',
			...parameters,
		},
		credentials: recordsHostOnly(),
		...options,
	});

const reply = (text: string, postback?: string) => ({ type: 'reply', text, postback });

describe('Send Text', () => {
	test('text with a reply, a link and a dial button: one request, the answer as the item', async () => {
		const { items, error } = await send({
			text: 'Your order 1042 ships tomorrow. Anything else?',
			suggestions: {
				suggestion: [
					reply('Book a demo', 'book-demo'),
					{ type: 'open-url', text: 'Track order', url: 'https://example.com/orders/1042' },
					{ type: 'dialer', text: 'Call us', phoneNumber: '+91 98765 00000' },
				],
			},
			additionalFields: { reportUrl: 'https://example.com/rcs-reports', submissionStatus: true },
		});
		expect(error).toBeUndefined();
		expect(env.sandbox.requests).toHaveLength(1);
		const [request] = env.sandbox.requests;
		expect(request).toMatchObject({
			method: 'POST',
			path: '/api/v1/campaign/rcs/message/text',
			headers: recordsAuthHeaders,
		});
		expect(request.body).toEqual({
			to: '919876543210',
			botId: 'sandbox_bot',
			text: 'Your order 1042 ships tomorrow. Anything else?',
			suggestions: [
				{ type: 'reply', text: 'Book a demo', postback: 'book-demo' },
				{ type: 'open-url', text: 'Track order', url: 'https://example.com/orders/1042' },
				{ type: 'dialer', text: 'Call us', phoneNumber: '+919876500000' },
			],
			reportURL: 'https://example.com/rcs-reports',
			submissionStatus: true,
		});
		expect(items.map((i) => i.json)).toEqual([
			{ status: true, message: 'Message sent successfully' },
		]);
	});

	test('location and calendar suggestions carry the fields of their type, coordinates as numbers', async () => {
		const { error } = await send({
			text: 'See you there',
			suggestions: {
				suggestion: [
					{
						type: 'location',
						text: 'Office',
						label: 'Office Location',
						latitude: '12.9363301',
						longitude: '77.6084231',
					},
					{
						type: 'calendar-event',
						text: 'Save the date',
						title: 'Acme Appointment',
						description: 'Meet the team',
						startTime: '2026-11-30T14:00:00Z',
						endTime: '2026-11-30T16:00:00+01:00',
					},
				],
			},
		});
		expect(error).toBeUndefined();
		expect(env.sandbox.requests[0].body).toMatchObject({
			suggestions: [
				{
					type: 'location',
					text: 'Office',
					label: 'Office Location',
					latitude: 12.9363301,
					longitude: 77.6084231,
				},
				{
					type: 'calendar-event',
					title: 'Acme Appointment',
					description: 'Meet the team',
					startTime: '2026-11-30T14:00:00Z',
					endTime: '2026-11-30T15:00:00Z',
				},
			],
		});
	});

	test('no suggestion: the required array goes empty', async () => {
		expect((await send({ text: 'Hi' })).error).toBeUndefined();
		expect(env.sandbox.requests[0].body).toMatchObject({ suggestions: [] });
	});

	test.each([
		[{ type: 'open-url', text: 'Go', url: 'example.com' }, 'Suggestions (1): URL'],
		[
			{ type: 'dialer', text: 'Call', phoneNumber: '919876500000' },
			'Suggestions (1): Phone Number',
		],
		[{ type: 'reply', text: ' ' }, 'Suggestions (1): Button Text'],
		[
			{ type: 'location', text: 'Here', label: 'Office', latitude: '91', longitude: '0' },
			'Suggestions (1): Latitude',
		],
		[
			{
				type: 'calendar-event',
				text: 'Save',
				title: 'T',
				description: 'D',
				startTime: '2026-11-30 14:00',
				endTime: '2026-11-30T15:00:00Z',
			},
			'Suggestions (1): Start Time',
		],
		[{ type: 'carousel', text: 'x' }, 'Suggestions (1): Action'],
	])('bad suggestion %j: refused before sending, naming %s', async (suggestion, field) => {
		const { error } = await send({ text: 'Hi', suggestions: { suggestion: [suggestion] } });
		expect(error?.message).toMatch(new RegExp(`^${field.replace(/[()]/g, '\\$&')}:`));
		expect(env.sandbox.requests).toHaveLength(0);
	});

	test('a text over 4,096 characters is refused before sending', async () => {
		const { error } = await send({ text: 'x'.repeat(4097) });
		expect(error?.message).toBe("Text: 4,097 characters, more than RCS's 4,096");
		expect(env.sandbox.requests).toHaveLength(0);
	});

	test("more suggestions than the host takes: nothing refused before, the host's answer explained", async () => {
		const twelve = Array.from({ length: 12 }, (_, i) => reply(`Option ${i + 1}`));
		const { error } = await send({ text: 'Pick one', suggestions: { suggestion: twelve } });
		expect(env.sandbox.requests).toHaveLength(1);
		expect(error?.message).toMatch(/suggestions: at most 11/);
		expect(error?.description).toMatch(/too many or too long, remove or shorten some/);
	});

	test('Continue On Fail: one error item per failing item, paired with it', async () => {
		const { items, error } = await send(
			{ text: '={{ $json.text }}', recipient: '={{ $json.to }}' },
			{
				continueOnFail: true,
				items: [
					{ text: 'Hi', to: '919876543210' },
					{ text: 'Hi', to: 'nobody' },
				],
			},
		);
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json.error ?? i.json.message)).toEqual([
			'Message sent successfully',
			expect.stringMatching(/^Recipient: "nobody" is not a phone number/),
		]);
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});
});

describe('Send Audio and Send Template', () => {
	test('audio from a public address, with a reply suggestion', async () => {
		const { error } = await send({
			operation: 'sendAudio',
			audioUrl: 'https://example.com/welcome.mp3',
			suggestions: { suggestion: [reply('Play again')] },
		});
		expect(error).toBeUndefined();
		expect(env.sandbox.requests[0]).toMatchObject({
			path: '/api/v1/campaign/rcs/message/audio',
			body: {
				to: '919876543210',
				botId: 'sandbox_bot',
				audioUrl: 'https://example.com/welcome.mp3',
				suggestions: [{ type: 'reply', text: 'Play again' }],
			},
		});
	});

	test('a template with its variables by name', async () => {
		const { error } = await send({
			operation: 'sendTemplate',
			templateName: 'order_update',
			variables: {
				variable: [
					{ name: 'order_id', value: '1042' },
					{ name: 'delivery_date', value: '30 November' },
				],
			},
			additionalFields: { showInInbox: true },
		});
		expect(error).toBeUndefined();
		expect(env.sandbox.requests[0]).toMatchObject({
			path: '/api/v1/campaign/rcs/message/template',
			body: {
				to: '919876543210',
				botId: 'sandbox_bot',
				templateName: 'order_update',
				variables: { order_id: '1042', delivery_date: '30 November' },
				linkWithRecord: true,
				source: 'API',
			},
		});
	});

	test('an audio address that is not http(s) is refused before sending', async () => {
		const { error } = await send({ operation: 'sendAudio', audioUrl: 'ftp://example.com/a.mp3' });
		expect(error?.message).toMatch(
			/^Audio URL: "ftp:\/\/example.com\/a.mp3" is not an http or https address/,
		);
		expect(env.sandbox.requests).toHaveLength(0);
	});
});
