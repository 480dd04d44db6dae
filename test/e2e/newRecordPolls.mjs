// The Records Trigger's New Record event: Fetch Test Event; then active, polled by n8n: people
// created right after activation, a backlog of 5,000 behind a rate limit, rows deleted while a
// poll pages. Each new person is emitted once (durableScheduler.mjs: polls run again).
import assert from 'node:assert/strict';

import { waitFor } from '../rig/processes.mjs';
import { fromList } from './messageSends.mjs';
import { namesAre, PEOPLE } from './parameters.mjs';
import {
	addPeople,
	assertEmittedOnce,
	isPeopleQuery,
	newPeople,
	peopleTrigger,
	pollSpans,
	seconds,
} from './pollParts.mjs';

export const newRecordPollsCases = [
	{
		file: 'trigger-new-record',
		lines: 'every',
		title: 'Workspace Records Trigger: new people',
		node: 'workspaceRecordsTrigger',
		trigger: true,
		parameters: { event: 'newRecord', collectionId: fromList(PEOPLE, 'People') },
		// "Fetch Test Event" in the editor: the newest record, to map fields from.
		requests: [
			[
				'POST',
				`/api/v1/collection-records/${PEOPLE}/query`,
				{ sort: [{ attribute: 'createdAt', direction: 'desc' }], limit: 1, offset: 0 },
			],
		],
		check: namesAre('Linus Turing'),
	},
	// The trigger, active: n8n's scheduler polls it every 5 s (see EVERY_5_SECONDS).
	{
		file: 'trigger-new-record-right-away',
		lines: 'every',
		title: 'Workspace Records Trigger: people created right after activation',
		...peopleTrigger('newRecord'),
		durable: true,
		// Before n8n's first scheduled poll: under its durable poll scheduler, the window that
		// was lost when the activation poll's position was dropped.
		during: async (sandbox) => ({
			expected: await newPeople(sandbox, ['Right after activation 1', 'Right after activation 2']),
		}),
		withinSeconds: 30,
		check: (runs, sandbox, { expected }) =>
			`${assertEmittedOnce(runs, expected)} people emitted, each once`,
	},
	{
		file: 'trigger-new-record-backlog',
		title: 'Workspace Records Trigger: 5,000 new people behind a rate limit of 1 request/s',
		...peopleTrigger('newRecord'),
		setup: (sandbox) => sandbox.rateLimit({ rate: 1, burst: 1 }),
		// Created between two polls, by others in the workspace.
		during: async (sandbox) => {
			const since = sandbox.requests.length;
			return { expected: addPeople(sandbox, 5000, 'e1', 'Backlog').map((row) => row._id), since };
		},
		withinSeconds: 240,
		// At most 1,000 rows a poll, so at least five polls. How long each poll read depends on
		// the machine: it is reported; the 25 s a poll may read is pinned on the virtual clock
		// (test/nodes/shared/trigger/poll.test.ts).
		check: (runs, sandbox, { expected, since }) => {
			const emitted = assertEmittedOnce(runs, expected);
			assert.ok(
				runs.every((run) => run.items.length <= 1000),
				`rows a poll: ${runs.map((run) => run.items.length).join(', ')}`,
			);
			const spans = pollSpans(sandbox, runs, since);
			return `${emitted} rows in ${runs.length} polls (${runs.map((run) => run.items.length).join(', ')}), each ${spans.map(seconds).join(', ')}`;
		},
	},
	{
		file: 'trigger-new-record-deleted-while-paging',
		title: 'Workspace Records Trigger: 1,000 new people, the 50 oldest deleted while a poll pages',
		...peopleTrigger('newRecord'),
		// Slow enough that the poll is still paging when they go.
		setup: (sandbox) => sandbox.rateLimit({ rate: 0.5, burst: 1 }),
		during: async (sandbox) => {
			const since = sandbox.requests.length;
			const rows = addPeople(sandbox, 1000, 'e2', 'Paged');
			// The first page of the poll that reads them has been answered: the 50 oldest go.
			await waitFor(
				'the first page after the new rows',
				() => sandbox.requests.slice(since).some((r) => isPeopleQuery(r) && r.status === 200),
				{
					timeoutMs: 60_000,
					everyMs: 10,
				},
			);
			const deleted = rows.slice(0, 50).map((row) => row._id);
			for (const id of deleted) sandbox.state.records.get(PEOPLE).delete(id);
			return {
				expected: rows.slice(50).map((row) => row._id),
				deleted,
				since,
				deletedAfter: sandbox.requests.length,
			};
		},
		withinSeconds: 120,
		check: (runs, sandbox, { expected, deleted, since, deletedAfter }) => {
			const emitted = assertEmittedOnce(runs, expected, deleted);
			// The deletion came while the poll paged: it read pages after it (before it emitted).
			const lastEmitted = Math.max(...runs.map((run) => run.startedAt));
			const pagesAfter = sandbox.requests
				.slice(deletedAfter)
				.filter((r) => isPeopleQuery(r) && r.status === 200 && r.at < lastEmitted).length;
			assert.ok(pagesAfter >= 1, 'no page was read after the deletion');
			// How long each poll read is reported, not bounded (see trigger-new-record-backlog).
			const spans = pollSpans(sandbox, runs, since);
			const deletedEmitted = runs
				.flatMap((run) => run.items)
				.filter((json) => deleted.includes(json._id)).length;
			return `${emitted} rows in ${runs.length} polls (${runs.map((run) => run.items.length).join(', ')}), ${deletedEmitted} of the 50 deleted among them (read before they went), ${pagesAfter} pages read after the deletion; each poll ${spans.map(seconds).join(', ')}`;
		},
	},
];
