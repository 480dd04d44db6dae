import { toScheduleAt } from '../../../nodes/shared/dates';

test.each<[string, unknown, string]>([
	['ISO with an offset', '2026-11-22T15:30:00+01:00', '2026-11-22T14:30:00.000Z'],
	['ISO in UTC without milliseconds', '2026-11-22T15:30:00Z', '2026-11-22T15:30:00.000Z'],
	['a date alone', '2026-11-22', '2026-11-22T00:00:00.000Z'],
	['a JS Date', new Date(Date.UTC(2026, 10, 22, 8)), '2026-11-22T08:00:00.000Z'],
	['epoch milliseconds', Date.UTC(2026, 0, 1), '2026-01-01T00:00:00.000Z'],
	['a Luxon-like DateTime', { toMillis: () => Date.UTC(2026, 5, 1, 12, 0, 0, 250) }, '2026-06-01T12:00:00.250Z'],
])('%s', (_, input, expected) => {
	expect(toScheduleAt(input)).toBe(expected);
});

test('bad dates name the field', () => {
	expect(() => toScheduleAt('tomorrow-ish')).toThrow('Schedule At: "tomorrow-ish" is not a date');
	expect(() => toScheduleAt('')).toThrow('Schedule At: no date given');
});
