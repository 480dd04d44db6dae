// The action cases: a Manual Trigger and the node under test, run as the editor's Execute
// workflow runs it.
import { checkRequests, report, startCase, stopExecution } from './rig.mjs';

/** A Manual Trigger and the node under test: the requests the sandbox got, the node's items or error. */
export async function runActionCase(n8n, version, testCase, sandbox, elsewhere) {
	const { started, workflow } = startCase(testCase, sandbox, elsewhere);
	let executionId;
	let resultData;
	let failure;
	try {
		executionId = await n8n.rest.startManualRun(workflow.id, workflow.nodes[0].name);
		resultData = await n8n.rest.finishedRun(executionId, { timeoutMs: 120_000 });
	} catch (error) {
		failure = error;
		if (executionId) await stopExecution(n8n.rest, executionId);
	}
	return report(version, testCase, started, n8n.output, () => {
		if (failure) throw failure;
		checkRequests(testCase, sandbox.requests, sandbox.config);
		const task = resultData.runData?.[workflow.nodes[1].name]?.[0];
		if (testCase.error) {
			const message =
				task?.error?.message ?? resultData.error?.message ?? 'no error in the run data';
			// A function: the error names something known only at run time (a port).
			const wanted =
				typeof testCase.error === 'function' ? testCase.error(sandbox, elsewhere) : testCase.error;
			if (!wanted.test(message)) throw new Error(`error "${message}" does not match ${wanted}`);
			// What must hold after the failure (what the sandbox keeps), when the case says.
			testCase.check?.(task?.data?.main?.[0] ?? [], sandbox, elsewhere);
		} else {
			// With `then` (a wait after a send that need not wait), that node's output.
			const shown = testCase.then ? resultData.runData?.[testCase.then.name]?.[0] : task;
			if (!shown?.data) throw new Error('no output from the node');
			return testCase.check(shown.data.main[0], sandbox, elsewhere);
		}
	});
}
