// The Activities Trigger (activities completed, an activity falling due) and the Lists Trigger
// (list entries updated), active and polled by n8n: each activity or entry emitted once.
import assert from 'node:assert/strict';

import { waitFor } from '../rig/processes.mjs';
import { fromList } from './messageSends.mjs';
import { ENTRY, HOT_LEADS, SEVENTH_PERSON } from './parameters.mjs';
import { activeTrigger, assertEmittedOnce, isActivityQuery, throughApi } from './pollParts.mjs';

export const activityAndListPollsCases = [
	{
		file: 'trigger-activity-completed',
		lines: 'every',
		title: 'Workspace Activities Trigger: activities completed',
		...activeTrigger('workspaceActivitiesTrigger', { event: 'activityCompleted' }),
		durable: true,
		// Others complete two open activities, through the API (moving them to Done).
		during: async (sandbox) => {
			const open = [...sandbox.state.records.get('activity-list').values()].filter(
				(activity) => activity.completedTime === false,
			);
			const completed = open.slice(0, 2).map((activity) => activity._id);
			for (const id of completed)
				await throughApi(sandbox, 'PATCH', `/collection-records/activity-list/${id}`, {
					status: 'Done',
				});
			return { expected: completed };
		},
		withinSeconds: 60,
		check: (runs, sandbox, { expected }) =>
			`${assertEmittedOnce(runs, expected)} activities emitted, each once`,
	},
	{
		file: 'trigger-activity-due',
		title: 'Workspace Activities Trigger: an activity falls due',
		...activeTrigger('workspaceActivitiesTrigger', { event: 'activityDue', minutesBefore: 1 }),
		// The seed's open activities were due before the activation: none of them may come. After
		// it, through the API: a meeting due in 40 s (so within the minute before due at once)
		// and one tomorrow; once the meeting has fired, a call due sooner than it (in 20 s) and
		// one logged late, due a minute ago. Due times are not creation order: each fires once.
		durable: true,
		during: async (sandbox) => {
			const at = (ms) => new Date(Date.now() + ms).toISOString();
			const schedule = async (name, scheduleAt) =>
				(
					await throughApi(sandbox, 'POST', '/collection-records/activity-list', {
						name,
						scheduleAt,
						iconType: 'emoji',
						iconValue: '📞',
					})
				)._id;
			const meeting = await schedule('Meeting', at(40_000));
			await schedule('Call back tomorrow', at(86_400_000));
			const since = sandbox.requests.length;
			// Two polls after the meeting's creation, so that it has fired.
			await waitFor(
				'two polls after the meeting',
				() => sandbox.requests.slice(since).filter(isActivityQuery).length >= 4,
				{ timeoutMs: 30_000, everyMs: 100 },
			);
			const call = await schedule('Call, due sooner', at(20_000));
			const late = await schedule('Logged late', at(-60_000));
			return { expected: [meeting, call, late] };
		},
		withinSeconds: 60,
		check: (runs, sandbox, { expected }) => {
			const emitted = assertEmittedOnce(runs, expected);
			const names = runs.map((run) => run.items.map((item) => item.name).join(' + '));
			assert.equal(names[0], 'Meeting', `the first run: ${names.join(', ')}`);
			return `${emitted} activities emitted, each once, in runs: ${names.join(', ')}; none of the seed's overdue ones`;
		},
	},
	{
		file: 'trigger-list-entry-updated',
		lines: 'every',
		title: 'Workspace Lists Trigger: hot leads whose entry changed',
		...activeTrigger('workspaceListsTrigger', {
			event: 'listEntryUpdated',
			listId: fromList(HOT_LEADS, 'Hot Leads'),
		}),
		durable: true,
		// Through the API: an entry's note changes twice; a person is added to the list (that
		// is New List Entry's event, not this one).
		during: async (sandbox) => {
			await throughApi(sandbox, 'PATCH', `/list-entries/${HOT_LEADS}/${ENTRY}`, {
				note: 'Called back',
			});
			await throughApi(sandbox, 'PATCH', `/list-entries/${HOT_LEADS}/${ENTRY}`, {
				note: 'Called again',
			});
			await throughApi(sandbox, 'POST', `/list-entries/${HOT_LEADS}`, {
				recordId: SEVENTH_PERSON,
			});
			return { expected: [ENTRY] };
		},
		withinSeconds: 60,
		check: (runs, sandbox, { expected }) => {
			const emitted = assertEmittedOnce(runs, expected);
			const [entry] = runs.flatMap((run) => run.items);
			assert.equal(entry.note, 'Called again');
			return `${emitted} entry emitted once, as it was after the second change; the entry only added, not at all`;
		},
	},
];
