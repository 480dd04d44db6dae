import crypto from 'crypto';
import type { IDataObject, IHookFunctions } from 'n8n-workflow';

import { clock } from '../../../nodes/shared/clock';
import { STARTING_MS } from '../../../nodes/shared/memory';
import {
	EVENTS_KEPT_MS,
	KEPT_IN_WORKFLOW,
} from '../../../nodes/WorkspaceWhatsAppTrigger/eventMemory';
import { ONLY_EVENT_NOTICE } from '../../../nodes/WorkspaceWhatsAppTrigger/events';
import { postBackToken } from '../../../nodes/WorkspaceWhatsAppTrigger/postBackUrl';
import { WorkspaceWhatsAppTrigger } from '../../../nodes/WorkspaceWhatsAppTrigger/WorkspaceWhatsAppTrigger.node';
import { restartMemory } from '../../harness/memory';
import type { Delivery } from './fakeWebhook';
import { fakeWebhookHost } from './fakeWebhook';
import { CALLBACK_TEXT, rcs, whatsApp } from './vendorEvents';

const SECRET = { 'X-Webhook-Secret': 's3cret-value' };
const ALL_EVENTS = ['incoming.whatsapp.message', 'incoming.rcs.message', 'delivery_status'];

const realNow = clock.now;
let now = 1_800_000_000_000;
beforeEach(() => {
	restartMemory();
	clock.now = () => now;
});
afterAll(() => (clock.now = realNow));

function trigger(parameters: IDataObject = {}, options?: Parameters<typeof fakeWebhookHost>[1]) {
	const host = fakeWebhookHost(
		{
			events: ALL_EVENTS,
			headerName: 'X-Webhook-Secret',
			headerValue: 's3cret-value',
			...parameters,
		},
		options,
	);
	/** One request, with the secret header unless it says otherwise, as n8n 2.x handles it. */
	const deliver = async (delivery: Delivery, n8n?: { executionFails?: boolean }) =>
		await host.request({ headers: SECRET, ...delivery }, n8n);
	return { ...host, deliver };
}

describe('the secret header', () => {
	test('a request without it is refused with 401 and emits nothing', async () => {
		const { deliver, staticData } = trigger();
		const { result, items, answer } = await deliver({
			body: whatsApp('e1', { type: 'text', text: { body: 'Hi' } }),
			headers: {},
		});
		expect(result).toEqual({ noWebhookResponse: true });
		expect(items).toEqual([]);
		expect(answer.status).toBe(401);
		expect(JSON.stringify(answer.body)).toContain('X-Webhook-Secret is missing');
		// Not remembered either: the real delivery, with the header, still comes through.
		expect(staticData).toEqual({});
	});

	test('a request with another value is refused with 403, and the value is never echoed', async () => {
		const { deliver } = trigger();
		const { items, answer } = await deliver({
			body: whatsApp('e1', { type: 'text', text: { body: 'Hi' } }),
			headers: { 'x-webhook-secret': 's3cret-valuE' },
		});
		expect(items).toEqual([]);
		expect(answer.status).toBe(403);
		expect(JSON.stringify(answer.body)).not.toContain('s3cret');
	});

	// Compared as digests, a value of any length is only wrong: compared as it came, one of
	// another length would make the comparison throw, and n8n answer 500.
	test.each([
		['shorter', 's3cret'],
		['longer', 's3cret-value-and-then-some'],
		['one character', 'x'],
		['as long in characters, longer in bytes', 's3cret-valu☃'],
	])('a wrong value of another length (%s) is refused with 403 too', async (_, value) => {
		const { deliver } = trigger();
		const { result, items, status } = await deliver({
			body: whatsApp('e1', { type: 'text', text: { body: 'Hi' } }),
			headers: { 'x-webhook-secret': value },
		});
		expect(result).toEqual({ noWebhookResponse: true });
		expect(status).toBe(403);
		expect(items).toEqual([]);
	});

	test('the value is compared in constant time: what timingSafeEqual answers decides', async () => {
		const compared = jest.spyOn(crypto, 'timingSafeEqual');
		try {
			const { deliver } = trigger();
			const right = await deliver({ body: whatsApp('e1', { type: 'text', text: { body: 'Hi' } }) });
			expect(right.items).toHaveLength(1);
			expect(compared).toHaveBeenCalledTimes(1);
			// Told that the two differ, the right value is refused: no other comparison decides.
			compared.mockReturnValueOnce(false);
			const refused = await deliver({
				body: whatsApp('e2', { type: 'text', text: { body: 'Hi' } }),
			});
			expect(refused.status).toBe(403);
		} finally {
			compared.mockRestore();
		}
	});

	test('the header name is matched whatever its case, as HTTP says', async () => {
		const { deliver } = trigger({ headerName: '  x-WEBHOOK-secret ' });
		const { items } = await deliver({
			body: whatsApp('e1', { type: 'text', text: { body: 'Hi' } }),
			headers: { 'X-Webhook-Secret': 's3cret-value' },
		});
		expect(items).toHaveLength(1);
	});

	test('with the value left empty every request is refused, and activation says what to fill in', async () => {
		const { deliver, contextFor } = trigger({ headerValue: '' });
		const { items, answer } = await deliver({
			body: whatsApp('e1', { type: 'text', text: { body: 'Hi' } }),
			headers: { 'X-Webhook-Secret': '' },
		});
		expect(items).toEqual([]);
		expect(answer.status).toBe(403);
		const hooks = new WorkspaceWhatsAppTrigger().webhookMethods.default;
		const activation = contextFor({ body: {} }, {}) as unknown as IHookFunctions;
		await expect(hooks.checkExists.call(activation)).rejects.toThrow(
			/Set Secret Header Name and Secret Header Value.*Settings → Developer → Webhook/,
		);
	});

	/** Activation as n8n runs it: the 'default' webhook's checkExists, the fields as n8n reads them. */
	const activate = async (parameters: IDataObject) => {
		const { contextFor } = trigger(parameters);
		const hooks = new WorkspaceWhatsAppTrigger().webhookMethods.default;
		return await hooks.checkExists.call(contextFor({ body: {} }, {}) as unknown as IHookFunctions);
	};
	const INCOMING = ['incoming.whatsapp.message', 'incoming.rcs.message'];

	// Secret Header Name is hidden unless an incoming message is chosen: n8n then reads it as
	// empty, and a delivery status, which needs only its URL's token, must still activate.
	test.each([
		[['delivery_status']],
		[['incoming.whatsapp.message']],
		[['incoming.rcs.message']],
		[['incoming.whatsapp.message', 'delivery_status']],
		[['incoming.rcs.message', 'delivery_status']],
		[INCOMING],
		[ALL_EVENTS],
	])('Events %j with the secret set activates', async (events) => {
		expect(await activate({ events })).toBe(true);
	});

	test.each([
		[
			['incoming.whatsapp.message'],
			{ headerValue: '' },
			/Set Secret Header Name and Secret Header Value/,
		],
		[['incoming.rcs.message', 'delivery_status'], { headerName: ' ' }, /Set Secret Header Name/],
		[
			['delivery_status'],
			{ headerValue: '' },
			/Set Secret Header Value.*Postback URL.*made from it/,
		],
		[[], {}, /Choose at least one event in Events/],
	])(
		'Events %j with %j is refused at activation, naming the field',
		async (events, more, words) => {
			await expect(activate({ events, ...more })).rejects.toThrow(words);
		},
	);

	test('a trigger for delivery statuses alone emits them, and nothing posted to its incoming URL', async () => {
		const { request } = trigger({ events: ['delivery_status'], headerName: undefined });
		const atPostBack = await request({
			body: CALLBACK_TEXT,
			webhookName: 'setup',
			url: `/webhook/trigger-webhook-id/delivery-status/${postBackToken('s3cret-value')}`,
		});
		expect(atPostBack.items).toHaveLength(1);
		const other = JSON.stringify({ ...JSON.parse(CALLBACK_TEXT), status: 'read' });
		for (const headers of [SECRET, {}]) {
			const atIncoming = await request({ body: other, headers });
			expect([atIncoming.items, atIncoming.status]).toEqual([[], 200]);
			expect(atIncoming.result.webhookResponse).toEqual({
				message: expect.stringMatching(/no incoming message is chosen in Events/),
			});
		}
	});

	test('with both fields set, activation has nothing to register: the URL is pasted in the workspace', async () => {
		const { contextFor } = trigger();
		const hooks = new WorkspaceWhatsAppTrigger().webhookMethods.default;
		const activation = contextFor({ body: {} }, {}) as unknown as IHookFunctions;
		expect(await hooks.checkExists.call(activation)).toBe(true);
		expect(await hooks.create.call(activation)).toBe(true);
		expect(await hooks.delete.call(activation)).toBe(true);
	});
});

describe('every message type comes out as the vendor documents it', () => {
	test.each([
		['WhatsApp text', whatsApp('w1', { type: 'text', text: { body: 'Hi' } })],
		['WhatsApp emoji', whatsApp('w2', { type: 'text', text: { body: '😁😁' } })],
		[
			'WhatsApp image',
			whatsApp('w3', {
				type: 'image',
				image: {
					caption: '',
					mime_type: 'image/png',
					link: 'https://files.example/sample-image.png',
					name: 'sample-image.png',
					size: 192699,
				},
			}),
		],
		[
			'WhatsApp video',
			whatsApp('w4', {
				type: 'video',
				video: {
					caption: 'Look',
					mime_type: 'video/mp4',
					link: 'https://files.example/clip.mp4',
					name: 'clip.mp4',
					size: 1048576,
				},
			}),
		],
		['RCS text', rcs('r1', { type: 'text', text: 'Hi' })],
		['RCS quick reply', rcs('r2', { type: 'reply', reply: 'More' })],
		[
			'RCS image',
			rcs('r3', {
				type: 'image',
				image: {
					mimeType: 'image/jpeg',
					fileSizeBytes: 86267,
					fileName: 'a.jpg',
					fileUri: 'https://x/a.jpg',
				},
			}),
		],
		[
			'RCS video',
			rcs('r4', {
				type: 'video',
				video: {
					mimeType: 'video/mp4',
					fileSizeBytes: 86267,
					fileName: 'v.mp4',
					fileUri: 'https://x/v.mp4',
				},
			}),
		],
		// Types the stored docs cut off (or never show): as received, never dropped.
		[
			'WhatsApp location (undocumented)',
			whatsApp('w5', { type: 'location', location: { latitude: 12.9, longitude: 77.6 } }),
		],
		[
			'WhatsApp button reply (undocumented)',
			whatsApp('w6', { type: 'button', button: { text: 'Yes' } }),
		],
		[
			'RCS audio (undocumented)',
			rcs('r5', { type: 'audio', audio: { fileUri: 'https://x/a.ogg' } }),
		],
	])('%s', async (_, payload) => {
		const { deliver } = trigger();
		const { items, result } = await deliver({ body: payload });
		expect(items).toEqual([payload]);
		// Answered by n8n ("Workflow was started") as soon as webhook() returns.
		expect(result.noWebhookResponse).toBeUndefined();
	});

	test('a body n8n did not parse (no JSON content type) is read from the raw body', async () => {
		const payload = whatsApp('w7', { type: 'text', text: { body: 'Hi' } });
		const { deliver } = trigger();
		const { items } = await deliver({ body: JSON.stringify(payload), parsedBody: {} });
		expect(items).toEqual([payload]);
	});
});

describe('Only Event (the webhook sends no data)', () => {
	test('comes out as received, with a notice to choose Event with Data', async () => {
		const payload = {
			event: 'incoming.whatsapp.message',
			eventId: 'o1',
			timestamp: 1744346001738,
		};
		const { deliver } = trigger();
		const { items } = await deliver({ body: payload });
		expect(items).toEqual([{ ...payload, notice: ONLY_EVENT_NOTICE }]);
		expect(ONLY_EVENT_NOTICE).toMatch(/Event with Data/);
	});
});

describe('delivery statuses (post-back callbacks)', () => {
	test('come out with event delivery_status and every digit of message_id', async () => {
		const { deliver } = trigger();
		const { items } = await deliver({ body: CALLBACK_TEXT });
		expect(items).toEqual([
			{
				event: 'delivery_status',
				workspace_id: '69614209f51dfafb2231a6fe',
				type: 'delivery_status',
				message_id: '604132581490819123',
				request_id: '65ca1d21-8854-4d39-a0bd-64f1cd7b8db1',
				channel: 'whatsapp',
				recipient: '919090909090',
				status: 'delivered',
				remark: '',
				status_at: '2026-01-28T17:17:59.254174911Z',
				post_back_data: 'somedata',
			},
		]);
		// What JSON.parse alone would have made of it.
		expect(String(JSON.parse(CALLBACK_TEXT).message_id)).not.toBe('604132581490819123');
	});

	test('the same status of the same send, posted again, is emitted once; the next status is new', async () => {
		const { deliver } = trigger();
		expect((await deliver({ body: CALLBACK_TEXT })).items).toHaveLength(1);
		const again = await deliver({ body: CALLBACK_TEXT });
		expect(again.items).toEqual([]);
		expect(again.result.webhookResponse).toEqual({ message: 'Received before: not emitted again' });
		const read = CALLBACK_TEXT.replace('"delivered"', '"read"').replace('59.254', '61.000');
		expect((await deliver({ body: read })).items).toEqual([
			expect.objectContaining({ status: 'read' }),
		]);
	});
});

describe('each event once, when the workspace retries', () => {
	const hello = whatsApp('3472dff5-7c06-40e6-be06-a28a335ac263', {
		type: 'text',
		text: { body: 'Hi' },
	});
	const saved = (staticData: IDataObject) =>
		JSON.stringify(staticData['node:Workspace WhatsApp Trigger'] ?? {});

	test('a retry of the same eventId is answered 2xx and not emitted again', async () => {
		const { deliver } = trigger();
		expect((await deliver({ body: hello })).items).toHaveLength(1);
		now += 15_000;
		const retry = await deliver({ body: hello });
		expect(retry.items).toEqual([]);
		expect(retry.status).toBe(200);
		expect(retry.result.webhookResponse).toEqual({ message: 'Received before: not emitted again' });
	});

	test('an event n8n failed to start (its database timing out: 500) is started by the retry', async () => {
		const { deliver, staticData } = trigger();
		const failed = await deliver({ body: hello }, { executionFails: true });
		expect([failed.status, failed.items]).toEqual([500, []]);
		expect(saved(staticData)).toBe('{}');
		now += 15_000;
		const retry = await deliver({ body: hello });
		expect([retry.status, retry.items.length]).toEqual([200, 1]);
		now += 40_000;
		expect((await deliver({ body: hello })).items).toEqual([]);
	});

	/**
	 * A first request whose webhook() has run and that n8n is still handling (creating the
	 * execution, its SQLite writes waiting): what n8n does next with it.
	 */
	async function firstStillStarting(contextFor: ReturnType<typeof trigger>['contextFor']) {
		const context = contextFor({ body: hello, headers: SECRET }, {});
		const result = await new WorkspaceWhatsAppTrigger().webhook.call(context);
		expect(result.workflowData?.[0]).toHaveLength(1);
		const response = context.getResponseObject() as unknown as { finish(status: number): void };
		return {
			/** n8n created the execution and reads the node's answer. */
			executionCreated: () => void result.webhookResponse,
			/** n8n ends its answer with `status`, to a caller that may have gone long ago. */
			answers: (status: number) => response.finish(status),
		};
	}

	test('a retry that comes while the first is still being started is answered 409, to come again', async () => {
		const { contextFor, deliver } = trigger();
		const first = await firstStillStarting(contextFor);
		const meanwhile = await deliver({ body: hello });
		expect([meanwhile.status, meanwhile.items]).toEqual([409, []]);
		// n8n failed to create or run the execution: it answers 500, and the retry starts it.
		first.answers(500);
		expect((await deliver({ body: hello })).items).toHaveLength(1);
	});

	// Issue 54, seen in a real n8n at a load of 10–15: n8n took up to 189 s from webhook() to its
	// execution. Retries admitted after a fixed two minutes started 180 events twice.
	test('overloaded, n8n takes minutes to create the first: every retry meanwhile is refused, the event comes once', async () => {
		const { contextFor, deliver } = trigger();
		const first = await firstStillStarting(contextFor);
		const retries = [];
		for (const waitMs of [15_000, 40_000, 180_000])
			retries.push(((now += waitMs), await deliver({ body: hello })));
		expect(retries.map((retry) => [retry.status, retry.items.length])).toEqual([
			[409, 0],
			[409, 0],
			[409, 0],
		]);
		first.executionCreated();
		first.answers(200);
		now += 600_000;
		const late = await deliver({ body: hello });
		expect([late.status, late.items]).toEqual([200, []]);
	});

	test('n8n gives up on the first after its caller left (500 to nobody): the retry starts it, once', async () => {
		const { contextFor, deliver } = trigger();
		const first = await firstStillStarting(contextFor);
		now += 200_000;
		expect((await deliver({ body: hello })).status).toBe(409);
		first.answers(500);
		now += 600_000;
		expect((await deliver({ body: hello })).items).toHaveLength(1);
		expect((await deliver({ body: hello })).items).toEqual([]);
	});

	test('a non-2xx after n8n read the answer (its execution exists) does not forget the event', async () => {
		const { contextFor, deliver, staticData } = trigger();
		const first = await firstStillStarting(contextFor);
		first.executionCreated();
		// n8n failed before it saved the static data: only this process knows the event.
		for (const key of Object.keys(staticData)) delete staticData[key];
		first.answers(500);
		expect((await deliver({ body: hello })).items).toEqual([]);
	});

	test(`a request n8n never ends holds its event ${STARTING_MS / 60_000} minutes at most, then the retry starts it`, async () => {
		const { contextFor, deliver } = trigger();
		await firstStillStarting(contextFor);
		now += STARTING_MS - 1;
		expect((await deliver({ body: hello })).status).toBe(409);
		now += 1;
		expect((await deliver({ body: hello })).items).toHaveLength(1);
	});

	test('one n8n has started, whose answer was lost on the way, is not started again', async () => {
		const { contextFor, deliver } = trigger();
		const first = await new WorkspaceWhatsAppTrigger().webhook.call(
			contextFor({ body: hello, headers: SECRET }, {}),
		);
		// n8n created the execution and read the answer; the connection dropped before it arrived.
		void first.webhookResponse;
		const retry = await deliver({ body: hello });
		expect([retry.status, retry.items]).toEqual([200, []]);
		restartMemory();
		expect((await deliver({ body: hello })).items).toEqual([]);
	});

	test('kept in the static data n8n saves: a restarted n8n still knows it', async () => {
		const { deliver } = trigger();
		await deliver({ body: hello });
		restartMemory();
		now += 6 * 60 * 60 * 1000;
		expect((await deliver({ body: hello })).items).toEqual([]);
	});

	test('deliveries answered at once each write their copy: every copy keeps what this process saw taken', async () => {
		const { deliver, staticData } = trigger();
		await deliver({ body: hello });
		// Another delivery's copy, read before this one was saved, is saved last and wins.
		for (const key of Object.keys(staticData)) delete staticData[key];
		await deliver({ body: whatsApp('other', { type: 'text', text: { body: 'x' } }) });
		restartMemory();
		expect((await deliver({ body: hello })).items).toEqual([]);
	});

	test("kept past the vendor's last retry (about 3.8 days), then let go", async () => {
		const { deliver, staticData } = trigger();
		await deliver({ body: hello });
		const before = saved(staticData);
		const lastRetry = [15, 40, 180, 600, 3600, 21600, 43200, 86400, 172800].reduce((a, b) => a + b);
		expect(EVENTS_KEPT_MS).toBeGreaterThan(lastRetry * 1000);
		now += lastRetry * 1000;
		expect((await deliver({ body: hello })).items).toEqual([]);
		now += EVENTS_KEPT_MS;
		await deliver({ body: whatsApp('later', { type: 'text', text: { body: 'x' } }) });
		expect(saved(staticData).length).toBe(before.length);
		expect(saved(staticData)).not.toBe(before);
		expect((await deliver({ body: hello })).items).toHaveLength(1);
	});

	test('the static data is bounded in entries and bytes, whatever the ids: the oldest go first', async () => {
		const { deliver, staticData } = trigger();
		const huge = 'x'.repeat(1024 * 1024);
		for (let i = 0; i < KEPT_IN_WORKFLOW + 5; i++) {
			now += 1;
			const id = i < 5 ? `${huge}-${i}` : `bulk-${i}`;
			await deliver({ body: whatsApp(id, { type: 'text', text: { body: 'x' } }) });
		}
		// 16 characters an event, and a few for each hour.
		expect(saved(staticData).length).toBeLessThan(KEPT_IN_WORKFLOW * 16 + 200);
		restartMemory();
		const oldest = await deliver({
			body: whatsApp(`${huge}-0`, { type: 'text', text: { body: 'x' } }),
		});
		const newest = await deliver({
			body: whatsApp(`bulk-${KEPT_IN_WORKFLOW + 4}`, { type: 'text', text: { body: 'x' } }),
		});
		expect([oldest.items.length, newest.items.length]).toEqual([1, 0]);
	});

	test('ids are told apart as sent: 20 digits that round to one double, and 42 beside "42"', async () => {
		const { deliver } = trigger();
		const raw = (id: string) =>
			`{"event":"incoming.whatsapp.message","eventId":${id},"sender":{"number":"1"},"message":{"type":"text","text":{"body":"x"}}}`;
		const emitted = [];
		for (const id of ['12345678901234567890', '12345678901234567891', '42', '"42"', '42'])
			emitted.push((await deliver({ body: raw(id) })).items.length);
		expect(emitted).toEqual([1, 1, 1, 1, 0]);
	});

	test('an event with no id at all is known by its whole body: only an exact repeat is a repeat', async () => {
		const { deliver } = trigger();
		const anonymous = { ...hello };
		delete anonymous.eventId;
		delete anonymous.messageId;
		const other = { ...anonymous, timestamp: 1744346001739 };
		const emitted = [];
		for (const body of [anonymous, anonymous, other])
			emitted.push((await deliver({ body })).items.length);
		expect(emitted).toEqual([1, 0, 1]);
	});

	test('what 1.0 kept in the static data is still known after the upgrade', async () => {
		const { deliver, staticData } = trigger();
		staticData['node:Workspace WhatsApp Trigger'] = {
			seenEvents: [
				[`event:${hello.eventId}`, now - 60_000],
				[
					'status:65ca1d21-8854-4d39-a0bd-64f1cd7b8db1|delivered|2026-01-28T17:17:59.254174911Z',
					now - 60_000,
				],
			],
		};
		expect((await deliver({ body: hello })).items).toEqual([]);
		expect((await deliver({ body: CALLBACK_TEXT })).items).toEqual([]);
		expect(
			(await deliver({ body: whatsApp('new', { type: 'text', text: { body: 'x' } }) })).items,
		).toHaveLength(1);
		expect(saved(staticData)).not.toContain('seenEvents');
		expect((await deliver({ body: hello })).items).toEqual([]);
	});

	test('two triggers (or a test run and the published workflow) remember apart', async () => {
		const published = trigger();
		const testRun = trigger({}, { mode: 'manual' });
		expect((await published.deliver({ body: hello })).items).toHaveLength(1);
		expect((await testRun.deliver({ body: hello })).items).toHaveLength(1);
	});
});

describe('events not chosen, and requests that are no event', () => {
	test('an event not chosen in Events is acknowledged (2xx) and not emitted', async () => {
		const { deliver } = trigger({ events: ['incoming.whatsapp.message'] });
		const { items, result, answer } = await deliver({
			body: rcs('r1', { type: 'text', text: 'Hi' }),
		});
		expect(items).toEqual([]);
		expect(answer.status).toBeUndefined();
		expect(result.webhookResponse).toEqual({
			message: 'Received: incoming.rcs.message is not chosen in Events',
		});
	});

	test.each([
		['another event name', { event: 'incoming.email.message', eventId: 'x' }],
		['no event at all', { hello: 'world' }],
		['not JSON', 'hello'],
	])('%s: acknowledged, not emitted, and logged', async (_, body) => {
		const { deliver, warnings } = trigger();
		const { items, answer } = await deliver({ body });
		expect(items).toEqual([]);
		expect(answer.status).toBeUndefined();
		expect(warnings).toHaveLength(1);
	});
});
