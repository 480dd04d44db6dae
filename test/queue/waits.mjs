// The nodes that wait (issue 45), in queue mode: a worker runs the send and puts the execution
// to wait; the host's post-back, or the person's answer, reaches the webhook process (the address
// WEBHOOK_URL gives every process, as a load balancer in front of them would) or main, which
// takes it and hands the rest of the run to a worker; main's wait tracker ends a time limit.
// Every check polls n8n's database or the sandbox until what it waits for has happened, with an
// upper bound that only fails.
import { count, settled } from './cluster.mjs';
import { openLink, pressOnPage, waitingLinksIn } from '../rig/answerPage.mjs';
import { CREDENTIALS } from '../rig/sandbox.mjs';
import { waitFor } from '../rig/processes.mjs';

export const DELIVERY_WORKFLOW = 'queue0004';
export const APPROVAL_WORKFLOW = 'queue0005';
/** The same ask with the old Workspace Send and Wait (hidden now), as workflows saved with it. */
export const SAVED_APPROVAL_WORKFLOW = 'queue0006';
const DELIVERY_PATH = 'workspace-records-queue-delivery';
const APPROVAL_PATH = 'workspace-records-queue-approval';
const SAVED_APPROVAL_PATH = 'workspace-records-queue-approval-saved-node';
const SMS_SEND = '/api/ingest/sms/v1/message/send';
const WAIT = 'Wait for Delivery';
const AFTER_WAIT = 'After the wait';
const ASK = 'Ask to confirm the slot';
const AFTER_ANSWER = 'After the answer';
const AT_ONCE = 10;
/**
 * The time limit's run: n8n's wait tracker, on main alone, looks for waits due within 70 s
 * every 60 s (wait-tracker.js), so a limit of seconds ends within a minute of the wait.
 */
const LIMIT_SECONDS = 2;

const credentials = { workspaceRecordsApi: CREDENTIALS.workspaceRecordsApi };

const webhookNode = (id, webhookId, path) => ({
	id,
	name: 'Webhook',
	type: 'n8n-nodes-base.webhook',
	typeVersion: 2,
	position: [0, 0],
	webhookId,
	parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
});

const noOp = (id, name) => ({
	id,
	name,
	type: 'n8n-nodes-base.noOp',
	typeVersion: 1,
	position: [780, 0],
	parameters: {},
});

const chain = (...names) =>
	Object.fromEntries(
		names
			.slice(0, -1)
			.map((name, i) => [name, { main: [[{ node: names[i + 1], type: 'main', index: 0 }]] }]),
	);

/**
 * A webhook call sends an SMS whose Postback URL is the execution's resume address, then waits
 * for its delivery (the time limit in seconds, from the call), then one more node; and a webhook
 * call that asks for an approval by SMS, then one more node.
 */
export function waitWorkflows() {
	return [
		{
			id: DELIVERY_WORKFLOW,
			name: 'Queue test: send an SMS and wait for its delivery',
			active: false,
			settings: { executionOrder: 'v1' },
			nodes: [
				webhookNode(
					'queue-delivery-webhook',
					'2b9f4e6a-1c3d-4e5f-8a7b-9c0d1e2f3a41',
					DELIVERY_PATH,
				),
				{
					id: 'queue-delivery-send',
					name: 'Send the order notice',
					type: 'n8n-nodes-workspace-records.workspaceSms',
					typeVersion: 1,
					position: [260, 0],
					credentials,
					parameters: {
						resource: 'sms',
						operation: 'send',
						recipient: '={{ $json.body.phone }}',
						message: '={{ "Your order " + $json.body.order + " is on its way" }}',
						senderId: 'WRKSPC',
						route: 'transactional',
						additionalFields: { postBackUrl: '={{ $execution.resumeUrl }}' },
					},
				},
				{
					id: 'queue-delivery-wait',
					name: WAIT,
					type: 'n8n-nodes-workspace-records.workspaceWaitForDelivery',
					typeVersion: 1,
					position: [520, 0],
					credentials,
					webhookId: '3c0a5f7b-2d4e-4f60-9b8c-0d1e2f3a4b52',
					parameters: {
						requestId: '={{ $json.request_id }}',
						resumeOnStatuses: 'delivered, read, failed',
						waitTimeLimit: "={{ $('Webhook').first().json.body.limitSeconds }}",
						waitTimeUnit: 'seconds',
					},
				},
				noOp('queue-delivery-after', AFTER_WAIT),
			],
			connections: chain('Webhook', 'Send the order notice', WAIT, AFTER_WAIT),
		},
		approvalWorkflow({
			id: APPROVAL_WORKFLOW,
			name: 'Queue test: ask by SMS for an approval',
			path: APPROVAL_PATH,
			webhookIds: ['4d1b6a8c-3e5f-4a71-8c9d-1e2f3a4b5c63', '5e2c7b9d-4f60-4b82-9d0e-2f3a4b5c6d74'],
			// Workspace SMS's Send and Wait for Response, with n8n's Limit Wait Time.
			ask: {
				type: 'n8n-nodes-workspace-records.workspaceSms',
				parameters: {
					resource: 'sms',
					operation: 'sendAndWait',
					options: {
						limitWaitTime: {
							values: { limitType: 'afterTimeInterval', resumeAmount: 1, resumeUnit: 'days' },
						},
					},
				},
			},
		}),
		approvalWorkflow({
			id: SAVED_APPROVAL_WORKFLOW,
			name: 'Queue test: ask by SMS for an approval, with the old Workspace Send and Wait',
			path: SAVED_APPROVAL_PATH,
			webhookIds: ['6f3d8c0e-5a71-4c93-8e1f-3a4b5c6d7e85', '7a4e9d1f-6b82-4da4-9f2a-4b5c6d7e8f96'],
			ask: {
				type: 'n8n-nodes-workspace-records.workspaceSendAndWait',
				parameters: {
					channel: 'sms',
					operation: 'sendAndWait',
					waitTimeLimit: 1,
					waitTimeUnit: 'days',
				},
			},
		}),
	];
}

/** A webhook call that asks for an approval by SMS with `ask` (its node type and own fields), then one more node. */
function approvalWorkflow({ id, name, path, webhookIds: [triggerId, askId], ask }) {
	const prefix = id === APPROVAL_WORKFLOW ? 'queue-approval' : 'queue-approval-saved';
	return {
		id,
		name,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			webhookNode(`${prefix}-webhook`, triggerId, path),
			{
				id: `${prefix}-ask`,
				name: ASK,
				type: ask.type,
				typeVersion: 1,
				position: [260, 0],
				credentials,
				webhookId: askId,
				parameters: {
					...ask.parameters,
					message: 'Hello Ada, may we deliver order 42 tomorrow between 9 and 12?',
					responseType: 'approval',
					approvalOptions: {
						values: { approvalType: 'double', approveLabel: 'Yes', disapproveLabel: 'No' },
					},
					recipient: '+91 98765 43210',
					senderId: 'WRKSPC',
					route: 'transactional',
				},
			},
			noOp(`${prefix}-after`, AFTER_ANSWER),
		],
		connections: chain('Webhook', ASK, AFTER_ANSWER),
	};
}

// ---------- the runs ----------

async function callWebhook(base, path, body) {
	const response = await fetch(`${base}/webhook/${path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	await response.text();
	if (!response.ok) throw new Error(`the webhook ${path} answered ${response.status}`);
}

/** One webhook call per body, all at once; the new executions once each waits (60 s at most). */
async function startWaiting({ cluster, db }, workflowId, path, bodies) {
	const before = new Set((await db.list(workflowId)).map((e) => e.id));
	await Promise.all(bodies.map((body) => callWebhook(cluster.base, path, body)));
	let executions = [];
	await waitFor(
		`${bodies.length} execution(s) of ${workflowId} to wait`,
		async () => {
			executions = (await db.list(workflowId)).filter((e) => !before.has(e.id));
			const ended = executions.filter((e) => settled(e.status));
			if (ended.length)
				throw new Error(
					`execution ${ended.map((e) => `#${e.id} ${e.status}`)} ended without waiting`,
				);
			return executions.length === bodies.length && executions.every((e) => e.status === 'waiting');
		},
		{ timeoutMs: 60_000 },
	);
	return executions.map((e) => e.id);
}

/** Until every execution has ended (`timeoutMs` at most); the executions as stored. */
async function untilEnded(db, workflowId, ids, timeoutMs = 60_000) {
	let executions = [];
	await waitFor(
		`execution(s) ${ids.map((id) => `#${id}`).join(', ')} to end`,
		async () => {
			executions = (await db.list(workflowId)).filter((e) => ids.includes(e.id));
			return executions.length === ids.length && executions.every((e) => settled(e.status));
		},
		{ timeoutMs, everyMs: 500 },
	);
	return executions;
}

/** The message an execution sent: the one whose post-back address is the execution's. */
function messageOf(sandbox, executionId) {
	const mine = `/webhook-waiting/${executionId}?`;
	return [...sandbox.state.messages.values()].find((m) => m.sent?.post_back_url?.includes(mine));
}

/** How many sends the sandbox got for the execution. */
const sendsOf = (sandbox, executionId, has) =>
	sandbox.requests.filter(
		(r) => r.method === 'POST' && r.path === SMS_SEND && has(r.body ?? {}, executionId),
	).length;
const postsBackTo = (body, id) => String(body.post_back_url).includes(`/webhook-waiting/${id}?`);
const linksTo = (body, id) => String(body.message).includes(`/webhook-waiting/${id}/`);

/** The same address at main: a resume address names only its path and query (signed without the host). */
const atMain = (cluster, url) => {
	const address = new URL(url);
	return `${cluster.base}${address.pathname}${address.search}`;
};

/** Posts `status` for an execution's message, to its post-back address or `url`; n8n's answer. */
async function post(sandbox, message, status, url) {
	const delivery = await sandbox.postStatus(message.request_id, { status }, url);
	return delivery.tries.at(-1).status ?? delivery.tries.at(-1).error;
}

/**
 * Whether an execution resumed once, on a worker: it ended with success, the node after the wait
 * ran once, two workers' starts (before the wait, after it) and none by main or the webhook process.
 */
function resumedOnce(cluster, outputs, execution, afterNode) {
	const runs = outputs.get(execution.id)?.runs ?? {};
	const starts = cluster.startsByExecution().get(execution.id) ?? [];
	const elsewhere = ['main', 'webhook'].filter((name) =>
		new RegExp(`started execution ${execution.id}\\b`).test(cluster.log(name)),
	);
	const problems = [];
	if (execution.status !== 'success') problems.push(`ended ${execution.status}`);
	if (runs[afterNode] !== 1) problems.push(`${afterNode} ran ${runs[afterNode] ?? 0} times`);
	if (starts.length !== 2)
		problems.push(`${starts.length} starts on workers (${starts.join('+')})`);
	if (elsewhere.length) problems.push(`run by ${elsewhere.join(' and ')}`);
	return { ok: problems.length === 0, problems, starts };
}

const describe = (id, { problems, starts }) =>
	problems.length ? `#${id}: ${problems.join(', ')}` : `#${id} on ${starts.join(' then ')}`;

// ---------- the checks ----------

/**
 * Wait for Delivery and Send and Wait for Response in queue mode: a time limit (checked last:
 * main's wait tracker takes up to a minute), one send resumed by its delivered status, ten at
 * once each resumed by its own status posted to both processes, and an approval pressed on its
 * page, asked by Workspace SMS and by the old Workspace Send and Wait.
 */
export async function waitChecks(context, { step, check, note }) {
	const { sandbox } = context;
	// The host posts nothing on its own here: each status is posted by the check that needs it.
	sandbox.config.deliveryPlan = [{ status: 'sent', afterMs: 86_400_000 }];
	try {
		step(`Wait for Delivery: a time limit of ${LIMIT_SECONDS} s, ended by main's wait tracker`);
		const [limited] = await startWaiting(context, DELIVERY_WORKFLOW, DELIVERY_PATH, [
			{ phone: '+91 98765 43100', order: 100, limitSeconds: LIMIT_SECONDS },
		]);
		await deliveredCheck(context, { step, check });
		await manyAtOnceCheck(context, { step, check, note });
		for (const ask of ASKS) await approvalCheck(context, { step, check }, ask);
		await timeLimitCheck(context, { step, check }, limited);
	} finally {
		delete sandbox.config.deliveryPlan;
	}
}

async function deliveredCheck(context, { step, check }) {
	const { cluster, sandbox, db } = context;
	step('Wait for Delivery: sent, then delivered, posted to the webhook process');
	const [id] = await startWaiting(context, DELIVERY_WORKFLOW, DELIVERY_PATH, [
		{ phone: '+91 98765 43210', order: 42, limitSeconds: 600 },
	]);
	const message = messageOf(sandbox, id);
	const address = new URL(message.sent.post_back_url);
	const sentAnswer = await post(sandbox, message, 'sent');
	const [afterSent] = (await db.list(DELIVERY_WORKFLOW)).filter((e) => e.id === id);
	const deliveredAnswer = await post(sandbox, message, 'delivered');
	const [execution] = await untilEnded(db, DELIVERY_WORKFLOW, [id]);
	const outputs = await db.outputs([id]);
	const [json = {}] = outputs.get(id)?.nodes[WAIT] ?? [];
	const resumed = resumedOnce(cluster, outputs, execution, AFTER_WAIT);
	const sends = sendsOf(sandbox, id, postsBackTo);
	check(
		'Wait for Delivery in queue mode: sent waited past, delivered resumed the execution once, on a worker',
		address.origin === cluster.webhookBase &&
			sentAnswer === 200 &&
			afterSent?.status === 'waiting' &&
			deliveredAnswer === 200 &&
			json.outcome === 'finalStatus' &&
			json.status === 'delivered' &&
			json.request_id === message.request_id &&
			resumed.ok &&
			sends === 1,
		`resume address at ${address.origin === cluster.webhookBase ? 'the webhook process' : address.origin}; sent answered ${sentAnswer} (then ${afterSent?.status}), delivered ${deliveredAnswer}; output ${json.outcome}/${json.status}${json.request_id === message.request_id ? ' with its request_id' : ` with request_id ${json.request_id}`}; ${describe(id, resumed)}; ${sends} send(s)`,
	);
}

/**
 * Ten executions waiting at once; each message's delivered posted twice (the vendor does not
 * promise one post per status), once to each process, as a load balancer may send them: half
 * first to the webhook process, half first to main. The first post resumes, once.
 */
async function manyAtOnceCheck(context, { step, check, note }) {
	const { cluster, sandbox, db } = context;
	step(
		`Wait for Delivery: ${AT_ONCE} executions waiting at once, each status posted to both processes, half first to main`,
	);
	const bodies = Array.from({ length: AT_ONCE }, (_, i) => ({
		phone: `+91 98765 432${String(20 + i)}`,
		order: 200 + i,
		limitSeconds: 600,
	}));
	const ids = await startWaiting(context, DELIVERY_WORKFLOW, DELIVERY_PATH, bodies);
	const messages = ids.map((id) => messageOf(sandbox, id));
	const firstAtMain = (i) => i % 2 === 1;
	const answers = await Promise.all(
		messages.map(async (message, i) => {
			const addresses = [message.sent.post_back_url, atMain(cluster, message.sent.post_back_url)];
			if (firstAtMain(i)) addresses.reverse();
			const first = await post(sandbox, message, 'delivered', addresses[0]);
			return [first, await post(sandbox, message, 'delivered', addresses[1])];
		}),
	);
	const executions = await untilEnded(db, DELIVERY_WORKFLOW, ids);
	const outputs = await db.outputs(ids);
	const results = executions.map((execution) => {
		const i = ids.indexOf(execution.id);
		const [json = {}] = outputs.get(execution.id)?.nodes[WAIT] ?? [];
		const resumed = resumedOnce(cluster, outputs, execution, AFTER_WAIT);
		const own = json.status === 'delivered' && json.request_id === messages[i].request_id;
		const sends = sendsOf(sandbox, execution.id, postsBackTo);
		if (!own) resumed.problems.push(`output ${json.status} for request ${json.request_id}`);
		if (sends !== 1) resumed.problems.push(`${sends} sends`);
		return { id: execution.id, ok: resumed.ok && own && sends === 1, resumed };
	});
	note(
		`answers (first post, repeat): ${['the webhook process', 'main']
			.map((first, atMain) => {
				const pairs = answers.filter((_, i) => Number(firstAtMain(i)) === atMain);
				return `first to ${first} ${[...count(pairs.map((pair) => pair.join('/')))]
					.map(([pair, n]) => `${n}× ${pair}`)
					.join(', ')}`;
			})
			.join('; ')}`,
	);
	const perWorker = count(results.flatMap((r) => r.resumed.starts));
	check(
		`Wait for Delivery in queue mode: ${AT_ONCE} executions waiting at once, each resumed once by its own status`,
		executions.length === AT_ONCE &&
			results.every((r) => r.ok) &&
			answers.every(([first]) => first === 200),
		results.every((r) => r.ok)
			? `${AT_ONCE} succeeded, each with its own request_id, one send and one run after the wait; runs on w1 ${perWorker.get('w1') ?? 0}, w2 ${perWorker.get('w2') ?? 0}`
			: results
					.filter((r) => !r.ok)
					.map((r) => describe(r.id, r.resumed))
					.join('; '),
	);
}

/** The asks checked: Workspace SMS's operation, and the old node of saved workflows. */
const ASKS = [
	{
		what: 'Send and Wait for Response (Workspace SMS)',
		workflow: APPROVAL_WORKFLOW,
		path: APPROVAL_PATH,
	},
	{
		what: 'the old Workspace Send and Wait (saved workflows)',
		workflow: SAVED_APPROVAL_WORKFLOW,
		path: SAVED_APPROVAL_PATH,
	},
];

/**
 * An ask by SMS: the question's page opened at main, the choice pressed at the webhook process
 * (a load balancer may send the two anywhere); a late press gets n8n's "no action required".
 */
async function approvalCheck(context, { step, check }, { what, workflow, path }) {
	const { cluster, sandbox, db } = context;
	step(`${what}: the link opened at main, Yes pressed at the webhook process`);
	const [id] = await startWaiting(context, workflow, path, [{}]);
	const send = sandbox.requests.find(
		(r) => r.method === 'POST' && r.path === SMS_SEND && linksTo(r.body ?? {}, id),
	);
	const [link] = waitingLinksIn(send?.body.message ?? '');
	if (!link) throw new Error(`no link to execution ${id} in the SMS sent: ${send?.body.message}`);
	const page = await openLink(atMain(cluster, link));
	const pressed = await pressOnPage(link, { approved: 'true' });
	const [execution] = await untilEnded(db, workflow, [id]);
	const late = await pressOnPage(link, { approved: 'false' });
	const outputs = await db.outputs([id]);
	const [json = {}] = outputs.get(id)?.nodes[ASK] ?? [];
	const resumed = resumedOnce(cluster, outputs, execution, AFTER_ANSWER);
	const sends = sendsOf(sandbox, id, linksTo);
	check(
		`${what} in queue mode: the page at main, the answer at the webhook process, resumed once on a worker`,
		new URL(link).origin === cluster.webhookBase &&
			page.status === 200 &&
			page.html.includes('>Yes</button>') &&
			pressed.status === 200 &&
			json.data?.approved === true &&
			late.status === 200 &&
			!late.html.includes('<form') &&
			resumed.ok &&
			sends === 1,
		`page ${page.status}${page.html.includes('>Yes</button>') ? ' with its buttons' : ' without the buttons'}, Yes answered ${pressed.status}, output approved ${json.data?.approved}; a late No ${late.status}${late.html.includes('<form') ? ' with a form' : ', no action required'}; ${describe(id, resumed)}; ${sends} send(s)`,
	);
}

async function timeLimitCheck(context, { step, check }, id) {
	const { cluster, sandbox, db } = context;
	step('Wait for Delivery: the time limit');
	// Its wait began before the other checks; main's wait tracker ends it within a minute.
	const [execution] = await untilEnded(db, DELIVERY_WORKFLOW, [id], 120_000);
	const message = messageOf(sandbox, id);
	const late = await post(sandbox, message, 'delivered');
	const outputs = await db.outputs([id]);
	const [json = {}] = outputs.get(id)?.nodes[WAIT] ?? [];
	const resumed = resumedOnce(cluster, outputs, execution, AFTER_WAIT);
	check(
		'Wait for Delivery in queue mode: the time limit resumed the execution once, on a worker',
		json.outcome === 'noFinalStatus' &&
			json.status === null &&
			json.request_id === message.request_id &&
			late === 409 &&
			resumed.ok &&
			sendsOf(sandbox, id, postsBackTo) === 1,
		`output ${json.outcome}/${json.status}; a late delivered answered ${late}; ${describe(id, resumed)}`,
	);
}
