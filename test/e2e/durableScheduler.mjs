// n8n's durable poll scheduler itself (an opt-in of n8n 2.x, `durable: 'only'`): a poll that
// loses its lease is run again, and each new person is still emitted once.
import assert from 'node:assert/strict';

import { waitFor } from '../rig/processes.mjs';
import { fromList } from './messageSends.mjs';
import { PEOPLE } from './parameters.mjs';
import { assertEmittedOnceOr, EVERY_10_SECONDS, newPeople } from './pollParts.mjs';

const PEOPLE_QUERY = `/api/v1/collection-records/${PEOPLE}/query`;
/**
 * In n8n's own database (the durable scheduler's scheduled_task rows): as the first run of a
 * poll starts, its lease has already expired. Runs again (attempts > 0) keep theirs.
 */
const EXPIRE_FIRST_LEASE = `CREATE TRIGGER IF NOT EXISTS e2e_expire_first_lease AFTER UPDATE OF "startedAt" ON scheduled_task WHEN NEW."startedAt" IS NOT NULL AND OLD."startedAt" IS NULL AND NEW.attempts = 0 AND NEW."taskType" = 'workflow:poll-trigger' BEGIN UPDATE scheduled_task SET "leaseExpiresAt" = STRFTIME('%Y-%m-%d %H:%M:%f', 'NOW', '-1 seconds') WHERE id = NEW.id; END`;
const KEEP_LEASES = 'DROP TRIGGER IF EXISTS e2e_expire_first_lease';

export const durableSchedulerCases = [
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
