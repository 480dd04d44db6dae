import type { IDataObject } from 'n8n-workflow';

import { clock } from '../clock';
import { filterFor, not, where } from '../query/filter';
import type { FilterShape } from '../transport';

/** The `orderBy` time of the last row emitted, and every id emitted at it. */
export interface Cursor {
	at: string;
	idsAtCursor: string[];
}

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
	/** Retries included. */
	query: (body: QueryBody, maxWaitMs: number) => Promise<IDataObject[]>;
	shape: FilterShape;
	filter?: IDataObject | IDataObject[];
	/** The timestamp rows are ordered by; `createdAt` by default. */
	orderBy?: string;
	/** Conditions every row read must also meet, such as "not completed". */
	conditions?: IDataObject[];
}

/** How much one poll may do: n8n abandons a poll that runs too long, and its work with it. */
export interface PollBounds {
	/** A larger backlog drains over the next polls. */
	maxRows: number;
	pageSize: number;
	budgetMs: number;
}

export const POLL_BOUNDS: PollBounds = { maxRows: 1_000, pageSize: 100, budgetMs: 25_000 };

/** Never this host's clock, which may run ahead of the server's and skip records for good. */
export const BEFORE_ANYTHING = '1970-01-01T00:00:00.000Z';

const idOf = (row: IDataObject) => String(row._id);
const orderOf = (source: PollSource) => source.orderBy ?? 'createdAt';
const timeOf = (source: PollSource, row: IDataObject) => String(row[orderOf(source)]);

/**
 * A keyset, not offsets: a row deleted mid-poll shifts nothing, and rows sharing a timestamp
 * across pages are neither skipped nor repeated. An id is left out only at the cursor's exact
 * time, so a row updated again comes again.
 */
function afterCursor(source: PollSource, cursor: Cursor): IDataObject | IDataObject[] | undefined {
	const order = orderOf(source);
	const conditions = [where(order, '$gte', cursor.at)];
	if (cursor.idsAtCursor.length)
		conditions.push(not(where(order, '$lte', cursor.at), where('_id', '$in', cursor.idsAtCursor)));
	return filterFor(source.shape, source.filter, source.conditions, conditions);
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

export interface Read {
	rows: IDataObject[];
	cursor: Cursor;
	/** The last page was short: nothing more matched. */
	complete: boolean;
}

/**
 * The rows after `start`, a page at a time, each page with the cursor past it: at most
 * `maxRows` in all, until the time is spent. A consumer that stops early keeps the cursor of
 * the last page it took.
 */
export async function* pagesAfter(
	source: PollSource,
	start: Cursor,
	bounds: PollBounds,
	startedAt = clock.now(),
): AsyncGenerator<Read> {
	let cursor = start;
	let read = 0;
	const sort: QueryBody['sort'] = [{ attribute: orderOf(source), direction: 'asc' }];
	while (read < bounds.maxRows) {
		const left = startedAt + bounds.budgetMs - clock.now();
		if (left <= 0) return;
		// Never more than the poll may still take: rows read past its bound would be thrown away.
		const room = bounds.maxRows - read;
		const limit = Math.min(bounds.pageSize, room);
		const filter = afterCursor(source, cursor);
		const body: QueryBody = { ...(filter ? { filter } : {}), sort, limit, offset: 0 };
		// Once rows were read, a failing page ends the poll with them instead of losing them.
		const page =
			read === 0
				? await source.query(body, left)
				: await source.query(body, left).catch(() => undefined);
		if (!page) return;
		// A server that ignores part of the keyset must not repeat a row; a row with no time
		// (an activity not completed) cannot be placed in it. One that answers more than asked
		// must not carry the poll past its bound.
		const seen = new Set(cursor.idsAtCursor);
		const fresh = page
			.filter(
				(row) =>
					typeof row[orderOf(source)] === 'string' &&
					!(timeOf(source, row) === cursor.at && seen.has(idOf(row))),
			)
			.slice(0, room);
		read += fresh.length;
		cursor = cursorAfter(source, fresh, cursor);
		const complete = page.length < limit;
		yield { rows: fresh, cursor, complete };
		if (complete || fresh.length === 0) return;
	}
}

export async function readAfter(
	source: PollSource,
	start: Cursor,
	bounds: PollBounds,
	startedAt = clock.now(),
): Promise<Read> {
	const read: Read = { rows: [], cursor: start, complete: false };
	for await (const page of pagesAfter(source, start, bounds, startedAt)) {
		read.rows.push(...page.rows);
		read.cursor = page.cursor;
		read.complete = page.complete;
	}
	return read;
}

/** The user's filter applies to a manual "fetch test event", not to the first poll's cursor. */
export async function latest(
	source: PollSource,
	{ userFilter = true } = {},
	maxWaitMs = POLL_BOUNDS.budgetMs,
): Promise<IDataObject | undefined> {
	const filter = filterFor(source.shape, userFilter ? source.filter : undefined, source.conditions);
	const sort: QueryBody['sort'] = [{ attribute: orderOf(source), direction: 'desc' }];
	const body = { ...(filter ? { filter } : {}), sort, limit: 1, offset: 0 };
	const [row] = await source.query(body, maxWaitMs);
	return row;
}

/** A first poll emits nothing: it only sets the cursor past the newest row, whatever the filter. */
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
