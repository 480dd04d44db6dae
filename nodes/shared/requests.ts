import type { IDataObject } from 'n8n-workflow';
import { NodeApiError, sleep } from 'n8n-workflow';

/**
 * The one door every request of every node goes through: operations, pages, the steps of
 * Create or Update, dropdowns and the trigger. It owns waiting, retrying and concurrency.
 *
 * - A 429 means the request was not processed: it is retried for every method, no sooner
 *   than `Retry-After` asks (seconds or an HTTP date), else after a capped, jittered,
 *   exponential backoff. Every request of the node run waits with it.
 * - A 5xx, a timeout or a dropped connection is retried only for a request that is safe to
 *   repeat. A create is never repeated blindly: its item fails, saying it may have happened.
 * - At most `maxConcurrency` requests are in flight per node run. A 429 halves that number
 *   for all items; it grows back by one with each run of successes as long as the limit.
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

const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30_000;

/** Concurrency of one node run: a semaphore whose size adapts, and a shared pause. */
export class Gate {
	private limit: number;
	private inFlight = 0;
	private successes = 0;
	private readonly waiting: Array<() => void> = [];
	/** Epoch ms before which no request of this run may start. */
	private pausedUntil = 0;

	constructor(readonly maxConcurrency: number) {
		this.limit = Math.max(1, maxConcurrency);
	}

	get concurrency() {
		return this.limit;
	}

	async enter(): Promise<void> {
		for (;;) {
			const pause = this.pausedUntil - Date.now();
			if (pause > 0) {
				await sleep(pause);
				continue;
			}
			if (this.inFlight < this.limit) {
				this.inFlight += 1;
				return;
			}
			await new Promise<void>((resolve) => this.waiting.push(resolve));
		}
	}

	leave(): void {
		this.inFlight -= 1;
		this.waiting.splice(0, Math.max(0, this.limit - this.inFlight)).forEach((wake) => wake());
	}

	succeeded(): void {
		this.successes += 1;
		if (this.successes >= this.limit && this.limit < this.maxConcurrency) {
			this.successes = 0;
			this.limit += 1;
			this.waiting.splice(0, 1).forEach((wake) => wake());
		}
	}

	/** A 429: everyone waits `waitMs`, and fewer requests run at once afterwards. */
	refused(waitMs: number): void {
		this.pausedUntil = Math.max(this.pausedUntil, Date.now() + waitMs);
		this.limit = Math.max(1, Math.floor(this.limit / 2));
		this.successes = 0;
	}
}

/** How a failed attempt failed, as far as retrying goes. */
type Failure =
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

/** Seconds, or an HTTP date read against the answer's own Date header (not this host's clock). */
export function parseRetryAfter(value: unknown, dateHeader?: unknown): number | undefined {
	const text = String(value ?? '').trim();
	if (!text) return undefined;
	if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text) * 1000);
	const at = Date.parse(text);
	if (Number.isNaN(at)) return undefined;
	const serverNow = Date.parse(String(dateHeader ?? ''));
	return Math.max(0, at - (Number.isNaN(serverNow) ? Date.now() : serverNow));
}

function classify(error: unknown): Failure {
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
export async function throughDoor<T>(
	gate: Gate,
	attempt: Attempt<T>,
	{ maxWaitMs }: Pick<DoorOptions, 'maxWaitMs'>,
	onAmbiguous: (error: unknown) => Error,
): Promise<T> {
	let waited = 0;
	for (let tries = 1; ; tries++) {
		await gate.enter();
		let failure: Failure;
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
		if (failure.kind === 'rate-limited') gate.refused(waitMs);
		else await sleep(waitMs);
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

/** The gates of the node runs going on now, by execution, node and run; gone when idle. */
const gates = new Map<string, { gate: Gate; users: number }>();

/** Runs `work` with the gate of one node run, shared by all its items. */
export async function withGate<T>(key: string, maxConcurrency: number, work: (gate: Gate) => Promise<T>): Promise<T> {
	const entry = gates.get(key) ?? { gate: new Gate(maxConcurrency), users: 0 };
	gates.set(key, entry);
	entry.users += 1;
	try {
		return await work(entry.gate);
	} finally {
		entry.users -= 1;
		if (entry.users === 0) gates.delete(key);
	}
}

/**
 * Results of writes that succeeded, so that n8n's Retry On Fail, which runs the node again
 * for every item, does not send a write twice within one execution. Keyed by execution,
 * node, run, item and the request itself; bounded, oldest out first.
 */
export class WriteResults<T> {
	private readonly results = new Map<string, { value: T; at: number }>();

	constructor(
		private readonly capacity = 20_000,
		private readonly ttlMs = 60 * 60 * 1000,
	) {}

	get(key: string): T | undefined {
		const entry = this.results.get(key);
		if (!entry || Date.now() - entry.at > this.ttlMs) return undefined;
		return entry.value;
	}

	set(key: string, value: T): void {
		this.results.delete(key);
		this.results.set(key, { value, at: Date.now() });
		while (this.results.size > this.capacity) this.results.delete(this.results.keys().next().value as string);
	}

	get size() {
		return this.results.size;
	}
}
