import type { IDataObject } from 'n8n-workflow';

import { EVENTS_KEPT_MS, state } from '../shared/transport';

export const REMEMBER_MS = EVENTS_KEPT_MS;
/** At most this many events are remembered (the oldest go first): static data stays small. */
export const REMEMBER_AT_MOST = 1000;

type Seen = Array<[key: string, at: number]>;

/**
 * Records `key` unless it is already there; true when it was new. `seen` is kept oldest first,
 * and pruned by age and count on every call.
 */
function rememberIn(seen: Seen, key: string, now: number): boolean {
	const tooOld = seen.findIndex(([, at]) => at > now - REMEMBER_MS);
	seen.splice(0, tooOld === -1 ? seen.length : tooOld);
	if (seen.some(([known]) => known === key)) return false;
	seen.push([key, now]);
	if (seen.length > REMEMBER_AT_MOST) seen.splice(0, seen.length - REMEMBER_AT_MOST);
	return true;
}

/**
 * Whether an event is new to this trigger, and remembers it if it is: in the workflow's
 * static data (n8n saves it after each request, so it outlasts restarts; in queue mode webhooks
 * are answered by the main or webhook process, which saves it) and in this process.
 */
export function rememberOnce(
	staticData: IDataObject,
	scope: string,
	key: string,
	now: number,
): boolean {
	// n8n reads a workflow's static data when a request arrives and writes it back when it is
	// answered: two deliveries at once would each write their own copy and lose the other's event.
	const here = `${scope}|${key}`;
	const newHere = state.events.get(here) === undefined;
	state.events.set(here, true);
	// A copy, assigned back: n8n saves static data only when it sees an assignment.
	const saved: Seen = Array.isArray(staticData.seenEvents)
		? (staticData.seenEvents as Seen).map(([known, at]) => [known, at])
		: [];
	const before = JSON.stringify(saved);
	const newSaved = rememberIn(saved, key, now);
	if (JSON.stringify(saved) !== before) staticData.seenEvents = saved;
	return newHere && newSaved;
}

/** For tests: as if n8n had restarted. */
export function forgetProcessMemory(): void {
	state.events.clear();
}
