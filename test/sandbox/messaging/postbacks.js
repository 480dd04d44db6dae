'use strict';
// Delivery-status postbacks (docs/api.md §4.9): when a send names a `post_back_url`, the host
// POSTs the documented payload there at each change of the message's status, as JSON and with
// no other header. The vendor documents the payload only; its webhooks (messaging.md §5.2) are
// retried on any answer but a 2xx, so postbacks are too, after the same delays.
//
// Which statuses a message goes through is the sandbox's `deliveryPlan` (config): steps
// `{ status, remark, afterMs, times }`, by default one `delivered` at once. A step with `afterMs`
// and every retry wait on the sandbox's clock until `runDue()`; `times` posts a step again (the
// vendor does not promise one post per status). `post(requestId, step)` posts any status now.

/**
 * `message_id` is a number in the vendor's example (604132581490819100), beyond JavaScript's safe
 * integers: it is written into the JSON text as such, so receivers see the real thing.
 */
const FIRST_MESSAGE_NUMBER = 604132581490819100n;
const TIMEOUT_MS = 10_000;
/** The vendor's webhook retry delays (messaging.md §5.2), in seconds. */
const RETRY_DELAYS_S = [15, 40, 180, 600, 3600, 21600, 43200, 86400, 172800];
const DEFAULT_PLAN = [{ status: 'delivered', remark: 'Message delivered successfully' }];

/** Over HTTP: the status the URL answered, or why it could not be reached. */
async function postOverHttp(url, headers, text) {
	try {
		const response = await fetch(url, {
			method: 'POST',
			headers,
			body: text,
			signal: AbortSignal.timeout(TIMEOUT_MS),
		});
		await response.arrayBuffer();
		return { status: response.status };
	} catch (error) {
		return { error: error.cause?.code ?? error.message };
	}
}

/**
 * `post(url, headers, text)`: how a postback travels (HTTP unless a test hands its own).
 * `onStatus(message, step)`: the message's status as its delivery report shows it.
 */
function createPostbacks({ clock, config, post = postOverHttp, onStatus = () => {} }) {
	const deliveries = [];
	/** Steps and retries waiting for their time on the clock. */
	let due = [];
	let counter = 0n;
	let pending = Promise.resolve();

	const planOf = () => (config.deliveryPlan?.length ? config.deliveryPlan : DEFAULT_PLAN);

	function payloadText(message, step, postBackData) {
		counter += 1n;
		const payload = {
			workspace_id: config.workspaceId,
			type: 'delivery_status',
			message_id: '__message_id__',
			request_id: message.request_id,
			channel: message.channel,
			recipient: message.recipient,
			status: step.status,
			remark: step.remark ?? '',
			status_at: new Date(clock()).toISOString(),
			...(postBackData === undefined ? {} : { post_back_data: postBackData }),
			...step.payload,
		};
		return JSON.stringify(payload).replace(
			'"__message_id__"',
			String(FIRST_MESSAGE_NUMBER + counter),
		);
	}

	/** One try; a failed one is tried again after the vendor's next delay. */
	async function attempt(delivery) {
		const result = await post(delivery.url, delivery.headers, delivery.text);
		const tried = { at: clock(), ...result };
		delivery.tries.push(tried);
		Object.assign(delivery, result);
		const ok = result.status >= 200 && result.status < 300;
		if (!ok && delivery.tries.length <= RETRY_DELAYS_S.length) {
			const delayMs = RETRY_DELAYS_S[delivery.tries.length - 1] * 1000;
			due.push({ dueAt: tried.at + delayMs, run: () => attempt(delivery) });
		}
		return delivery;
	}

	function send(message, step, url, postBackData) {
		onStatus(message, step);
		const text = payloadText(message, step, postBackData);
		const delivery = {
			url,
			headers: { 'Content-Type': 'application/json' },
			text,
			payload: JSON.parse(text),
			at: clock(),
			tries: [],
		};
		deliveries.push(delivery);
		const tried = pending
			.then(() => new Promise((resolve) => setImmediate(resolve)))
			.then(() => attempt(delivery));
		pending = tried;
		return tried;
	}

	return {
		/** What was posted where, and what came of it (`status`, or `error`; every try in `tries`). */
		deliveries,
		/** The status a message starts with: the plan's first. */
		firstStatus: () => planOf()[0],
		/** Posts the statuses of `message` to its post-back URL, after the send's answer has gone. */
		schedule(message, postBackUrl, postBackData) {
			for (const step of planOf()) {
				for (let time = 0; time < (step.times ?? 1); time++) {
					if (step.afterMs) {
						due.push({
							dueAt: clock() + step.afterMs,
							run: () => send(message, step, postBackUrl, postBackData),
						});
					} else send(message, step, postBackUrl, postBackData);
				}
			}
		},
		/** Posts `step` ({ status, remark, payload }) for a sent message now: to its URL, or `url`. */
		postFor(message, step, url) {
			return send(message, step, url ?? message.sent?.post_back_url, message.sent?.post_back_data);
		},
		/** Runs the steps and retries due by `now` (the clock's time; Infinity: all), in order; resolves once tried. */
		async runDue(now = clock()) {
			const ready = due.filter((d) => d.dueAt <= now).sort((a, b) => a.dueAt - b.dueAt);
			due = due.filter((d) => d.dueAt > now);
			for (const d of ready) await d.run();
			await pending;
		},
		/** Resolves once every postback made so far has been tried. */
		settled: () => pending,
		clear() {
			deliveries.length = 0;
			due = [];
			counter = 0n;
		},
	};
}

module.exports = { createPostbacks, RETRY_DELAYS_S };
