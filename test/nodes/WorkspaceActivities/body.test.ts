import { buildActivityBody } from '../../../nodes/WorkspaceActivities/resources/activity/body';

test('create needs a title, a date and an icon; empty optional fields are left out', () => {
	expect(
		buildActivityBody(
			{
				name: 'Call',
				scheduleAt: '2026-11-23T10:30:00+01:00',
				iconType: 'interaction',
				iconValue: 'call',
				description: '',
				status: 's1',
			},
			{ partial: false, timeZone: 'UTC' },
		),
	).toEqual({
		name: 'Call',
		scheduleAt: '2026-11-23T09:30:00.000Z',
		iconType: 'interaction',
		iconValue: 'call',
		status: 's1',
	});
	expect(() =>
		buildActivityBody({ name: ' ', scheduleAt: '2026-11-23' }, { partial: false, timeZone: 'UTC' }),
	).toThrow('Title: the activity has no title');
	expect(() =>
		buildActivityBody({ name: 'Call', scheduleAt: 'soon' }, { partial: false, timeZone: 'UTC' }),
	).toThrow('Schedule At: "soon" is not a date');
});

test('update sends only what was given; an icon type needs its value', () => {
	expect(buildActivityBody({ description: 'Moved' }, { partial: true, timeZone: 'UTC' })).toEqual({
		description: 'Moved',
	});
	expect(() =>
		buildActivityBody({ iconType: 'emoji', iconValue: '' }, { partial: true, timeZone: 'UTC' }),
	).toThrow(/^Icon: no icon given/);
});

test('Schedule At without an offset is read in the workflow time zone', () => {
	expect(
		buildActivityBody(
			{ scheduleAt: '2026-11-23T10:30:00' },
			{ partial: true, timeZone: 'Europe/Berlin' },
		),
	).toEqual({
		scheduleAt: '2026-11-23T09:30:00.000Z',
	});
});
