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
/** The shortest time an accepted rate is measured over. */
const MEASURE_MS = 500;
/** Below what was accepted: a pace right at the service's rate is refused at every hiccup. */
const CUT = 0.95;
/** Growth a second: while probing for the service's rate, and once it is known. */
const PROBE_GROWTH = 8;
const STEADY_GROWTH = 1.02;
/**
 * After a refusal of a lone request, how long the pace stays under the accepted rate: a lone
 * series (a poll's pages) stops for the whole Retry-After at every refusal it earns.
 */
const LONE_HOLD_MS = 30_000;
const LONE_HOLD_SHARE = 0.97;

/**
 * One node run's (or trigger's) concurrency and rate: at most `maxConcurrency` in flight; no rate
 * until the service refuses one (429), then the rate it accepted. Among concurrent requests a
 * refusal costs the refused one its Retry-After alone: the others go on at the pace, set at most
 * at what was accepted, which grows back so as never to settle below the service's rate. A lone
 * request (nothing else in flight or waiting) stops for the whole Retry-After: its pace is held
 * just under what was accepted, so that a poll's pages earn few refusals.
 */
export class Pace {
	private inFlight = 0;
	private readonly waiting: Array<() => void> = [];
	/** Requests a second; undefined until the first refusal. */
	private rate: number | undefined;
	private probing = false;
	/** At the last refusal that measured it. */
	private lastAccepted: number | undefined;
	/** Lone refusals: the pace stays under `rate` until `until`. */
	private hold = { rate: Infinity, until: 0 };
	private nextStart = 0;
	/** Requests started, and how many had when the pace was last cut. */
	private started = 0;
	private startedAtCut = -1;
	private grownAt = 0;
	private readonly successes: number[] = [];
	/** Retry-After waits of lone requests, newest last: time in which nothing could be sent. */
	private readonly waits: Array<[number, number]> = [];
	/** Since when requests have followed each other without the pace falling idle. */
	private busySince = 0;
	private idleSince = 0;
	/** How many had started at the last refusal: the first start after it catches nothing up. */
	private startedAtRefusal = -1;

	constructor(readonly maxConcurrency: number) {}

	/** Requests a second, or undefined while unpaced. */
	get requestsPerSecond(): number | undefined {
		return this.rate;
	}

	/** The request's number, or undefined (no place taken) past `until` or when cancelled. */
	async enter(signal?: AbortSignal, until = Infinity): Promise<number | undefined> {
		while (this.inFlight >= Math.max(1, this.maxConcurrency)) {
			await new Promise<void>((resolve) => this.waiting.push(resolve));
		}
		const now = clock.now();
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
			// After a refusal, the schedule starts again from this request: the retry of a lone one
			// and the request after it must not go out back to back.
			const restart = fromIdle || this.started === this.startedAtRefusal;
			const from = restart ? startAt : Math.max(this.nextStart, startAt - interval);
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
		// The hold is for a lone series: requests waiting their turn say the pace is what binds.
		const lone = this.waiting.length === 0 && this.inFlight <= 1;
		if (!this.probing && lone && now < this.hold.until)
			this.rate = Math.min(this.rate, this.hold.rate);
	}

	/**
	 * A 429 for request number `request`, which now waits `waitMs` (the Retry-After) by itself.
	 * Called after it left, so that whether anyone else is sending can be seen.
	 */
	refused(request: number, waitMs = 0): void {
		const now = clock.now();
		this.startedAtRefusal = this.started;
		const alone = this.inFlight === 0 && this.waiting.length === 0;
		// Nothing else wants to send: the wait is no time of the pace's. Nothing else is held for
		// it either: the service asked only the refused request to wait.
		if (alone) this.noteWait(now, waitMs);
		// Sent before the last cut: it says nothing of the new pace.
		if (request < this.startedAtCut) return;
		// Half a second, or long enough for a few requests at a slow pace.
		const windowMs = Math.max(MEASURE_MS, this.rate ? 4000 / this.rate : 0);
		const since = this.sendingSince(now, windowMs);
		// Too little sending since the pace was idle to tell the service's rate: the wait is enough.
		if (this.rate !== undefined && now - since < MEASURE_MS) return;
		const accepted = this.acceptedSince(since, now);
		const first = this.rate === undefined;
		// The service accepted at least the pace: this refusal was earned by requests before it.
		if (!first && accepted >= this.rate!) return;
		// Far below the pace: a quota used up, not a rate the pace overshot; probe up again.
		const collapsed = !first && accepted < (this.lastAccepted ?? this.rate!) / 2;
		this.rate = Math.max(MIN_RATE, first ? accepted : CUT * accepted);
		this.probing = first || collapsed;
		this.lastAccepted = collapsed ? undefined : accepted;
		this.hold =
			alone && !this.probing
				? { rate: LONE_HOLD_SHARE * accepted, until: now + LONE_HOLD_MS }
				: { rate: Infinity, until: 0 };
		this.startedAtCut = this.started;
		this.grownAt = now + (alone ? waitMs : 0);
		// The service has just run out: one interval at the new pace before the next start.
		this.nextStart = Math.max(this.nextStart, now + 1000 / this.rate);
	}

	/** Overlapping waits count once. */
	private noteWait(now: number, waitMs: number): void {
		const last = this.waits.at(-1);
		if (last && now <= last[1]) last[1] = Math.max(last[1], now + waitMs);
		else this.waits.push([now, now + waitMs]);
		if (this.waits.length > 64) this.waits.splice(0, 32);
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

	/** The start of the last `ms` of time spent sending, not waiting alone as the service asked. */
	private sendingSince(now: number, ms: number): number {
		let start = now - ms;
		for (let i = this.waits.length - 1; i >= 0; i--) {
			const [from, to] = this.waits[i];
			if (to <= start) break;
			start -= Math.min(to, now) - Math.max(from, start);
		}
		return Math.max(start, this.busySince - 1);
	}
}
