import type { IDataObject } from 'n8n-workflow';

import { clock } from '../../../nodes/shared/clock';
import { restartMemory } from '../../harness/memory';
import type { Post } from '../../sandbox/messaging/webhooks';
import { createWebhooks, RETRY_DELAYS_S } from '../../sandbox/messaging/webhooks';
import { fakeWebhookHost } from './fakeWebhook';

/**
 * The sandbox's webhooks (what the workspace does) delivering to the trigger's webhook(), on
 * one virtual clock: the retries' days pass in no time. The e2e suite does the same over HTTP
 * with a real n8n.
 */
const START = 1_800_000_000_000;
let now = START;
const realNow = clock.now;
beforeEach(() => {
	now = START;
	restartMemory();
	clock.now = () => now;
});
afterAll(() => (clock.now = realNow));

function workspaceAndTrigger({ n8nDown = false } = {}) {
	const host = fakeWebhookHost({
		events: ['incoming.whatsapp.message', 'incoming.rcs.message'],
		headerName: 'X-Webhook-Secret',
		headerValue: 'shared-secret',
	});
	const emitted: IDataObject[] = [];
	const state = { n8nDown };
	// What n8n does with webhook(): its answer, 200 when the workflow starts or it acknowledges.
	const post: Post = async (_url, headers, payload) => {
		if (state.n8nDown) return { error: 'connect ECONNREFUSED' };
		const { items, status } = await host.request({ body: payload, headers });
		emitted.push(...items);
		return { status };
	};
	const webhooks = createWebhooks({ clock: () => now, post });
	return { webhooks, emitted, state };
}

test('an incoming WhatsApp message is delivered with the custom header, and its redelivery is not emitted twice', async () => {
	const { webhooks, emitted } = workspaceAndTrigger();
	webhooks.configure({
		endpoint: 'http://n8n.example/webhook/abc/webhook',
		headers: { 'X-Webhook-Secret': 'shared-secret' },
	});
	const { event } = await webhooks.receive('whatsapp', {
		message: { type: 'text', text: { body: 'I want a quote' } },
	});
	await webhooks.redeliver(event.eventId);
	expect(emitted).toEqual([event]);
	expect(webhooks.deliveries.map((d) => [d.why, d.status])).toEqual([
		['first', 200],
		['redelivery', 200],
	]);
});

test('without the custom header: refused (401) and retried after each documented delay, then the webhook is disabled', async () => {
	const { webhooks, emitted } = workspaceAndTrigger();
	const hook = webhooks.configure({ endpoint: 'http://n8n.example/webhook/abc/webhook' });
	await webhooks.receive('whatsapp');
	for (const delay of RETRY_DELAYS_S) {
		expect(await webhooks.runDue()).toEqual([]);
		now += delay * 1000 - 1;
		expect(await webhooks.runDue()).toEqual([]);
		now += 1;
		expect((await webhooks.runDue()).map((d) => d.status)).toEqual([401]);
	}
	expect(webhooks.deliveries).toHaveLength(10);
	expect(hook.disabled).toBe(true);
	expect(emitted).toEqual([]);
	// A disabled webhook gets nothing more.
	await webhooks.receive('whatsapp');
	expect(webhooks.deliveries).toHaveLength(10);
});

test('n8n down for a minute: the third retry (3 min after the second) delivers the message, once', async () => {
	const { webhooks, emitted, state } = workspaceAndTrigger({ n8nDown: true });
	webhooks.configure({
		endpoint: 'http://n8n.example/webhook/abc/webhook',
		headers: { 'X-Webhook-Secret': 'shared-secret' },
	});
	const { event } = await webhooks.receive('rcs', { message: { type: 'reply', reply: 'More' } });
	// Each delay runs from the attempt before.
	now += 15_000;
	await webhooks.runDue();
	now += 40_000;
	await webhooks.runDue();
	state.n8nDown = false;
	now += 180_000;
	await webhooks.runDue();
	expect(emitted).toEqual([event]);
	expect(webhooks.pending).toEqual([]);
	expect(webhooks.deliveries.map((d) => d.ok)).toEqual([false, false, false, true]);
});

test('Only Event: no sender, no message; the trigger passes it on with its notice', async () => {
	const { webhooks, emitted } = workspaceAndTrigger();
	webhooks.configure({
		endpoint: 'http://n8n.example/webhook/abc/webhook',
		dataType: 'only-event',
		headers: { 'X-Webhook-Secret': 'shared-secret' },
	});
	await webhooks.receive('whatsapp');
	expect(emitted).toHaveLength(1);
	expect(emitted[0].sender).toBeUndefined();
	expect(emitted[0].notice).toMatch(/Event with Data/);
});

test('a webhook gets only its events and, with a filter, only its account', async () => {
	const { webhooks } = workspaceAndTrigger();
	webhooks.configure({
		endpoint: 'http://n8n.example/webhook/abc/webhook',
		events: ['incoming.rcs.message'],
	});
	webhooks.configure({
		endpoint: 'http://n8n.example/webhook/def/webhook',
		events: ['incoming.whatsapp.message'],
		filter: { phoneId: 'other-number' },
	});
	await webhooks.receive('whatsapp');
	expect(webhooks.deliveries).toEqual([]);
	expect(() => webhooks.configure({ endpoint: 'ftp://x' })).toThrow(/Endpoint/);
});
