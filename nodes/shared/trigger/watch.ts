import type { IDataObject } from 'n8n-workflow';

import { InputError, isPlainObject, setOwn } from '../input';
import { simplifyValue } from '../simplify';
import { digestOf } from '../memory';
import { filterFor } from '../query/filter';
import type { Cursor, PollBounds, PollSource, QueryBody } from './poll';
import { BEFORE_ANYTHING, cursorAfter, pagesAfter } from './poll';

/**
 * Records carry no modification time (docs/api.md §2.3): the change events compare passes over
 * the view. A pass spans as many polls as it needs, so one poll's cost stays bounded.
 */

/** At most `maxItems` changes emitted a poll, the rest at the next polls. */
export interface WatchBounds extends PollBounds {
	maxRecords: number;
	maxItems: number;
}

/**
 * A poll reads as far as its time allows (`budgetMs`), not a number of records: at a service
 * that answers at once a pass, the first one (taking stock) included, ends within one poll,
 * and a change to a record the first pass has not read yet is lost only for those seconds.
 */
export const WATCH_BOUNDS: WatchBounds = {
	maxRows: 20_000,
	pageSize: 100,
	budgetMs: 25_000,
	maxRecords: 20_000,
	maxItems: 1_000,
};

/** A watched value longer than this, as JSON, is kept as a digest: a change is seen, not its previous value. */
const KEPT_CHARACTERS = 64;

/** A long value as kept: `{ '#': digest }`, a shape no simplified value has. */
type Digest = { '#': string };
const isDigest = (value: unknown): value is Digest =>
	isPlainObject(value) && Object.keys(value).length === 1 && typeof value['#'] === 'string';

const NOT_ATTRIBUTES = new Set(['_id', 'createdAt', 'updatedAt', '__v']);

/**
 * What is kept of a record: `[mark, ...values]` of chosen attributes, so a change has its previous
 * value; with all watched, `mark` and a short digest per attribute (2 MB for 20,000 records, not 11).
 */
export type Print = string | [number, ...unknown[]];

/** Kept in the workflow's static data between polls; reset when the settings (`of`) change. */
export interface WatchState {
	of: string;
	pass: Cursor;
	/** 0 or 1: the mark of the records seen by the pass under way. */
	mark: number;
	/** False until one whole pass was made: the first pass only takes the baseline. */
	baselined: boolean;
	/** With all attributes watched, every attribute key seen, in the order of the digests. */
	keys: string[];
	prints: Record<string, Print>;
	/** Records found gone beyond one poll's bound, as last seen: emitted first at the next polls. */
	removed?: IDataObject[];
}

export interface WatchSettings {
	/** What identifies the watched view and its settings: other settings, other prints. */
	of: string;
	/** The attributes compared; all of each record's when empty. */
	watched: string[];
}

/** A record whose watched values changed, with each change; or one gone from the view. */
export interface Change {
	record: IDataObject;
	changes: IDataObject;
	removed?: true;
}

const DIGEST_CHARACTERS = 4;
const NO_VALUE = '.'.repeat(DIGEST_CHARACTERS);

/** A watched value as kept: its simplified form (option and status names), or a digest when long. */
function kept(value: unknown): unknown {
	if (value === undefined || value === null) return null;
	const simple = simplifyValue(value);
	const text = JSON.stringify(simple);
	return text.length > KEPT_CHARACTERS ? { '#': digestOf(text).slice(0, 12) } : simple;
}

const digestOfValue = (value: unknown) =>
	value === undefined || value === null
		? NO_VALUE
		: digestOf(JSON.stringify(simplifyValue(value))).slice(0, DIGEST_CHARACTERS);

const markOf = (print: Print) => (typeof print === 'string' ? Number(print[0]) : print[0]);

/** The keys the state's digests stand for, with those of `record` not seen before added. */
function keysWith(keys: string[], record: IDataObject): string[] {
	const added = Object.keys(record).filter(
		(key) => !NOT_ATTRIBUTES.has(key) && !keys.includes(key),
	);
	return added.length ? [...keys, ...added] : keys;
}

export function printOf(
	record: IDataObject,
	watched: string[],
	keys: string[],
	mark: number,
): Print {
	if (watched.length) return [mark, ...watched.map((key) => kept(record[key]))];
	return `${mark}${keys.map((key) => digestOfValue(record[key])).join('')}`;
}

/** The value at `index` of a print: what was kept, a digest, or no value. */
function entryOf(print: Print, index: number): unknown {
	if (typeof print !== 'string') return print[index + 1] ?? null;
	const at = 1 + index * DIGEST_CHARACTERS;
	return print.slice(at, at + DIGEST_CHARACTERS) || NO_VALUE;
}

/** Each watched attribute whose kept value differs: `previous` unless only a digest was kept. */
export function changesBetween(
	before: Print,
	after: Print,
	keys: string[],
	record: IDataObject,
): IDataObject {
	const changes: IDataObject = {};
	keys.forEach((key, index) => {
		const previous = entryOf(before, index);
		if (JSON.stringify(previous) === JSON.stringify(entryOf(after, index))) return;
		const known = typeof before !== 'string' && !isDigest(previous);
		setOwn(changes, key, {
			...(known ? { previous } : {}),
			current: simplifyValue(record[key] ?? null),
		});
	});
	return changes;
}

/** The changes of `record` as if its watched values had just been set: a sample to map fields with. */
export function asIfJustSet(record: IDataObject, watched: string[]): IDataObject {
	const keys = watched.length ? watched : keysWith([], record);
	return changesBetween(printOf({}, keys, keys, 0), printOf(record, keys, keys, 0), keys, record);
}

/** The last values kept of a record gone from the view: its `_id`, and its values where they were kept. */
function lastKnown(id: string, print: Print, keys: string[]): IDataObject {
	const record: IDataObject = { _id: id };
	if (typeof print === 'string') return record;
	keys.forEach((key, index) => {
		const value = entryOf(print, index);
		if (value !== null && !isDigest(value)) setOwn(record, key, value);
	});
	return record;
}

const asRemoval = (record: IDataObject): Change => ({ record, changes: {}, removed: true });

/**
 * Whether the view holds more records than the bound, by one query past it: asked before a
 * first pass, so that a view too large is refused at activation, not once a pass has read that far.
 */
export async function exceedsBound(source: PollSource, bounds: WatchBounds): Promise<boolean> {
	const filter = filterFor(source.shape, source.filter, source.conditions);
	const sort: QueryBody['sort'] = [{ attribute: 'createdAt', direction: 'asc' }];
	const body = { ...(filter ? { filter } : {}), sort, limit: 1, offset: bounds.maxRecords };
	return (await source.query(body, bounds.budgetMs)).length > 0;
}

/** Refuses a view of more than `maxRecords`: their prints would outgrow the workflow's static data. */
export function refuseOversized(watched: number, bounds: WatchBounds): void {
	if (watched <= bounds.maxRecords) return;
	throw new InputError(
		'Collection',
		`more than ${bounds.maxRecords.toLocaleString('en-US')} records match, more than the trigger can watch`,
		'Narrow them with a filter (Filter), so that at most that many records match.',
	);
}

const startOver = (of: string): WatchState => ({
	of,
	pass: { at: BEFORE_ANYTHING, idsAtCursor: [] },
	mark: 0,
	baselined: false,
	keys: [],
	prints: {},
});

/** Takes `record` into the pass under way: its change since the last pass, once a baseline was taken. */
function take(state: WatchState, settings: WatchSettings, record: IDataObject): Change | undefined {
	const id = String(record._id);
	if (!settings.watched.length) state.keys = keysWith(state.keys, record);
	const keys = settings.watched.length ? settings.watched : state.keys;
	const print = printOf(record, settings.watched, keys, state.mark);
	const before = Object.hasOwn(state.prints, id) ? state.prints[id] : undefined;
	setOwn(state.prints, id, print);
	if (before === undefined || !state.baselined) return undefined;
	const changes = changesBetween(before, print, keys, record);
	return Object.keys(changes).length ? { record, changes } : undefined;
}

/**
 * One poll's share of a pass. `saved` is not touched, so a poll that fails or is abandoned
 * changes nothing. A record new to the prints is taken in silently: New Record has it.
 */
export async function watchPoll(
	source: PollSource,
	saved: WatchState | undefined,
	settings: WatchSettings,
	bounds: WatchBounds = WATCH_BOUNDS,
	wanted: (change: Change) => boolean = () => true,
): Promise<{ changes: Change[]; state: WatchState }> {
	const state: WatchState =
		saved?.of === settings.of
			? { ...saved, keys: saved.keys ?? [], prints: { ...saved.prints } }
			: startOver(settings.of);
	// Removals found at the end of a pass beyond one poll's bound come first.
	const removed = state.removed ?? [];
	const changes: Change[] = removed.slice(0, bounds.maxItems).map(asRemoval);
	state.removed = removed.slice(bounds.maxItems);
	if (changes.length >= bounds.maxItems) return { changes, state };
	// Page by page, so that a pass stopped at the bound reads no page it would not use.
	let complete = false;
	let stopped = false;
	for await (const page of pagesAfter(source, state.pass, bounds)) {
		const before = state.pass;
		let seen = 0;
		for (const record of page.rows) {
			// At the bound, the pass stops before this record: the next poll reads on from it.
			if (changes.length >= bounds.maxItems) break;
			seen += 1;
			const change = take(state, settings, record);
			if (change && wanted(change)) changes.push(change);
		}
		stopped = seen < page.rows.length;
		state.pass = stopped ? cursorAfter(source, page.rows.slice(0, seen), before) : page.cursor;
		complete = page.complete;
		if (stopped || changes.length >= bounds.maxItems) break;
	}
	if (complete && !stopped) {
		// The pass has seen the whole view: a record it did not see has left it.
		const keys = settings.watched.length ? settings.watched : state.keys;
		const gone: IDataObject[] = [];
		for (const [id, print] of Object.entries(state.prints)) {
			if (markOf(print) === state.mark) continue;
			if (state.baselined && wanted(asRemoval(lastKnown(id, print, keys))))
				gone.push(lastKnown(id, print, keys));
			delete state.prints[id];
		}
		const room = bounds.maxItems - changes.length;
		changes.push(...gone.slice(0, room).map(asRemoval));
		state.removed = gone.slice(room);
		Object.assign(state, {
			pass: startOver(state.of).pass,
			mark: 1 - state.mark,
			baselined: true,
		});
	}
	return { changes, state };
}
