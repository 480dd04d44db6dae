import type { IDataObject } from 'n8n-workflow';
import { NodeApiError, sleep } from 'n8n-workflow';

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

const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30_000;

/** The slowest pace, in requests a second: one probe every two seconds while the service refuses everything. */
const MIN_RATE = 0.5;
/** Over how long the accepted rate is measured when a refusal comes, at the least. */
const MEASURE_MS = 500;
/** After a refusal the pace drops to this share of what the service accepted. */
const CUT = 0.95;
/** Growth of the pace a second: while probing for the service's rate, and once it is known. */
const PROBE_GROWTH = 8;
const STEADY_GROWTH = 1.02;

/**
 * The pace and concurrency of one node run.
 *
 * At most `maxConcurrency` requests are in flight. Until the service refuses one (HTTP 429)
 * nothing else holds them back. The first refusal sets a pace: the rate the service accepted
 * over the last half second (later, over at least four intervals of the pace). The pace then
 * grows quickly (×8 a second) until the next refusal, which sets it at 95 % of the accepted
 * rate; from then on it grows by 2 % a second until the next. A refusal only lowers the pace
 * when its request started after the last cut (requests sent at the old pace say nothing
 * about the new one) and when the service accepted less than the pace (else it was earned by
 * earlier requests). When the service accepts much less than the pace (a quota used up, not a
 * rate), the pace falls to one request every two seconds and probes upwards again from there.
 */
export class Gate {
	private inFlight = 0;
	private readonly waiting: Array<() => void> = [];
	/** Requests a second; undefined until the first refusal (no pacing). */
	private rate: number | undefined;
	private probing = false;
	/** Epoch ms at which the next request may start, when paced. */
	private nextStart = 0;
	/** How many requests have started, and how many had when the pace was last cut. */
	private started = 0;
	private startedAtCut = -1;
	private grownAt = 0;
	/** When the recent successes came, oldest first. */
	private readonly successes: number[] = [];

	constructor(readonly maxConcurrency: number) {}

	/** The pace in requests a second, undefined while unpaced. */
	get pace(): number | undefined {
		return this.rate;
	}

	/** Waits for a free place and, once paced, for the next start; returns the request's number. */
	async enter(): Promise<number> {
		while (this.inFlight >= Math.max(1, this.maxConcurrency)) {
			await new Promise<void>((resolve) => this.waiting.push(resolve));
		}
		this.inFlight += 1;
		for (let wait = this.nextStart - Date.now(); this.rate && wait > 0; wait = this.nextStart - Date.now()) {
			await sleep(wait);
		}
		const now = Date.now();
		if (this.rate) {
			const interval = 1000 / this.rate;
			// A timer that fired late may catch up within one interval, never more.
			this.nextStart = Math.max(this.nextStart, now - interval) + interval;
		}
		return this.started++;
	}

	leave(): void {
		this.inFlight -= 1;
		this.waiting.shift()?.();
	}

	succeeded(): void {
		const now = Date.now();
		this.successes.push(now);
		if (this.successes.length > 4096) this.successes.splice(0, 2048);
		if (this.rate === undefined) return;
		const seconds = Math.min(1, (now - this.grownAt) / 1000);
		this.rate *= (this.probing ? PROBE_GROWTH : STEADY_GROWTH) ** seconds;
		this.grownAt = now;
	}

	/** A 429 for the request numbered `request` by `enter`: the pace is set, or lowered. */
	refused(request: number): void {
		if (request < this.startedAtCut) return;
		const now = Date.now();
		// Half a second, or long enough for a few requests at a slow pace.
		const windowMs = Math.max(MEASURE_MS, this.rate ? 4000 / this.rate : 0);
		let accepted = 0;
		for (let i = this.successes.length - 1; i >= 0 && this.successes[i] > now - windowMs; i--) accepted += 1;
		const acceptedRate = (accepted * 1000) / windowMs;
		const first = this.rate === undefined;
		// The service accepted at least the pace: this refusal was earned by requests before it.
		if (!first && acceptedRate >= this.rate!) return;
		const collapsed = !first && acceptedRate < this.rate! / 2;
		this.rate = first ? Math.max(MIN_RATE, acceptedRate) : Math.max(MIN_RATE, CUT * acceptedRate);
		this.probing = first || collapsed;
		this.startedAtCut = this.started;
		this.grownAt = now;
		// The service has just run out: the next request waits one interval at the new pace.
		this.nextStart = Math.max(this.nextStart, now + 1000 / this.rate);
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
		const request = await gate.enter();
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

/** How long a node run's gate outlives its last request: n8n's Batching pauses between items. */
const GATE_KEPT_MS = 60_000;

/** The gates of the node runs going on now, by execution, node and run; dropped a minute after their last use. */
const gates = new Map<string, { gate: Gate; users: number; idleSince: number }>();

/** Runs `work` with the gate of one node run, shared by all its items. */
export async function withGate<T>(key: string, maxConcurrency: number, work: (gate: Gate) => Promise<T>): Promise<T> {
	const now = Date.now();
	for (const [other, { users, idleSince }] of gates) if (users === 0 && now - idleSince > GATE_KEPT_MS) gates.delete(other);
	const entry = gates.get(key) ?? { gate: new Gate(maxConcurrency), users: 0, idleSince: now };
	gates.set(key, entry);
	entry.users += 1;
	try {
		return await work(entry.gate);
	} finally {
		entry.users -= 1;
		entry.idleSince = Date.now();
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
