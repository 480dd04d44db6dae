import type { IDataObject } from 'n8n-workflow';

import { clock } from '../clock';
import { filterFor, not, where } from '../query/filter';
import type { FilterShape } from '../transport/paths';

/**
 * Where the last poll stopped: the time (in the source's `orderBy` field) of the last row
 * emitted, and every id emitted at it.
 */
export interface Cursor {
	at: string;
	idsAtCursor: string[];
}

/** A cursor as the workflow's static data holds it. */
export function savedCursor(saved: unknown): Cursor | undefined {
	if (!saved || typeof saved !== 'object') return undefined;
	const { at, idsAtCursor } = saved as Partial<Cursor>;
	return at === undefined ? undefined : { at, idsAtCursor: idsAtCursor ?? [] };
}

export interface QueryBody {
	filter?: IDataObject | IDataObject[];
	sort: Array<{ attribute: string; direction: 'asc' | 'desc' }>;
	limit: number;
	offset: number;
}

export interface PollSource {
	/** One page of the query endpoint, within `maxWaitMs` (retries included). */
	query: (body: QueryBody, maxWaitMs: number) => Promise<IDataObject[]>;
	/** The filter shape of the endpoint queried (transport/paths.ts, `queries`). */
	shape: FilterShape;
	/** The user's extra filter, if any. */
	filter?: IDataObject | IDataObject[];
	/** The timestamp the rows come in order of: `createdAt` unless said otherwise. */
	orderBy?: string;
	/** Conditions every row read must also meet, such as "not completed". */
	conditions?: IDataObject[];
}

/** How much one poll may do: n8n abandons a poll that runs too long, and its work with it. */
export interface PollBounds {
	/** Rows one poll emits at most; a larger backlog drains over the next polls. */
	maxRows: number;
	pageSize: number;
	/** Wall-clock time one poll may spend, in milliseconds. */
	budgetMs: number;
}

export const POLL_BOUNDS: PollBounds = { maxRows: 1_000, pageSize: 100, budgetMs: 25_000 };

/**
 * Where a cursor starts when the collection (or list) is empty: before anything, so that
 * whatever appears later is new. The cursor only ever holds timestamps the server wrote,
 * never this host's clock, which may run ahead of the server's and skip records for good.
 */
export const BEFORE_ANYTHING = '1970-01-01T00:00:00.000Z';

const idOf = (row: IDataObject) => String(row._id);
const orderOf = (source: PollSource) => source.orderBy ?? 'createdAt';
const timeOf = (source: PollSource, row: IDataObject) => String(row[orderOf(source)]);

const withConditions = (
	source: PollSource,
	conditions: IDataObject[],
	{ userFilter = true } = {},
) => filterFor(source.shape, userFilter ? source.filter : undefined, source.conditions, conditions);

/**
 * The rows after the cursor, as a keyset: their time at or after it, less the ids already
 * emitted at its exact timestamp. Every page starts at offset 0 from the cursor moved past
 * the page before, so a row deleted while the poll pages shifts nothing into a page already
 * read, and rows sharing a timestamp across pages are neither skipped nor repeated. An id is
 * left out only while its time is still the cursor's: an activity completed again, or an
 * entry updated again, has a later time and comes again.
 */
function afterCursor(source: PollSource, cursor: Cursor): IDataObject | IDataObject[] | undefined {
	const order = orderOf(source);
	const conditions = [where(order, '$gte', cursor.at)];
	if (cursor.idsAtCursor.length)
		conditions.push(not(where(order, '$lte', cursor.at), where('_id', '$in', cursor.idsAtCursor)));
	return withConditions(source, conditions);
}

/** The cursor moved past `rows`, oldest first, which all come after `previous`. */
export function cursorAfter(source: PollSource, rows: IDataObject[], previous: Cursor): Cursor {
	if (rows.length === 0) return previous;
	const newest = timeOf(source, rows[rows.length - 1]);
	const idsAtNewest = rows.filter((row) => timeOf(source, row) === newest).map(idOf);
	return {
		at: newest,
		idsAtCursor:
			newest === previous.at
				? [...new Set([...previous.idsAtCursor, ...idsAtNewest])]
				: idsAtNewest,
	};
}

/** What one read after a cursor found: its rows, the cursor past them, and whether it reached the end. */
export interface Read {
	rows: IDataObject[];
	cursor: Cursor;
	/** True when the last page was short: nothing more matched when it was read. */
	complete: boolean;
}

/**
 * Reads the rows after `cursor`, oldest first, page by page, until there are no more, the
 * poll has `maxRows`, or its time is spent. A page that fails once rows were read ends the
 * poll with those rows: the next poll goes on from the last of them.
 */
export async function readAfter(
	source: PollSource,
	start: Cursor,
	bounds: PollBounds,
	startedAt = clock.now(),
): Promise<Read> {
	const rows: IDataObject[] = [];
	let cursor = start;
	const sort: QueryBody['sort'] = [{ attribute: orderOf(source), direction: 'asc' }];
	while (rows.length < bounds.maxRows) {
		const left = startedAt + bounds.budgetMs - clock.now();
		if (left <= 0) break;
		const limit = Math.min(bounds.pageSize, bounds.maxRows - rows.length);
		const filter = afterCursor(source, cursor);
		const body: QueryBody = { ...(filter ? { filter } : {}), sort, limit, offset: 0 };
		// Once rows were read, a failing page ends the poll with them instead of losing them.
		const page =
			rows.length === 0
				? await source.query(body, left)
				: await source.query(body, left).catch(() => undefined);
		if (!page) break;
		// A server that ignores part of the keyset must not make a row come twice, and a row
		// without a time (an activity not completed) cannot be placed in it.
		const seen = new Set(cursor.idsAtCursor);
		const fresh = page.filter(
			(row) =>
				typeof row[orderOf(source)] === 'string' &&
				!(timeOf(source, row) === cursor.at && seen.has(idOf(row))),
		);
		rows.push(...fresh);
		cursor = cursorAfter(source, fresh, cursor);
		if (page.length < limit) return { rows, cursor, complete: true };
		if (fresh.length === 0) break;
	}
	return { rows, cursor, complete: false };
}

/** The newest row: matching the user's filter for a manual "fetch test event", or any. */
export async function latest(
	source: PollSource,
	{ userFilter = true } = {},
	maxWaitMs = POLL_BOUNDS.budgetMs,
): Promise<IDataObject | undefined> {
	const filter = withConditions(source, [], { userFilter });
	const sort: QueryBody['sort'] = [{ attribute: orderOf(source), direction: 'desc' }];
	const [row] = await source.query(
		{ ...(filter ? { filter } : {}), sort, limit: 1, offset: 0 },
		maxWaitMs,
	);
	return row;
}

/**
 * One poll. The first one only sets the cursor at the newest existing row, whatever the
 * user's filter (or before anything when there is none), so nothing old is emitted. Later
 * ones emit the rows after the cursor, oldest first, at most `maxRows` and within
 * `budgetMs`, and move the cursor to the last row emitted: a backlog drains over several
 * polls, each row once.
 */
export async function poll(
	source: PollSource,
	cursor: Cursor | undefined,
	bounds: PollBounds = POLL_BOUNDS,
): Promise<{ rows: IDataObject[]; cursor: Cursor }> {
	const startedAt = clock.now();
	if (!cursor) {
		const newest = await latest(source, { userFilter: false }, bounds.budgetMs);
		const newestTime = newest?.[orderOf(source)];
		const start: Cursor = {
			at: typeof newestTime === 'string' ? newestTime : BEFORE_ANYTHING,
			idsAtCursor: [],
		};
		// What shares the newest timestamp (or came since) is old too: the cursor moves past it.
		const { cursor: baseline } = await readAfter(source, start, bounds, startedAt);
		return { rows: [], cursor: baseline };
	}
	const { rows, cursor: next } = await readAfter(source, cursor, bounds, startedAt);
	return { rows, cursor: next };
}
