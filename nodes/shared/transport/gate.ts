import { clock } from '../clock';

/** The longest single timer of a wait that can be cancelled. */
const SLICE_MS = 1_000;

/**
 * Waits `ms`, or less when the execution is cancelled: every wait of the door ends. n8n's
 * `sleep` cannot be cleared, so a wait that can be cancelled sleeps in slices of a second: a
 * cancelled wait leaves no timer behind longer than that (a Retry-After of minutes would).
 */
export async function pause(ms: number, signal?: AbortSignal): Promise<void> {
	if (!signal) return await clock.sleep(ms);
	if (signal.aborted) return;
	let stop = () => {};
	const cancelled = new Promise<void>((resolve) => {
		stop = resolve;
		signal.addEventListener('abort', stop, { once: true });
	});
	const until = clock.now() + ms;
	const slices = async () => {
		for (let left = ms; left > 0 && !signal.aborted; left = until - clock.now())
			await clock.sleep(Math.min(left, SLICE_MS));
	};
	await Promise.race([slices(), cancelled]);
	signal.removeEventListener('abort', stop);
}

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

	/**
	 * Waits for a free place and, once paced, for the next start; returns the request's number.
	 * Undefined, with no place taken, when the start would come after `until` or the execution
	 * was cancelled.
	 */
	async enter(signal?: AbortSignal, until = Infinity): Promise<number | undefined> {
		while (this.inFlight >= Math.max(1, this.maxConcurrency)) {
			await new Promise<void>((resolve) => this.waiting.push(resolve));
		}
		this.inFlight += 1;
		for (
			let wait = this.nextStart - clock.now();
			this.rate && wait > 0;
			wait = this.nextStart - clock.now()
		) {
			if (this.nextStart > until || signal?.aborted) break;
			await pause(wait, signal);
		}
		if (signal?.aborted || (this.rate && this.nextStart > until)) {
			this.leave();
			return undefined;
		}
		const now = clock.now();
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
		const now = clock.now();
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
		const now = clock.now();
		// Half a second, or long enough for a few requests at a slow pace.
		const windowMs = Math.max(MEASURE_MS, this.rate ? 4000 / this.rate : 0);
		let accepted = 0;
		for (let i = this.successes.length - 1; i >= 0 && this.successes[i] > now - windowMs; i--)
			accepted += 1;
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

/** How long a node run's gate outlives its last request: n8n's Batching pauses between items. */
const GATE_KEPT_MS = 60_000;

/** The gates of the node runs going on now, by execution, node and run; dropped a minute after their last use. */
const gates = new Map<string, { gate: Gate; users: number; idleSince: number }>();

/** Runs `work` with the gate of one node run, shared by all its items. */
export async function withGate<T>(
	key: string,
	maxConcurrency: number,
	work: (gate: Gate) => Promise<T>,
): Promise<T> {
	const now = clock.now();
	for (const [other, { users, idleSince }] of gates)
		if (users === 0 && now - idleSince > GATE_KEPT_MS) gates.delete(other);
	const entry = gates.get(key) ?? { gate: new Gate(maxConcurrency), users: 0, idleSince: now };
	gates.set(key, entry);
	entry.users += 1;
	try {
		return await work(entry.gate);
	} finally {
		entry.users -= 1;
		entry.idleSince = clock.now();
	}
}

/** The tail of the work waiting under each key of `oneAtATime`. */
const queues = new Map<string, Promise<void>>();

/**
 * Runs `work` once every earlier work under the same key has finished, in the order they
 * came: Create or Update of one match value within a node run, so that the second item
 * finds what the first created instead of creating it again.
 */
export async function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
	const before = queues.get(key) ?? Promise.resolve();
	let release = () => {};
	const mine = new Promise<void>((resolve) => (release = resolve));
	const tail = before.then(async () => await mine);
	queues.set(key, tail);
	await before;
	try {
		return await work();
	} finally {
		release();
		if (queues.get(key) === tail) queues.delete(key);
	}
}
