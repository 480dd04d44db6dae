// The Records Trigger's New Record event: Fetch Test Event; then active, polled by n8n: people
// created right after activation, a backlog of 5,000 behind a rate limit, rows deleted while a
// poll pages, and (under n8n's durable poll scheduler alone) polls run again after losing their
// lease. Each new person is emitted once.
import assert from 'node:assert/strict';

import { waitFor } from '../rig/processes.mjs';
import { fromList } from './messageSends.mjs';
import { namesAre, PEOPLE } from './parameters.mjs';
import {
	addPeople,
	assertEmittedOnce,
	assertEmittedOnceOr,
	EVERY_10_SECONDS,
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
	{
		// The durable scheduler refuses a node id longer than 36 characters (the editor's are
		// UUIDs): the node's is the file's name and '-node'.
		file: 'trigger-poll-run-again',
		lines: '2.x',
		title:
			'Workspace Records Trigger: polls that lose their lease are run again, each new person emitted once',
		node: 'workspaceRecordsTrigger',
		trigger: true,
		active: true,
		// What it is about exists only under n8n's durable poll scheduler.
		durable: 'only',
		parameters: {
			pollTimes: EVERY_10_SECONDS,
			event: 'newRecord',
			collectionId: fromList(PEOPLE, 'People'),
		},
		// n8n's scheduler runs a poll at least once: a poll that outlives its lease is handed out
		// again, and what the first run emits is dropped (its cursor and execution are fenced by
		// the lease). The package keeps its polls within the time n8n grants them, so the lease is
		// made to expire from outside: an SQLite trigger (added from another process) expires the
		// lease of every poll's first run as it starts, while the sandbox takes 2.5 s to answer;
		// n8n's reaper (every second in the durable lane) hands the poll out again 5 s later.
		// Every person is then emitted by a poll run again, and must be emitted once.
		during: async (sandbox, n8nAt) => {
			await n8nAt.sqlite(EXPIRE_FIRST_LEASE);
			try {
				sandbox.addFault({ method: 'POST', path: PEOPLE_QUERY, delayMs: 2500, times: 1000 });
				const ids = await newPeople(sandbox, ['Run again 1', 'Run again 2', 'Run again 3']);
				// While every first run loses its lease: what is emitted is emitted by a run again. A
				// poll already started when the lease trigger came keeps its lease and may emit them
				// first (a busy machine): the wait goes on until a poll run again has ended too.
				const pollTasks = () =>
					n8nAt.sqlite(
						`SELECT attempts, status FROM scheduled_task WHERE "taskType" = 'workflow:poll-trigger' AND "startedAt" IS NOT NULL`,
					);
				const emittedAndRunAgain = async () => {
					const items = (await n8nAt.runs()).flatMap((run) => run.items.map((i) => i._id));
					const runAgain = (await pollTasks()).some(
						(task) => task.attempts > 0 && task.status === 'succeeded',
					);
					return runAgain && ids.every((id) => items.includes(id));
				};
				await waitFor('the new people to be emitted and a poll run again', emittedAndRunAgain, {
					timeoutMs: 60_000,
					everyMs: 1000,
				}).catch(() => undefined);
				const tasks = await pollTasks();
				const readBy = sandbox.requests.filter(
					(r) => r.method === 'POST' && r.path === PEOPLE_QUERY && r.status === 200,
				).length;
				return { expected: ids, tasks, readBy };
			} finally {
				await n8nAt.sqlite(KEEP_LEASES);
			}
		},
		withinSeconds: 20,
		check: (runs, sandbox, { expected, tasks, readBy }) => {
			const runAgain = tasks.filter((task) => task.attempts > 0);
			const polls = `${runAgain.length} polls of ${tasks.length} run again after losing their lease, ${readBy} queries answered`;
			assert.ok(
				runAgain.some((task) => task.status === 'succeeded'),
				`no poll was run again to its end: ${JSON.stringify(tasks)}`,
			);
			const emitted = assertEmittedOnceOr(runs, expected, polls);
			return `${emitted} people emitted, each once; ${polls}`;
		},
	},
];

const PEOPLE_QUERY = `/api/v1/collection-records/${PEOPLE}/query`;
/**
 * In n8n's own database (the durable scheduler's scheduled_task rows): as the first run of a
 * poll starts, its lease has already expired. Runs again (attempts > 0) keep theirs.
 */
const EXPIRE_FIRST_LEASE = `CREATE TRIGGER IF NOT EXISTS e2e_expire_first_lease AFTER UPDATE OF "startedAt" ON scheduled_task WHEN NEW."startedAt" IS NOT NULL AND OLD."startedAt" IS NULL AND NEW.attempts = 0 AND NEW."taskType" = 'workflow:poll-trigger' BEGIN UPDATE scheduled_task SET "leaseExpiresAt" = STRFTIME('%Y-%m-%d %H:%M:%f', 'NOW', '-1 seconds') WHERE id = NEW.id; END`;
const KEEP_LEASES = 'DROP TRIGGER IF EXISTS e2e_expire_first_lease';
