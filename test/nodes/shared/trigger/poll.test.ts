import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import type { QueryBody } from '../../../../nodes/shared/trigger/poll';
import { poll } from '../../../../nodes/shared/trigger/poll';

/** A query endpoint over `rows` (oldest first) that honours the keyset filter, `msPerPage` per answer. */
function source(rows: IDataObject[], { msPerPage = 0, failAfterPages = Infinity } = {}) {
	let pages = 0;
	return {
		shape: 'object' as const,
		query: async (body: QueryBody) => {
			if (pages++ >= failAfterPages) throw new Error('the service is gone');
			await sleep(msPerPage);
			const [since, not] = ((body.filter as IDataObject).$and as IDataObject[]) ?? [body.filter];
			const from = String(((since as IDataObject).createdAt as IDataObject).$gte);
			const atCursor = ((not as IDataObject | undefined)?.$not as IDataObject[] | undefined) ?? [];
			const skip = ((atCursor[1]?._id as IDataObject | undefined)?.$in as string[]) ?? [];
			return rows
				.filter(
					(r) =>
						String(r.createdAt) >= from &&
						!(String(r.createdAt) <= from && skip.includes(String(r._id))),
				)
				.slice(0, body.limit);
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
