import { clock } from '../clock';

/** Seconds, or an HTTP date read against the answer's own Date header (not this host's clock). */
export function parseRetryAfter(value: unknown, dateHeader?: unknown): number | undefined {
	const text = String(value ?? '').trim();
	if (!text) return undefined;
	if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text) * 1000);
	const at = Date.parse(text);
	if (Number.isNaN(at)) return undefined;
	const serverNow = Date.parse(String(dateHeader ?? ''));
	return Math.max(0, at - (Number.isNaN(serverNow) ? clock.now() : serverNow));
}
