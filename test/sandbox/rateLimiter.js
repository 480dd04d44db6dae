'use strict';
// The sandbox's rate limiter (docs/api.md §10.5).

/**
 * A token bucket per API key, as rate-limited APIs keep one: `rate` tokens a second, at most
 * `burst` saved up; a request without a token is refused with 429. `retryAfter` says how the
 * refusal tells when to come back: 'seconds' (the time until the next token, rounded up),
 * 'date' (an HTTP date, with a Date header to read it against), or 'none' (no header at all).
 * Off while `rate` is 0. Time is the sandbox's clock: a test that sets one gets a limit in its time.
 */
function createRateLimiter(initial = {}, clock = () => Date.now()) {
	let settings = { rate: 0, burst: 1, retryAfter: 'seconds', ...initial };
	const buckets = new Map();
	return {
		get settings() {
			return settings;
		},
		configure(next = {}) {
			settings = { ...settings, ...next };
			buckets.clear();
		},
		restore() {
			settings = { rate: 0, burst: 1, retryAfter: 'seconds', ...initial };
			buckets.clear();
		},
		/** A token for `key`, or how many milliseconds until there is one. */
		take(key) {
			if (!settings.rate) return { ok: true };
			const now = clock();
			const bucket = buckets.get(key) ?? { tokens: settings.burst, at: now };
			bucket.tokens = Math.min(
				settings.burst,
				bucket.tokens + ((now - bucket.at) / 1000) * settings.rate,
			);
			bucket.at = now;
			buckets.set(key, bucket);
			if (bucket.tokens >= 1) {
				bucket.tokens -= 1;
				return { ok: true };
			}
			return { ok: false, waitMs: ((1 - bucket.tokens) / settings.rate) * 1000 };
		},
		headers(waitMs) {
			const seconds = Math.max(1, Math.ceil(waitMs / 1000));
			if (settings.retryAfter === 'none') return {};
			if (settings.retryAfter === 'date') {
				const date = new Date(Math.ceil(clock() / 1000) * 1000);
				return {
					'Retry-After': new Date(date.getTime() + seconds * 1000).toUTCString(),
					Date: date.toUTCString(),
				};
			}
			return { 'Retry-After': String(seconds) };
		},
	};
}

module.exports = { createRateLimiter };
