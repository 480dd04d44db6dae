import type { IDataObject } from 'n8n-workflow';

import type { PollSource, QueryBody } from '../../../../nodes/shared/trigger/poll';
import type { WatchState } from '../../../../nodes/shared/trigger/watch';
import { refuseOversized, WATCH_BOUNDS, watchPoll } from '../../../../nodes/shared/trigger/watch';
import { pollUntil } from '../../../harness/pollTrigger';
import { useVirtualClock } from '../../../harness/virtualClock';
import { matches, sortRecords } from '../../../sandbox/filter';
import { buildSeed, SEED_IDS } from '../../../sandbox/seed';

// The clock the polls' budget is read on, standing still: a poll ends at its bounds, never
// because this machine was slow.
useVirtualClock(Date.parse('2026-11-22T09:00:00.000Z'));

/**
 * A query endpoint over `rows`: the sandbox's own filter and sort, or, for the keyset of a
 * pass alone (createdAt from the cursor, less the ids read at it), a binary search over the
 * rows sorted once, so that 20,000 rows page in a moment.
 */
function sourceOver(rows: IDataObject[]): PollSource {
	const sorted = sortRecords(rows, [{ attribute: 'createdAt', direction: 'asc' }]);
	const createdAt = (row: IDataObject) => String(row.createdAt);
	return {
		shape: 'object' as const,
		query: async (body: QueryBody) => {
			const [from, atCursor] = ((body.filter as IDataObject).$and as IDataObject[]) ?? [
				body.filter,
			];
			const since = String(((from as IDataObject).createdAt as IDataObject).$gte);
			let low = 0;
			for (let high = sorted.length; low < high; ) {
				const middle = (low + high) >> 1;
				if (createdAt(sorted[middle]) < since) low = middle + 1;
				else high = middle;
			}
			const page: IDataObject[] = [];
			for (let i = low; i < sorted.length && page.length < body.limit; i++) {
				if (!atCursor || matches(sorted[i], atCursor)) page.push(sorted[i]);
			}
			return page;
		},
	};
}

const seededPeople = (count: number) =>
	buildSeed({ people: count }).records[SEED_IDS.PEOPLE] as IDataObject[];

/**
 * Takes stock of `rows` (a first pass, which emits nothing) with the default bounds, poll after
 * poll. It reads at most `maxRows` a poll, and ends at a page shorter than asked: one poll more
 * than `maxRows` fits in the records. On a clock that stands still, time never cuts a poll short.
 */
async function wholePass(rows: IDataObject[], watched: string[] = []) {
	const maxPolls = Math.floor(rows.length / WATCH_BOUNDS.maxRows) + 1;
	let state: WatchState | undefined;
	const polls = await pollUntil(
		`stock taken of ${rows.length} records`,
		maxPolls,
		async () => {
			const next = await watchPoll(sourceOver(rows), state, { of: 'view', watched });
			state = next.state;
			return next.changes;
		},
		() => state?.baselined === true,
	);
	expect(polls.flat()).toEqual([]);
	return { state: state! };
}

test('20,000 records watched with all their attributes: the static data stays within 2.5 MB', async () => {
	const rows = seededPeople(WATCH_BOUNDS.maxRecords);
	const { state } = await wholePass(rows);
	const bytes = JSON.stringify(state).length;
	// Measured: about 2 MB for the sandbox's people (18 attributes each, a digest each).
	expect(bytes).toBeLessThan(2_500_000);
	expect(Object.keys(state.prints)).toHaveLength(WATCH_BOUNDS.maxRecords);
	// Watching one status attribute, as Record Entered a Status does: about 1 MB.
	const { state: oneAttribute } = await wholePass(rows, ['lifecycle']);
	expect(JSON.stringify(oneAttribute).length).toBeLessThan(1_200_000);
}, 60_000);

test('one record more than the bound is refused, naming the fix', async () => {
	const rows = seededPeople(20);
	const { state } = await wholePass(rows);
	const watched = Object.keys(state.prints).length;
	expect(() => refuseOversized(watched, { ...WATCH_BOUNDS, maxRecords: 19 })).toThrow(
		'Collection: more than 19 records match, more than the trigger can watch',
	);
	expect(() => refuseOversized(watched, { ...WATCH_BOUNDS, maxRecords: 20 })).not.toThrow();
});

test('no poll emits more than the bound: 2,500 of 3,000 records changed come 1,000 a poll, each once', async () => {
	const rows = seededPeople(3_000);
	const poll = (state: WatchState | undefined) =>
		watchPoll(sourceOver(rows), state, { of: 'view', watched: ['leadScore'] });
	const { state: baseline } = await wholePass(rows, ['leadScore']);
	for (let i = 0; i < 2_500; i++) rows[i] = { ...rows[i], leadScore: -i - 1 };
	const emitted: string[][] = [];
	let state = baseline;
	for (let i = 0; i < 4; i++) {
		const next = await poll(state);
		emitted.push(next.changes.map((c) => String(c.record._id)));
		state = next.state;
	}
	expect(emitted.map((ids) => ids.length)).toEqual([1_000, 1_000, 500, 0]);
	const all = emitted.flat();
	expect(new Set(all).size).toBe(2_500);
	expect(all.sort()).toEqual(
		rows
			.slice(0, 2_500)
			.map((r) => String(r._id))
			.sort(),
	);
});

test('removals beyond the bound follow at the next polls, each once', async () => {
	const rows = seededPeople(2_500);
	const { state: baseline } = await wholePass(rows);
	const kept = rows.slice(2_300);
	const emitted: number[] = [];
	let state = baseline;
	for (let i = 0; i < 3; i++) {
		const next = await watchPoll(sourceOver(kept), state, { of: 'view', watched: [] });
		emitted.push(next.changes.filter((c) => c.removed).length);
		state = next.state;
	}
	expect(emitted).toEqual([1_000, 1_000, 300]);
});

test('a poll leaves the saved state as it was: one that fails or is abandoned changes nothing, one run twice finds the same', async () => {
	const rows = seededPeople(30);
	const { state } = await wholePass(rows);
	const saved = JSON.parse(JSON.stringify(state)) as WatchState;
	rows[3] = { ...rows[3], leadScore: 1234 };
	const once = await watchPoll(sourceOver(rows), saved, { of: 'view', watched: [] });
	const twice = await watchPoll(sourceOver(rows), saved, { of: 'view', watched: [] });
	expect(saved).toEqual(JSON.parse(JSON.stringify(state)));
	expect(once.changes.map((c) => c.record._id)).toEqual([rows[3]._id]);
	expect(twice.changes).toEqual(once.changes);
	expect(twice.state).toEqual(once.state);
});

test('a pass spans polls: what changed ahead of it comes in this pass, behind it in the next, each once', async () => {
	const rows = seededPeople(1_000);
	const bounds = { ...WATCH_BOUNDS, maxRows: 300 };
	const poll = (state: WatchState | undefined) =>
		watchPoll(sourceOver(rows), state, { of: 'view', watched: ['leadScore'] }, bounds);
	let state: WatchState | undefined;
	for (let i = 0; i < 4; i++) ({ state } = await poll(state));
	expect(state!.baselined).toBe(true);
	const first = await poll(state);
	expect(first.changes).toEqual([]);
	// The pass has read 300 rows: change one behind it and one ahead.
	rows[10] = { ...rows[10], leadScore: -1 };
	rows[900] = { ...rows[900], leadScore: -2 };
	const emitted = [];
	state = first.state;
	for (let i = 0; i < 8; i++) {
		const next = await poll(state);
		emitted.push(...next.changes.map((c) => [c.record._id, c.changes]));
		state = next.state;
	}
	expect(emitted).toEqual([
		[
			rows[900]._id,
			{ leadScore: { previous: Number(seededPeople(1_000)[900].leadScore), current: -2 } },
		],
		[
			rows[10]._id,
			{ leadScore: { previous: Number(seededPeople(1_000)[10].leadScore), current: -1 } },
		],
	]);
});

test('a bound that falls inside a page: exactly the bound a poll, the rest of the page at the next, none twice, none lost', async () => {
	// 100 records in pages of 10, every one changed: the 25th change is the 5th record of the
	// third page, so each poll stops in the middle of a page.
	const rows = seededPeople(100);
	const bounds = { ...WATCH_BOUNDS, pageSize: 10, maxItems: 25 };
	const settings = { of: 'view', watched: ['leadScore'] };
	const { state: baseline } = await wholePass(rows, settings.watched);
	rows.forEach((row, i) => (rows[i] = { ...row, leadScore: -i - 1 }));
	const emitted: string[][] = [];
	let state = baseline;
	for (let i = 0; i < 5; i++) {
		const next = await watchPoll(sourceOver(rows), state, settings, bounds);
		emitted.push(next.changes.map((c) => String(c.record._id)));
		state = next.state;
	}
	expect(emitted.map((ids) => ids.length)).toEqual([25, 25, 25, 25, 0]);
	expect(emitted.flat()).toEqual(rows.map((r) => String(r._id)));
});
