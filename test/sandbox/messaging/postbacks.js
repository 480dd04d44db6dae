'use strict';
// Delivery-status postbacks (docs/api.md §4.9): when a send names a `post_back_url`, the host
// POSTs the documented payload there once, as JSON and with no other header: the vendor documents
// only the payload (no custom header, signature, retry policy or expected answer), so there is
// one try, and whatever it gets is only recorded.

/**
 * `message_id` is a number in the vendor's example (604132581490819100), beyond JavaScript's safe
 * integers: it is written into the JSON text as such, so receivers see the real thing.
 */
const FIRST_MESSAGE_NUMBER = 604132581490819100n;
const TIMEOUT_MS = 10_000;

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

/** `post(url, headers, text)`: how a postback travels (HTTP unless a test hands its own). */
function createPostbacks({ clock, config, post = postOverHttp }) {
	const deliveries = [];
	let counter = 0n;
	let pending = Promise.resolve();

	async function deliver(delivery) {
		Object.assign(delivery, await post(delivery.url, delivery.headers, delivery.text));
	}

	return {
		/** What was posted where, and what came of it (`status`, or `error`). */
		deliveries,
		/** Posts the status of `message` to its post-back URL, after the send's answer has gone. */
		schedule(message, postBackUrl, postBackData) {
			counter += 1n;
			const payload = {
				workspace_id: config.workspaceId,
				type: 'delivery_status',
				message_id: '__message_id__',
				request_id: message.request_id,
				channel: message.channel,
				recipient: message.recipient,
				status: message.status,
				remark: message.remark,
				status_at: new Date(clock()).toISOString(),
				...(postBackData === undefined ? {} : { post_back_data: postBackData }),
			};
			const text = JSON.stringify(payload).replace(
				'"__message_id__"',
				String(FIRST_MESSAGE_NUMBER + counter),
			);
			const delivery = {
				url: postBackUrl,
				headers: { 'Content-Type': 'application/json' },
				text,
				payload: JSON.parse(text),
				at: clock(),
			};
			deliveries.push(delivery);
			pending = pending
				.then(() => new Promise((resolve) => setImmediate(resolve)))
				.then(() => deliver(delivery));
		},
		/** Resolves once every postback scheduled so far has been tried. */
		settled: () => pending,
		clear() {
			deliveries.length = 0;
			counter = 0n;
		},
	};
}

module.exports = { createPostbacks };
