'use strict';
// Faults: the next matching requests misbehave (docs/api.md §10.6). Never part of the API.

/** The faults waiting to be played, in the order they were added. */
function createFaults() {
	let faults = [];
	return {
		add(fault) {
			faults.push({ times: 1, ...fault });
		},
		clear() {
			faults = [];
		},
		/** The first fault that applies to this request, used up by one; undefined for none. */
		take(method, path) {
			const fault = faults.find(
				(f) =>
					f.times > 0 && (!f.method || f.method === method) && (!f.path || path.startsWith(f.path)),
			);
			if (!fault) return undefined;
			// `skip`: let that many matching requests through first (say, fail only page 3).
			if (fault.skip > 0) {
				fault.skip -= 1;
				return undefined;
			}
			fault.times -= 1;
			return fault;
		},
	};
}

/**
 * Plays `fault` for a request: waits its delay, carries the request out first when it fails
 * after handling (`handleSilently`), then answers in the service's place. True when it
 * answered; false when the request is still to be handled ('ignore-offset' is played by the
 * query, and a fault with no failure of its kind, a delay alone, does the work once).
 */
async function playFault(fault, { req, res, path, logged, send, handleSilently, doLater, hold }) {
	if (!fault) return false;
	if (fault.delayMs) await hold({ ms: fault.delayMs });
	// `gate`: held until the test releases it, after telling it the request arrived.
	if (fault.gate) {
		fault.gate.arrived();
		await hold({ released: fault.gate.released });
	}
	// A failure after the work was done: the client cannot tell whether it happened. With
	// `workLaterMs` the service is still at it when it fails the answer (a gateway gave up).
	if (fault.afterHandling && fault.kind) {
		if (fault.workLaterMs) doLater(fault.workLaterMs, handleSilently);
		else await handleSilently();
	}
	switch (fault.kind) {
		case 'reset':
			logged.status = 'reset';
			req.socket.destroy();
			return true;
		case 'rate-limit':
			send(
				res,
				429,
				{ status: false, message: 'Too many requests' },
				{ 'Retry-After': String(fault.retryAfter ?? 1) },
			);
			return true;
		case 'server-error':
			send(res, 500, { status: false, message: 'Internal server error' });
			return true;
		case 'status-false': {
			// A failure on HTTP 200, in the envelope of the host that was asked.
			const message = fault.message ?? 'Invalid data Provided';
			if (/^\/api\/(ingest|data)\//.test(path)) send(res, 200, { success: false, message });
			else if (path === '/api/user') send(res, 200, { success: 0, message });
			else send(res, 200, { status: false, message });
			return true;
		}
		case 'status':
			// Any answer at all, for readings of the service the sandbox does not take itself.
			send(res, fault.statusCode ?? 500, fault.body ?? {}, fault.headers);
			return true;
		case 'non-json':
			send(res, fault.statusCode ?? 502, '<html><body>Bad gateway</body></html>');
			return true;
	}
	return false;
}

module.exports = { createFaults, playFault };
