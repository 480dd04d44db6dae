'use strict';
// The HTTP layer: each request is read, recorded, rate-limited, given its fault if one is
// waiting, and routed; the test controls (/__sandbox/…, docs/api.md §10.6) are answered here.
const { playFault } = require('./faults');
const { readMultipart } = require('./multipart');
const { ApiError } = require('./shared');

/**
 * The request handler over the sandbox's parts: `sandbox.requests` is the request log (replaced
 * when cleared), `sandbox.restart` goes back to the seed.
 */
function createHandler(sandbox) {
	const { clock, stats, limiter, faults, store, router } = sandbox;
	/** Holds a request for `ms` or until `released` settles, as `sandbox.holding` is told. */
	const hold = ({ ms, released }) =>
		sandbox.holding(released ? Promise.resolve(released) : sandbox.sleep(ms));

	function send(res, statusCode, payload, headers = {}) {
		if (res.logged) Object.assign(res.logged, { status: statusCode, doneAt: clock() });
		// How many rows a query answered: a page shorter than asked ends a read.
		if (res.logged && Array.isArray(payload?.data)) res.logged.rows = payload.data.length;
		const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
		if (res.req?.url?.endsWith('/query')) stats.queryBytes += Buffer.byteLength(text);
		res.writeHead(statusCode, {
			'Content-Type': typeof payload === 'string' ? 'text/html' : 'application/json',
			...headers,
		});
		res.end(text);
	}

	function errorBody(error) {
		if (error.envelope === 'success') return { success: 0, message: error.message };
		if (error.envelope === 'messaging') return { success: false, message: error.message };
		return { status: false, message: error.message };
	}

	async function handleControl(req, res, path, body) {
		if (path.startsWith('/__sandbox/webhooks')) {
			try {
				const answer = await sandbox.webhooks.control(req.method, path, body);
				if (answer !== undefined) return send(res, 200, answer);
			} catch (error) {
				if (error instanceof ApiError) return send(res, error.statusCode, errorBody(error));
				throw error;
			}
		}
		if (req.method === 'GET' && path === '/__sandbox/requests')
			return send(res, 200, sandbox.requests);
		if (req.method === 'DELETE' && path === '/__sandbox/requests') {
			sandbox.requests = [];
			return send(res, 200, { cleared: true });
		}
		if (req.method === 'POST' && path === '/__sandbox/rate-limit') {
			limiter.configure(body ?? {});
			return send(res, 200, limiter.settings);
		}
		if (req.method === 'POST' && path === '/__sandbox/faults') {
			faults.add(body);
			return send(res, 200, { added: true });
		}
		if (req.method === 'POST' && path === '/__sandbox/reset') {
			sandbox.restart(body ?? {});
			return send(res, 200, { reset: true });
		}
		if (req.method === 'GET' && path === '/__sandbox/state') {
			const { state } = store;
			return send(res, 200, {
				userGroups: [...state.userGroups.values()],
				sms: state.sms,
				messages: [...state.messages.values()],
				postbacks: sandbox.postbacks.deliveries,
				counts: Object.fromEntries([...state.records].map(([id, r]) => [id, r.size])),
			});
		}
		return send(res, 404, { message: 'unknown control path' });
	}

	/** An incoming message's media (`hostMedia`): no credential; a fault on the path applies. */
	async function serveMedia(req, res, path) {
		sandbox.requests.push({
			method: 'GET',
			path,
			query: {},
			headers: { ...req.headers },
			at: clock(),
		});
		const fault = faults.take('GET', path);
		const logged = sandbox.requests.at(-1);
		res.logged = logged;
		const played = { req, res, path, logged, send, handleSilently: () => {}, doLater, hold };
		if (await playFault(fault, played)) return;
		const media = sandbox.media.get(path);
		if (!media) return send(res, 404, { message: 'Not found' });
		if (res.logged) Object.assign(res.logged, { status: 200, doneAt: clock() });
		res.writeHead(200, { 'Content-Type': media.contentType, 'Content-Length': media.bytes.length });
		res.end(media.bytes);
	}

	/** Work a fault left for later (`sandbox.later`), done when the first request after its time comes in. */
	const doLater = (ms, work) => sandbox.later.push({ at: clock() + ms, work });
	async function doDueWork() {
		const due = sandbox.later.filter((w) => w.at <= clock());
		sandbox.later = sandbox.later.filter((w) => w.at > clock());
		for (const { work } of due) {
			store.dataVersion += 1;
			await work().catch(() => {});
		}
	}

	async function handle(req, res) {
		await doDueWork();
		const url = new URL(req.url, 'http://sandbox');
		const path = url.pathname;
		// A multipart body (an upload) is read as it comes, its files never held whole.
		const parts = await readMultipart(req, { onChunk: sandbox.onUploadChunk }).catch((error) => ({
			error,
		}));
		const chunks = [];
		if (!parts) for await (const chunk of req) chunks.push(chunk);
		const rawBody = Buffer.concat(chunks).toString('utf8');
		let body = parts && !parts.error ? { parts } : undefined;
		let bodyError = parts?.error;
		if (rawBody) {
			try {
				body = JSON.parse(rawBody);
			} catch (error) {
				bodyError = error;
			}
		}
		if (path.startsWith('/__sandbox/')) return handleControl(req, res, path, body);
		if (req.method === 'GET' && path.startsWith('/media/')) return serveMedia(req, res, path);
		const logged = {
			method: req.method,
			path,
			query: Object.fromEntries(url.searchParams),
			headers: { ...req.headers },
			body,
			at: clock(),
		};
		// Strict JSON, as many servers are: a write that says it sends JSON must send some.
		const saysJson = String(req.headers['content-type'] ?? '').includes('application/json');
		if (['POST', 'PUT', 'PATCH'].includes(req.method) && saysJson && rawBody === '') {
			sandbox.requests.push({ ...logged, status: 400, doneAt: clock() });
			return send(res, 400, { status: false, message: 'The body is not valid JSON: it is empty' });
		}
		sandbox.requests.push(logged);
		res.logged = logged;

		const token = limiter.take(req.headers['x-api-key'] ?? req.headers.authorization ?? '');
		if (!token.ok) {
			return send(
				res,
				429,
				{ status: false, message: 'Too many requests' },
				limiter.headers(token.waitMs),
			);
		}

		const fault = faults.take(req.method, path);
		if (req.method !== 'GET' && !path.endsWith('/query')) store.dataVersion += 1;
		try {
			const handleSilently = () => router.dispatch(req, path, body, bodyError, fault, () => {});
			const played = { req, res, path, logged, send, handleSilently, doLater, hold };
			if (await playFault(fault, played)) return;
			return await router.dispatch(req, path, body, bodyError, fault, (payload) =>
				send(res, 200, payload),
			);
		} catch (error) {
			if (error instanceof ApiError) return send(res, error.statusCode, errorBody(error));
			return send(res, 500, { status: false, message: `Internal server error: ${error.message}` });
		}
	}

	return { handle, send };
}

module.exports = { createHandler };
