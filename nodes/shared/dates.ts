import { describeValue, InputError, isDateLike, textIn } from './input';

/** ISO 8601 without an offset: a date, or a date and a wall-clock time. */
const NAIVE_ISO =
	/^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/;
/** ISO 8601 with `Z` or an offset such as +01:00. */
const ZONED_ISO =
	/^\d{4}-\d{1,2}-\d{1,2}[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:[zZ]|[+-]\d{2}:?\d{2})$/;
export const LOOKS_LIKE_DATE = /^\d{4}-\d{1,2}-\d{1,2}/;

/** How far `timeZone` is ahead of UTC at the instant `utcMs`, in milliseconds. */
function offsetAt(utcMs: number, timeZone: string): number {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone,
		hourCycle: 'h23',
		year: 'numeric',
		month: 'numeric',
		day: 'numeric',
		hour: 'numeric',
		minute: 'numeric',
		second: 'numeric',
	}).formatToParts(new Date(utcMs));
	const part = (type: Intl.DateTimeFormatPartTypes) =>
		Number(parts.find((p) => p.type === type)?.value);
	const wall = Date.UTC(
		part('year'),
		part('month') - 1,
		part('day'),
		part('hour'),
		part('minute'),
		part('second'),
	);
	return wall - (utcMs - (((utcMs % 1000) + 1000) % 1000));
}

const DAY = 24 * 60 * 60 * 1000;
/** The last instant a JavaScript date can hold, either side of 1970. */
const LATEST_MS = 8.64e15;

/** A zoned ISO text as the parser takes it: "T" between date and time, no space before the offset. */
const asIsoInstant = (text: string) =>
	text.replace(/^(\S+)\s+(?=\d)/, '$1T').replace(/\s+(?=[zZ+-][^T]*$)/, '');

/**
 * Across a daylight-saving change, a time that exists twice takes the earlier instant and a
 * skipped one moves forward by the gap: the "compatible" rule of Temporal and java.time.
 */
function wallTimeToUtc(wallMs: number, timeZone: string): number {
	const before = offsetAt(wallMs - DAY, timeZone);
	const after = offsetAt(wallMs + DAY, timeZone);
	const fitting = [before, after]
		.map((offset) => wallMs - offset)
		.filter((utc) => wallMs - offsetAt(utc, timeZone) === utc);
	return fitting.length ? Math.min(...fitting) : wallMs - before;
}

function naiveToUtc(text: string, timeZone: string): number | undefined {
	const match = NAIVE_ISO.exec(text);
	if (!match) return undefined;
	const [year, month, day, hour = '0', minute = '0', second = '0', ms = '0'] = match.slice(1);
	const wall = Date.UTC(
		+year,
		+month - 1,
		+day,
		+hour,
		+minute,
		+second,
		Number(ms.padEnd(3, '0')),
	);
	const roundTrip = new Date(wall);
	if (roundTrip.getUTCDate() !== +day || roundTrip.getUTCMonth() !== +month - 1) return Number.NaN;
	return wallTimeToUtc(wall, timeZone);
}

/**
 * UTC, `YYYY-MM-DDTHH:mm:ss.SSSZ` (docs/api.md §4.1). A time without an offset, as n8n's date
 * picker gives, is read in the workflow's `timeZone`, as n8n's own nodes do.
 */
export function toUtcIso(value: unknown, timeZone: string, field: string): string {
	let ms: number | undefined;
	if (isDateLike(value)) ms = value instanceof Date ? value.getTime() : value.toMillis();
	else if (typeof value === 'number') ms = value;
	else {
		const text = String(value ?? '').trim();
		if (!text)
			throw new InputError(
				field,
				'no date given',
				'Pick a date and time, or give one with an expression.',
			);
		ms = ZONED_ISO.test(text)
			? Date.parse(asIsoInstant(text))
			: naiveToUtc(text, timeZone || 'UTC');
	}
	if (ms !== undefined && Math.abs(ms) > LATEST_MS) {
		throw new InputError(
			field,
			`${String(value)} is too far from today to be a date`,
			'Give epoch milliseconds, such as 1795600000000, or an ISO date.',
		);
	}
	if (ms === undefined || !Number.isFinite(ms)) {
		throw new InputError(
			field,
			`${describeValue(value)} is not a date`,
			'Give a date such as 2026-11-22, 2026-11-22T15:30:00 (read in the workflow time zone) or 2026-11-22T15:30:00+01:00, or use an expression like {{ $now.plus({ days: 1 }) }}.',
		);
	}
	return new Date(ms).toISOString();
}

/** Schedule At of activities: any date n8n produces, naive ones in the workflow's time zone. */
export const toScheduleAt = (value: unknown, timeZone: string, field = 'Schedule At') =>
	toUtcIso(value, timeZone, field);

/**
 * The Time Zone a node reads naive dates in: the field's value, checked, or the workflow's when
 * the field is empty. Its default (`={{ $now.zoneName }}`) makes the editor show the zone used.
 */
export function timeZoneOf(value: unknown, workflowTimeZone: string, field = 'Time Zone'): string {
	const zone = textIn(value, field, 'name').trim();
	if (!zone) return workflowTimeZone;
	if (!isTimeZone(zone)) {
		throw new InputError(
			field,
			`"${zone}" is not a time zone`,
			"Give a zone such as Europe/Berlin, America/New_York or UTC; left empty, the workflow's time zone is used.",
		);
	}
	return zone;
}

/** Whether the runtime knows the zone (Intl refuses an unknown one). */
function isTimeZone(zone: string): boolean {
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: zone });
		return true;
	} catch {
		return false;
	}
}
