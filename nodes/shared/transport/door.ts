import type { IDataObject } from 'n8n-workflow';
import { NodeApiError, sleep } from 'n8n-workflow';

import type { Gate } from './gate';

/**
 * The one door every request of every node goes through: operations, pages, the steps of
 * Create or Update, dropdowns and the trigger. It owns waiting, retrying and pacing.
 *
 * - A 429 means the request was not processed: it is retried for every method, no sooner
 *   than `Retry-After` asks (seconds or an HTTP date), else after a capped, jittered,
 *   exponential backoff.
 * - A 429 also slows down every request of the node run: from then on they start at a
 *   paced rate, learnt from what the service accepted (see `Gate`).
 * - A 5xx, a timeout or a dropped connection is retried only for a request that is safe to
 *   repeat. A create is never repeated blindly: its item fails, saying it may have happened.
 * - At most `maxConcurrency` requests are in flight per node run.
 * - It gives up once the waits would pass `maxWaitMs` in all, saying how often and how long.
 */

export interface DoorOptions {
	/** Requests in flight at most, per node run. */
	maxConcurrency: number;
	/** Total time one request may spend waiting to be retried. */
	maxWaitMs: number;
}

export const DEFAULT_DOOR_OPTIONS: DoorOptions = { maxConcurrency: 10, maxWaitMs: 120_000 };

/** What one attempt is: how to send it, and whether it may be sent twice. */
export interface Attempt<T> {
	send: () => Promise<T>;
	/** GET, DELETE, PUT, PATCH and the query POSTs: sending them twice does no harm. */
	repeatable: boolean;
	/** "POST /api/v1/…", for messages. */
	label: string;
}

/** Whether sending a request twice does no harm: reads, deletes, updates and queries. */
export function isRepeatable(method: string, url: string): boolean {
	return method !== 'POST' || url.endsWith('/query');
}

/** A request as "METHOD /path", for messages; never the host, the headers or the body. */
export const labelOf = (method: string, url: string) => `${method} ${url.split('?')[0]}`;

const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30_000;

/** How a failed attempt failed, as far as retrying goes. */
type RetryClass =
	| { kind: 'rate-limited'; retryAfterMs?: number }
	| { kind: 'server' | 'transport' }
	| { kind: 'final' };

const TRANSPORT_CODES = ['ECONNRESET', 'ETIMEDOUT', 'ECONNABORTED', 'EPIPE', 'ESOCKETTIMEDOUT', 'EAI_AGAIN'];

/** The codes an error carries anywhere in its chain of causes. */
function codesOf(error: unknown): string[] {
	const codes: string[] = [];
	let current = error as IDataObject | undefined;
	for (let depth = 0; current && depth < 5; depth++) {
		for (const key of ['code', 'httpCode']) if (typeof current[key] === 'string') codes.push(current[key] as string);
		current = (current.cause ?? current.errorResponse) as IDataObject | undefined;
	}
	return codes;
}

function classify(error: unknown): RetryClass {
	const context = (error as { context?: IDataObject }).context ?? {};
	const codes = codesOf(error);
	if (codes.includes('429')) return { kind: 'rate-limited', retryAfterMs: context.retryAfterMs as number | undefined };
	if (codes.some((code) => /^5\d\d$/.test(code))) return { kind: 'server' };
	if (codes.some((code) => TRANSPORT_CODES.includes(code)) || /socket hang up|timeout/i.test(String((error as Error).message))) {
		return { kind: 'transport' };
	}
	return { kind: 'final' };
}

const backoff = (attempt: number) => {
	const ceiling = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** attempt);
	return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
};

/**
 * Sends one request through `gate`, retrying as the header comment says. `onAmbiguous`
 * builds the error for a write that failed in a way that may have happened.
 */
export async function sendWithRetries<T>(
	gate: Gate,
	attempt: Attempt<T>,
	{ maxWaitMs }: Pick<DoorOptions, 'maxWaitMs'>,
	onAmbiguous: (error: unknown) => Error,
): Promise<T> {
	let waited = 0;
	for (let tries = 1; ; tries++) {
		const request = await gate.enter();
		let failure: RetryClass;
		let lastError: unknown;
		try {
			const result = await attempt.send();
			gate.succeeded();
			return result;
		} catch (error) {
			lastError = error;
			failure = classify(error);
		} finally {
			gate.leave();
		}
		if (failure.kind === 'final') throw lastError;
		if (failure.kind !== 'rate-limited' && !attempt.repeatable) throw onAmbiguous(lastError);
		const waitMs = failure.kind === 'rate-limited' ? (failure.retryAfterMs ?? backoff(tries - 1)) : backoff(tries - 1);
		if (waited + waitMs > maxWaitMs) throw gaveUp(lastError, tries, waited, attempt.label);
		if (failure.kind === 'rate-limited') gate.refused(request);
		await sleep(waitMs);
		waited += waitMs;
	}
}

function gaveUp(error: unknown, tries: number, waitedMs: number, label: string): Error {
	const seconds = Math.round(waitedMs / 1000);
	const message = `${(error as Error).message} — gave up after ${tries} attempts over ${seconds} s (${label})`;
	if (error instanceof NodeApiError) {
		error.message = message;
		error.description =
			"The service kept refusing or failing. Lower Request Handling → Max Concurrent Requests, raise Give Up After, or run the workflow again later.";
		return error;
	}
	return new Error(message);
}

