// Workspace Activities' operations, and the time zone a date without an offset is read in (the
// workflow's, or the Time Zone typed in): one case each.
import assert from 'node:assert/strict';

import { fromList } from './messageSends.mjs';
import { ACTIVITY, ADA, byId, ids, namesAre, outputIs, PEOPLE } from './parameters.mjs';

/** Create an activity "Call" at `scheduleAt`, a date without an offset (`zone`: Time Zone). */
const aCall = (scheduleAt, zone = {}) => ({
	resource: 'activity',
	operation: 'create',
	name: 'Call',
	scheduleAt,
	...zone,
	iconType: 'interaction',
	interactionIcon: 'call',
});
/** The request that creates the call, at `scheduleAt` in UTC. */
const callSent = (scheduleAt) => [
	'POST',
	'/api/v1/collection-records/activity-list',
	{ name: 'Call', scheduleAt, iconType: 'interaction', iconValue: 'call' },
];

export const activitiesCases = [
	{
		file: 'activities-create',
		lines: 'every',
		title: 'Workspace Activities: schedule a follow-up call',
		node: 'workspaceActivities',
		parameters: {
			resource: 'activity',
			operation: 'create',
			name: 'Follow-up call',
			scheduleAt: '2026-11-23T10:30:00+01:00',
			iconType: 'interaction',
			interactionIcon: 'call',
			additionalFields: {
				associatedCollection: fromList(PEOPLE, 'People'),
				associatedRecord: fromList(ADA, 'Ada Lovelace'),
				description: 'About the renewal',
			},
		},
		requests: [
			[
				'POST',
				'/api/v1/collection-records/activity-list',
				{
					name: 'Follow-up call',
					scheduleAt: '2026-11-23T09:30:00.000Z',
					iconType: 'interaction',
					iconValue: 'call',
					associated: ADA,
					description: 'About the renewal',
				},
			],
		],
		check: (items) => assert.equal(items[0].json.scheduleAt, '2026-11-23T09:30:00.000Z'),
	},
	{
		file: 'activities-create-in-berlin',
		lines: 'every',
		title: 'Workspace Activities: a call at 10:30 in a Berlin workflow',
		node: 'workspaceActivities',
		// Workflow Settings → Timezone: a date picked without an offset is read in it.
		timezone: 'Europe/Berlin',
		parameters: aCall('2026-11-23T10:30:00'),
		requests: [callSent('2026-11-23T09:30:00.000Z')],
		check: (items) => assert.equal(items[0].json.scheduleAt, '2026-11-23T09:30:00.000Z'),
	},
	{
		file: 'activities-create-time-zone',
		title:
			'Workspace Activities: a call at 10:00 Tokyo time (Time Zone typed in), output completed false',
		node: 'workspaceActivities',
		// No Workflow Settings → Timezone (n8n's default, America/New_York): Time Zone wins.
		parameters: aCall('2026-11-23T10:00:00', { timeZone: 'Asia/Tokyo' }),
		requests: [callSent('2026-11-23T01:00:00.000Z')],
		check: (items) => {
			const { scheduleAt, completed, completedTime } = items[0].json;
			assert.deepEqual(
				{ scheduleAt, completed, completedTime },
				{
					scheduleAt: '2026-11-23T01:00:00.000Z',
					completed: false,
					completedTime: null,
				},
			);
		},
	},
	{
		file: 'activities-get',
		title: 'Workspace Activities: get an activity',
		node: 'workspaceActivities',
		parameters: { resource: 'activity', operation: 'get', activityId: byId(ACTIVITY) },
		requests: [['GET', `/api/v1/collection-records/activity-list/${ACTIVITY}`]],
		check: (items) => assert.deepEqual(ids(items), [ACTIVITY]),
	},
	{
		file: 'activities-get-many',
		title: 'Workspace Activities: open calls, soonest first',
		node: 'workspaceActivities',
		parameters: {
			resource: 'activity',
			operation: 'getAll',
			returnAll: true,
			filterMode: 'conditions',
			conditions: { condition: [{ attribute: 'name', operator: 'startsWith', value: 'Call' }] },
			sort: { key: [{ attribute: 'scheduleAt', direction: 'asc' }] },
		},
		requests: [
			[
				'POST',
				'/api/v1/collection-records/activity-list/query',
				{
					filter: [{ name: { $starts_with: 'Call' } }],
					sort: [{ attribute: 'scheduleAt', direction: 'asc' }],
					limit: 100,
					offset: 0,
				},
			],
		],
		check: namesAre('Call #1', 'Call #5', 'Call #9'),
	},
	{
		file: 'activities-update',
		title: 'Workspace Activities: reschedule an activity',
		node: 'workspaceActivities',
		parameters: {
			resource: 'activity',
			operation: 'update',
			activityId: byId(ACTIVITY),
			updateFields: { scheduleAt: '2026-12-24T08:00:00Z' },
		},
		requests: [
			[
				'PATCH',
				`/api/v1/collection-records/activity-list/${ACTIVITY}`,
				{ scheduleAt: '2026-12-24T08:00:00.000Z' },
			],
			['GET', `/api/v1/collection-records/activity-list/${ACTIVITY}`],
		],
		check: (items) => assert.equal(items[0].json.scheduleAt, '2026-12-24T08:00:00.000Z'),
	},
	{
		file: 'activities-delete',
		title: 'Workspace Activities: delete an activity',
		node: 'workspaceActivities',
		parameters: { resource: 'activity', operation: 'delete', activityId: byId(ACTIVITY) },
		requests: [['DELETE', `/api/v1/collection-records/activity-list/${ACTIVITY}`]],
		check: outputIs({ deleted: true, _id: ACTIVITY }),
	},
];
