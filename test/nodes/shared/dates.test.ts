import { toScheduleAt, toUtcIso } from '../../../nodes/shared/dates';

test.each<[string, unknown, string]>([
	['ISO with an offset', '2026-11-22T15:30:00+01:00', '2026-11-22T14:30:00.000Z'],
	['ISO in UTC without milliseconds', '2026-11-22T15:30:00Z', '2026-11-22T15:30:00.000Z'],
	['a space before the offset', '2026-11-22T15:30:00 +01:00', '2026-11-22T14:30:00.000Z'],
	[
		'a space for the T, and an offset without a colon',
		'2026-11-22 15:30:00 +0100',
		'2026-11-22T14:30:00.000Z',
	],
	['a JS Date', new Date(Date.UTC(2026, 10, 22, 8)), '2026-11-22T08:00:00.000Z'],
	['epoch milliseconds', Date.UTC(2026, 0, 1), '2026-01-01T00:00:00.000Z'],
	[
		'a Luxon-like DateTime',
		{ toMillis: () => Date.UTC(2026, 5, 1, 12, 0, 0, 250) },
		'2026-06-01T12:00:00.250Z',
	],
])('an instant keeps its own zone, whatever the workflow time zone: %s', (_, input, expected) => {
	expect(toScheduleAt(input, 'Europe/Berlin')).toBe(expected);
	expect(toScheduleAt(input, 'America/Los_Angeles')).toBe(expected);
});

test.each<[string, string, string]>([
	['2026-11-23T10:30:00', 'Europe/Berlin', '2026-11-23T09:30:00.000Z'],
	['2026-07-01T10:30:00', 'Europe/Berlin', '2026-07-01T08:30:00.000Z'],
	['2026-11-23T10:30:00.250', 'America/New_York', '2026-11-23T15:30:00.250Z'],
	['2026-11-23 10:30', 'Asia/Kolkata', '2026-11-23T05:00:00.000Z'],
	['2026-11-22', 'Europe/Berlin', '2026-11-21T23:00:00.000Z'],
	['2026-11-22', 'UTC', '2026-11-22T00:00:00.000Z'],
	['2026-11-22T10:00:00', '', '2026-11-22T10:00:00.000Z'],
	// 02:30 does not exist on 2026-03-29 in Berlin: it moves forward by the hour skipped.
	['2026-03-29T02:30:00', 'Europe/Berlin', '2026-03-29T01:30:00.000Z'],
	// 02:30 exists twice on 2026-10-25 in Berlin: the earlier one (still summer time) is taken.
	['2026-10-25T02:30:00', 'Europe/Berlin', '2026-10-25T00:30:00.000Z'],
])(
	'a date without an offset is read in the workflow time zone: %s in %s',
	(input, zone, expected) => {
		expect(toUtcIso(input, zone, 'Date')).toBe(expected);
	},
);

test('bad dates name the field', () => {
	expect(() => toScheduleAt('tomorrow-ish', 'UTC')).toThrow(
		'Schedule At: "tomorrow-ish" is not a date',
	);
	expect(() => toScheduleAt('2026-02-30', 'UTC')).toThrow(
		'Schedule At: "2026-02-30" is not a date',
	);
	expect(() => toScheduleAt('', 'UTC')).toThrow('Schedule At: no date given');
	// Epoch milliseconds beyond what a date can hold: a named error, not a bare RangeError.
	expect(() => toScheduleAt(1e20, 'UTC')).toThrow(
		'Schedule At: 100000000000000000000 is too far from today to be a date',
	);
});
