import crypto from 'crypto';
import type { IDataObject, INode, INodeParameters, INodeTypes } from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';

import { clock } from '../../../nodes/shared/clock';
import {
	POST_BACK_PATH_EXPRESSION,
	postBackToken,
} from '../../../nodes/WorkspaceWhatsAppTrigger/postBackUrl';
import { WorkspaceWhatsApp } from '../../../nodes/WorkspaceWhatsApp/WorkspaceWhatsApp.node';
import { WorkspaceWhatsAppTrigger } from '../../../nodes/WorkspaceWhatsAppTrigger/WorkspaceWhatsAppTrigger.node';
import { fromList, mapperValue, WHATSAPP_ACCOUNT } from '../../harness/fixtures';
import { restartMemory } from '../../harness/memory';
import { runNode } from '../../harness/runNode';
import { useSandbox } from '../../harness/sandbox';
import type { Answer } from './fakeWebhook';
import { fakeWebhookHost } from './fakeWebhook';

/**
 * A send's delivery status, end to end outside n8n: the WhatsApp node sends through the
 * routing engine with the Postback URL the trigger shows, the sandbox posts the status as the
 * vendor documents post-backs (the payload as JSON, no other header), and a stand-in for n8n's
 * webhook server routes it by path to the trigger's webhook(), as n8n does. The e2e suite does
 * the same with a real n8n.
 */
const N8N = 'https://n8n.example';
const WEBHOOK_ID = 'c0ffee00-0000-4000-8000-000000000001';
const SECRET = 'a-long-random-value-☃';
const TRIGGER_PARAMETERS = {
	events: ['incoming.whatsapp.message', 'delivery_status'],
	headerName: 'X-Webhook-Secret',
	headerValue: SECRET,
};

const trigger = new WorkspaceWhatsAppTrigger();
const nodeTypes = {
	getByName: () => trigger,
	getByNameAndVersion: () => trigger,
	getKnownTypes: () => ({}),
} as unknown as INodeTypes;

/**
 * The node's Production URLs by webhook name, as n8n makes them: each webhook's path evaluated
 * from the node's parameters (webhook.service.js, and the editor's Webhook URLs), after
 * /webhook/<webhookId>/.
 */
function productionUrls(parameters: INodeParameters): Record<string, string> {
	const node: INode = {
		id: 'trigger-node',
		name: 'Workspace WhatsApp Trigger',
		type: 'n8n-nodes-workspace-records.workspaceWhatsAppTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters,
		webhookId: WEBHOOK_ID,
	};
	const workflow = new Workflow({
		id: 'wf1',
		nodes: [node],
		connections: {},
		active: true,
		nodeTypes,
	});
	const placed = workflow.getNode(node.name)!;
	return Object.fromEntries(
		(trigger.description.webhooks ?? []).map((webhook) => {
			const path = String(
				workflow.expression.getSimpleParameterValue(placed, webhook.path, 'internal', {}),
			);
			return [
				webhook.name,
				`${N8N}/webhook/${NodeHelpers.getNodeWebhookPath('wf1', placed, path)}`,
			];
		}),
	);
}

/** n8n's webhook server with the workflow published: a path it has not registered is 404. */
function publishedTrigger(parameters: INodeParameters = TRIGGER_PARAMETERS) {
	const host = fakeWebhookHost(parameters);
	const urls = productionUrls(parameters);
	const emitted: IDataObject[] = [];
	const answers: Array<{ path: string; status: number; body?: unknown }> = [];
	const post = async (url: string, headers: Record<string, string>, text: string) => {
		const path = new URL(url).pathname;
		const webhookName = Object.keys(urls).find((name) => new URL(urls[name]).pathname === path);
		if (!webhookName) {
			answers.push({ path, status: 404 });
			return { status: 404 };
		}
		const { items, status, answer } = await host.request({
			body: text,
			headers,
			webhookName,
			url: path,
		});
		emitted.push(...items);
		answers.push({ path, status, body: answer.body });
		return { status };
	};
	return { urls, emitted, answers, post };
}

let n8n = publishedTrigger();
const env = useSandbox({ postBack: (url, headers, text) => n8n.post(url, headers, text) });

const realNow = clock.now;
beforeEach(() => {
	restartMemory();
	n8n = publishedTrigger();
	clock.now = () => 1_800_000_000_000;
});
afterAll(() => (clock.now = realNow));

/** A WhatsApp template send with this Postback URL, through n8n's routing engine. */
async function sendWithPostBack(postBackUrl: string) {
	const { items } = await runNode({
		nodeType: new WorkspaceWhatsApp(),
		parameters: {
			resource: 'message',
			operation: 'sendTemplate',
			phoneId: fromList(WHATSAPP_ACCOUNT),
			template: fromList('reminder_01|en'),
			recipient: '+91 98765 43210',
			variables: mapperValue('defineBelow', {}, [], []) as unknown as INodeParameters,
			additionalFields: { postBackUrl, postBackData: 'order-42' },
		},
		credentials: env.credentials,
	});
	await env.sandbox.postbacks.settled();
	return items[0].json;
}

test('the node shows two URLs: incoming messages at /webhook, delivery statuses at a path holding a token', () => {
	expect(n8n.urls.default).toBe(`${N8N}/webhook/${WEBHOOK_ID}/webhook`);
	expect(n8n.urls.setup).toBe(
		`${N8N}/webhook/${WEBHOOK_ID}/delivery-status/${postBackToken(SECRET)}`,
	);
	expect(postBackToken(SECRET)).toMatch(/^[0-9a-f]{32}$/);
	// The token says nothing of the secret it is made from.
	expect(n8n.urls.setup).not.toContain('long-random');
});

test("a send with the trigger's Postback URL: the delivery status is posted without a custom header and emitted once", async () => {
	const sent = await sendWithPostBack(n8n.urls.setup);
	const [delivery] = env.sandbox.postbacks.deliveries;
	expect(delivery.headers).toEqual({ 'Content-Type': 'application/json' });
	expect([delivery.url, delivery.status]).toEqual([n8n.urls.setup, 200]);
	expect(n8n.emitted).toEqual([
		{
			event: 'delivery_status',
			workspace_id: 'ws_sandbox',
			type: 'delivery_status',
			message_id: expect.stringMatching(/^6041325814908191\d\d$/),
			request_id: sent.request_id,
			channel: 'whatsapp',
			recipient: '919876543210',
			status: 'delivered',
			remark: 'Message delivered successfully',
			status_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
			post_back_data: 'order-42',
		},
	]);
	// The same status posted again (the vendor documents no retries, but a repeat is possible).
	await n8n.post(delivery.url, delivery.headers, delivery.text);
	expect(n8n.emitted).toHaveLength(1);
	expect(n8n.answers.map((a) => a.status)).toEqual([200, 200]);
});

test('a send with the incoming-message URL as Postback URL (what the node page said before): refused 401, nothing emitted', async () => {
	await sendWithPostBack(n8n.urls.default);
	expect(env.sandbox.postbacks.deliveries.map((d) => d.status)).toEqual([401]);
	expect(JSON.stringify(n8n.answers[0].body)).toContain('/delivery-status/');
	expect(n8n.emitted).toEqual([]);
});

test('without the token, or with another one, a post-back reaches no trigger: n8n answers 404', async () => {
	const base = `${N8N}/webhook/${WEBHOOK_ID}/delivery-status`;
	await sendWithPostBack(base);
	await sendWithPostBack(`${base}/${postBackToken('a guess')}`);
	expect(env.sandbox.postbacks.deliveries.map((d) => d.status)).toEqual([404, 404]);
	expect(n8n.emitted).toEqual([]);
});

test('the post-back URL takes delivery statuses only: an incoming message there is refused 403, even with the header', async () => {
	const message = {
		event: 'incoming.whatsapp.message',
		eventId: 'e-1',
		timestamp: 1744346001738,
		phoneId: WHATSAPP_ACCOUNT,
		messageId: 'wamid.1',
		sender: { name: 'John Doe', number: '919999999999' },
		message: { type: 'text', text: { body: 'Hi' } },
	};
	const header = { 'X-Webhook-Secret': SECRET };
	expect(await n8n.post(n8n.urls.setup, header, JSON.stringify(message))).toEqual({ status: 403 });
	expect(JSON.stringify(n8n.answers[0].body)).toContain('ending in /webhook');
	expect(n8n.emitted).toEqual([]);
	// At its own URL, with the header, it is emitted.
	expect(await n8n.post(n8n.urls.default, header, JSON.stringify(message))).toEqual({
		status: 200,
	});
	expect(n8n.emitted).toEqual([message]);
});

test('a request routed to the post-back webhook is checked by the node too: a token that is not its own is refused 403', async () => {
	// As if n8n had kept a path made from another value of the secret.
	const host = fakeWebhookHost(TRIGGER_PARAMETERS);
	const answer: Answer = {};
	const result = await trigger.webhook.call(
		host.contextFor(
			{
				body: { type: 'delivery_status', request_id: 'r', status: 'delivered' },
				webhookName: 'setup',
				url: `/webhook/${WEBHOOK_ID}/delivery-status/${postBackToken('older value')}`,
			},
			answer,
		),
	);
	expect(result).toEqual({ noWebhookResponse: true });
	expect(answer.status).toBe(403);
	expect(JSON.stringify(answer.body)).toContain('copy it again');
});

/** A delivery status as n8n routes it to the post-back webhook, at `token`'s path. */
const postBackAt = (token: string, requestId = 'r') => ({
	body: { type: 'delivery_status', request_id: requestId, status: 'delivered' },
	webhookName: 'setup',
	url: `/webhook/${WEBHOOK_ID}/delivery-status/${token}`,
});

// Compared as digests, a token of any length is only wrong: compared as it came, one of another
// length would make the comparison throw, and n8n answer 500.
test.each([
	['shorter', postBackToken(SECRET).slice(0, -1)],
	['longer', `${postBackToken(SECRET)}0`],
	['one character', 'x'],
	['as long in characters, longer in bytes', `${postBackToken(SECRET).slice(0, -1)}☃`],
])(
	'a token of another length (%s) at the post-back webhook is refused 403 too',
	async (_, token) => {
		const host = fakeWebhookHost(TRIGGER_PARAMETERS);
		const { result, items, status } = await host.request(postBackAt(token));
		expect(result).toEqual({ noWebhookResponse: true });
		expect(status).toBe(403);
		expect(items).toEqual([]);
	},
);

test('the post-back token is compared in constant time: what timingSafeEqual answers decides', async () => {
	const compared = jest.spyOn(crypto, 'timingSafeEqual');
	try {
		const host = fakeWebhookHost(TRIGGER_PARAMETERS);
		const right = await host.request(postBackAt(postBackToken(SECRET), 'r1'));
		expect(right.items).toHaveLength(1);
		expect(compared).toHaveBeenCalledTimes(1);
		// Told that the two differ, the right token is refused: no other comparison decides.
		compared.mockReturnValueOnce(false);
		const refused = await host.request(postBackAt(postBackToken(SECRET), 'r2'));
		expect(refused.status).toBe(403);
	} finally {
		compared.mockRestore();
	}
});

test.each([['a long random value'], ['ünïcødé ☃ value'], ['']])(
	"n8n's expression and the node derive the same token from %p",
	(secret) => {
		const urls = productionUrls({ ...TRIGGER_PARAMETERS, headerValue: secret });
		expect(urls.setup.endsWith(`/delivery-status/${postBackToken(secret)}`)).toBe(true);
		expect(POST_BACK_PATH_EXPRESSION).toContain('$parameter["headerValue"]');
	},
);

test('another Secret Header Value makes another Postback URL', () => {
	const other = productionUrls({ ...TRIGGER_PARAMETERS, headerValue: 'another value' });
	expect(other.setup).not.toBe(n8n.urls.setup);
	expect(other.default).toBe(n8n.urls.default);
});
