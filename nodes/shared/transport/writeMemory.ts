/**
 * Results of writes that succeeded, so that n8n's Retry On Fail, which runs the node again
 * for every item, does not send a write twice within one execution. Keyed by execution,
 * node, run, item and the request itself; bounded, oldest out first.
 */
export class WriteMemory<T> {
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
