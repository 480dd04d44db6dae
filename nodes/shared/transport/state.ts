import type { BinaryToTextEncoding } from 'crypto';
import { createHash } from 'crypto';
import type { IDataObject, INode } from 'n8n-workflow';

import { clock } from '../clock';
import type { Pace } from './pace';

/**
 * The one home of what this n8n process keeps between requests. Each store forgets by age and
 * holds a bounded amount; each key starts from one of two identities: a node run (`runOf`) or an
 * active trigger (`triggerOf`). Keys are digests or ids, never a body, an answer or a token.
 */

/** The one hash: of keys, prints, secrets and tokens. */
export const sha256 = (text: string, encoding: BinaryToTextEncoding = 'base64url') =>
	createHash('sha256').update(text, 'utf8').digest(encoding);

/** Of several parts, joined so that no two lists of parts give the same text. */
export const digestOf = (...parts: string[]) => sha256(parts.join('\u0000'));

interface RunContext {
	getNode(): INode;
	getExecutionId(): string;
}

/**
 * One node run. Retry On Fail reruns a node with the same run index (no getter: read off the
 * context), a loop with the next. An AI tool gets a new index per call, retries included: tools
 * leave it out.
 */
export function runOf(context: RunContext): string {
	const node = context.getNode();
	const runIndex = /Tool$/.test(node.type)
		? 'tool'
		: ((context as unknown as { runIndex?: number }).runIndex ?? 0);
	return `run|${context.getExecutionId()}|${node.name}|${runIndex}`;
}

export const itemOf = (context: RunContext & { getItemIndex(): number }) =>
	`${runOf(context)}|${context.getItemIndex()}`;

/** One active trigger, poll after poll and delivery after delivery. */
export const triggerOf = (context: { getNode(): INode; getWorkflow(): { id?: string } }) =>
	`trigger|${context.getWorkflow().id ?? ''}|${context.getNode().id}`;

interface Entry<V> {
	value: V;
	at: number;
	size: number;
}

interface ExpiringOptions<V> {
	ttlMs: number;
	/** In the units of `sizeOf` (one per entry by default). */
	maxSize: number;
	sizeOf?: (value: V) => number;
	/** Over `maxSize`, first a smaller value for the oldest entries (undefined: none). */
	shrink?: (value: V) => V | undefined;
	/** Then whole entries go, oldest first, each told here. */
	onEvict?: (key: string, value: V) => void;
}

/** A map that forgets entries older than `ttlMs`, and the oldest once over `maxSize`. */
export class Expiring<V> {
	private readonly entries = new Map<string, Entry<V>>();
	private total = 0;

	constructor(private readonly options: ExpiringOptions<V>) {}

	/** For tests: a store this small shows what happens when it overflows. */
	set maxSize(size: number) {
		this.options.maxSize = size;
	}

	get(key: string): V | undefined {
		this.sweep();
		return this.entries.get(key)?.value;
	}

	/** Stored last, so that it is forgotten last. */
	set(key: string, value: V): void {
		this.sweep();
		this.delete(key);
		const size = this.options.sizeOf?.(value) ?? 1;
		this.entries.set(key, { value, at: clock.now(), size });
		this.total += size;
		this.makeRoom();
	}

	clear(): void {
		this.entries.clear();
		this.total = 0;
	}

	delete(key: string): void {
		const entry = this.entries.get(key);
		if (!entry) return;
		this.total -= entry.size;
		this.entries.delete(key);
	}

	get size() {
		return { entries: this.entries.size, total: this.total };
	}

	private sweep(): void {
		const oldest = clock.now() - this.options.ttlMs;
		for (const [key, entry] of this.entries) {
			if (entry.at > oldest) break;
			this.delete(key);
		}
	}

	private makeRoom(): void {
		const { shrink, sizeOf, onEvict } = this.options;
		if (shrink) {
			for (const entry of this.entries.values()) {
				if (this.total <= this.options.maxSize) return;
				const smaller = shrink(entry.value);
				if (smaller === undefined) continue;
				const size = sizeOf?.(smaller) ?? 1;
				this.total += size - entry.size;
				Object.assign(entry, { value: smaller, size });
			}
		}
		for (const [key, entry] of this.entries) {
			if (this.total <= this.options.maxSize) return;
			this.delete(key);
			onEvict?.(key, entry.value);
		}
	}
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The vendor retries a delivery 15 s, 40 s, 3 min, 10 min, 1 h, 6 h, 12 h, 24 h and 48 h after
 * the last (about 3.8 days in all): an event is remembered a little longer than that.
 */
export const EVENTS_KEPT_MS = 4 * 24 * HOUR;

export type WriteOutcome =
	| { kind: 'done'; answer: unknown }
	/** Done, but its answer was let go to stay within the store's bytes. */
	| { kind: 'done-forgotten' }
	| { kind: 'unknown'; reason: string };

/** A write's key and the cost of its bookkeeping besides its answer. */
const WRITE_ENTRY_BYTES = 200;

/** Runs whose writes were let go whole: their retries cannot be told apart from new writes. */
const overflowedRuns = new Expiring<true>({ ttlMs: HOUR, maxSize: 10_000 });

/** Where a write's key says which run it belongs to: `writeKeyOf`. */
const runOfWriteKey = (key: string) => key.slice(0, key.lastIndexOf('#'));

export const writeKeyOf = (run: string, ...request: string[]) => `${run}#${digestOf(...request)}`;

export const state = {
	/** What each write of a node run became, for n8n's reruns of the node (Retry On Fail). */
	writes: new Expiring<WriteOutcome>({
		ttlMs: HOUR,
		maxSize: 64 * 1024 * 1024,
		sizeOf: (outcome) =>
			WRITE_ENTRY_BYTES + (outcome.kind === 'done' ? JSON.stringify(outcome.answer).length : 0),
		shrink: (outcome) => (outcome.kind === 'done' ? { kind: 'done-forgotten' } : undefined),
		onEvict: (key) => overflowedRuns.set(runOfWriteKey(key), true),
	}),
	/** Whether a run's writes outgrew `writes`. */
	overflowed: (run: string) => overflowedRuns.get(run) === true,
	/** The method of an item's write while it is retried after an unknown outcome. */
	doubts: new Expiring<string>({ ttlMs: HOUR, maxSize: 100_000 }),
	/**
	 * Each node run's and trigger's pace, kept ten minutes after its last use: n8n's Batching
	 * pauses between items, and a trigger uses its own every poll.
	 */
	paces: new Expiring<Pace>({ ttlMs: 10 * MINUTE, maxSize: 10_000 }),
	/** The last in each line of work that takes turns (`inTurn`). */
	turns: new Expiring<Promise<void>>({ ttlMs: HOUR, maxSize: 100_000 }),
	/** Attribute definitions fetched once per node run for all its items. */
	schemas: new Expiring<Promise<IDataObject[]>>({ ttlMs: 10 * MINUTE, maxSize: 50 }),
	/** Webhook deliveries each trigger has handled, by trigger and event. */
	events: new Expiring<true>({ ttlMs: EVENTS_KEPT_MS, maxSize: 100_000 }),
	/**
	 * A change event's stock, taken at activation, for a first scheduled poll of n8n's durable
	 * scheduler that comes before n8n saved the workflow's static data.
	 */
	stockTaken: new Expiring<IDataObject>({ ttlMs: HOUR, maxSize: 1_000 }),
	/** Triggers whose poll is under way: a second one at once is skipped. */
	polling: new Expiring<true>({ ttlMs: HOUR, maxSize: 10_000 }),
};

/** Runs `work` after every earlier one of `line` has finished, in the order they came. */
export async function inTurn<T>(line: string, work: () => Promise<T>): Promise<T> {
	const before = state.turns.get(line) ?? Promise.resolve();
	let release = () => {};
	const mine = new Promise<void>((resolve) => (release = resolve));
	const tail = before.then(async () => await mine);
	state.turns.set(line, tail);
	await before;
	try {
		return await work();
	} finally {
		release();
		if (state.turns.get(line) === tail) state.turns.delete(line);
	}
}
