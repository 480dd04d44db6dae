import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import type { Cursor, PollBounds, QueryBody } from '../../../../nodes/shared/trigger/poll';
import { poll } from '../../../../nodes/shared/trigger/poll';

/**
 * A query endpoint over `rows` (oldest first) that honours the keyset filter, `msPerPage` per
 * answer; it refuses a limit below 1, as the service does, and records each limit asked. With
 * `ignoresIds` it leaves out no id at the cursor's time (it honours only `$gte`); with
 * `extraRows` it answers that many rows more than asked.
 */
function source(
	rows: IDataObject[],
	{ msPerPage = 0, failAfterPages = Infinity, ignoresIds = false, extraRows = 0 } = {},
) {
	let pages = 0;
	const limits: number[] = [];
	return {
		limits,
		shape: 'object' as const,
		query: async (body: QueryBody) => {
			limits.push(body.limit);
			if (!(body.limit >= 1)) throw new Error('limit must be a positive whole number');
			if (pages++ >= failAfterPages) throw new Error('the service is gone');
			await sleep(msPerPage);
			const [since, not] = ((body.filter as IDataObject).$and as IDataObject[]) ?? [body.filter];
			const from = String(((since as IDataObject).createdAt as IDataObject).$gte);
			const atCursor = ((not as IDataObject | undefined)?.$not as IDataObject[] | undefined) ?? [];
			const skip = ignoresIds
				? []
				: (((atCursor[1]?._id as IDataObject | undefined)?.$in as string[]) ?? []);
			return rows
				.filter(
					(r) =>
						String(r.createdAt) >= from &&
						!(String(r.createdAt) <= from && skip.includes(String(r._id))),
				)
				.slice(0, body.limit + extraRows);
		},
	};
}

const rows = Array.from({ length: 50 }, (_, i) => ({
	_id: `r${String(i).padStart(2, '0')}`,
	createdAt: `2026-11-22T09:00:${String(Math.floor(i / 2)).padStart(2, '0')}.000Z`,
}));
const start = { at: '1970-01-01T00:00:00.000Z', idsAtCursor: [] };

test('a poll stops when its time is spent, and the next goes on from the last row it emitted', async () => {
	const slow = source(rows, { msPerPage: 100 });
	const bounds = { maxRows: 1_000, pageSize: 10, budgetMs: 250 };
	const first = await poll(slow, start, bounds);
	expect(first.rows.length).toBeGreaterThanOrEqual(10);
	expect(first.rows.length).toBeLessThan(50);
	const rest = [];
	for (let cursor = first.cursor, i = 0; i < 10; i++) {
		const next = await poll(slow, cursor, bounds);
		rest.push(...next.rows);
		cursor = next.cursor;
	}
	expect([...first.rows, ...rest].map((r) => r._id)).toEqual(rows.map((r) => r._id));
});

test('a page that fails after rows were read ends the poll with those rows; with none, the poll fails', async () => {
	const flaky = source(rows, { failAfterPages: 2 });
	const bounds = { maxRows: 1_000, pageSize: 10, budgetMs: 10_000 };
	const { rows: read, cursor } = await poll(flaky, start, bounds);
	expect(read.map((r) => r._id)).toEqual(rows.slice(0, 20).map((r) => r._id));
	expect(cursor).toEqual({ at: '2026-11-22T09:00:09.000Z', idsAtCursor: ['r18', 'r19'] });
	await expect(poll(source(rows, { failAfterPages: 0 }), cursor, bounds)).rejects.toThrow(
		'the service is gone',
	);
});

/** Polls from `start` until one emits nothing (at most 10): each poll's ids. */
async function drain(service: ReturnType<typeof source>, bounds: PollBounds) {
	const polls: string[][] = [];
	for (let cursor: Cursor = start; polls.length < 10; ) {
		const next = await poll(service, cursor, bounds);
		if (!next.rows.length) return polls;
		polls.push(next.rows.map((r) => String(r._id)));
		cursor = next.cursor;
	}
	return polls;
}

test('a poll asks for no more rows than it may still emit, and never for none', async () => {
	const service = source(rows);
	const polls = await drain(service, { maxRows: 25, pageSize: 10, budgetMs: 10_000 });
	expect(polls.map((ids) => ids.length)).toEqual([25, 25]);
	expect(polls.flat()).toEqual(rows.map((r) => String(r._id)));
	// 10, 10 and the 5 left to the bound; the third poll's single page finds nothing more.
	expect(service.limits).toEqual([10, 10, 5, 10, 10, 5, 10]);
});

test('a service that answers more than asked does not carry a poll past its bound', async () => {
	const polls = await drain(source(rows, { extraRows: 7 }), {
		maxRows: 25,
		pageSize: 10,
		budgetMs: 10_000,
	});
	expect(Math.max(...polls.map((ids) => ids.length))).toBe(25);
	expect(polls.flat()).toEqual(rows.map((r) => String(r._id)));
});

test('a service that does not leave out the ids read at the cursor repeats no row', async () => {
	// Two rows a timestamp, so every page ends with ids at the cursor's time.
	const service = source(rows, { ignoresIds: true });
	const polls = await drain(service, { maxRows: 25, pageSize: 9, budgetMs: 10_000 });
	expect(polls.flat()).toEqual(rows.map((r) => String(r._id)));
	expect(Math.max(...polls.map((ids) => ids.length))).toBeLessThanOrEqual(25);
	expect(Math.min(...service.limits)).toBeGreaterThanOrEqual(1);
});
