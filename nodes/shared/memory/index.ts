import { clock } from '../clock';
import { Expiring } from './expiring';
import { digestOf } from './identity';

/**
 * What this n8n process remembers between requests, polls and deliveries, said as what callers
 * mean: every store is bounded, forgets by age, and is made in this module. Keys start from one
 * identity (identity.ts: a node run, an item, a trigger) and hold digests or ids, never a body,
 * an answer or a token. What must outlast a restart is in n8n's static data, kept by the
 * trigger that owns it; this memory covers the time before n8n has saved it.
 */

export { digestOf, itemOf, runOf, sha256, triggerOf } from './identity';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

// ── A node run's writes (the door's pipeline) ────────────────────────────────────────────

export type WriteOutcome =
	| { kind: 'done'; answer: unknown }
	/** Done, but its answer was let go to stay within the ledger's bytes. */
	| { kind: 'done-forgotten' }
	| { kind: 'unknown'; reason: string };

/** A write's key and the cost of its bookkeeping besides its answer. */
const WRITE_ENTRY_BYTES = 200;

/** One write of a node run: its run, then a digest of what it sends. */
export const writeKeyOf = (run: string, ...request: string[]) => `${run}#${digestOf(...request)}`;

/** What each write of a node run became, for n8n's reruns of the node (Retry On Fail). */
export const ledger = {
	recall(key: string): WriteOutcome | undefined {
		const outcome = stores.writes.get(key);
		return outcome?.kind === 'done'
			? { ...outcome, answer: structuredClone(outcome.answer) }
			: outcome;
	},
	done: (key: string, answer: unknown) =>
		stores.writes.set(key, { kind: 'done', answer: structuredClone(answer) }),
	unknown: (key: string, reason: string) => stores.writes.set(key, { kind: 'unknown', reason }),
	/** Known not done: it may be sent again. */
	forget: (key: string) => stores.writes.delete(key),
	/** Whether `run`'s writes outgrew the ledger. */
	outgrown: (run: string) => stores.outgrownRuns.get(run) === true,
};

export const doubt = {
	begin: (item: string, method: string) => stores.doubts.set(item, method),
	end: (item: string) => stores.doubts.delete(item),
};

/** Whether an item's write (with `method`, where given) was in doubt: its answer may be a retry's. */
export function wasInDoubt(item: string, method?: string): boolean {
	const inDoubt = stores.doubts.get(item);
	return inDoubt !== undefined && (method === undefined || inDoubt === method);
}

// ── Paces, turns and what a node run shares ──────────────────────────────────────────────

/** The pace kept under `key`, made by `make` the first time. */
export function paceUnder<P>(key: string, make: () => P): P {
	const pace = (stores.paces.get(key) as P | undefined) ?? make();
	stores.paces.set(key, pace);
	return pace;
}

/**
 * Runs `work` after every earlier one of the same line has finished, in the order they came. The
 * line is kept as a digest of its parts: they may hold a value of the user's (an email).
 */
export async function inTurn<T>(lineParts: string[], work: () => Promise<T>): Promise<T> {
	const line = digestOf(...lineParts);
	const before = stores.turns.get(line) ?? Promise.resolve();
	let release = () => {};
	const mine = new Promise<void>((resolve) => (release = resolve));
	const tail = before.then(async () => await mine);
	stores.turns.set(line, tail);
	await before;
	try {
		return await work();
	} finally {
		release();
		if (stores.turns.get(line) === tail) stores.turns.delete(line);
	}
}

/**
 * `load`'s answer, loaded once for every caller with the same key; a failure is not kept. A
 * `topic` (what was loaded, such as an attribute schema's path) lets a write to it be told.
 */
export function loadOnce<T>(key: string, load: () => Promise<T>, topic?: string): Promise<T> {
	const kept = stores.shared.get(key);
	if (kept) return kept.pending as Promise<T>;
	const pending = load();
	stores.shared.set(key, { topic, pending });
	pending.catch(() => {
		if (stores.shared.get(key)?.pending === pending) stores.shared.delete(key);
	});
	return pending;
}

/** `topic` was written to: whatever was loaded about it is loaded again by its next caller. */
export function reloadNext(topic: string): void {
	for (const key of stores.shared.keys())
		if (stores.shared.get(key)?.topic === topic) stores.shared.delete(key);
}

// ── A webhook trigger's deliveries ───────────────────────────────────────────────────────

/**
 * The longest a delivery being started keeps its retries out. It is held until n8n answers it,
 * and n8n answers every request in the end (each of its SQLite writes gives up after 60 s);
 * overloaded, it was seen to take 189 s. This only frees an event whose request n8n never ends.
 */
export const STARTING_MS = 15 * MINUTE;

/**
 * Per trigger, at most this many events (the newest); in all, ten times as many. The
 * workspace retries only what was not answered 2xx, within seconds when an answer was lost.
 */
const EVENTS_PER_TRIGGER = 2_000;

interface Seen {
	at: number;
	starting?: true;
}

/**
 * Which events a trigger has seen n8n take (answered 2xx, so its execution exists), each known
 * `keptMs` (the trigger knows its vendor's retries), and which are being started now. `scope` is
 * a trigger and mode; `event` a digest of what identifies it.
 */
export function deliveryMemory(keptMs: number) {
	/** Per trigger and mode: event digest → when it was taken or began. Sized in events. */
	const seenByTrigger = new Expiring<Map<string, Seen>>({
		ttlMs: keptMs,
		maxSize: 10 * EVENTS_PER_TRIGGER,
		sizeOf: (seen) => seen.size,
	});
	function note(scope: string, event: string, seen?: Seen): void {
		const events = seenByTrigger.get(scope) ?? new Map<string, Seen>();
		events.delete(event);
		if (seen) events.set(event, seen);
		for (const oldest of events.keys()) {
			if (events.size <= EVENTS_PER_TRIGGER) break;
			events.delete(oldest);
		}
		seenByTrigger.set(scope, events);
	}
	return {
		statusOf(scope: string, event: string): 'taken' | 'starting' | undefined {
			const seen = seenByTrigger.get(scope)?.get(event);
			if (!seen) return undefined;
			const age = clock.now() - seen.at;
			if (seen.starting) return age < STARTING_MS ? 'starting' : undefined;
			return age < keptMs ? 'taken' : undefined;
		},
		starting: (scope: string, event: string) =>
			note(scope, event, { at: clock.now(), starting: true }),
		taken: (scope: string, event: string) => note(scope, event, { at: clock.now() }),
		/** n8n did not start it: the vendor's retry must. */
		failed: (scope: string, event: string) => note(scope, event),
		/** The events seen taken within the time they are kept, oldest first. */
		*takenSoFar(scope: string): Generator<[event: string, at: number]> {
			const since = clock.now() - keptMs;
			for (const [event, seen] of seenByTrigger.get(scope) ?? [])
				if (!seen.starting && seen.at > since) yield [event, seen.at];
		},
	};
}

// ── A polling trigger's polls ────────────────────────────────────────────────────────────

/** One poll per trigger at a time (a poll n8n gave up on must not read beside the next): null while another is under way. */
export async function pollAlone<T>(trigger: string, poll: () => Promise<T>): Promise<T | null> {
	if (stores.polling.get(trigger)) return null;
	stores.polling.set(trigger, true);
	try {
		return await poll();
	} finally {
		stores.polling.delete(trigger);
	}
}

/**
 * n8n's durable scheduler may run a poll again from where it started: for this long after a poll
 * emitted, while n8n may still be committing its result, a poll from the same start waits. Later,
 * a poll still at that start shows n8n refused that result (its commit is fenced by the lease,
 * 60 s by default, which a rerun outlived): its items come again, a little late rather than never.
 */
export const RERUN_WINDOW_MS = 30_000;

export const pollOutcome = {
	/**
	 * Whether a poll from `start` repeats one that emitted from there: n8n has not yet kept
	 * where that poll ended (its execution may exist). A poll from elsewhere shows it did.
	 */
	awaited(trigger: string, start: string): boolean {
		const last = stores.emittedFrom.get(trigger);
		if (last !== undefined && last !== start) stores.emittedFrom.delete(trigger);
		return last === start;
	},
	emitted: (trigger: string, start: string) => stores.emittedFrom.set(trigger, start),
};

export const earlyPosition = {
	recall: (trigger: string) => stores.earlyPositions.get(trigger),
	keep: (trigger: string, position: unknown) => stores.earlyPositions.set(trigger, position),
	forget: (trigger: string) => stores.earlyPositions.delete(trigger),
};

/**
 * What this process remembers, made when n8n starts; tests make their own and assign them, as a
 * restart would (test/harness/memory.ts). `ledgerBytes` bounds the writes and their answers.
 */
export function storesOf(ledgerBytes = 64 * 1024 * 1024) {
	/** Runs whose writes were let go whole: their retries cannot be told apart from new writes. */
	const outgrownRuns = new Expiring<true>({ ttlMs: HOUR, maxSize: 10_000 });
	return {
		outgrownRuns,
		writes: new Expiring<WriteOutcome>({
			ttlMs: HOUR,
			maxSize: ledgerBytes,
			sizeOf: (outcome) =>
				WRITE_ENTRY_BYTES +
				(outcome.kind === 'done' ? (JSON.stringify(outcome.answer) ?? '').length : 0),
			shrink: (outcome) => (outcome.kind === 'done' ? { kind: 'done-forgotten' } : undefined),
			onEvict: (key) => outgrownRuns.set(key.slice(0, key.lastIndexOf('#')), true),
		}),
		/** The method of an item's write while it is retried after an unknown outcome. */
		doubts: new Expiring<string>({ ttlMs: HOUR, maxSize: 100_000 }),
		/**
		 * Each node run's and trigger's pace, kept ten minutes after its last use: n8n's Batching
		 * pauses between items, and a trigger uses its own every poll.
		 */
		paces: new Expiring<unknown>({ ttlMs: 10 * MINUTE, maxSize: 10_000 }),
		/** The last in each line of work that takes turns. */
		turns: new Expiring<Promise<void>>({ ttlMs: HOUR, maxSize: 100_000 }),
		/** Loaded once per key while in use (a node run's attribute definitions, for all its items). */
		shared: new Expiring<{ topic?: string; pending: Promise<unknown> }>({
			ttlMs: 10 * MINUTE,
			maxSize: 50,
		}),
		/** Triggers whose poll is under way. */
		polling: new Expiring<true>({ ttlMs: HOUR, maxSize: 10_000 }),
		/** Per trigger: the start of its last poll that emitted, within the window. */
		emittedFrom: new Expiring<string>({ ttlMs: RERUN_WINDOW_MS, maxSize: 10_000 }),
		/**
		 * A trigger's position, for a scheduled poll that comes before n8n has saved the workflow's
		 * static data (the durable scheduler drops the activation poll's node data). Sized in
		 * characters of its JSON: a change event's stock may take 2 MB.
		 */
		earlyPositions: new Expiring<unknown>({
			ttlMs: HOUR,
			maxSize: 64 * 1024 * 1024,
			sizeOf: (position) => JSON.stringify(position).length,
		}),
	};
}

export const stores = storesOf();
