// Wait for Delivery (README "Messages"): a send whose Postback URL is the execution's resume
// address, then Workspace Wait for Delivery, which holds the execution in n8n's waiting state
// until the message reaches a chosen status; in the form cases.mjs describes (`waits`: runs/waits.mjs's
// runWaitCase). The sandbox posts the statuses its `deliveryPlan` says; steps with `afterMs`
// wait for `runDue(Infinity)`, so that each case posts them once n8n holds the execution waiting.
import assert from 'node:assert/strict';

import { ACCOUNT, fromList, SENT_REQUEST_ID, variableField } from './messageSends.mjs';

/** A message the sandbox's seed sent before (test/sandbox/messaging/seed.js): another one. */
const OTHER_REQUEST_ID = SENT_REQUEST_ID;

/** The send's Postback URL: this execution's resume address, as the node's page says. */
const POST_BACK_HERE = { postBackUrl: '={{ $execution.resumeUrl }}' };

const smsParameters = (extra = {}) => ({
	resource: 'sms',
	operation: 'send',
	recipient: '+91 98765 43210',
	message: 'Your order 42 is on its way',
	senderId: 'WRKSPC',
	route: 'transactional',
	additionalFields: POST_BACK_HERE,
	...extra,
});

/** The wait's fields, as the editor saves them. */
const waitParameters = (parameters) => ({
	requestId: '={{ $json.request_id }}',
	resumeOnStatuses: 'delivered, read, failed',
	waitTimeLimit: 10,
	waitTimeUnit: 'minutes',
	...parameters,
});

/** The node after the send: the same node's Delivery Report → Wait for Status. */
const waitForStatus = (node, parameters = {}) => ({
	name: 'Wait for Status',
	node,
	parameters: {
		resource: 'deliveryReport',
		operation: 'waitForStatus',
		...waitParameters(parameters),
	},
});

/** Workspace Wait for Delivery, the node of workflows saved before Wait for Status (hidden). */
const savedWaitForDelivery = (parameters = {}) => ({
	name: 'Wait for Delivery',
	node: 'workspaceWaitForDelivery',
	parameters: waitParameters(parameters),
});

/** The sends made, each with this execution's resume address as its post-back address. */
function sentToThisExecution(path, count = 1) {
	return (requests) => {
		const sends = requests.filter((r) => r.method === 'POST');
		assert.equal(sends.length, count, `${sends.length} sends, not ${count}`);
		for (const send of sends) {
			assert.equal(send.path, path);
			const url = new URL(send.body.post_back_url);
			assert.match(url.pathname, /^\/webhook-waiting\/\d+$/);
			assert.match(url.searchParams.get('signature') ?? '', /.{16,}/);
		}
	};
}

const plan =
	(...steps) =>
	(sandbox) => {
		sandbox.config.deliveryPlan = steps.map((step, i) => ({ afterMs: i + 1, ...step }));
	};

/** Posts the planned statuses, in order; the answers n8n gave them. */
async function postPlanned(sandbox) {
	await sandbox.postbacks.runDue(Infinity);
	return sandbox.postbacks.deliveries.map((d) => [d.payload.status, d.status ?? d.error]);
}

const jsonOf = (items) => items.map((item) => item.json);

/** What one item outputs after `status` ended its wait; `seen` the statuses it kept. */
function assertReached(json, status, { remark = '', seen = [status] } = {}) {
	assert.equal(json.outcome, 'finalStatus');
	assert.equal(json.status, status);
	assert.equal(json.remark, remark);
	assert.match(json.status_at, /^\d{4}-\d\d-\d\dT/);
	assert.deepEqual(
		json.statuses.map((s) => s.status),
		seen,
	);
	assert.match(json.request_id, /^[0-9a-f-]{36}$/);
}

/** An order notice by SMS, waited on until delivered (past sent); `changes`: another file, title or wait. */
const smsWaitUntilDelivered = (changes = {}) => ({
	file: 'sms-wait-for-delivery',
	lines: '2.x',
	waits: true,
	title: 'Workspace SMS: send an order notice and wait until it is delivered',
	node: 'workspaceSms',
	parameters: smsParameters(),
	then: waitForStatus('workspaceSms'),
	setup: plan({ status: 'sent' }, { status: 'delivered', remark: 'Delivered to handset' }),
	requests: sentToThisExecution('/api/ingest/sms/v1/message/send'),
	during: postPlanned,
	check(items, sandbox, answers) {
		// `sent` is not a chosen status: answered, nothing resumed; `delivered` resumes.
		assert.deepEqual(answers, [
			['sent', 200],
			['delivered', 200],
		]);
		assert.equal(items.length, 1);
		assertReached(items[0].json, 'delivered', { remark: 'Delivered to handset' });
	},
	...changes,
});

export const deliveryWaitCases = [
	smsWaitUntilDelivered(),
	{
		file: 'whatsapp-wait-failed',
		lines: '2.x',
		waits: true,
		title: 'Workspace WhatsApp: send the welcome template and wait: it fails',
		node: 'workspaceWhatsApp',
		parameters: {
			resource: 'message',
			operation: 'sendTemplate',
			phoneId: fromList(ACCOUNT, 'Acme Support (+1 234 567 8900)'),
			template: fromList('welcome_message|en', 'welcome_message (en)'),
			recipient: '+91 98765 43210',
			additionalFields: POST_BACK_HERE,
			variables: {
				mappingMode: 'defineBelow',
				value: { customer_name: 'Ada', product_image: 'https://example.com/welcome.png' },
				matchingColumns: [],
				schema: [
					variableField('customer_name', 'Customer Name — text', 'string'),
					variableField('product_image', 'Product Image — image URL', 'url'),
				],
				attemptToConvertTypes: false,
				convertFieldsToString: false,
			},
		},
		then: waitForStatus('workspaceWhatsApp'),
		setup: plan({ status: 'failed', remark: 'Number is not on WhatsApp' }),
		requests: sentToThisExecution('/api/ingest/whatsapp/v1/template/send'),
		during: postPlanned,
		check(items, sandbox, answers) {
			assert.deepEqual(answers, [['failed', 200]]);
			assertReached(items[0].json, 'failed', { remark: 'Number is not on WhatsApp' });
		},
	},
	{
		file: 'email-wait-time-limit',
		lines: '2.x',
		waits: true,
		title: 'Workspace Email: send an email and wait 2 seconds for its delivery: none comes',
		node: 'workspaceEmail',
		parameters: {
			resource: 'message',
			operation: 'send',
			recipient: 'ada@example.com',
			subject: 'Your invoice',
			message: '<p>Hello Ada</p>',
			additionalFields: POST_BACK_HERE,
		},
		then: waitForStatus('workspaceEmail', { waitTimeLimit: 2, waitTimeUnit: 'seconds' }),
		setup: plan({ status: 'sent' }),
		requests: sentToThisExecution('/api/ingest/email/v1/message/send'),
		async during(sandbox, n8nAt) {
			const answers = await postPlanned(sandbox);
			// n8n looks for waits whose time has come every minute, and at its start: a restart
			// (a few seconds) stands for that minute.
			await new Promise((resolve) => setTimeout(resolve, 2500));
			await n8nAt.restart();
			return answers;
		},
		check(items, sandbox, answers) {
			assert.deepEqual(answers, [['sent', 200]]);
			const [json] = jsonOf(items);
			assert.equal(json.outcome, 'noFinalStatus');
			assert.equal(json.status, null);
			assert.deepEqual(json.statuses, []);
			assert.deepEqual(json.resume_on, ['delivered', 'read', 'failed']);
		},
	},
	{
		file: 'sms-wait-restart',
		lines: '2.x',
		waits: true,
		title: 'Workspace SMS: n8n restarts while the send waits; the status comes after',
		node: 'workspaceSms',
		parameters: smsParameters(),
		then: waitForStatus('workspaceSms', { resumeOnStatuses: 'Delivered' }),
		setup: plan({ status: 'delivered' }),
		requests: sentToThisExecution('/api/ingest/sms/v1/message/send'),
		async during(sandbox, n8nAt) {
			await n8nAt.restart();
			await sandbox.postbacks.runDue(Infinity);
			// A status that comes while n8n is still starting (its recovery of the run's log holds
			// the execution) may be refused; the host tries again, as it does after any refusal.
			const [delivery] = sandbox.postbacks.deliveries;
			for (let retries = 0; delivery.status !== 200 && retries < 5; retries++) {
				await new Promise((resolve) => setTimeout(resolve, 2000));
				await sandbox.postbacks.runDue(Infinity);
			}
			return delivery.tries.map((t) => t.status ?? t.error);
		},
		check(items, sandbox, answers) {
			assert.equal(answers.at(-1), 200, `answers: ${answers}`);
			assert.ok(
				answers.slice(0, -1).every((status) => status !== 200),
				`answers: ${answers}`,
			);
			assertReached(items[0].json, 'delivered');
			assert.deepEqual(items[0].json.resume_on, ['delivered']);
		},
	},
	{
		file: 'sms-wait-repeated-status',
		lines: '2.x',
		waits: true,
		title: 'Workspace SMS: the host posts delivered twice: the execution resumes once',
		node: 'workspaceSms',
		parameters: smsParameters(),
		then: waitForStatus('workspaceSms'),
		setup: plan({ status: 'delivered', times: 2 }),
		requests: sentToThisExecution('/api/ingest/sms/v1/message/send'),
		async during(sandbox, n8nAt, executionId) {
			const answers = await postPlanned(sandbox);
			return { answers, executionId };
		},
		check(items, sandbox, { answers }) {
			// n8n itself refuses the second: the execution runs or has ended (409).
			assert.deepEqual(answers, [
				['delivered', 200],
				['delivered', 409],
			]);
			assert.equal(items.length, 1);
			assertReached(items[0].json, 'delivered');
		},
	},
	{
		file: 'sms-wait-forged-status',
		lines: '2.x',
		waits: true,
		title: "Workspace SMS: forged statuses and another message's status resume nothing",
		node: 'workspaceSms',
		parameters: smsParameters(),
		then: waitForStatus('workspaceSms'),
		setup: plan({ status: 'delivered' }),
		requests: sentToThisExecution('/api/ingest/sms/v1/message/send'),
		async during(sandbox) {
			const [send] = sandbox.requests.filter((r) => r.method === 'POST');
			const address = new URL(send.body.post_back_url);
			const forged = new URL(address);
			forged.searchParams.set(
				'signature',
				'f'.repeat(address.searchParams.get('signature').length),
			);
			const unsigned = new URL(address);
			unsigned.searchParams.delete('signature');
			const mine = sandbox.state.messages.get(
				[...sandbox.state.messages.keys()].find((id) => id !== OTHER_REQUEST_ID),
			);
			const tries = [
				// Another message's status (another execution's send) at this execution's address.
				[
					'other message',
					sandbox.postStatus(OTHER_REQUEST_ID, { status: 'delivered' }, address.toString()),
				],
				[
					'forged signature',
					sandbox.postStatus(mine.request_id, { status: 'delivered' }, forged.toString()),
				],
				[
					'no signature',
					sandbox.postStatus(mine.request_id, { status: 'delivered' }, unsigned.toString()),
				],
			];
			const refused = [];
			for (const [what, delivery] of tries) refused.push([what, (await delivery).tries[0].status]);
			return { refused, answers: await postPlanned(sandbox) };
		},
		check(items, sandbox, { refused, answers }) {
			assert.deepEqual(refused, [
				['other message', 403],
				['forged signature', 401],
				['no signature', 401],
			]);
			assert.deepEqual(answers.at(-1), ['delivered', 200]);
			assert.equal(items.length, 1);
			assertReached(items[0].json, 'delivered');
		},
	},
	{
		file: 'sms-wait-two-messages',
		lines: '2.x',
		waits: true,
		title: 'Workspace SMS: two customers, one delivered, one failed: one resume with both',
		node: 'workspaceSms',
		items: 2,
		itemsCode:
			"return [{ json: { phone: '+91 98765 43210' } }, { json: { phone: '+91 98765 43211' } }];",
		parameters: smsParameters({ recipient: '={{ $json.phone }}' }),
		then: waitForStatus('workspaceSms'),
		// Both stay `sent` until the case posts their statuses.
		setup: plan({ status: 'sent' }),
		requests: sentToThisExecution('/api/ingest/sms/v1/message/send', 2),
		async during(sandbox) {
			const byItem = (i) =>
				[...sandbox.state.messages.values()].find(
					(m) => m.sent && m.recipient === `9198765432${10 + i}`,
				);
			// The first item's status first: the second has none yet, so nothing resumes.
			const first = await sandbox.postStatus(byItem(0).request_id, {
				status: 'delivered',
				remark: 'Delivered to handset',
			});
			const second = await sandbox.postStatus(byItem(1).request_id, {
				status: 'failed',
				remark: 'Unknown subscriber',
			});
			return [first.tries[0].status, second.tries[0].status];
		},
		check(items, sandbox, answers) {
			assert.deepEqual(answers, [200, 200]);
			assert.equal(items.length, 2);
			// Read from the delivery report when the second status came.
			assertReached(items[0].json, 'delivered', { remark: 'Delivered to handset' });
			assertReached(items[1].json, 'failed', { remark: 'Unknown subscriber' });
		},
	},
	{
		file: 'sms-wait-other-execution',
		lines: '2.x',
		waits: true,
		title: "Workspace SMS: two executions wait; neither takes the other's status",
		node: 'workspaceSms',
		parameters: smsParameters(),
		then: waitForStatus('workspaceSms'),
		setup: plan({ status: 'sent' }),
		requests: (requests) => assert.equal(requests.filter((r) => r.method === 'POST').length, 2),
		async during(sandbox, n8nAt, firstId, runs) {
			const secondId = await runs.startAnother();
			const messageOf = (id) =>
				[...sandbox.state.messages.values()].find((m) =>
					m.sent?.post_back_url?.includes(`/webhook-waiting/${id}?`),
				);
			const [first, second] = [messageOf(firstId), messageOf(secondId)];
			const status = async (message, url) =>
				(await sandbox.postStatus(message.request_id, { status: 'delivered' }, url)).tries[0]
					.status;
			const crossed = [
				await status(first, second.sent.post_back_url),
				await status(second, first.sent.post_back_url),
			];
			const own = [await status(first), await status(second)];
			const secondItems = await runs.outputOf(secondId);
			return { crossed, own, first, second, secondItems };
		},
		check(items, sandbox, { crossed, own, first, second, secondItems }) {
			assert.deepEqual(crossed, [403, 403]);
			assert.deepEqual(own, [200, 200]);
			assertReached(items[0].json, 'delivered');
			assert.equal(items[0].json.request_id, first.request_id);
			assertReached(secondItems[0].json, 'delivered');
			assert.equal(secondItems[0].json.request_id, second.request_id);
		},
	},
	{
		file: 'sms-wait-status-before-wait',
		lines: '2.x',
		title:
			'Workspace SMS: the status comes before the wait begins; the wait reads it and does not wait',
		node: 'workspaceSms',
		parameters: smsParameters(),
		then: waitForStatus('workspaceSms'),
		// As the host does by default: delivered at once, while n8n still runs the send, so n8n
		// refuses the post-back (409), and the host documents no retry of post-backs.
		requests: (requests) => {
			sentToThisExecution('/api/ingest/sms/v1/message/send')(requests);
			const reads = requests.filter((r) => r.method === 'GET').map((r) => r.path);
			assert.deepEqual(reads, ['/api/data/messages/v1/delivery-report'], 'the report read');
		},
		check(items, sandbox) {
			assertReached(items[0].json, 'delivered', { remark: 'Message delivered successfully' });
			const answers = sandbox.postbacks.deliveries.map((d) => d.tries[0]?.status ?? d.error);
			return `no wait: "delivered" read from the report; the post-back was answered ${answers.join(', ')}`;
		},
	},
	{
		file: 'sms-wait-no-postback-url',
		lines: '2.x',
		title: 'Workspace SMS: a send without Postback URL before Wait for Delivery (error example)',
		nodeName: 'Send SMS',
		node: 'workspaceSms',
		parameters: smsParameters({ additionalFields: {} }),
		then: waitForStatus('workspaceSms'),
		// The send is done; the wait refuses to begin, saying what to set.
		requests: [['POST', '/api/ingest/sms/v1/message/send']],
		error: /^"Send SMS" has no Postback URL: its statuses would not come here$/,
	},
	{
		file: 'sms-wait-until-read',
		lines: '2.x',
		waits: true,
		title: 'Workspace SMS: send a notice and wait until it is read, past sent and delivered',
		node: 'workspaceSms',
		parameters: smsParameters(),
		then: waitForStatus('workspaceSms', { resumeOnStatuses: 'read' }),
		setup: plan(
			{ status: 'sent' },
			{ status: 'delivered', remark: 'Delivered to handset' },
			{ status: 'read', remark: 'Read by the customer' },
		),
		requests: sentToThisExecution('/api/ingest/sms/v1/message/send'),
		during: postPlanned,
		check(items, sandbox, answers) {
			// sent and delivered are waited past (answered, nothing resumed); read resumes.
			assert.deepEqual(answers, [
				['sent', 200],
				['delivered', 200],
				['read', 200],
			]);
			assertReached(items[0].json, 'read', { remark: 'Read by the customer' });
			assert.deepEqual(items[0].json.resume_on, ['read']);
		},
	},
];

/** Saved workflows of older node types. */
export const savedNodeCases = [
	smsWaitUntilDelivered({
		file: 'sms-wait-for-delivery-saved-node',
		title:
			'Workspace SMS: a workflow saved with Workspace Wait for Delivery (hidden since Wait for Status) still waits and resumes',
		then: savedWaitForDelivery(),
	}),
];

/** How many executions the burst starts at once, and the statuses their messages get in turn. */
const BURST = 30;
const BURST_STATUSES = ['delivered', 'failed', 'read'];
/** When the host posts a message's one status after its send. */
const POST_AFTER_MS = 100;

/**
 * The host as a busy day meets it: each message's status comes once, `POST_AFTER_MS` after its
 * send, and its delivery report shows it from then on (queued before); a refusal (n8n's 409 while
 * the send's execution still runs) is not posted again. The statuses go in turn: delivered,
 * failed, read. `stop()` resolves, once every post has had its answer, to the statuses posted by
 * request id: { status, remark, sentAt, postedAt, answer }.
 */
function postEachOnce(sandbox) {
	// The report shows "queued" until the status comes; the plan posts nothing itself.
	sandbox.config.deliveryPlan = [{ status: 'queued', afterMs: Number.MAX_SAFE_INTEGER }];
	const posted = new Map();
	const posts = [];
	const watch = setInterval(() => {
		for (const message of sandbox.state.messages.values()) {
			if (!message.sent?.post_back_url || posted.has(message.request_id)) continue;
			const index = posted.size;
			const step = {
				status: BURST_STATUSES[index % BURST_STATUSES.length],
				remark: `Status of message ${index + 1}`,
			};
			const entry = { ...step, sentAt: Date.parse(message.statusAt) };
			posted.set(message.request_id, entry);
			posts.push(
				new Promise((resolve) =>
					setTimeout(resolve, Math.max(0, entry.sentAt + POST_AFTER_MS - Date.now())),
				).then(async () => {
					entry.postedAt = Date.now();
					// Its retries wait on the sandbox's clock (runDue), which nothing runs here.
					const delivery = await sandbox.postStatus(message.request_id, step);
					entry.answer = delivery.tries[0]?.status ?? delivery.tries[0]?.error;
				}),
			);
		}
	}, 5);
	return {
		async stop() {
			clearInterval(watch);
			await Promise.all(posts);
			return posted;
		},
	};
}

/** What became of the status of an execution that did not end with it: when its report was read, when the status came, n8n's answer. */
function lostStatus(run, sandbox, posted) {
	const message = [...sandbox.state.messages.values()].find((m) =>
		m.sent?.post_back_url?.includes(`/webhook-waiting/${run.id}?`),
	);
	const entry = message && posted.get(message.request_id);
	if (!entry) return `no message sent for it${run.error ? ` (${run.error})` : ''}`;
	const reads = sandbox.requests
		.filter((r) => r.method === 'GET' && r.query?.request_id === message.request_id)
		.map((r) => `+${r.at - entry.sentAt} ms`);
	return `its report read at ${reads.join(', ') || 'no time'}, its status "${entry.status}" posted at +${entry.postedAt - entry.sentAt} ms answered ${entry.answer}${run.error ? `; error ${run.error}` : ''}`;
}

/** The burst's case. */
export const burstWaitCases = [
	{
		file: 'sms-wait-thirty-at-once',
		lines: '2.x',
		together: BURST,
		withinSeconds: 90,
		title: `Workspace SMS: ${BURST} executions send and wait at once; each status comes once, ${POST_AFTER_MS} ms after its send: each execution ends with its own`,
		node: 'workspaceSms',
		parameters: smsParameters(),
		then: waitForStatus('workspaceSms'),
		alongside: postEachOnce,
		// One send per execution, each posting back to its own; the waits read the reports.
		requests(requests) {
			sentToThisExecution('/api/ingest/sms/v1/message/send', BURST)(requests);
			const addresses = requests
				.filter((r) => r.method === 'POST')
				.map((r) => new URL(r.body.post_back_url).pathname);
			assert.equal(new Set(addresses).size, BURST, 'two sends post back to one execution');
			const others = requests.filter(
				(r) => r.method === 'GET' && r.path !== '/api/data/messages/v1/delivery-report',
			);
			assert.deepEqual(others, [], 'requests besides the sends and the reports');
		},
		check(runs, sandbox, posted) {
			const problems = [];
			const seen = new Set();
			for (const run of runs) {
				const json = run.items[0]?.json;
				const own = json && posted.get(json.request_id);
				if (!own) {
					problems.push(`execution ${run.id} ${run.status}: ${lostStatus(run, sandbox, posted)}`);
					continue;
				}
				if (seen.has(json.request_id)) problems.push(`two executions output ${json.request_id}`);
				seen.add(json.request_id);
				try {
					assert.equal(run.status, 'success');
					assertReached(json, own.status, { remark: own.remark });
				} catch (error) {
					problems.push(`execution ${run.id}: ${error.message.split('\n')[0]}`);
				}
			}
			assert.equal(runs.length, BURST);
			assert.deepEqual(problems, [], `${problems.length} of ${BURST}:\n${problems.join('\n')}`);
			const answers = new Map();
			for (const { answer } of posted.values()) answers.set(answer, (answers.get(answer) ?? 0) + 1);
			const lateBy = [...posted.values()].map((p) => p.postedAt - p.sentAt);
			return `${BURST} executions, each with its own status (${BURST_STATUSES.join(', ')} in turn); the posts answered ${[...answers].map(([answer, n]) => `${n}× ${answer}`).join(', ')} (a 409 read from the report instead); posted ${Math.min(...lateBy)}–${Math.max(...lateBy)} ms after the send`;
		},
	},
];
