'use strict';
// An in-memory implementation of the Workspace Records API as docs/api.md describes it (with
// its choices of docs/api.md §10), both hosts' paths on one loopback port. The tests, the
// demo and the benchmark all run against it. It is never shipped: package.json ships dist/.
//
// One module per resource, as the API is split (routes/), over the shared parts: the data and
// its seed (store.js), attribute values (values.js), queries (query.js), the route table
// (routing.js), the rate limiter (rateLimiter.js), faults (faults.js) and the HTTP layer (http.js).
const http = require('node:http');
const { randomUUID } = require('node:crypto');
const v8 = require('node:v8');
const vm = require('node:vm');
const { createFaults } = require('./faults');
const { createPostbacks } = require('./messaging/postbacks');
const { createSends } = require('./messaging/sends');
const { createConversations } = require('./messaging/conversations');
const { createHandler } = require('./http');
const { createWebhooks } = require('./messaging/webhooks');
const { createQueries } = require('./query');
const { createRateLimiter } = require('./rateLimiter');
const { createRouter } = require('./routing');
const { createStore } = require('./store');
const { createValues } = require('./values');

/** A full garbage collection, for memory measurements (V8's own, exposed for this alone). */
function collectGarbage() {
	v8.setFlagsFromString('--expose-gc');
	vm.runInNewContext('gc')();
}

const DEFAULTS = {
	apiKey: 'wr_test_key',
	workspaceId: 'ws_sandbox',
	userGroupsApiKey: 'ug_test_key',
	pageCap: 500,
	people: 30,
	/** The most WhatsApp templates a page holds, whatever `limit` asks (routes/whatsapp.js). */
	templatePageCap: 10,
};

// In this order: activities come before the generic record routes, so that "activity-list"
// is never read as a collection id.
const RESOURCES = [
	require('./routes/collections'),
	require('./routes/activities'),
	require('./routes/records'),
	require('./routes/lists'),
	require('./routes/listEntries'),
	require('./routes/members'),
	require('./routes/attributes'),
	require('./routes/userGroups'),
	require('./routes/sms'),
	require('./routes/whatsapp'),
	require('./routes/whatsAppConversations'),
	require('./routes/rcs'),
	require('./routes/email'),
	require('./routes/emailCampaign'),
	require('./routes/deliveryReports'),
];

function createSandbox(options = {}) {
	const config = { ...DEFAULTS, ...options };
	// Timestamps, ids, the rate limit and the request log's times all read it.
	const clock = options.clock ?? (() => Date.now());
	// A fault's delay waits on it: real time unless a test gives the sleep of its clock.
	const sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
	// Told of every wait that holds a request (a delay, a gate): a virtual clock moves on meanwhile.
	const holding = options.holding ?? ((wait) => wait);
	const limiter = createRateLimiter(options.rateLimit, clock);
	const faults = createFaults();
	const store = createStore({ config, clock });
	const router = createRouter(config);
	const postbacks = createPostbacks({
		clock,
		config,
		post: options.postBack,
		// A message's delivery report follows the statuses posted for it.
		onStatus: (message, step) => {
			const kept = store.state.messages.get(message.request_id);
			if (kept)
				Object.assign(kept, {
					status: step.status,
					statusAt: store.now(),
					remark: step.remark ?? '',
				});
		},
	});
	const conversations = createConversations({ store, clock });
	const parts = {
		conversations,
		queue: createSends({ store, postbacks, config }),
		route: router.route,
		store,
		values: createValues(store),
		config,
		queries: createQueries({ config, store }),
	};
	for (const addRoutes of RESOURCES) addRoutes(parts);

	// Bytes of JSON sent by the query endpoints: the benchmark compares memory with it.
	// Connections opened, open now and open at most since the last clear: the benchmark checks
	// the concurrency cap, and whether clients keep connections alive.
	const stats = { queryBytes: 0, connections: 0, openConnections: 0, peakConnections: 0 };
	const clearStats = () =>
		Object.assign(stats, { queryBytes: 0, connections: 0, peakConnections: stats.openConnections });

	// The workspace's webhooks: what it POSTs to a URL a test names (an n8n trigger's). An
	// incoming WhatsApp message opens that customer's 24-hour window with its account.
	const webhooks = createWebhooks({
		clock,
		onIncoming: (event) => {
			if (event.phoneId) conversations.open(event.phoneId, event.sender.number, event.timestamp);
		},
	});

	const sandbox = {
		clock,
		sleep,
		holding,
		webhooks,
		stats,
		limiter,
		faults,
		store,
		router,
		postbacks,
		requests: [],
		/** Files an incoming message points at, by path (`hostMedia`): served without a credential. */
		media: new Map(),
		/** Work that faults left for later (`workLaterMs`). */
		later: [],
		/** Back to the seed: fresh data, no faults, the limiter as it started, no requests recorded. */
		restart(seedOptions) {
			store.reset(seedOptions);
			sandbox.later = [];
			limiter.restore();
			sandbox.requests = [];
			faults.clear();
			postbacks.clear();
			webhooks.reset();
			sandbox.media.clear();
		},
	};
	const { handle, send } = createHandler(sandbox);

	const server = http.createServer((req, res) => {
		handle(req, res).catch((error) => send(res, 500, { status: false, message: error.message }));
	});
	server.keepAliveTimeout = 5000;
	server.on('connection', (socket) => {
		stats.connections += 1;
		stats.openConnections += 1;
		stats.peakConnections = Math.max(stats.peakConnections, stats.openConnections);
		socket.once('close', () => (stats.openConnections -= 1));
	});

	return {
		config,
		get requests() {
			return sandbox.requests;
		},
		clearRequests() {
			sandbox.requests = [];
			clearStats();
		},
		stats,
		/** The delivery-status postbacks sent to the post-back URLs of sends, and their outcome. */
		postbacks,
		/**
		 * Posts a status for a message sent (by its request id) to its post-back URL, or to `url`:
		 * `step` { status, remark, payload (fields to put or override) }. Resolves with the delivery.
		 */
		postStatus(requestId, step, url) {
			const message = store.state.messages.get(requestId);
			if (!message) throw new Error(`no message was sent with request id ${requestId}`);
			return postbacks.postFor(message, step, url);
		},
		/** The workspace's webhook settings, incoming messages and their deliveries (messaging/webhooks.js). */
		webhooks,
		/** A WhatsApp customer wrote to the account at `at`: the conversation is open for 24 hours. */
		openConversation: (phoneId, number, at) => conversations.open(phoneId, number, at),
		/**
		 * The customer taps the Reply suggestion `text` of the last RCS message that offers it: the
		 * workspace's webhooks get an incoming RCS message of type reply (docs/api.md §10.2).
		 */
		async tapSuggestion(text) {
			const message = store.state.rcsMessages.findLast((m) =>
				(m.suggestions ?? []).some((s) => s.type === 'reply' && s.text === text),
			);
			if (!message) throw new Error(`No RCS message offers the reply "${text}"`);
			return await webhooks.receive('rcs', {
				botId: message.botId,
				from: message.to,
				message: { type: 'reply', reply: text },
			});
		},
		/**
		 * `onChunk(bytes, memory)` is told of each piece of an uploaded file as it arrives; with
		 * `sampleEvery`, about every `sampleEvery` bytes, `memory` is this process's memory
		 * (`process.memoryUsage()`) after a full garbage collection: what is still held then, not
		 * chunks already sent and dropped. Without it, no sample: each full collection of a heap
		 * holding a large file takes long, seconds on a busy machine.
		 */
		watchUploads(onChunk, sampleEvery = Infinity) {
			let sinceSample = 0;
			sandbox.onUploadChunk =
				onChunk &&
				((bytes) => {
					sinceSample += bytes;
					if (sinceSample < sampleEvery) return onChunk(bytes);
					sinceSample = 0;
					collectGarbage();
					onChunk(bytes, process.memoryUsage());
				});
		},
		/** This process's memory now (`process.memoryUsage()`): tests in it may not read `process`. */
		memory: () => {
			collectGarbage();
			return process.memoryUsage();
		},
		/**
		 * Hosts `bytes` as the workspace hosts an incoming message's media: at a URL of their own
		 * (`GET /media/<id>`), answered without a credential, with `contentType`.
		 */
		hostMedia(bytes, contentType = 'application/octet-stream') {
			const path = `/media/${randomUUID()}`;
			sandbox.media.set(path, { bytes, contentType });
			return `${this.url}${path}`;
		},
		/** The token bucket: `{ rate, burst, retryAfter: 'seconds' | 'date' | 'none' }`; rate 0 turns it off. */
		rateLimit(settings) {
			limiter.configure(settings);
		},
		/** Makes the next `times` matching requests fail: see the fault kinds in faults.js. */
		addFault(fault) {
			faults.add(fault);
		},
		reset(seedOptions) {
			sandbox.restart(seedOptions);
			clearStats();
		},
		/** The live data; whoever takes it may change it, so cached selections are dropped. */
		get state() {
			store.dataVersion += 1;
			return store.state;
		},
		async start(port = 0, host = '127.0.0.1') {
			await new Promise((resolve, reject) => {
				server.once('error', reject);
				server.listen(port, host, resolve);
			});
			const address = server.address();
			this.url = `http://${host}:${address.port}`;
			return this.url;
		},
		async stop() {
			server.closeAllConnections?.();
			await new Promise((resolve) => server.close(() => resolve()));
		},
	};
}

module.exports = { createSandbox, DEFAULTS };
