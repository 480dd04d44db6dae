// The `webhook` trigger cases: the WhatsApp trigger's workflow activated, and called at its
// production URL by the sandbox.
import {
	activationRefusal,
	executionsOf,
	n8nControls,
	sleep,
	until,
	untilWebhookListens,
} from './rig.mjs';
import { postBackPathOf } from '../whatsAppTrigger.mjs';

/** After the executions expected have started: long enough for a duplicate one to show. */
const WEBHOOK_QUIET_MS = 4000;

/**
 * A webhook trigger case: the workflow activated as a user does; once n8n answers at the
 * trigger's production URL (http://host:port/webhook/<webhookId>/<path>), `during(sandbox, url,
 * postBackUrl, n8nAt)` has the sandbox deliver to it what the case is about and says how many
 * executions must follow (`executions`); `n8nAt` (n8nControls) lets it restart n8n, reach
 * into its database and wait for executions on the way. The run waits for them (at most
 * `withinSeconds`), then WEBHOOK_QUIET_MS more, deactivates the workflow and reads back every
 * execution it started.
 */
export async function runWebhookCase(n8n, sandbox, testCase, workflow) {
	const trigger = workflow.nodes[0];
	const readRuns = executionsOf(n8n.rest, workflow.id, trigger.name, workflow.nodes[1]?.name);
	// `webhook`: the path in the trigger's description (`webhooks[0].path`).
	const url = `${n8n.base}/webhook/${trigger.webhookId}/webhook`;
	const postBackUrl = `${n8n.base}/webhook/${trigger.webhookId}/${postBackPathOf(trigger)}`;
	if (testCase.refusedAtActivation) {
		// What the user is shown, whether the workflow is left active, and what a post then meets.
		const refusal = await activationRefusal(n8n, workflow);
		const { data } = await n8n.rest.call('GET', `/rest/workflows/${workflow.id}`);
		const outcome = await testCase.during(sandbox, url, postBackUrl);
		await n8n.rest.deactivate(workflow.id).catch(() => {});
		return { runs: await readRuns(), outcome: { ...outcome, refusal, active: data.active } };
	}
	await n8n.rest.activate(workflow.id);
	let outcome;
	try {
		await untilWebhookListens(url);
		outcome = await testCase.during(
			sandbox,
			url,
			postBackUrl,
			n8nControls(n8n, workflow, readRuns, { url }),
		);
		await until(readRuns, (runs) => runs.length >= outcome.executions, {
			timeoutMs: testCase.withinSeconds * 1000,
			everyMs: 500,
		});
		await sleep(WEBHOOK_QUIET_MS);
	} finally {
		await n8n.rest.deactivate(workflow.id);
	}
	return { runs: await readRuns(), outcome };
}
