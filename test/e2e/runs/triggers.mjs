// The `trigger` cases: Fetch Test Event, a poll trigger's workflow activated and polled by n8n
// (`active`), or the WhatsApp trigger's called by the sandbox (`webhook`: webhooks.mjs).
import {
	activationRefusal,
	checkRequests,
	executionsOf,
	n8nControls,
	readExample,
	report,
	sleep,
	until,
} from './rig.mjs';
import { runWebhookCase } from './webhooks.mjs';

/**
 * A trigger case as in the editor: a manual run from the trigger ("Fetch Test Event"), whose
 * execution is then read back; or, for an `active` case, the workflow activated and polled by
 * n8n's scheduler (runActiveCase); or, for a `webhook` case, activated and called at its
 * production URL by the sandbox (runWebhookCase).
 */
export async function runTriggerCase(n8n, version, testCase, sandbox, lane) {
	sandbox.reset();
	const started = Date.now();
	const workflow = readExample(testCase.file);
	let items = [];
	let active;
	let failure;
	try {
		if (testCase.webhook) active = await runWebhookCase(n8n, sandbox, testCase, workflow);
		else if (testCase.active) active = await runActiveCase(n8n, sandbox, testCase, workflow);
		else items = await n8n.rest.runFromTrigger(workflow.id, workflow.nodes[0].name);
	} catch (error) {
		failure = error;
	}
	const title = lane.underScheduler
		? { ...testCase, file: `${testCase.file} (durable poll scheduler)` }
		: testCase;
	return report(version, title, started, n8n.output, () => {
		if (failure) throw failure;
		if (active) return testCase.check(active.runs, sandbox, active.outcome);
		checkRequests(testCase, sandbox.requests, sandbox.config);
		testCase.check(items);
	});
}

/** After the last row expected was emitted: more than two poll intervals, for a late duplicate to show. */
const QUIET_MS = 12_000;

/**
 * An active trigger case: the workflow activated as a user does (n8n polls once then, which
 * sets the trigger's starting point, saved in the workflow's static data, and at the case's
 * poll times after). `during(sandbox, n8nAt)` (n8nAt: n8nControls)
 * then does to the service what the case is about while n8n polls, and says which rows must
 * be emitted (`expected`). The run waits until they all were, or `withinSeconds` passed, then
 * QUIET_MS more, deactivates the workflow and reads back every execution it started: `runs`,
 * oldest first, each { id, status, startedAt (ms), items (the trigger's output, json), error }.
 */
async function runActiveCase(n8n, sandbox, testCase, workflow) {
	testCase.setup?.(sandbox);
	const readRuns = executionsOf(n8n.rest, workflow.id, workflow.nodes[0].name);

	// The trigger's starting point is set before anything happens to the service.
	if (testCase.refusedAtActivation) {
		const refusal = await activationRefusal(n8n, workflow);
		await n8n.rest.deactivate(workflow.id).catch(() => {});
		await untilQuiet(sandbox);
		return { runs: await readRuns(), outcome: { refusal } };
	}
	await n8n.rest.activate(workflow.id, { untilStaticData: true });
	let outcome;
	try {
		outcome = await testCase.during(sandbox, n8nControls(n8n, workflow, readRuns));
		const expected = new Set(outcome.expected);
		await until(
			async () => new Set((await readRuns()).flatMap((run) => run.items.map((json) => json._id))),
			(emitted) => [...expected].every((id) => emitted.has(id)),
			{ timeoutMs: testCase.withinSeconds * 1000, everyMs: 2000 },
		);
		await sleep(QUIET_MS);
	} finally {
		await n8n.rest.deactivate(workflow.id);
		await untilQuiet(sandbox);
	}
	return { runs: await readRuns(), outcome };
}

/**
 * Until the sandbox has heard nothing for 3 s (at most 40 s): a poll that was reading when the
 * workflow was deactivated goes on to its end, and must not share the next case's service.
 */
async function untilQuiet(sandbox) {
	const started = Date.now();
	let heard = sandbox.requests.length;
	for (let quietSince = Date.now(); Date.now() - quietSince < 3000; ) {
		if (Date.now() - started > 40_000) return;
		await sleep(250);
		if (sandbox.requests.length !== heard)
			[heard, quietSince] = [sandbox.requests.length, Date.now()];
	}
}
