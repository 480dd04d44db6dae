import type { IDataObject } from 'n8n-workflow';

import { toConditionArray } from '../shared/query/filter';
import { collectPages } from '../shared/transport/pagination';

/** Where the last poll stopped: the newest `createdAt` seen, and every id seen at it. */
export interface Cursor {
	createdAt: string;
	idsAtCursor: string[];
}

export interface QueryBody {
	filter?: IDataObject | IDataObject[];
	sort: Array<{ attribute: string; direction: 'asc' | 'desc' }>;
	limit: number;
	offset: number;
}

export interface PollSource {
	/** One page of the query endpoint. */
	query: (body: QueryBody) => Promise<IDataObject[]>;
	/** The activity query takes an array of conditions (docs/api.md §4.1). */
	shape: 'object' | 'array';
	/** The user's extra filter, if any. */
	filter?: IDataObject | IDataObject[];
}

/**
 * Where a cursor starts when the collection (or list) is empty: before anything, so that
 * whatever appears later is new. The cursor only ever holds timestamps the server wrote,
 * never this host's clock, which may run ahead of the server's and skip records for good.
 */
export const BEFORE_ANYTHING = '1970-01-01T00:00:00.000Z';

function withCondition(
	source: PollSource,
	condition?: IDataObject,
	{ userFilter = true } = {},
): IDataObject | IDataObject[] | undefined {
	const extra = userFilter && source.filter ? toConditionArray(source.filter) : [];
	const parts = [...extra, ...(condition ? [condition] : [])];
	if (parts.length === 0) return undefined;
	if (source.shape === 'array') return parts;
	return parts.length === 1 ? parts[0] : { $and: parts };
}

const idOf = (row: IDataObject) => String(row._id);

/** Every row from `createdAt` ≥ `since` on, oldest first, read to the end; each id once. */
async function readSince(source: PollSource, since: string): Promise<IDataObject[]> {
	const filter = withCondition(source, { createdAt: { $gte: since } });
	const rows = await collectPages(
		async (limit, offset) =>
			await source.query({ ...(filter ? { filter } : {}), sort: [{ attribute: 'createdAt', direction: 'asc' }], limit, offset }),
		{
			returnAll: true,
			limit: Infinity,
			idOf,
			repeatedPage: (offset) => new Error(`The service sent the same page again at offset ${offset}`),
		},
	);
	// A record created while we page can shift a row into the next page: keep each id once.
	const seen = new Set<string>();
	return rows.filter((row) => !seen.has(idOf(row)) && seen.add(idOf(row)));
}

function cursorAfter(rows: IDataObject[], previous: Cursor): Cursor {
	if (rows.length === 0) return previous;
	const newest = String(rows[rows.length - 1].createdAt);
	const idsAtNewest = rows.filter((row) => row.createdAt === newest).map(idOf);
	return {
		createdAt: newest,
		idsAtCursor: newest === previous.createdAt ? [...new Set([...previous.idsAtCursor, ...idsAtNewest])] : idsAtNewest,
	};
}

/** The newest row: matching the user's filter for a manual "fetch test event", or any. */
export async function latest(source: PollSource, { userFilter = true } = {}): Promise<IDataObject | undefined> {
	const filter = withCondition(source, undefined, { userFilter });
	const [row] = await source.query({ ...(filter ? { filter } : {}), sort: [{ attribute: 'createdAt', direction: 'desc' }], limit: 1, offset: 0 });
	return row;
}

/**
 * One poll. The first one only sets the cursor at the newest existing row, whatever the
 * user's filter (or before anything when there is none), so nothing old is emitted. Later ones read every row with `createdAt` at or after the
 * cursor, oldest first, and emit those not seen at the cursor's exact timestamp: equal
 * timestamps are never skipped, and no row is emitted twice.
 */
export async function poll(source: PollSource, cursor: Cursor | undefined): Promise<{ rows: IDataObject[]; cursor: Cursor }> {
	if (!cursor) {
		const newest = await latest(source, { userFilter: false });
		const start: Cursor = { createdAt: newest ? String(newest.createdAt) : BEFORE_ANYTHING, idsAtCursor: [] };
		return { rows: [], cursor: cursorAfter(await readSince(source, start.createdAt), start) };
	}
	const rows = await readSince(source, cursor.createdAt);
	const seenAtCursor = new Set(cursor.idsAtCursor);
	return {
		rows: rows.filter((row) => !(row.createdAt === cursor.createdAt && seenAtCursor.has(idOf(row)))),
		cursor: cursorAfter(rows, cursor),
	};
}
