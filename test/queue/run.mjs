// `npm run test:queue`: this package in n8n's queue mode, the way a scaled n8n runs it: one
// main (webhooks, polling triggers, the queue) and two workers (the executions), PostgreSQL and
// Redis, each n8n process with the package installed in its own user folder, against the
// sandbox. It checks that
//   1. 200 webhook calls create exactly 200 records, the executions running on the workers;
//   2. the polling trigger, active on main, starts one execution per new record, on a worker,
//      and an execution started while no worker runs waits in Redis and runs when one is back;
//   3. the WhatsApp trigger at n8n's webhook process: messages and a delivery status, each
//      emitted once, also when the workspace delivers them again after that process restarted;
//   4. Wait for Delivery and Send and Wait for Response (waits.mjs; Workspace SMS's operation and
//      the old Workspace Send and Wait): the send on a worker, the post-back or
//      the answer taken by the webhook process or main, the rest of the run on a worker, once;
//      ten executions waiting at once; the time limit ended by main's wait tracker;
//   5. a worker stopped in the middle of a batch (SIGKILL, then another with SIGTERM): what n8n
//      does with its executions is reported, and the package must not have duplicated or lost
//      anything n8n did not.
// Everything it starts (PostgreSQL, Redis, n8n) lives in a temporary folder on ports from the
// OS, and is stopped and removed at the end, also on failure or Ctrl-C. Only n8n 2.40.7.
// The last line is `N passed, M failed` (CI reads it); the exit code is 1 on any failure.
import {
	callWebhooks,
	count,
	createCompany,
	PEOPLE,
	recordsNamed,
	settled,
	TRIGGER_WORKFLOW,
	triggerEmissions,
	waitForEmissions,
	WEBHOOK_WORKFLOW,
	WHATSAPP_TRIGGER,
	WHATSAPP_WORKFLOW,
	whatsAppUrls,
} from './cluster.mjs';
import { deliveryStatus, postStatus, WHATSAPP_SECRET_HEADER } from '../e2e/whatsAppTrigger.mjs';
import { cleanUp, isStopping, stopOnSignals, stopProcess, waitFor } from '../rig/processes.mjs';
import { createReporter } from '../rig/reporter.mjs';
import { startCluster } from './setup.mjs';
import { waitChecks } from './waits.mjs';

const VERSION = '2.40.7';
const WEBHOOK_CALLS = 200;
const KILL_BATCH = 24;

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)}s`;
const reporter = createReporter();
const { say, check } = reporter;
const note = (line) => reporter.say(`     ${line}`);
/** A new phase; once the test is stopping, none starts. */
const step = (line) => {
	if (isStopping()) throw new Error('stopping');
	say(`[${elapsed()}] ${line}`);
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------- the checks ----------

async function webhookCheck({ cluster, sandbox, db }) {
	step(`${WEBHOOK_CALLS} webhook calls → Record Create`);
	const names = Array.from(
		{ length: WEBHOOK_CALLS },
		(_, i) => `Queue person ${String(i).padStart(3, '0')}`,
	);
	const statuses = await callWebhooks(cluster.base, names);
	const answered = statuses.filter((s) => s === 200).length;
	check(
		`webhook: ${WEBHOOK_CALLS} calls answered by main`,
		answered === WEBHOOK_CALLS,
		`${answered} with HTTP 200${answered < WEBHOOK_CALLS ? `, others ${[...count(statuses.filter((s) => s !== 200))].map(([s, n]) => `${n}× ${s}`).join(', ')}` : ''}`,
	);

	let executions = [];
	await waitFor(
		`${WEBHOOK_CALLS} webhook executions to finish`,
		async () => {
			executions = await db.list(WEBHOOK_WORKFLOW);
			return executions.length >= answered && executions.every((e) => settled(e.status));
		},
		{ timeoutMs: 120_000, everyMs: 1000 },
	).catch((error) => note(error.message));

	const wanted = new Set(names);
	const created = count(
		recordsNamed(sandbox, PEOPLE)
			.map((r) => r.name)
			.filter((name) => wanted.has(name)),
	);
	const missing = names.filter((name) => !created.has(name));
	const doubled = [...created].filter(([, n]) => n > 1);
	check(
		`webhook: exactly ${WEBHOOK_CALLS} records in the sandbox, each name once`,
		missing.length === 0 && doubled.length === 0,
		`${created.size} names created${missing.length ? `; missing ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ' …' : ''}` : ''}${
			doubled.length
				? `; twice or more: ${doubled
						.slice(0, 5)
						.map(([n, c]) => `${n} ×${c}`)
						.join(', ')}`
				: ''
		}`,
	);

	const starts = cluster.startsByExecution();
	const byStatus = count(executions.map((e) => e.status));
	const notOnOneWorker = executions.filter((e) => (starts.get(e.id) ?? []).length !== 1);
	const perWorker = count(executions.map((e) => starts.get(e.id)?.[0] ?? 'none'));
	const onMain = executions.filter((e) =>
		new RegExp(`started execution ${e.id}\\b`).test(cluster.log('main')),
	);
	check(
		`webhook: ${WEBHOOK_CALLS} executions succeeded, each started by one worker, none by main`,
		executions.length === WEBHOOK_CALLS &&
			byStatus.get('success') === WEBHOOK_CALLS &&
			notOnOneWorker.length === 0 &&
			onMain.length === 0,
		`${executions.length} executions (${[...byStatus].map(([s, n]) => `${n} ${s}`).join(', ')}); w1 ran ${perWorker.get('w1') ?? 0}, w2 ran ${perWorker.get('w2') ?? 0}${notOnOneWorker.length ? `; ${notOnOneWorker.length} not started exactly once on a worker` : ''}${onMain.length ? `; ${onMain.length} on main` : ''}`,
	);
	return executions.map((e) => e.id);
}

async function triggerCheck({ cluster, sandbox, db }) {
	step('Polling trigger on main, executions on the workers');
	const before = new Set((await db.list(TRIGGER_WORKFLOW)).map((e) => e.id));
	const ids = [];
	for (const name of ['Queue Company A', 'Queue Company B', 'Queue Company C'])
		ids.push(await createCompany(sandbox, name));
	// Two more a poll later, so that the records span more than one poll.
	await sleep(6000);
	for (const name of ['Queue Company D', 'Queue Company E'])
		ids.push(await createCompany(sandbox, name));

	let { executions, emissions } = await waitForEmissions(
		db,
		before,
		ids,
		'the trigger to emit the 5 companies',
		note,
	);
	await sleep(6000); // one more poll: nothing may come twice
	executions = (await db.list(TRIGGER_WORKFLOW)).filter((e) => !before.has(e.id));
	emissions = await triggerEmissions(db, executions);

	const emitted = count([...emissions.values()].flat());
	const starts = cluster.startsByExecution();
	const onWorkers = executions.filter((e) => (starts.get(e.id) ?? []).length === 1);
	check(
		'trigger: each new record started an execution exactly once',
		ids.every((id) => emitted.get(id) === 1) && emitted.size === ids.length,
		`${ids.length} companies created, ${executions.length} executions emitted ${[...emitted.values()].reduce((a, b) => a + b, 0)} items (${ids.map((id) => emitted.get(id) ?? 0).join(', ')} per company)`,
	);
	check(
		'trigger: the executions ran on workers and succeeded',
		executions.length > 0 &&
			onWorkers.length === executions.length &&
			executions.every((e) => e.status === 'success'),
		executions
			.map((e) => `#${e.id} ${e.status} on ${(starts.get(e.id) ?? ['no worker']).join('+')}`)
			.join(', '),
	);
}

/**
 * The WhatsApp trigger at the webhook process: three messages and a delivery status, each
 * answered 2xx and run on a worker; the webhook process restarted (SIGTERM, then started again
 * on its port); the same four delivered again, as the workspace does when it did not see the
 * answers: answered 2xx and not run again; then a new message, run once.
 */
async function whatsAppRestartCheck({ cluster, sandbox, db }) {
	step('WhatsApp trigger at the webhook process: 4 events, the process restarted, the same again');
	const { url, postBackUrl } = whatsAppUrls(cluster);
	sandbox.webhooks.configure({
		name: 'n8n',
		endpoint: url,
		events: ['incoming.whatsapp.message'],
		headers: WHATSAPP_SECRET_HEADER,
	});
	const receive = async (name) => (await sandbox.webhooks.receive('whatsapp', { name })).event;
	const messages = [];
	for (const name of ['Ada Lovelace', 'Grace Hopper', 'Katherine Johnson'])
		messages.push(await receive(name));
	const requestId = 'c0ffee00-0000-4000-8000-000000000e0e';
	const status = deliveryStatus({ requestId });
	const statusAnswers = [await postStatus(postBackUrl, status)];
	const settledCount = async (wanted) => {
		let executions = [];
		await waitFor(
			`${wanted} WhatsApp executions to finish`,
			async () => {
				executions = await db.list(WHATSAPP_WORKFLOW);
				return executions.length >= wanted && executions.every((e) => settled(e.status));
			},
			{ timeoutMs: 60_000, everyMs: 500 },
		).catch((error) => note(error.message));
		return executions;
	};
	await settledCount(4);

	const stoppedAt = Date.now();
	await stopProcess(cluster.webhook);
	await cluster.startWebhook();
	await cluster.webhookReady(url);
	note(`the webhook process restarted in ${((Date.now() - stoppedAt) / 1000).toFixed(1)} s`);
	for (const { eventId } of messages) await sandbox.webhooks.redeliver(eventId);
	statusAnswers.push(await postStatus(postBackUrl, status));
	const fresh = await receive('Hedy Lamarr');
	await settledCount(5);
	await sleep(4000); // long enough for an execution that should not come
	const executions = await db.list(WHATSAPP_WORKFLOW);
	const outputs = await db.outputs(executions.map((e) => e.id));
	const emitted = count(
		executions.map((e) => {
			const item = outputs.get(e.id)?.nodes[WHATSAPP_TRIGGER.name]?.[0] ?? {};
			return item.event === 'delivery_status' ? `status ${item.request_id}` : item.eventId;
		}),
	);
	const expected = [...messages.map((m) => m.eventId), `status ${requestId}`, fresh.eventId];
	const answers = [...sandbox.webhooks.deliveries.map((d) => d.status), ...statusAnswers];
	const starts = cluster.startsByExecution();
	check(
		'WhatsApp trigger, webhook process restarted: each event emitted once, every delivery answered 2xx',
		answers.every((status) => status >= 200 && status < 300) &&
			executions.length === expected.length &&
			expected.every((id) => emitted.get(id) === 1) &&
			executions.every((e) => e.status === 'success' && (starts.get(e.id) ?? []).length === 1),
		`${executions.length} executions for ${expected.length} events of ${answers.length} deliveries (answered ${[...count(answers)].map(([s, n]) => `${n}× ${s}`).join(', ')}); emitted ${expected.map((id) => emitted.get(id) ?? 0).join(', ')} times (3 messages, the status, the new message); ${executions.map((e) => `#${e.id} ${e.status} on ${(starts.get(e.id) ?? ['no worker']).join('+')}`).join(', ')}`,
	);
	// Its part is over; stopped now, it has nothing in flight to wait for.
	await stopProcess(cluster.webhook);
}

async function noWorkerCheck({ cluster, sandbox, db }) {
	step('Both workers stopped: a new record waits in Redis');
	await Promise.all(['w1', 'w2'].map((name) => stopProcess(cluster.workers.get(name))));
	const before = new Set((await db.list(TRIGGER_WORKFLOW)).map((e) => e.id));
	const ids = [];
	for (const name of ['Queue Company F', 'Queue Company G'])
		ids.push(await createCompany(sandbox, name));

	let waiting = [];
	await waitFor(
		'main to enqueue an execution for the new companies',
		async () => {
			waiting = (await db.list(TRIGGER_WORKFLOW)).filter((e) => !before.has(e.id));
			return waiting.length > 0;
		},
		{ timeoutMs: 30_000, everyMs: 500 },
	).catch((error) => note(error.message));
	await sleep(7000); // more polls while no worker runs: they must not emit the same records again
	waiting = (await db.list(TRIGGER_WORKFLOW)).filter((e) => !before.has(e.id));
	check(
		'trigger, no worker running: the execution is enqueued and waits',
		waiting.length > 0 && waiting.every((e) => e.status === 'new'),
		waiting.map((e) => `#${e.id} ${e.status}`).join(', ') || 'nothing enqueued',
	);

	step('Workers back: the waiting execution runs');
	await cluster.startWorker('w1');
	await cluster.startWorker('w2');
	await Promise.all([cluster.workerReady('w1'), cluster.workerReady('w2')]);
	const { executions, emissions } = await waitForEmissions(
		db,
		before,
		ids,
		'the waiting execution to run',
		note,
	);
	const emitted = count([...emissions.values()].flat());
	const starts = cluster.startsByExecution();
	check(
		'trigger, worker back: the waiting execution ran on a worker, each record once',
		executions.length > 0 &&
			executions.every((e) => e.status === 'success' && (starts.get(e.id) ?? []).length === 1) &&
			ids.every((id) => emitted.get(id) === 1) &&
			emitted.size === ids.length,
		executions
			.map(
				(e) =>
					`#${e.id} ${e.status} on ${(starts.get(e.id) ?? ['no worker']).join('+')}, ${emissions.get(e.id)?.length ?? 0} items`,
			)
			.join('; '),
	);
}

/**
 * A worker stopped with `signal` while a batch of webhook executions is in flight (each create
 * held 3 s by the sandbox). What n8n does with the worker's executions is reported; the check
 * fails only if the package sent a request n8n did not run, or a run n8n completed sent none.
 */
async function stopMidBatchCheck({ cluster, sandbox, db }, { victimName, signal, label }) {
	step(`Worker ${victimName} stopped with ${signal} in the middle of a batch of ${KILL_BATCH}`);
	const before = new Set((await db.list(WEBHOOK_WORKFLOW)).map((e) => e.id));
	sandbox.addFault({
		method: 'POST',
		path: `/api/v1/collection-records/${PEOPLE}`,
		delayMs: 3000,
		times: KILL_BATCH * 3,
	});
	const names = Array.from(
		{ length: KILL_BATCH },
		(_, i) => `Queue batch ${label} person ${String(i).padStart(2, '0')}`,
	);
	const statuses = await callWebhooks(cluster.base, names, KILL_BATCH);

	const victim = cluster.workers.get(victimName);
	const victimStarts = () =>
		[...cluster.log(victimName).matchAll(/Worker started execution (\d+)/g)]
			.map(([, id]) => id)
			.filter((id) => !before.has(id));
	await waitFor(
		`${victimName} to start executions of the batch`,
		() => victimStarts().length >= 2,
		{ timeoutMs: 30_000 },
	);
	await sleep(1000); // their requests are now at the sandbox, waiting for its answer
	const inFlight = victimStarts().filter((id) => !cluster.finishedOn(victimName).has(id));
	const stoppedAt = Date.now();
	await stopProcess(victim, { signal });
	note(
		`${victimName} stopped (${signal}) with ${inFlight.length} executions in flight: ${inFlight.map((id) => `#${id}`).join(', ')}; it exited after ${((Date.now() - stoppedAt) / 1000).toFixed(1)} s`,
	);

	// n8n notices a dead worker's jobs when their lock expires (QUEUE_WORKER_LOCK_DURATION),
	// at the next stalled-job check of a live worker (QUEUE_WORKER_STALLED_INTERVAL).
	let executions = [];
	await waitFor(
		'the batch to settle',
		async () => {
			executions = (await db.list(WEBHOOK_WORKFLOW)).filter((e) => !before.has(e.id));
			return executions.length === KILL_BATCH && executions.every((e) => settled(e.status));
		},
		{ timeoutMs: 45_000, everyMs: 1000 },
	).catch(() => undefined);
	const settledAfter = ((Date.now() - stoppedAt) / 1000).toFixed(0);
	await sleep(3500); // the sandbox finishes the requests it was still holding

	const outputs = await db.outputs(executions.map((e) => e.id));
	const nameOf = (id) => outputs.get(id)?.nodes.Webhook?.[0]?.body?.name;
	const starts = cluster.startsByExecution();
	const requests = count(
		sandbox.requests
			.filter((r) => r.method === 'POST' && r.path === `/api/v1/collection-records/${PEOPLE}`)
			.map((r) => r.body?.name)
			.filter((n) => names.includes(n)),
	);
	const records = count(
		recordsNamed(sandbox, PEOPLE)
			.map((r) => r.name)
			.filter((n) => names.includes(n)),
	);
	const problems = [];
	// The package sends one create per run of the node: never more requests than runs, a run
	// n8n completed has sent its request, and every request the sandbox answered is a record.
	const named = executions.filter((e) => nameOf(e.id));
	for (const e of named) {
		const name = nameOf(e.id);
		const runs = (starts.get(e.id) ?? []).length;
		const sent = requests.get(name) ?? 0;
		if (sent > runs) problems.push(`#${e.id} "${name}": ${sent} requests from ${runs} run(s)`);
		if (e.status === 'success' && sent !== 1)
			problems.push(`#${e.id} "${name}": succeeded with ${sent} requests`);
	}
	// n8n replaces the run data of an execution it gives up on with its error, the webhook's
	// input included; those executions are matched to the names no other execution has.
	const unnamedExecutions = executions.filter((e) => !nameOf(e.id));
	const unnamedNames = names.filter((name) => !named.some((e) => nameOf(e.id) === name));
	const maxRuns = Math.max(0, ...unnamedExecutions.map((e) => (starts.get(e.id) ?? []).length));
	if (unnamedNames.length !== unnamedExecutions.length) {
		problems.push(
			`${unnamedNames.length} names without an execution naming them, ${unnamedExecutions.length} executions without run data`,
		);
	}
	for (const name of unnamedNames) {
		if ((requests.get(name) ?? 0) > maxRuns)
			problems.push(`"${name}": ${requests.get(name)} requests from at most ${maxRuns} run(s)`);
	}
	for (const name of names) {
		if ((records.get(name) ?? 0) !== (requests.get(name) ?? 0))
			problems.push(
				`"${name}": ${requests.get(name) ?? 0} requests but ${records.get(name) ?? 0} records`,
			);
	}

	const victims = executions.filter((e) => inFlight.includes(e.id));
	const others = executions.filter((e) => !inFlight.includes(e.id));
	const reran = victims.filter((e) => (starts.get(e.id) ?? []).length > 1);
	const answered = statuses.filter((s) => s === 200).length;
	note(
		`webhook answered ${answered} of ${KILL_BATCH}; ${executions.length} executions stored: ${[...count(executions.map((e) => e.status))].map(([s, n]) => `${n} ${s}`).join(', ')}`,
	);
	for (const e of victims) {
		const runs = starts.get(e.id) ?? [];
		const error = outputs.get(e.id)?.error;
		note(
			`#${e.id} (was on ${victimName}): ${e.status}${runs.length > 1 ? `, run again on ${runs.slice(1).join('+')}` : ', not run again'}${error ? `: "${error.slice(0, 90)}…"` : ''}`,
		);
	}
	const victimNames = [
		...new Set([...victims.map((e) => nameOf(e.id)).filter(Boolean), ...unnamedNames]),
	];
	const reached = victimNames.filter((name) => (records.get(name) ?? 0) > 0).length;
	const failedWithRecord = victims.filter((e) => e.status !== 'success').length && reached;
	const summary =
		`${signal}: n8n ${reran.length ? `re-ran ${reran.length}` : 're-ran none'} of the ${victims.length} executions in flight on ${victimName}, ` +
		`which ended ${[...new Set(victims.map((e) => e.status))].join('/') || '–'} (${settledAfter} s after the signal); ` +
		`${reached} of their ${victimNames.length} create requests reached the sandbox` +
		(failedWithRecord
			? ', so those records exist although n8n reports the executions as failed'
			: '');
	note(summary);
	check(
		`worker stopped mid-batch (${signal}): the package sent one request per node run, none lost or doubled`,
		problems.length === 0 &&
			executions.length === KILL_BATCH &&
			others.every((e) => e.status === 'success'),
		problems.length
			? problems.slice(0, 6).join('; ')
			: `${others.length} executions not in flight on ${victimName} succeeded${others.length ? ` (on ${[...new Set(others.flatMap((e) => starts.get(e.id) ?? []))].join('+')})` : ''}, one record each; the ${victimNames.length} in flight left ${victimNames.map((n) => records.get(n) ?? 0).join(', ')} record(s)`,
	);
	return summary;
}

async function main() {
	say(`Queue mode test: n8n ${VERSION}, PostgreSQL, Redis, one main and two workers`);
	const context = await startCluster({ version: VERSION, reporter, step });
	const { cluster, db } = context;
	await webhookCheck(context);
	await triggerCheck(context);
	// While the webhook process runs at the address WEBHOOK_URL gives: the WhatsApp check stops it.
	await waitChecks(context, { step, check, note });
	await whatsAppRestartCheck(context);
	await noWorkerCheck(context);
	await stopMidBatchCheck(context, { victimName: 'w1', signal: 'SIGKILL', label: 'A' });
	step('w1 back');
	await cluster.startWorker('w1');
	await cluster.workerReady('w1');
	await stopMidBatchCheck(context, { victimName: 'w2', signal: 'SIGTERM', label: 'B' });

	const all = [...(await db.list(WEBHOOK_WORKFLOW)), ...(await db.list(TRIGGER_WORKFLOW))];
	const starts = cluster.startsByExecution();
	const perWorker = count(all.flatMap((e) => starts.get(e.id) ?? []));
	const onNoWorker = all.filter((e) => !starts.has(e.id)).length;
	say(
		`Executions: ${all.length} stored; w1 started ${perWorker.get('w1') ?? 0}, w2 started ${perWorker.get('w2') ?? 0}, ${onNoWorker} never started on a worker (${elapsed()})`,
	);
}

stopOnSignals({
	onSignal: (signal) => reporter.abort(`queue mode test ran to the end: stopped by ${signal}`),
	lastWords: () => reporter.tally(),
});
try {
	await main();
} catch (error) {
	if (!isStopping()) check('queue mode test ran to the end', false, error.stack ?? error.message);
}
if (isStopping()) await new Promise(() => {}); // the signal handler prints the tally and exits
await cleanUp();
process.exit(reporter.tally());
