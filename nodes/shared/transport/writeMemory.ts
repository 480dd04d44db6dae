import { createHash } from 'crypto';
import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { clock } from '../clock';

/**
 * What the door remembers of the writes of a node run, so that n8n's Retry On Fail (which
 * runs the node again for every item) and an AI agent's retry of a tool never send a write
 * twice within one execution: the answers of writes that were done, and the writes whose
 * outcome is unknown. Keys are digests; no body, answer text or token is kept in a key.
 */

/**
 * The run of the node that an item belongs to. n8n's Retry On Fail runs a node again with
 * the same run index, a loop with the next one. The execution contexts of n8n-core keep it
 * as `runIndex` (node-execution-context.js) without a getter on the item contexts. A node
 * used as an AI agent's tool gets a new run index for every call, a retry included, so a
 * tool's writes are told apart by execution and request alone.
 */
export function runKeyOf(context: IExecuteSingleFunctions): string {
	const node = context.getNode();
	const runIndex = /Tool$/.test(node.type)
		? 'tool'
		: ((context as unknown as { runIndex?: number }).runIndex ?? 0);
	return `${context.getExecutionId()}|${node.name}|${runIndex}`;
}

export const itemKeyOf = (context: IExecuteSingleFunctions) =>
	`${runKeyOf(context)}|${context.getItemIndex()}`;

/** A short, fixed-size key for anything: SHA-256, base64url. */
export const digestOf = (...parts: string[]) =>
	createHash('sha256').update(parts.join('\u0000')).digest('base64url');

export type WriteOutcome<T> =
	| { kind: 'done'; value: T }
	/** Done, but its answer was let go to stay within the memory's bytes. */
	| { kind: 'done-forgotten' }
	| { kind: 'unknown'; reason: string };

interface Entry<T> {
	outcome: WriteOutcome<T>;
	at: number;
	bytes: number;
	run: string;
}

/** What one entry costs besides its answer: its key, the map's own bookkeeping. */
const ENTRY_BYTES = 200;

/**
 * Write outcomes, bounded in bytes and swept by age. Over its bytes, the oldest answers are
 * let go first (the write is still known as done); only past that are whole entries dropped,
 * and the runs they belonged to are marked, so that a retry there says so instead of
 * guessing.
 */
export class WriteMemory<T> {
	private readonly entries = new Map<string, Entry<T>>();
	private readonly overflowedRuns = new Map<string, number>();
	private bytes = 0;

	constructor(
		private readonly sizeOf: (value: T) => number,
		private readonly maxBytes = 64 * 1024 * 1024,
		private readonly ttlMs = 60 * 60 * 1000,
	) {}

	get(key: string): WriteOutcome<T> | undefined {
		this.sweep();
		return this.entries.get(key)?.outcome;
	}

	/** Whether entries of `run` were dropped before their time: its retries cannot be told apart. */
	overflowed(run: string): boolean {
		return this.overflowedRuns.has(run);
	}

	remember(key: string, run: string, outcome: WriteOutcome<T>): void {
		this.sweep();
		this.drop(key);
		const bytes = ENTRY_BYTES + (outcome.kind === 'done' ? this.sizeOf(outcome.value) : 0);
		this.entries.set(key, { outcome, at: clock.now(), bytes, run });
		this.bytes += bytes;
		this.makeRoom();
	}

	get size() {
		return { entries: this.entries.size, bytes: this.bytes };
	}

	private drop(key: string): void {
		const entry = this.entries.get(key);
		if (!entry) return;
		this.bytes -= entry.bytes;
		this.entries.delete(key);
	}

	private sweep(): void {
		const oldest = clock.now() - this.ttlMs;
		for (const [key, entry] of this.entries) {
			if (entry.at > oldest) break;
			this.drop(key);
		}
		for (const [run, at] of this.overflowedRuns) if (at <= oldest) this.overflowedRuns.delete(run);
	}

	private makeRoom(): void {
		for (const entry of this.entries.values()) {
			if (this.bytes <= this.maxBytes) return;
			if (entry.outcome.kind !== 'done') continue;
			entry.outcome = { kind: 'done-forgotten' };
			this.bytes -= entry.bytes - ENTRY_BYTES;
			entry.bytes = ENTRY_BYTES;
		}
		for (const [key, entry] of this.entries) {
			if (this.bytes <= this.maxBytes) return;
			this.overflowedRuns.set(entry.run, clock.now());
			this.drop(key);
		}
	}
}

/** Items of a node run whose write is being retried after an attempt with an unknown outcome, with its method. */
const inDoubt = new Map<string, string>();

/** The method of this item's write, while it is retried after an attempt whose outcome is unknown. */
export const doubtedMethodOf = (context: IExecuteSingleFunctions) =>
	inDoubt.get(itemKeyOf(context));

/** Runs `work` (a write being sent), noting when it is retried after an unknown outcome. */
export async function trackingDoubt<R>(
	itemKey: string,
	work: (doubt: (method: string) => void) => Promise<R>,
): Promise<R> {
	try {
		return await work((method) => inDoubt.set(itemKey, method));
	} finally {
		inDoubt.delete(itemKey);
	}
}
