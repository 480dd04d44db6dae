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
 * Once the service's rate is known, the pace stays at this share of it for `SETTLE_MS` after a
 * refusal before it probes above: a pace that kept growing past it paid a refusal, and the
 * service's Retry-After, every few seconds.
 */
const SETTLED_SHARE = 0.97;
const SETTLE_MS = 30_000;

/**
 * The pace and concurrency of one node run (or of one trigger, poll after poll).
 *
 * At most `maxConcurrency` requests are in flight. Until the service refuses one (HTTP 429)
 * nothing else holds them back. The first refusal sets a pace: the rate the service accepted,
 * counted from the first success of the last half second (later, of four intervals of the
 * pace) to the refusal, less the waits the service asked for. The pace then grows quickly (×8
 * a second of sending) until the next refusal, which sets it at 95 % of the accepted rate; it
 * then grows by 2 % a second, up to 97 % of that rate for 30 s, then past it. A refusal only
 * lowers the pace when its request started after the last cut (requests sent at the old pace
 * say nothing about the new one) and when the service accepted less than the pace (else it was
 * earned by earlier requests). When the service accepts much less than it did (a quota used
 * up, not a rate), the pace falls to one request every two seconds and probes upwards again.
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
	/** The rate the service accepted at the last refusal that measured it, and when that was. */
	private accepted: { rate: number; at: number } | undefined;
	/** Waits the service asked for (Retry-After), newest last: no time of the pace's. */
	private readonly waits: Array<[number, number]> = [];
	/** Since when requests have followed each other without the gate falling idle, and when it last did. */
	private busySince = 0;
	private idleSince = 0;

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
		const now = clock.now();
		// Idle: nothing in flight for a while, and not because the service asked for a wait.
		const quietSince = Math.max(this.idleSince, this.waits.at(-1)?.[1] ?? 0);
		const fromIdle =
			this.inFlight === 0 && now - quietSince > Math.max(1000, 2000 / (this.rate ?? 1));
		if (fromIdle) this.busySince = now;
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
		const startAt = clock.now();
		if (this.rate) {
			const interval = 1000 / this.rate;
			// A timer that fired late may catch up within one interval, never more; nor after idling.
			const from = fromIdle ? startAt : Math.max(this.nextStart, startAt - interval);
			this.nextStart = from + interval;
		}
		return this.started++;
	}

	leave(): void {
		this.inFlight -= 1;
		if (this.inFlight === 0) this.idleSince = clock.now();
		this.waiting.shift()?.();
	}

	succeeded(): void {
		const now = clock.now();
		this.successes.push(now);
		if (this.successes.length > 4096) this.successes.splice(0, 2048);
		if (this.rate === undefined) return;
		const seconds = Math.max(0, Math.min(1, (now - this.grownAt) / 1000));
		this.rate *= (this.probing ? PROBE_GROWTH : STEADY_GROWTH) ** seconds;
		this.grownAt = Math.max(this.grownAt, now);
		if (!this.probing && this.accepted && now - this.accepted.at < SETTLE_MS)
			this.rate = Math.min(this.rate, SETTLED_SHARE * this.accepted.rate);
	}

	/**
	 * The rate of the successes since `since`, over the time from the first of them to now less
	 * the service's waits: a count over a fixed window is off by a whole request at a slow pace.
	 */
	private acceptedSince(since: number, now: number): number {
		let first = this.successes.length;
		while (first > 0 && this.successes[first - 1] > since) first -= 1;
		const count = this.successes.length - first;
		if (!count) return 0;
		let sending = now - this.successes[first];
		for (const [from, to] of this.waits)
			sending -= Math.max(0, Math.min(to, now) - Math.max(from, this.successes[first]));
		return (count * 1000) / Math.max(MEASURE_MS, sending);
	}

	/** The start of the last `ms` of time spent sending, not waiting as the service asked. */
	private sendingSince(now: number, ms: number): number {
		let start = now - ms;
		for (let i = this.waits.length - 1; i >= 0; i--) {
			const [from, to] = this.waits[i];
			if (to <= start) break;
			start -= Math.min(to, now) - Math.max(from, start);
		}
		return Math.max(start, this.busySince - 1);
	}

	/**
	 * A 429 for the request numbered `request` by `enter`, after which the door waits `waitMs`
	 * (the service's Retry-After): the pace is set, or lowered. The wait is not time the pace
	 * could use: neither its growth nor the accepted rate counts it.
	 */
	refused(request: number, waitMs = 0): void {
		const now = clock.now();
		// Waits that overlap (refusals of requests in flight together) count once.
		const last = this.waits.at(-1);
		if (last && now <= last[1]) last[1] = Math.max(last[1], now + waitMs);
		else this.waits.push([now, now + waitMs]);
		if (this.waits.length > 64) this.waits.splice(0, 32);
		// Whatever it says of the pace: nothing starts before the service's wait is over.
		if (this.rate) this.nextStart = Math.max(this.nextStart, now + waitMs);
		if (request < this.startedAtCut) return;
		// Half a second, or long enough for a few requests at a slow pace.
		const windowMs = Math.max(MEASURE_MS, this.rate ? 4000 / this.rate : 0);
		const since = this.sendingSince(now, windowMs);
		// Too little sending since the gate was idle to tell the service's rate: the wait is enough.
		if (this.rate !== undefined && now - since < MEASURE_MS) return;
		const acceptedRate = this.acceptedSince(since, now);
		const first = this.rate === undefined;
		// The service accepted at least the pace: this refusal was earned by requests before it.
		if (!first && acceptedRate >= this.rate!) return;
		// Much less than it accepted before: a quota used up, not a rate (a pace that grew fast
		// past the rate is not that).
		const collapsed = !first && acceptedRate < (this.accepted?.rate ?? this.rate!) / 2;
		this.rate = first ? Math.max(MIN_RATE, acceptedRate) : Math.max(MIN_RATE, CUT * acceptedRate);
		this.probing = first || collapsed;
		this.accepted = collapsed ? undefined : { rate: acceptedRate, at: now };
		this.startedAtCut = this.started;
		this.grownAt = now + waitMs;
		// The service has just run out: the next request waits one interval at the new pace, or
		// the wait it asked for; the pace goes on from there.
		this.nextStart = Math.max(this.nextStart, now + Math.max(waitMs, 1000 / this.rate));
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
