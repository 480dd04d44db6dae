// The `waits` cases (Wait for Delivery, Send and Wait for Response): a manual run that n8n
// holds waiting, what the case does meanwhile (the sandbox posts statuses, a person answers on
// the page), and the resumed run's output.
import {
	checkRequests,
	n8nControls,
	report,
	startCase,
	stopExecution,
	untilWaiting,
} from './rig.mjs';

/**
 * A send and a node that waits after it (`then`: Wait for Delivery): the manual run, as the
 * editor's Execute workflow starts it, until n8n holds it waiting; then `during(sandbox, n8nAt,
 * executionId, runs)` has the sandbox post statuses (and may restart n8n: n8nAt; start another
 * run and read its output: runs), and says what it saw; then the run's end, read back as stored. `check(items, sandbox, outcome)` gets the
 * waiting node's items after it resumed.
 */
export async function runWaitCase(n8n, version, testCase, sandbox) {
	const { started, workflow } = startCase(testCase, sandbox);
	// The node that waits: Wait for Delivery after a send, or the node under test (Send and Wait).
	const waiting = testCase.then?.name ?? workflow.nodes[1].name;
	let executionId;
	let resultData;
	let outcome;
	let failure;
	try {
		executionId = await n8n.rest.startManualRun(workflow.id, workflow.nodes[0].name);
		await untilWaiting(n8n.rest, executionId);
		// Another run of the same workflow, waiting too: its output as stored once it has ended.
		const runs = {
			async startAnother() {
				const id = await n8n.rest.startManualRun(workflow.id, workflow.nodes[0].name);
				await untilWaiting(n8n.rest, id);
				return id;
			},
			async outputOf(id) {
				const ended = await n8n.rest.finishedRun(id, { timeoutMs: 60_000 });
				return ended.runData?.[waiting]?.at(-1)?.data?.main?.[0] ?? [];
			},
		};
		outcome = await testCase.during(
			sandbox,
			n8nControls(n8n, workflow, () => []),
			executionId,
			runs,
		);
		resultData = await n8n.rest.finishedRun(executionId, { timeoutMs: 90_000 });
		// What is seen once the run has ended (the link of a wait that is over).
		if (testCase.afterEnd) outcome = await testCase.afterEnd(outcome);
	} catch (error) {
		failure = error;
		if (executionId) await stopExecution(n8n.rest, executionId);
	} finally {
		delete sandbox.config.deliveryPlan;
	}
	return report(version, testCase, started, n8n.output, () => {
		if (failure) throw failure;
		checkRequests(testCase, sandbox.requests, sandbox.config);
		const runs = resultData.runData?.[waiting] ?? [];
		const task = runs[runs.length - 1];
		if (resultData.error) throw new Error(`the run failed: ${resultData.error.message}`);
		if (!task?.data) throw new Error('no output from the node');
		return testCase.check(task.data.main[0], sandbox, outcome);
	});
}
