'use strict';
// The workspace's webhooks for incoming messages, as its Settings → Developer → Webhook sets one
// up (vendor docs, "Introduction to Webhooks", "Webhook event types"; shared notes messaging.md
// §5): an endpoint, events, Only Event or Event with Data, an optional account filter and custom
// headers. An incoming WhatsApp or RCS message is POSTed to every webhook that takes it; a
// delivery without a 2xx answer is retried after the documented delays, read on the sandbox's
// clock (a test moves the clock and calls runDue, or asks for the retries now), and a webhook
// whose last retry fails is disabled. Never shipped: test controls, not part of the API.
const { randomUUID } = require('node:crypto');
const { ApiError, isPlainObject } = require('../shared');

/** "Retry Delays (in seconds): 15, 40, 180, 600, 3600, 21600, 43200, 86400, 172800". */
const RETRY_DELAYS_S = [15, 40, 180, 600, 3600, 21600, 43200, 86400, 172800];
const WHATSAPP = 'incoming.whatsapp.message';
const RCS = 'incoming.rcs.message';
const EVENTS = [WHATSAPP, RCS];
/** The UI's two Data Types. */
const DATA_TYPES = ['event-with-data', 'only-event'];

const fail = (message) => new ApiError(400, message);

/** A POST with a deadline: its HTTP status, or the error that stood for one. */
async function postJson(url, headers, payload, timeoutMs) {
	try {
		const response = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json', ...headers },
			body: JSON.stringify(payload),
			signal: AbortSignal.timeout(timeoutMs),
		});
		const text = await response.text();
		return { status: response.status, answer: text.slice(0, 500) };
	} catch (error) {
		return { error: error.message };
	}
}

/**
 * `clock`: the sandbox's; `post(url, headers, payload)`: how a delivery travels (HTTP unless a
 * test hands its own), answering `{ status }` or `{ error }`; `onIncoming(event)`: told of each
 * message as it arrives, before any delivery (whether or not a webhook takes it).
 */
function createWebhooks({ clock, post, timeoutMs = 10_000, onIncoming = () => {} }) {
	const send = post ?? ((url, headers, payload) => postJson(url, headers, payload, timeoutMs));
	let hooks = [];
	let deliveries = [];
	let pending = [];
	/** Every event made, by eventId: a redelivery sends the same payload again. */
	let events = new Map();

	function configure(settings) {
		if (!isPlainObject(settings)) throw fail('The webhook settings must be a JSON object');
		const {
			name = 'n8n',
			endpoint,
			events: chosen = EVENTS,
			dataType = 'event-with-data',
			headers = {},
			filter = {},
		} = settings;
		if (typeof name !== 'string' || !name || name.length > 50)
			throw fail('Name: up to 50 characters');
		if (typeof endpoint !== 'string' || !/^https?:\/\//.test(endpoint) || endpoint.length > 500)
			throw fail('Endpoint: an http(s) URL of up to 500 characters');
		if (!Array.isArray(chosen) || !chosen.length || chosen.some((e) => !EVENTS.includes(e)))
			throw fail(`Events: one or more of ${EVENTS.join(', ')}`);
		if (!DATA_TYPES.includes(dataType)) throw fail(`Data Type: ${DATA_TYPES.join(' or ')}`);
		if (!isPlainObject(headers) || Object.values(headers).some((v) => typeof v !== 'string'))
			throw fail('Custom headers: names and string values');
		const hook = {
			id: randomUUID(),
			name,
			endpoint,
			events: chosen,
			dataType,
			headers,
			filter,
			disabled: false,
		};
		hooks.push(hook);
		return hook;
	}

	/** The documented "Event with Data" payloads; the message defaults to a text "Hi". */
	function makeEvent(channel, options = {}) {
		const base = {
			eventId: options.eventId ?? randomUUID(),
			timestamp: options.timestamp ?? clock(),
		};
		if (channel === 'whatsapp') {
			return {
				event: WHATSAPP,
				...base,
				phoneId: options.phoneId ?? '104898309288724',
				wabaId: options.wabaId ?? '102290129340398',
				messageId: options.messageId ?? `wamid.${randomUUID().replace(/-/g, '')}`,
				sender: { name: options.name ?? 'John Doe', number: options.from ?? '919999999999' },
				message: options.message ?? { type: 'text', text: { body: 'Hi' } },
			};
		}
		if (channel === 'rcs') {
			return {
				event: RCS,
				...base,
				botId: options.botId ?? 'sandbox_bot',
				messageId: options.messageId ?? randomUUID().replace(/-/g, ''),
				sender: { number: options.from ?? '919999999999' },
				message: options.message ?? { type: 'text', text: 'Hi' },
			};
		}
		throw fail('channel: whatsapp or rcs');
	}

	/**
	 * "Only Event" has no documented example ("only metadata about the event"): the sandbox's
	 * choice is the event, its id and time, and the account, without sender or message.
	 */
	function payloadFor(hook, event) {
		if (hook.dataType === 'event-with-data') return event;
		const { sender, message, ...metadata } = event;
		return metadata;
	}

	const takes = (hook, event) =>
		!hook.disabled &&
		hook.events.includes(event.event) &&
		(!hook.filter.phoneId || hook.filter.phoneId === event.phoneId) &&
		(!hook.filter.botId || hook.filter.botId === event.botId);

	/** One attempt; `attempt` 0 is the first delivery, 1 to 9 the retries. */
	async function attempt(hook, event, attemptNo, why) {
		const at = clock();
		const result = await send(hook.endpoint, hook.headers, payloadFor(hook, event));
		const ok = result.status >= 200 && result.status < 300;
		const delivery = {
			hookId: hook.id,
			eventId: event.eventId,
			attempt: attemptNo,
			why,
			at,
			ok,
			...result,
		};
		deliveries.push(delivery);
		if (!ok && why !== 'redelivery') {
			if (attemptNo < RETRY_DELAYS_S.length) {
				pending.push({
					hook,
					event,
					attempt: attemptNo + 1,
					dueAt: at + RETRY_DELAYS_S[attemptNo] * 1000,
				});
			} else {
				// "If the webhook continues to fail after all retries, it will be disabled."
				hook.disabled = true;
			}
		}
		return delivery;
	}

	/** A message arrives: made, then delivered to every webhook that takes it. */
	async function receive(channel, options) {
		const event = makeEvent(channel, options);
		events.set(event.eventId, event);
		onIncoming(event);
		const made = [];
		for (const hook of hooks.filter((h) => takes(h, event)))
			made.push(await attempt(hook, event, 0, 'first'));
		return { event, deliveries: made };
	}

	/**
	 * The same event delivered again, as a retry is (the workspace did not see the answer to the
	 * first): to every webhook that had it, whatever they answered.
	 */
	async function redeliver(eventId) {
		const event = events.get(eventId);
		if (!event) throw new ApiError(404, 'Event not found');
		const made = [];
		for (const hook of hooks.filter((h) =>
			deliveries.some((d) => d.hookId === h.id && d.eventId === eventId),
		))
			made.push(await attempt(hook, event, 1, 'redelivery'));
		return { event, deliveries: made };
	}

	/** The retries due by the sandbox's clock, or (`now`) all those waiting, at once. */
	async function runDue({ now = false } = {}) {
		const due = pending.filter((p) => now || p.dueAt <= clock());
		pending = pending.filter((p) => !due.includes(p));
		const made = [];
		for (const retry of due)
			made.push(await attempt(retry.hook, retry.event, retry.attempt, 'retry'));
		return made;
	}

	const pendingView = () =>
		pending.map(({ hook, event, attempt: n, dueAt }) => ({
			hookId: hook.id,
			eventId: event.eventId,
			attempt: n,
			dueAt,
		}));

	return {
		configure,
		receive,
		redeliver,
		runDue,
		get hooks() {
			return hooks;
		},
		get deliveries() {
			return deliveries;
		},
		/** The retries waiting: when each is due, by the sandbox's clock. */
		get pending() {
			return pendingView();
		},
		reset() {
			hooks = [];
			deliveries = [];
			pending = [];
			events = new Map();
		},
		/** The test controls (/__sandbox/webhooks…); undefined when the path is none of them. */
		async control(method, path, body) {
			if (method === 'GET' && path === '/__sandbox/webhooks')
				return { hooks, deliveries, pending: pendingView() };
			if (method === 'POST' && path === '/__sandbox/webhooks') return configure(body);
			if (method === 'POST' && path === '/__sandbox/webhooks/incoming') {
				const { channel, ...options } = body ?? {};
				return await receive(channel, options);
			}
			if (method === 'POST' && path === '/__sandbox/webhooks/redeliver')
				return await redeliver(body?.eventId);
			if (method === 'POST' && path === '/__sandbox/webhooks/run-due')
				return await runDue({ now: body?.now === true });
			return undefined;
		},
	};
}

module.exports = { createWebhooks, RETRY_DELAYS_S };
