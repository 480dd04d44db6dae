import { collectPages } from '../../../../nodes/shared/transport/pagination';

/** A page source over `total` numbered records, logging each request as [limit, offset]. */
function source(total: number) {
	const calls: Array<[number, number]> = [];
	const records = Array.from({ length: total }, (_, i) => ({ _id: `r${i}` }));
	const fetchPage = async (limit: number, offset: number) => {
		calls.push([limit, offset]);
		return records.slice(offset, offset + limit);
	};
	return { calls, fetchPage };
}

const window = (returnAll: boolean, limit = 50) => ({
	returnAll,
	limit,
	idOf: (r: { _id: string }) => r._id,
	repeatedPage: (offset: number) => new Error(`repeated at ${offset}`),
});

describe('collectPages with Return All', () => {
	test.each([
		[0, [[100, 0]]],
		[1, [[100, 0]]],
		[99, [[100, 0]]],
		[
			100,
			[
				[100, 0],
				[100, 100],
			],
		],
		[
			101,
			[
				[100, 0],
				[100, 100],
			],
		],
		[
			250,
			[
				[100, 0],
				[100, 100],
				[100, 200],
			],
		],
	])('%i records', async (total, calls) => {
		const s = source(total);
		const items = await collectPages(s.fetchPage, window(true));
		expect(items).toHaveLength(total);
		expect(s.calls).toEqual(calls);
	});
});

describe('collectPages with a Limit never asks past it', () => {
	test.each([
		['below the page size', 30, 250, [[30, 0]], 30],
		['at the page size', 100, 250, [[100, 0]], 100],
		[
			'above the page size',
			250,
			1000,
			[
				[100, 0],
				[100, 100],
				[50, 200],
			],
			250,
		],
		[
			'above what exists',
			250,
			120,
			[
				[100, 0],
				[100, 100],
			],
			120,
		],
	])('%s', async (_, limit, total, calls, returned) => {
		const s = source(total as number);
		const items = await collectPages(s.fetchPage, window(false, limit as number));
		expect(s.calls).toEqual(calls);
		expect(items).toHaveLength(returned as number);
	});
});

test('a server that ignores offset is stopped at the second page', async () => {
	const calls: number[] = [];
	const page = Array.from({ length: 100 }, (_, i) => ({ _id: `r${i}` }));
	await expect(
		collectPages(async (_limit, offset) => {
			calls.push(offset);
			return page;
		}, window(true)),
	).rejects.toThrow('repeated at 100');
	expect(calls).toEqual([0, 100]);
});
