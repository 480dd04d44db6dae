import { createHash } from 'crypto';
import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { clock } from '../clock';

// Remembered so that Retry On Fail and an AI agent's retry never send a write twice.
// Keys are digests: no body, answer or token is kept in one.

/**
 * Retry On Fail reruns a node with the same run index (no getter: read off the context), a loop
 * with the next. An AI tool gets a new index per call, retries included: tools leave it out.
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

export const digestOf = (...parts: string[]) =>
	createHash('sha256').update(parts.join('\u0000')).digest('base64url');

export type WriteOutcome<T> =
	| { kind: 'done'; value: T }
	/** Done, but its answer was let go to stay within `maxBytes`. */
	| { kind: 'done-forgotten' }
	| { kind: 'unknown'; reason: string };

interface Entry<T> {
	outcome: WriteOutcome<T>;
	at: number;
	bytes: number;
	run: string;
}

/** An entry's cost besides its answer: its key and the map's bookkeeping. */
const ENTRY_BYTES = 200;

/**
 * Over its bytes, answers go first (the write stays known as done); entries dropped after that
 * mark their run, so that a retry there says so instead of guessing.
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

	/** Entries of `run` were dropped early: its retries cannot be told apart. */
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

const inDoubt = new Map<string, string>();

/** Set while this item's write is retried after an unknown outcome. */
export const doubtedMethodOf = (context: IExecuteSingleFunctions) =>
	inDoubt.get(itemKeyOf(context));

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
