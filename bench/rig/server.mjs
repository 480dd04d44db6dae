// What benchmarks 7 and 8 share: each runs one n8n server of its own (`n8n start`) with its
// workflows active, and sends their webhooks requests from here.
import { WEBHOOK_SECRET_HEADER } from '../make-workflows.mjs';
import { sleep } from './measure.mjs';

/** The owner of benchmark 7's and 8's n8n servers: their REST API needs one. */
export const BENCH_OWNER = {
	email: 'bench@example.com',
	firstName: 'Bench',
	lastName: 'Owner',
	password: 'Bench-password-1',
};
/** The statuses of an execution not yet ended. */
export const UNFINISHED = ['new', 'running', 'waiting'];

/**
 * POSTs every body to `url` on loopback, `concurrency` in flight at once, each with the secret
 * header (the Webhook node ignores it). Bounded: 30 s a request, and nothing more is sent after
 * `bodies × 1 s` (at least 2 minutes). When the first request went, when the last answer came,
 * how many were sent, and the answers by status.
 */
export async function deliverAll(url, bodies, concurrency) {
	const headers = {
		'content-type': 'application/json',
		[WEBHOOK_SECRET_HEADER.name]: WEBHOOK_SECRET_HEADER.value,
	};
	const firstSentAt = Date.now();
	const deadline = firstSentAt + Math.max(120_000, bodies.length * 1000);
	const answers = {};
	let next = 0;
	const sender = async () => {
		while (next < bodies.length && Date.now() < deadline) {
			const body = bodies[next++];
			const status = await fetch(url, {
				method: 'POST',
				headers,
				body,
				signal: AbortSignal.timeout(30_000),
			}).then(
				async (response) => {
					await response.arrayBuffer();
					return response.status;
				},
				(error) => (error.name === 'TimeoutError' ? 'timeout' : 'failed'),
			);
			answers[status] = (answers[status] ?? 0) + 1;
		}
	};
	await Promise.all(Array.from({ length: concurrency }, sender));
	return { firstSentAt, lastAnswerAt: Date.now(), sent: next, answers };
}

/**
 * Until an activated workflow's webhook URL listens. n8n 2.x activates through an outbox: a URL
 * answers 404 for a moment. A CORS preflight (OPTIONS with an Origin) says which methods a path
 * has, and starts no execution.
 */
export async function untilListening(url) {
	for (let waited = 0; ; waited += 250) {
		const response = await fetch(url, {
			method: 'OPTIONS',
			headers: { origin: 'http://127.0.0.1', 'access-control-request-method': 'POST' },
		});
		await response.arrayBuffer();
		if (response.status === 204) return;
		if (waited > 60_000) throw new Error(`${url} does not listen a minute after activation`);
		await sleep(250);
	}
}
