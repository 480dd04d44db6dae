import { clock } from '../clock';

interface Entry<V> {
	value: V;
	at: number;
	size: number;
}

export interface ExpiringOptions<V> {
	ttlMs: number;
	/** In the units of `sizeOf`: bytes where it counts them, entries by default. */
	maxSize: number;
	sizeOf?: (value: V, key: string) => number;
	/** Over `maxSize`, first a smaller value for the oldest entries (undefined: none). */
	shrink?: (value: V) => V | undefined;
	/** Then whole entries go, oldest first, each told here. */
	onEvict?: (key: string, value: V) => void;
}

/**
 * A map that forgets entries older than `ttlMs` (from when each was last set), and the oldest
 * once over `maxSize`. Only the memory (index.ts) makes one.
 */
export class Expiring<V> {
	private readonly entries = new Map<string, Entry<V>>();
	private total = 0;

	constructor(private readonly options: ExpiringOptions<V>) {}

	get(key: string): V | undefined {
		this.sweep();
		return this.entries.get(key)?.value;
	}

	/** Stored last, so that it is forgotten last. */
	set(key: string, value: V): void {
		this.sweep();
		this.delete(key);
		const size = this.options.sizeOf?.(value, key) ?? 1;
		this.entries.set(key, { value, at: clock.now(), size });
		this.total += size;
		this.makeRoom();
	}

	delete(key: string): void {
		const entry = this.entries.get(key);
		if (!entry) return;
		this.total -= entry.size;
		this.entries.delete(key);
	}

	keys(): string[] {
		this.sweep();
		return [...this.entries.keys()];
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
			for (const [key, entry] of this.entries) {
				if (this.total <= this.options.maxSize) return;
				const smaller = shrink(entry.value);
				if (smaller === undefined) continue;
				const size = sizeOf?.(smaller, key) ?? 1;
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
