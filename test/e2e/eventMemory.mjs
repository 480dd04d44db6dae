// Nothing lost, nothing twice (issue 43): the WhatsApp trigger emits each event the workspace
// posts exactly once, in a real n8n, whatever happens between the workspace's retries: n8n
// restarted, n8n's database failing to take the execution, request ids of a megabyte. In the
// form cases.mjs describes. An event counts as taken once n8n answered it 2xx;
// what matters is each answer's class (2xx or 5xx) and the executions, not the answers' words.
import assert from 'node:assert/strict';

import {
	deliveryStatus,
	hookTo,
	postStatus,
	WHATSAPP_SECRET_HEADER,
	WHATSAPP_TRIGGER_PARAMETERS,
} from './whatsAppTrigger.mjs';

const TRIGGER = {
	lines: '2.x',
	node: 'workspaceWhatsAppTrigger',
	nodeName: 'Workspace WhatsApp Trigger',
	trigger: true,
	webhook: true,
	parameters: WHATSAPP_TRIGGER_PARAMETERS,
};

/** A WhatsApp message from `name` comes in: the event and what n8n answered its first delivery. */
async function messageFrom(sandbox, name) {
	const { event, deliveries } = await sandbox.webhooks.receive('whatsapp', {
		name,
		message: { type: 'text', text: { body: `Hello, this is ${name}` } },
	});
	return { event, status: deliveries[0]?.status };
}

const is2xx = (status) => status >= 200 && status < 300;
const is5xx = (status) => status >= 500 && status < 600;
/** An HTTP status as its class, for assertions that must not depend on n8n's exact choice. */
const classOf = (status) =>
	is2xx(status) ? '2xx' : is5xx(status) ? '5xx' : String(status ?? 'no answer');

/** What identifies an emitted item: an incoming message's eventId, a status's request and status. */
const idOf = (item) =>
	item.event === 'delivery_status'
		? `status ${item.request_id.length > 64 ? `…${item.request_id.slice(-8)} (${item.request_id.length} chars)` : item.request_id} ${item.status}`
		: `message ${item.eventId}`;

/**
 * Every execution succeeded with one item, and each of `expected` (idOf) was emitted exactly
 * once, nothing else: the count of executions.
 */
function assertEachOnce(runs, expected) {
	const failed = runs.filter((run) => run.status !== 'success' || run.items.length !== 1);
	assert.deepEqual(
		failed.map((run) => [run.id, run.status, run.items.length, run.error]),
		[],
		'executions that did not succeed with one item',
	);
	const counts = new Map(expected.map((id) => [id, 0]));
	for (const run of runs) {
		const id = idOf(run.items[0]);
		counts.set(id, (counts.get(id) ?? 0) + 1);
	}
	const twice = [...counts].filter(([, n]) => n > 1).map(([id, n]) => `${id} ${n} times`);
	const never = [...counts].filter(([, n]) => n === 0).map(([id]) => id);
	const others = [...counts.keys()].filter((id) => !expected.includes(id));
	assert.ok(
		!twice.length && !never.length && !others.length,
		`${runs.length} executions for ${expected.length} events: ${twice.length} emitted more than once (${twice.join(', ')}), ${never.length} never (${never.join(', ')}), ${others.length} not delivered (${others.join(', ')})`,
	);
	return runs.length;
}

const MB = 1024 * 1024;
/** The workflow's saved static data may hold this much, whatever the events' ids. */
const STATIC_DATA_BOUND = 200 * 1024;
const kb = (bytes) => (bytes < 1024 ? `${bytes} bytes` : `${Math.round(bytes / 1024)} KB`);
const mb = (bytes) => (bytes === undefined ? '?' : `${Math.round(bytes / MB)} MB`);

/** The SQL that makes n8n's SQLite database refuse every new execution, and the SQL that stops it. */
const FAIL_NEW_EXECUTIONS = `CREATE TRIGGER IF NOT EXISTS e2e_fail_new_executions BEFORE INSERT ON execution_entity BEGIN SELECT RAISE(ABORT, 'injected failure: the e2e case makes new executions fail'); END`;
const RECOVER = 'DROP TRIGGER IF EXISTS e2e_fail_new_executions';

export const eventMemoryCases = [
	{
		...TRIGGER,
		file: 'whatsapp-trigger-restart-once',
		title:
			'Workspace WhatsApp Trigger: events delivered again after n8n restarted are not emitted again',
		// Three messages and a delivery status, each answered 2xx with one execution; n8n
		// restarted; the same four delivered again (the workspace never saw n8n's answers); then a
		// new message, the one execution after the restart.
		during: async (sandbox, url, postBackUrl, n8nAt) => {
			hookTo(sandbox, url);
			const messages = [];
			for (const name of ['Ada Lovelace', 'Grace Hopper', 'Katherine Johnson'])
				messages.push((await messageFrom(sandbox, name)).event);
			const status = deliveryStatus({ requestId: '65ca1d21-8854-4d39-a0bd-64f1cd7b8db1' });
			const statusAnswers = [await postStatus(postBackUrl, status)];
			await n8nAt.untilExecutions(4);
			const staticData = await n8nAt.staticData();
			const restartedAt = Date.now();
			await n8nAt.restart();
			const restartSeconds = (Date.now() - restartedAt) / 1000;
			for (const { eventId } of messages) await sandbox.webhooks.redeliver(eventId);
			statusAnswers.push(await postStatus(postBackUrl, status));
			const { event: fresh } = await messageFrom(sandbox, 'Hedy Lamarr');
			return {
				messages,
				fresh,
				statusAnswers,
				staticBytes: JSON.stringify(staticData).length,
				restartSeconds,
				executions: 5,
			};
		},
		withinSeconds: 30,
		check: (runs, sandbox, { messages, fresh, statusAnswers, staticBytes, restartSeconds }) => {
			assert.deepEqual(
				sandbox.webhooks.deliveries.map((d) => [d.why, classOf(d.status)]),
				[
					['first', '2xx'],
					['first', '2xx'],
					['first', '2xx'],
					['redelivery', '2xx'],
					['redelivery', '2xx'],
					['redelivery', '2xx'],
					['first', '2xx'],
				],
				'the deliveries and what n8n answered them',
			);
			assert.deepEqual(
				statusAnswers.map(classOf),
				['2xx', '2xx'],
				'what n8n answered the status, before and after the restart',
			);
			const count = assertEachOnce(runs, [
				...messages.map((m) => `message ${m.eventId}`),
				'status 65ca1d21-8854-4d39-a0bd-64f1cd7b8db1 delivered',
				`message ${fresh.eventId}`,
			]);
			assert.equal(
				runs.at(-1).items[0].eventId,
				fresh.eventId,
				'the last execution is the new one',
			);
			return `${count} executions for 5 events of 9 deliveries: 4 before the restart (${restartSeconds.toFixed(1)} s; static data ${staticBytes} bytes), the same 4 again after it answered 2xx and not emitted, the new message emitted`;
		},
	},
	{
		...TRIGGER,
		file: 'whatsapp-trigger-database-failing',
		title:
			"Workspace WhatsApp Trigger: events n8n's database failed to take are emitted on the workspace's retries",
		// A message while n8n is well; then n8n's database refuses new executions (an SQLite
		// trigger, added from another process) while two messages and a delivery status come; the
		// database well again, a message; then the workspace's retries, asked for now rather than
		// waited for, and the status posted again; and the two messages delivered while n8n was
		// well delivered again, as if their answers had been lost.
		during: async (sandbox, url, postBackUrl, n8nAt) => {
			hookTo(sandbox, url);
			const before = await messageFrom(sandbox, 'Ada Lovelace');
			await n8nAt.untilExecutions(1);
			const status = deliveryStatus({ requestId: 'b2f1c0de-0000-4000-8000-00000000fa11' });
			const failing = [];
			let statusWhileFailing;
			await n8nAt.sqlite(FAIL_NEW_EXECUTIONS);
			try {
				for (const name of ['Grace Hopper', 'Katherine Johnson'])
					failing.push(await messageFrom(sandbox, name));
				statusWhileFailing = await postStatus(postBackUrl, status);
			} finally {
				await n8nAt.sqlite(RECOVER);
			}
			const after = await messageFrom(sandbox, 'Hedy Lamarr');
			const retries = await sandbox.webhooks.runDue({ now: true });
			const statusRetried = await postStatus(postBackUrl, status);
			const redelivered = [];
			for (const { event } of [before, after])
				redelivered.push(...(await sandbox.webhooks.redeliver(event.eventId)).deliveries);
			return {
				events: [before, ...failing, after].map((m) => m.event),
				statusAnswers: [statusWhileFailing, statusRetried],
				retries: retries.map((d) => [d.eventId, classOf(d.status)]),
				redelivered: redelivered.map((d) => classOf(d.status)),
				failedWith: failing.map((m) => m.status),
				executions: 5,
			};
		},
		withinSeconds: 30,
		check: (runs, sandbox, { events, statusAnswers, retries, redelivered, failedWith }) => {
			const [before, grace, katherine, after] = events;
			assert.deepEqual(
				sandbox.webhooks.deliveries.slice(0, 4).map((d) => [d.eventId, classOf(d.status)]),
				[
					[before.eventId, '2xx'],
					[grace.eventId, '5xx'],
					[katherine.eventId, '5xx'],
					[after.eventId, '2xx'],
				],
				'the first deliveries: 5xx while the database failed',
			);
			assert.deepEqual(
				retries,
				[
					[grace.eventId, '2xx'],
					[katherine.eventId, '2xx'],
				],
				"the workspace's retries of the two answered 5xx",
			);
			assert.deepEqual(sandbox.webhooks.pending, [], 'retries still waiting');
			assert.deepEqual(
				statusAnswers.map(classOf),
				['5xx', '2xx'],
				'the status while the database failed, and posted again',
			);
			assert.deepEqual(redelivered, ['2xx', '2xx'], 'the healthy two delivered again');
			const count = assertEachOnce(runs, [
				...events.map((m) => `message ${m.eventId}`),
				'status b2f1c0de-0000-4000-8000-00000000fa11 delivered',
			]);
			return `${count} executions for 5 events: 2 messages and a status answered ${[...failedWith, statusAnswers[0]].join(', ')} while new executions failed, each emitted once on its retry; the 2 delivered while n8n was well emitted once of 2 deliveries`;
		},
	},
	{
		...TRIGGER,
		file: 'whatsapp-trigger-big-request-ids',
		title:
			'Workspace WhatsApp Trigger: delivery statuses with request ids of a megabyte, each emitted once, the memory small',
		// Five statuses, 20 times each (100 posts of about 1 MB): two request ids of 1 MB that
		// differ only in their last character, each delivered then read, and a third delivered.
		during: async (sandbox, url, postBackUrl, n8nAt) => {
			const requestId = (last) => `${'r'.repeat(MB - 1)}${last}`;
			const statuses = [
				['A', 'delivered'],
				['A', 'read'],
				['B', 'delivered'],
				['B', 'read'],
				['C', 'delivered'],
			].map(([last, status]) => deliveryStatus({ requestId: requestId(last), status }));
			const rssBefore = n8nAt.rss();
			const answers = [];
			let largestStaticData = 0;
			for (let round = 0; round < 20; round++) {
				for (const status of statuses) answers.push(await postStatus(postBackUrl, status));
				if (round % 5 === 0 || round === 19)
					largestStaticData = Math.max(
						largestStaticData,
						JSON.stringify(await n8nAt.staticData()).length,
					);
			}
			return {
				answers,
				largestStaticData,
				rss: [rssBefore, n8nAt.rss()],
				executions: 5,
			};
		},
		withinSeconds: 60,
		check: (runs, sandbox, { answers, largestStaticData, rss }) => {
			const classes = answers.map(classOf);
			assert.deepEqual(
				classes.filter((c) => c !== '2xx'),
				[],
				`posts not answered 2xx, of ${answers.length}`,
			);
			const ids = (last) => `…${'r'.repeat(7)}${last} (${MB} chars)`;
			const count = assertEachOnce(runs, [
				`status ${ids('A')} delivered`,
				`status ${ids('A')} read`,
				`status ${ids('B')} delivered`,
				`status ${ids('B')} read`,
				`status ${ids('C')} delivered`,
			]);
			assert.ok(
				largestStaticData < STATIC_DATA_BOUND,
				`the workflow's static data grew to ${kb(largestStaticData)}, not under ${kb(STATIC_DATA_BOUND)} (n8n's RSS ${mb(rss[0])} before, ${mb(rss[1])} after)`,
			);
			return `${count} executions of ${answers.length} posts, each answered 2xx; static data at most ${kb(largestStaticData)}; n8n's RSS ${mb(rss[0])} before, ${mb(rss[1])} after`;
		},
	},
];
