import { clock } from '../clock';

const SLICE_MS = 1_000;

/** Sliced: n8n's `sleep` cannot be cleared, and a cancelled Retry-After of minutes would linger. */
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

/** One probe every two seconds while the service refuses everything. */
const MIN_RATE = 0.5;
/** The shortest window the accepted rate is measured over. */
const MEASURE_MS = 500;
/** The share of the accepted rate the pace drops to after a refusal. */
const CUT = 0.95;
/** Growth a second: while probing for the service's rate, and once it is known. */
const PROBE_GROWTH = 8;
const STEADY_GROWTH = 1.02;
/** Held under a known rate after a refusal: going past it cost a Retry-After every few seconds. */
const SETTLED_SHARE = 0.97;
const SETTLE_MS = 30_000;

/**
 * One node run's (or one trigger's) concurrency and pace. Unpaced until a 429, then paced at the
 * rate the service accepted, Retry-After waits excluded. A refusal lowers the pace only if its
 * request started after the last cut (older ones say nothing of the new pace) and the service
 * accepted less than the pace (else earlier requests earned it).
 */
export class Gate {
	private inFlight = 0;
	private readonly waiting: Array<() => void> = [];
	/** Requests a second; undefined until the first refusal. */
	private rate: number | undefined;
	private probing = false;
	private nextStart = 0;
	/** Requests started, and how many had when the pace was last cut. */
	private started = 0;
	private startedAtCut = -1;
	private grownAt = 0;
	private readonly successes: number[] = [];
	/** At the last refusal that measured it. */
	private accepted: { rate: number; at: number } | undefined;
	/** Retry-After waits, newest last: time the pace could not use. */
	private readonly waits: Array<[number, number]> = [];
	/** Since when requests have followed each other without the gate falling idle. */
	private busySince = 0;
	private idleSince = 0;

	constructor(readonly maxConcurrency: number) {}

	get pace(): number | undefined {
		return this.rate;
	}

	/** The request's number, or undefined (no place taken) past `until` or when cancelled. */
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

	/** From the first success, not over a fixed window: that is off by a request at a slow pace. */
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

	/** `waitMs`, the Retry-After, counts neither for growth nor for the accepted rate. */
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
		// Far below what it accepted before: a quota used up, not a rate the pace overshot.
		const collapsed = !first && acceptedRate < (this.accepted?.rate ?? this.rate!) / 2;
		this.rate = first ? Math.max(MIN_RATE, acceptedRate) : Math.max(MIN_RATE, CUT * acceptedRate);
		this.probing = first || collapsed;
		this.accepted = collapsed ? undefined : { rate: acceptedRate, at: now };
		this.startedAtCut = this.started;
		this.grownAt = now + waitMs;
		// The service has just run out: at least one interval at the new pace before the next.
		this.nextStart = Math.max(this.nextStart, now + Math.max(waitMs, 1000 / this.rate));
	}
}

/** n8n's Batching pauses between items: a gate must outlive such a pause. */
const GATE_KEPT_MS = 60_000;

const gates = new Map<string, { gate: Gate; users: number; idleSince: number }>();

/** One gate per node run, shared by all its items. */
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

const queues = new Map<string, Promise<void>>();

/** In order per key: a second Create or Update of one match value finds what the first created. */
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
