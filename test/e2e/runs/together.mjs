// The `together` cases: a burst of manual runs of one workflow started at once, with the host
// alongside them (its post-backs).
import { checkRequests, report, startCase, stopExecution, until } from './rig.mjs';

/**
 * `together`: that many manual runs of the case's workflow started at once, as a burst of sends
 * meets a busy n8n; each may wait or not. `alongside(sandbox)` is the host while they run (its
 * post-backs): its `stop()`, once every run has ended or `withinSeconds` passed, says what it
 * did. `check(runs, sandbox, outcome)` gets every run: { id, status, items (the `then` node's
 * output), error }; a run still going then is stopped, and checked as it was (`waiting`).
 */
export async function runTogetherCase(n8n, version, testCase, sandbox) {
	const { started, workflow } = startCase(testCase, sandbox);
	const thenName = testCase.then?.name ?? workflow.nodes[1].name;
	const host = testCase.alongside(sandbox);
	const runs = [];
	let outcome;
	let failure;
	try {
		const ids = await Promise.all(
			Array.from({ length: testCase.together }, () =>
				n8n.rest.startManualRun(workflow.id, workflow.nodes[0].name),
			),
		);
		const ended = (status) => ['success', 'error', 'crashed', 'canceled'].includes(status);
		const statuses = await until(
			async () =>
				new Map(
					(await n8n.rest.executions(workflow.id))
						.filter((e) => ids.includes(e.id))
						.map((e) => [e.id, e.status]),
				),
			(statuses) => ids.every((id) => ended(statuses.get(id))),
			{ timeoutMs: (testCase.withinSeconds ?? 90) * 1000, everyMs: 500 },
		);
		for (const id of ids) {
			const status = statuses.get(id);
			if (!ended(status)) await stopExecution(n8n.rest, id);
			const resultData = ended(status) ? await n8n.rest.runData(id) : undefined;
			runs.push({
				id,
				status,
				items: resultData?.runData?.[thenName]?.at(-1)?.data?.main?.[0] ?? [],
				error: resultData?.error?.message,
			});
		}
	} catch (error) {
		failure = error;
	} finally {
		outcome = await host.stop();
		delete sandbox.config.deliveryPlan;
	}
	return report(version, testCase, started, n8n.output, () => {
		if (failure) throw failure;
		checkRequests(testCase, sandbox.requests, sandbox.config);
		return testCase.check(runs, sandbox, outcome);
	});
}
