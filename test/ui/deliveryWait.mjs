// Delivery Report → Wait for Status in the editor (`npm run test:ui`, listed by run.mjs):
//   1. its fields as the user sees them: the setup notice, Request ID's default, Resume On
//      Statuses, Time Limit and its unit, with readable labels and no issue shown after a send;
//   2. one executed wait: Manual Trigger -> Workspace SMS Send (Postback URL the execution's
//      resume address) -> Workspace SMS Wait for Status, run with the editor's Execute Workflow button; the
//      sandbox posts delivered once n8n holds the run waiting, and the editor shows the output.
import { fail, json, pollFor, sel, shownParameters, squash, waitForText } from './editor.mjs';
import { chain, MANUAL_TRIGGER, ourNode } from './workflows.mjs';

const WAIT_NODE = 'Wait for Status';
const SEND_NODE = 'Send SMS';
const FIELDS = ['Request ID', 'Resume On Statuses', 'Time Limit', 'Time Limit Unit'];
const NOTICE = "Set the send's Postback URL to {{ $execution.resumeUrl }}";

/** The workflow of README "Messages": a send that posts back here, then the wait (its defaults). */
function sendThenWait() {
	const send = ourNode(
		SEND_NODE,
		'workspaceSms',
		{
			resource: 'sms',
			operation: 'send',
			recipient: '+91 98765 43210',
			message: 'Your order 42 is on its way',
			senderId: 'WRKSPC',
			route: 'transactional',
			additionalFields: { postBackUrl: '={{ $execution.resumeUrl }}' },
		},
		{ position: [220, 0] },
	);
	const wait = ourNode(WAIT_NODE, 'workspaceSms', {
		resource: 'deliveryReport',
		operation: 'waitForStatus',
	});
	return chain(MANUAL_TRIGGER, send, wait);
}

/** Runs the whole workflow from the editor's own button, as a person does. */
async function executeWorkflow(page) {
	await page.locator('[data-test-id="execute-workflow-button"]').first().click();
}

async function openWaitNode(page) {
	await page.locator(sel.canvasNode, { hasText: WAIT_NODE }).dblclick();
	await page.locator(sel.ndv).waitFor();
	return page.locator(sel.ndv);
}

/**
 * Starts a run with `start`, waits until n8n holds it waiting, has the sandbox post the planned
 * delivered, and waits until the run ends: the waiting execution and the answers n8n gave.
 */
async function runUntilDelivered({ sandbox, api }, workflowId, start) {
	const before = sandbox.config.deliveryPlan;
	// Posted only when asked (runDue), once n8n holds the run waiting.
	sandbox.config.deliveryPlan = [{ status: 'delivered', afterMs: 1 }];
	try {
		const posted = sandbox.postbacks.deliveries.length;
		await start();
		const waiting = await pollFor(
			async () => (await api.executions(workflowId)).find((e) => e.status === 'waiting'),
			'a waiting execution',
		);
		await sandbox.postbacks.runDue(Infinity);
		await pollFor(
			async () =>
				(await api.executions(workflowId)).find(
					(e) => e.id === waiting.id && e.status === 'success',
				),
			'the resumed execution ending',
		);
		const answers = sandbox.postbacks.deliveries
			.slice(posted)
			.map((d) => [d.payload.status, d.status ?? d.error]);
		return { waiting, answers };
	} finally {
		sandbox.config.deliveryPlan = before;
	}
}

export function deliveryWaitChecks() {
	return [
		[
			"Wait for Status (Workspace SMS, Delivery Report): the setup notice, Request ID defaulting to the item's request_id, Resume On Statuses, Time Limit and its unit, readable, and no issue shown with the defaults after a send",
			async ({ page, env, shot }) => {
				const id = await env.api.createWorkflow({
					name: 'UI test: Wait for Status fields',
					...sendThenWait(),
				});
				await page.goto(`${env.n8n.base}/workflow/${id}`);
				const ndv = await openWaitNode(page);
				await ndv.locator(sel.parameter('requestId')).waitFor();
				const labels = (await shownParameters(ndv)).map((p) => p.label);
				const text = squash(await ndv.locator(sel.nodeParameters).innerText());
				const requestId = squash(await ndv.locator(sel.parameter('requestId')).innerText());
				const statuses = await ndv
					.locator(
						`${sel.parameter('resumeOnStatuses')} input, ${sel.parameter('resumeOnStatuses')} textarea`,
					)
					.first()
					.inputValue();
				const limit = await ndv
					.locator(`${sel.parameter('waitTimeLimit')} input`)
					.first()
					.inputValue();
				const unit = await ndv
					.locator(`${sel.parameter('waitTimeUnit')} input`)
					.first()
					.inputValue();
				await shot('w1-wait-fields');
				if (!text.includes(NOTICE)) fail(`the setup notice is not shown: "${text.slice(0, 300)}"`);
				for (const label of FIELDS)
					if (!labels.includes(label)) fail(`no field labelled "${label}": ${json(labels)}`);
				// The setup notice names WEBHOOK_URL, a variable, on purpose; the fields' labels may not.
				if (labels.some((label) => !label.includes(NOTICE) && /[a-z][A-Z]|_/.test(label)))
					fail(`a label reads as a parameter name: ${json(labels)}`);
				if (!requestId.includes('{{ $json.request_id }}'))
					fail(`Request ID shows "${requestId}", expected {{ $json.request_id }}`);
				if (statuses !== 'delivered, read, failed' || limit !== '10' || unit !== 'Minutes')
					fail(`defaults shown: ${json({ statuses, limit, unit })}`);
				await page.locator(sel.ndvClose).click();

				// One run, so that Request ID's expression has an item to read; then no issue.
				const { answers: sent } = await runUntilDelivered(env, id, () =>
					env.api.startManualRun(id, MANUAL_TRIGGER.name),
				);
				await openWaitNode(page);
				const issues = await ndv.locator(`${sel.parameterIssues}:visible`).count();
				await shot('w1-wait-fields-after-send');
				if (issues) fail(`${issues} parameter issue(s) shown with the defaults`);
				return `notice: "${NOTICE}…"\nfields: ${json(labels)}\nRequest ID "${requestId}", statuses "${statuses}", limit ${limit} ${unit}; issues after a send: ${issues} (the run's post-backs: ${json(sent)})`;
			},
		],
		[
			'Wait for Status executed from the editor: SMS Send posts back to the resume address, the run waits, the sandbox posts delivered, the wait node shows outcome finalStatus, status delivered',
			async ({ page, env, shot }) => {
				const { sandbox, api } = env;
				const id = await api.createWorkflow({
					name: 'UI test: Wait for Status run',
					...sendThenWait(),
				});
				await page.goto(`${env.n8n.base}/workflow/${id}`);
				await page.locator(sel.canvasNode, { hasText: WAIT_NODE }).waitFor();
				sandbox.clearRequests();
				const { waiting, answers } = await runUntilDelivered(env, id, async () => {
					await executeWorkflow(page);
				});
				const send = sandbox.requests.find((r) => r.method === 'POST');
				if (!/\/webhook-waiting\/\d+/.test(send?.body?.post_back_url ?? ''))
					fail(`the send's post_back_url is ${json(send?.body?.post_back_url)}`);
				const ndv = await openWaitNode(page);
				const output = await waitForText(
					ndv.locator(sel.output),
					(t) => t.includes('finalStatus') && t.includes('delivered'),
					'the wait node output',
				);
				await shot('w2-wait-output');
				return `executed from the editor (Execute workflow button); execution ${waiting.id} waited\npost-backs: ${json(answers)}\nthe wait node shows: "${squash(output).slice(0, 240)}"`;
			},
		],
	];
}
