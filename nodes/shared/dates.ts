import { InputError, isPlainObject } from './input';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date as the activity API wants it: UTC, `YYYY-MM-DDTHH:mm:ss.SSSZ` (spec §4.1).
 * Takes what n8n produces: ISO text with or without an offset, a date alone (midnight
 * UTC), a Luxon DateTime or JS Date from an expression, or epoch milliseconds.
 */
export function toScheduleAt(value: unknown, field = 'Schedule At'): string {
	let date: Date;
	if (value instanceof Date) date = value;
	else if (typeof value === 'number') date = new Date(value);
	else if (isPlainObject(value) && typeof value.toMillis === 'function') {
		date = new Date((value.toMillis as () => number)());
	} else {
		const text = String(value ?? '').trim();
		if (!text) throw new InputError(field, 'no date given', 'Pick a date and time, or give one with an expression.');
		date = new Date(DATE_ONLY.test(text) ? `${text}T00:00:00.000Z` : text);
	}
	if (Number.isNaN(date.getTime())) {
		throw new InputError(
			field,
			`"${String(value)}" is not a date`,
			'Give a date such as 2026-11-22T15:30:00+01:00, or use an expression like {{ $now.plus({ days: 1 }) }}.',
		);
	}
	return date.toISOString();
}
