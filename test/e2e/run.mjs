// `npm run test:e2e`: every example workflow, run by a real n8n (each version selected by
// N8N_VERSIONS, default all of test/rig/n8n-runtime.mjs, side by side), with this package
// installed the way users install community packages, against the sandbox. Every case runs
// on the primary line (2.40.7); the other lines run the cases whose `lines` names them
// (lines.mjs). For each workflow it checks the requests the sandbox received and the items
// (or the error) the node produced.
// E2E_CASES=<regexp> runs only the cases whose file matches (while working on a few).
// E2E_STRESS=1 keeps every core busy with CPU-bound processes for the whole run (a busy
// laptop): no case may fail because the machine is slow (test/rig/stress.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';

import { agentReviewRuns, runAgentReview } from './agentReview.mjs';
import { assertNoSharedData, cases, workflowOf } from './cases.mjs';
import { postBackPathOf } from './whatsAppTrigger.mjs';
import { checkLines, runsOn } from './lines.mjs';
import { prepare, selectedVersions } from '../rig/n8n-runtime.mjs';
import {
	buildPackage,
	copyUserFolder,
	newUserFolder,
	outputTail,
	root,
	runN8nCommands,
	startN8nServer,
	writeCredentials,
} from '../rig/n8n.mjs';
import { freePort } from '../rig/ports.mjs';
import { cleanUp, onCleanup, stopOnSignals } from '../rig/processes.mjs';
import { createReporter } from '../rig/reporter.mjs';
import { startStress, stressRequested } from '../rig/stress.mjs';
import {
	createSandbox,
	SANDBOX_DEFAULTS,
	sandboxCredentials,
	sandboxHeaders,
} from '../rig/sandbox.mjs';

const OWNER = {
	email: 'owner@example.com',
	firstName: 'E2E',
	lastName: 'Owner',
	password: 'E2e-password-1',
};
const reporter = createReporter();

const selected = process.env.E2E_CASES ? new RegExp(process.env.E2E_CASES) : /./;
const runCases = cases.filter((c) => selected.test(c.file));

const readExample = (file) =>
	JSON.parse(readFileSync(join(root, 'examples', `${file}.json`), 'utf8'));

/** The headers of the records credential (docs/api.md), unless a case names others. */
const headersOf = (testCase, config) => testCase.headers ?? sandboxHeaders(config);

function checkRequests(testCase, requests, config) {
	// A case with many items states what must hold of its requests instead of listing them.
	if (typeof testCase.requests === 'function') return testCase.requests(requests);
	const seen = requests.map((r) => [r.method, r.path, ...(r.body === undefined ? [] : [r.body])]);
	const wanted = testCase.requests.map(([method, path, body]) =>
		body === undefined ? [method, path] : [method, path, body],
	);
	// A wanted request without a body matches on method and path alone.
	const matches = (got, want) => isDeepStrictEqual(want.length === 2 ? got.slice(0, 2) : got, want);
	// The items of one run are sent at once: their requests may come in any order.
	const unmatched = [...seen];
	const same =
		testCase.items > 1
			? wanted.every((want) => {
					const at = unmatched.findIndex((got) => matches(got, want));
					if (at === -1) return false;
					unmatched.splice(at, 1);
					return true;
				}) && unmatched.length === 0
			: seen.length === wanted.length && wanted.every((want, i) => matches(seen[i], want));
	if (!same) {
		throw new Error(
			`requests differ:\n  got      ${JSON.stringify(seen)}\n  expected ${JSON.stringify(wanted)}`,
		);
	}
	const headers = headersOf(testCase, config);
	for (const request of requests) {
		for (const [name, value] of Object.entries(headers)) {
			if (request.headers[name] !== value)
				throw new Error(
					`${request.method} ${request.path}: header ${name} is ${request.headers[name]}`,
				);
		}
	}
}

/**
 * A user folder with the credentials and every example workflow imported, which each lane of
 * a line copies (two n8n commands a line rather than a lane). The credentials point nowhere
 * until a lane points them at its own sandbox (pointCredentialsAt).
 */
async function importExamples(runtime, version) {
	const userFolder = newUserFolder(`e2e-${version}`);
	const nowhere = { url: 'http://127.0.0.1:9', config: SANDBOX_DEFAULTS };
	await runN8nCommands(runtime, userFolder, [
		['import:credentials', `--input=${writeCredentials(userFolder, sandboxCredentials(nowhere))}`],
		['import:workflow', '--separate', `--input=${join(root, 'examples')}`],
	]);
	return userFolder;
}

/** The imported credentials, pointed at `sandbox` as the editor saves a credential. */
async function pointCredentialsAt(rest, sandbox) {
	for (const { id, name, type, data } of sandboxCredentials(sandbox))
		await rest.call('PATCH', `/rest/credentials/${id}`, { id, name, type, data });
}

/** A sandbox for this run, stopped with everything else at the end. */
async function startSandbox(label) {
	const sandbox = createSandbox();
	await sandbox.start();
	onCleanup(label, () => sandbox.stop());
	return sandbox;
}

/**
 * The active poll cases of a line mostly wait (for n8n's next poll, then for a late
 * duplicate), so a line with many shares them out over servers of their own that wait at the
 * same time: one for each CASES_PER_POLL_LANE. A line with fewer runs them after its action
 * cases, in the same server: each server costs a start-up and the machine's cores.
 */
const CASES_PER_POLL_LANE = 6;

/**
 * One n8n line: its cases (lines.mjs) in lanes that run at the same time, each an n8n server
 * with a user folder and sandbox of its own: the action cases with the credential tests and
 * the manual and webhook trigger cases; the active poll cases (in lanes of their own when there
 * are many); and on 2.x the `durable` cases again, under n8n's durable poll scheduler.
 */
async function runVersion(version) {
	const runtime = await prepare(version);
	const versionCases = runCases.filter((c) => runsOn(c, version));
	// `durable: 'only'`: a case about the durable poll scheduler itself runs under it alone.
	const plainCases = versionCases.filter((c) => c.durable !== 'only');
	const activeCases = plainCases.filter((c) => c.active);
	const pollLanes = Math.floor(activeCases.length / CASES_PER_POLL_LANE);
	const lanes = [
		{
			name: 'actions',
			cases: plainCases.filter((c) => !c.active || !pollLanes),
			credentialTests: selected.test(CREDENTIAL_TESTS),
			humanReviewTool: selected.test(HUMAN_REVIEW_TOOL) && Number(version.split('.')[0]) >= 2,
			agentReview: Number(version.split('.')[0]) >= 2 ? agentReviewRuns(selected) : [],
		},
		...(pollLanes ? shareOut(activeCases, pollLanes) : []).map((cases, i) => ({
			name: `polls-${i + 1}`,
			cases,
		})),
	];
	if (Number(version.split('.')[0]) >= 2) {
		lanes.push({
			name: 'durable',
			cases: versionCases.filter((c) => c.durable),
			env: DURABLE_SCHEDULER,
			underScheduler: true,
		});
	}
	const imported = await importExamples(runtime, version);
	const results = await Promise.all(
		lanes
			.filter(
				(lane) =>
					lane.cases.length ||
					lane.credentialTests ||
					lane.humanReviewTool ||
					lane.agentReview?.length,
			)
			.map((lane) => runLane(runtime, version, lane, imported)),
	);
	rmSync(imported, { recursive: true, force: true });
	return checkPollFailure(runtime, version) && results.every(Boolean);
}

/**
 * `cases` in `count` lanes of about the same length, shared out longest first. A case's length
 * is taken from its `withinSeconds` (how long it may take), counted up to two minutes: the
 * longest cases all took between 50 s and 150 s when measured, far from their bounds. Each
 * lane runs its longest cases last: those that read thousands of rows at a paced rate are the
 * most sensitive to a busy machine, and by then the action cases' lane is through.
 */
function shareOut(cases, count) {
	const lanes = Array.from({ length: count }, () => ({ cases: [], seconds: 0 }));
	const length = (testCase) => Math.min(testCase.withinSeconds ?? 20, 120);
	const longestFirst = [...cases].sort((a, b) => length(b) - length(a));
	for (const testCase of longestFirst) {
		const shortest = lanes.reduce((min, lane) => (lane.seconds < min.seconds ? lane : min));
		shortest.cases.push(testCase);
		shortest.seconds += length(testCase);
	}
	const bound = (testCase) => testCase.withinSeconds ?? 0;
	return lanes.map((lane) => lane.cases.sort((a, b) => bound(a) - bound(b)));
}

/**
 * One lane: its cases one after another in one n8n server. The action cases run as the
 * editor's "Execute workflow" does (a manual run over n8n's REST API): an `n8n execute` per
 * case would start n8n each time, some 5 s of start-up per case.
 */
async function runLane(runtime, version, lane, imported) {
	const userFolder = copyUserFolder(imported, `e2e-${lane.name}-${version}`);
	const sandbox = await startSandbox(`sandbox ${lane.name} ${version}`);
	// Another origin (its own port), where a misbehaving Base URL points: it must hear nothing.
	const elsewhere = await startSandbox(`sandbox elsewhere ${lane.name} ${version}`);
	const n8n = await startN8nServer(runtime, userFolder, { env: lane.env ?? {} });
	let allPassed = true;
	try {
		await n8n.readyWithOwner(OWNER);
		await pointCredentialsAt(n8n.rest, sandbox);
		if (lane.credentialTests)
			allPassed = (await runCredentialTests(n8n, sandbox, version)) && allPassed;
		if (lane.humanReviewTool) allPassed = (await checkHumanReviewTool(n8n, version)) && allPassed;
		if (lane.agentReview?.length) {
			const helpers = { report, untilWaiting };
			allPassed =
				(await runAgentReview(n8n, version, sandbox, lane.agentReview, helpers)) && allPassed;
		}
		for (const testCase of lane.cases) {
			const passed = testCase.together
				? await runTogetherCase(n8n, version, testCase, sandbox)
				: testCase.trigger
					? await runTriggerCase(n8n, version, testCase, sandbox, lane)
					: testCase.waits
						? await runWaitCase(n8n, version, testCase, sandbox)
						: await runActionCase(n8n, version, testCase, sandbox, elsewhere);
			allPassed = passed && allPassed;
		}
	} finally {
		await n8n.stop();
	}
	// Kept after a failure, to look into; n8n's own log is server.log there.
	if (allPassed) rmSync(userFolder, { recursive: true, force: true });
	else
		reporter.say(`n8n ${version}: the user folder of lane ${lane.name} is kept in ${userFolder}`);
	return allPassed;
}

/** A Manual Trigger and the node under test: the requests the sandbox got, the node's items or error. */
async function runActionCase(n8n, version, testCase, sandbox, elsewhere) {
	sandbox.reset();
	elsewhere.reset();
	testCase.setup?.(sandbox, elsewhere);
	const started = Date.now();
	const workflow = readExample(testCase.file);
	let executionId;
	let resultData;
	let failure;
	try {
		executionId = await n8n.rest.startManualRun(workflow.id, workflow.nodes[0].name);
		resultData = await n8n.rest.finishedRun(executionId, { timeoutMs: 120_000 });
	} catch (error) {
		failure = error;
		// A run still going must not send its requests into the next case's sandbox.
		if (executionId)
			await n8n.rest.call('POST', `/rest/executions/${executionId}/stop`).catch(() => {});
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

/**
 * A send and a node that waits after it (`then`: Wait for Delivery): the manual run, as the
 * editor's Execute workflow starts it, until n8n holds it waiting; then `during(sandbox, n8nAt,
 * executionId, runs)` has the sandbox post statuses (and may restart n8n: n8nAt; start another
 * run and read its output: runs), and says what it saw; then the run's end, read back as stored. `check(items, sandbox, outcome)` gets the
 * waiting node's items after it resumed.
 */
async function runWaitCase(n8n, version, testCase, sandbox) {
	sandbox.reset();
	testCase.setup?.(sandbox);
	const started = Date.now();
	const workflow = readExample(testCase.file);
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
		if (executionId)
			await n8n.rest.call('POST', `/rest/executions/${executionId}/stop`).catch(() => {});
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

/**
 * `together`: that many manual runs of the case's workflow started at once, as a burst of sends
 * meets a busy n8n; each may wait or not. `alongside(sandbox)` is the host while they run (its
 * post-backs): its `stop()`, once every run has ended or `withinSeconds` passed, says what it
 * did. `check(runs, sandbox, outcome)` gets every run: { id, status, items (the `then` node's
 * output), error }; a run still going then is stopped, and checked as it was (`waiting`).
 */
async function runTogetherCase(n8n, version, testCase, sandbox) {
	sandbox.reset();
	testCase.setup?.(sandbox);
	const started = Date.now();
	const workflow = readExample(testCase.file);
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
		let statuses = new Map();
		for (
			const deadlineAt = Date.now() + (testCase.withinSeconds ?? 90) * 1000;
			Date.now() < deadlineAt;
			await sleep(500)
		) {
			statuses = new Map(
				(await n8n.rest.executions(workflow.id))
					.filter((e) => ids.includes(e.id))
					.map((e) => [e.id, e.status]),
			);
			if (ids.every((id) => ended(statuses.get(id)))) break;
		}
		for (const id of ids) {
			const status = statuses.get(id);
			if (!ended(status))
				await n8n.rest.call('POST', `/rest/executions/${id}/stop`).catch(() => {});
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

/** Until n8n holds the execution waiting (its status `waiting`), at most 30 s. */
async function untilWaiting(rest, executionId) {
	for (const startedAt = Date.now(); Date.now() - startedAt < 30_000; await sleep(250)) {
		const { data: execution } = await rest.call('GET', `/rest/executions/${executionId}`);
		if (execution?.status === 'waiting') return;
		if (['success', 'error', 'crashed'].includes(execution?.status))
			throw new Error(`execution ${executionId} ended (${execution.status}) without waiting`);
	}
	throw new Error(`execution ${executionId} was not waiting within 30 s`);
}

/**
 * How one check of one case went: a line (what `check()` returns noted under it), and true
 * or false. A failure also shows the tail of what n8n itself printed (`output`: { code,
 * stdout, stderr } or a function that reads it), because "requests differ: got []" alone
 * hides why n8n sent nothing.
 */
function report(version, testCase, started, output, check) {
	const title = `n8n ${version}  ${testCase.file} (${((Date.now() - started) / 1000).toFixed(1)}s)`;
	try {
		return reporter.pass(title, check());
	} catch (error) {
		const said = typeof output === 'function' ? output() : output;
		const exit =
			said?.code === undefined || said.code === 0 ? '' : ` (n8n exited with ${said.code})`;
		return reporter.fail(
			title,
			`${error.message}\n  n8n's output${exit}:\n${outputTail(said ?? {})}`,
		);
	}
}

/** The name E2E_CASES selects the human-review tool's check by. */
const HUMAN_REVIEW_TOOL = 'send-and-wait-hitl-tool';

/** The human-review tools n8n must derive: each node with Send and Wait for Response, and its resource. */
const HUMAN_REVIEW_TOOLS = [
	['workspaceSms', 'Workspace SMS', 'sms'],
	['workspaceWhatsApp', 'Workspace WhatsApp', 'message'],
	['workspaceRcs', 'Workspace RCS', 'message'],
	['workspaceEmail', 'Workspace Email', 'message'],
];
/** The old node (hidden, kept for saved workflows): its tool, if n8n derives one, must be hidden too. */
const OLD_SEND_AND_WAIT = 'n8n-nodes-workspace-records.workspaceSendAndWaitHitlTool';

/**
 * n8n 2.x makes a human-review tool of every loaded node type with webhooks and an operation
 * `sendAndWait` (tool-generation/hitl-tools.js): Workspace SMS's, WhatsApp's, RCS's and Email's, as the
 * editor loads them, for an AI Agent's tools to wait on a person's approval; each on its node's
 * Send and Wait for Response (the resource and operation fixed, the answer an approval).
 */
async function checkHumanReviewTool(n8n, version) {
	const started = Date.now();
	let types;
	let failure;
	try {
		types = await n8n.rest.call('GET', '/types/nodes.json');
	} catch (error) {
		failure = error;
	}
	return report(version, { file: HUMAN_REVIEW_TOOL }, started, n8n.output, () => {
		if (failure) throw failure;
		const list = Array.isArray(types) ? types : (types?.data ?? []);
		const said = [];
		for (const [node, displayName, resource] of HUMAN_REVIEW_TOOLS) {
			const name = `n8n-nodes-workspace-records.${node}HitlTool`;
			const tool = list.find((type) => type.name === name);
			if (!tool) throw new Error(`n8n offers no human-review tool of ${displayName} (${name})`);
			const property = (key) => tool.properties.find((p) => p.name === key);
			const checks = [
				['displayName', tool.displayName, displayName],
				['hidden', Boolean(tool.hidden), false],
				['output', tool.outputs?.[0]?.type, 'ai_tool'],
				['input', tool.inputs?.[0]?.type, 'ai_tool'],
				[
					'resource',
					`${property('resource')?.type} ${property('resource')?.default}`,
					`hidden ${resource}`,
				],
				[
					'operation',
					`${property('operation')?.type} ${property('operation')?.default}`,
					'hidden sendAndWait',
				],
				[
					'responseType',
					`${property('responseType')?.type} ${property('responseType')?.default}`,
					'hidden approval',
				],
				[
					"message's default names $tool",
					String(property('message')?.default).includes('$tool'),
					true,
				],
				['recipient', property('recipient')?.type, 'string'],
			];
			for (const [what, got, wanted] of checks)
				if (got !== wanted) throw new Error(`${name}: ${what} is ${got}, not ${wanted}`);
			said.push(`${node}HitlTool: ${tool.properties.length} fields`);
		}
		const old = list.find((type) => type.name === OLD_SEND_AND_WAIT);
		if (old && !old.hidden) throw new Error(`${OLD_SEND_AND_WAIT} is offered, not hidden`);
		const output = list.find((type) => type.name.endsWith('workspaceSmsHitlTool')).outputs[0];
		return `${said.join('; ')}; output to ${output.filter?.nodes?.join(', ')}; ${old ? 'workspaceSendAndWaitHitlTool derived, hidden' : 'no workspaceSendAndWaitHitlTool'}`;
	});
}

/** The name E2E_CASES selects the credential tests by. */
const CREDENTIAL_TESTS = 'credential-test';

/**
 * The credential test as the editor's Test button runs it (POST /rest/credentials/test), on the
 * imported records credential: n8n must find the nodes' testedBy method (the credential has no
 * `test` of its own), which passes the right settings and, with nothing listening at the Base
 * URL (a port the OS gave out, closed again), names the address and the field to fix; the
 * same for the Messaging Host Base URL, tested when it is filled in.
 */
async function runCredentialTests(n8n, sandbox, version) {
	const [records] = sandboxCredentials(sandbox);
	const closedUrl = `http://127.0.0.1:${await freePort()}`;
	const closedSmsUrl = `http://127.0.0.1:${await freePort()}`;
	const checks = [
		['passes', records.data, { status: 'OK', message: 'Connection successful!' }],
		[
			'with a closed port, names the address and Base URL',
			{ ...records.data, baseUrl: closedUrl },
			{
				status: 'Error',
				message: `Could not reach ${closedUrl}: check Base URL (the connection was refused)`,
			},
		],
		[
			'with the messaging host at a closed port, names the messaging host and Messaging Host Base URL',
			{ ...records.data, aiBaseUrl: closedSmsUrl },
			{
				status: 'Error',
				message: `Could not reach the messaging host at ${closedSmsUrl}: check Messaging Host Base URL (the connection was refused)`,
			},
		],
	];
	let allPassed = true;
	for (const [what, data, wanted] of checks) {
		const started = Date.now();
		const { id, name, type } = records;
		let answer;
		let failure;
		try {
			answer = await n8n.rest.call('POST', '/rest/credentials/test', {
				credentials: { id, name, type, data },
			});
		} catch (error) {
			failure = error;
		}
		const title = `${CREDENTIAL_TESTS}: the records credential ${what}`;
		const passed = report(version, { file: title }, started, n8n.output, () => {
			if (failure) throw failure;
			if (!isDeepStrictEqual(answer.data, wanted))
				throw new Error(`n8n answered ${JSON.stringify(answer.data)}`);
		});
		allPassed = passed && allPassed;
	}
	return allPassed;
}

/**
 * A trigger case as in the editor: a manual run from the trigger ("Fetch Test Event"), whose
 * execution is then read back; or, for an `active` case, the workflow activated and polled by
 * n8n's scheduler (runActiveCase); or, for a `webhook` case, activated and called at its
 * production URL by the sandbox (runWebhookCase).
 */
async function runTriggerCase(n8n, version, testCase, sandbox, lane) {
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

/**
 * n8n's durable poll scheduler (opt-in from 2.36): it keeps poll positions in its database,
 * drops what the activation poll saved and may run a poll twice. The active cases marked
 * `durable` run again under it, in a lane of their own (no positions from the first run);
 * those marked `durable: 'only'` run there alone. Its reaper looks for polls whose lease
 * expired every second (n8n's default: 30 s), so that a case that makes a lease expire sees
 * the poll run again at once; no other case's poll comes near its lease (60 s).
 */
const DURABLE_SCHEDULER = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
	N8N_SCHEDULER_REAPER_INTERVAL: '1',
};

/** After the last row expected was emitted: more than two poll intervals, for a late duplicate to show. */
const QUIET_MS = 12_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

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
		const deadlineAt = Date.now() + testCase.withinSeconds * 1000;
		const expected = new Set(outcome.expected);
		for (;;) {
			const emitted = new Set(
				(await readRuns()).flatMap((run) => run.items.map((json) => json._id)),
			);
			if ([...expected].every((id) => emitted.has(id)) || Date.now() > deadlineAt) break;
			await sleep(2000);
		}
		await sleep(QUIET_MS);
	} finally {
		await n8n.rest.deactivate(workflow.id);
		await untilQuiet(sandbox);
	}
	return { runs: await readRuns(), outcome };
}

/**
 * Activates a workflow that must be refused: what the user is shown. n8n refuses the
 * activation (the editor's "Problem activating", with the node's message), or records why (2.x:
 * in the workflow's publication status, once its tries are over), or at least logs it.
 */
async function activationRefusal(n8n, workflow) {
	let refusal = await n8n.rest.activate(workflow.id).then(
		() => undefined,
		(error) => error.message,
	);
	for (let tries = 0; !refusal && tries < 160; tries++) {
		refusal =
			(await n8n.rest.activationError(workflow.id)) ??
			n8n
				.output()
				.stdout.split('\n')
				.find((line) => line.includes('problem activating the workflow'));
		if (!refusal) await sleep(250);
	}
	return refusal;
}

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
async function runWebhookCase(n8n, sandbox, testCase, workflow) {
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
		const deadlineAt = Date.now() + testCase.withinSeconds * 1000;
		while ((await readRuns()).length < outcome.executions && Date.now() < deadlineAt)
			await sleep(500);
		await sleep(WEBHOOK_QUIET_MS);
	} finally {
		await n8n.rest.deactivate(workflow.id);
	}
	return { runs: await readRuns(), outcome };
}

/**
 * What an active or webhook case's `during` may do to the n8n it runs in, besides what the
 * sandbox does: restart it (the same server and user folder; a webhook trigger's `url`: until
 * it listens again); run SQL on its database from another process (sqliteOf in the rig: to
 * make its writes fail, say); read the workflow's static data as n8n saved it, and n8n's
 * memory; wait until `count` executions of the workflow have ended (their runs, as `check`
 * gets them).
 */
function n8nControls(n8n, workflow, readRuns, { url } = {}) {
	return {
		async restart() {
			await n8n.restart();
			if (url) await untilWebhookListens(url);
		},
		sqlite: (sql, params) => n8n.sqlite(sql, params),
		async staticData() {
			const { data } = await n8n.rest.call('GET', `/rest/workflows/${workflow.id}`);
			return data.staticData ?? {};
		},
		rss: () => n8n.rss(),
		/** The workflow's executions that have ended so far, oldest first. */
		runs: () => readRuns(),
		async untilExecutions(count, { timeoutMs = 30_000 } = {}) {
			const deadlineAt = Date.now() + timeoutMs;
			for (;;) {
				const runs = await readRuns();
				if (runs.length >= count) return runs;
				if (Date.now() > deadlineAt)
					throw new Error(
						`${runs.length} executions ended within ${timeoutMs / 1000} s, not ${count}`,
					);
				await sleep(250);
			}
		},
	};
}

/**
 * n8n 2.x activates through an outbox: the URL answers 404 for a moment. A request without
 * the secret header tells when it listens: the trigger refuses it (401), or acknowledges it
 * when it chose no incoming message (2xx); either way it starts nothing.
 */
async function untilWebhookListens(url) {
	for (let waited = 0; ; waited += 250) {
		const response = await fetch(url, { method: 'POST', body: '{}' });
		await response.text();
		if (response.status !== 404) {
			if (response.status !== 401 && response.status !== 200)
				throw new Error(
					`${url} answered ${response.status} to a request without the secret header`,
				);
			return;
		}
		if (waited > 60_000) throw new Error(`${url} still answers 404 a minute after activation`);
		await sleep(250);
	}
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

/**
 * A reader of a workflow's finished executions; each one's run data is fetched once. With
 * `thenName`, each run also has `then`: that node's output items (json) and its error.
 */
function executionsOf(rest, workflowId, triggerName, thenName) {
	const finished = new Map();
	return async () => {
		for (const execution of await rest.executions(workflowId)) {
			if (finished.has(execution.id) || ['new', 'running', 'waiting'].includes(execution.status))
				continue;
			const resultData = await rest.runData(execution.id);
			if (!resultData) continue;
			const outputOf = (name) => resultData.runData?.[name]?.[0]?.data?.main?.[0] ?? [];
			const items = outputOf(triggerName);
			const thenTask = thenName && resultData.runData?.[thenName]?.[0];
			finished.set(execution.id, {
				id: execution.id,
				status: execution.status,
				startedAt: Date.parse(execution.startedAt),
				items: items.map((i) => i.json),
				// Binary data as n8n keeps it in the run: where it is and what it is, not its bytes.
				binaries: items.map((i) => i.binary),
				error: resultData.error?.message,
				...(thenName
					? {
							then: {
								items: outputOf(thenName).map((i) => i.json),
								error: thenTask?.error?.message,
							},
						}
					: {}),
			});
		}
		return [...finished.values()].sort((a, b) => a.startedAt - b.startedAt);
	};
}

/** Where n8n (2.40.7 and 2.41 have it) decides how long a failed poll waits before the next one. */
const POLL_BACKOFF_POLICY = 'n8n/dist/workflows/triggers/poll-backoff-policy.js';

/**
 * A rate-limited poll, read by n8n's own poll backoff policy: the package's error mapper and
 * request door (the build, as the trigger runs them) give up on a 429 asking for 120 s, and
 * n8n's `pollFailureFromError` must read it as a passing rate limit to wait 120 s for. Run
 * with the n8n version's own Node.js; versions without the policy (1.x) are noted.
 */
function checkPollFailure(runtime, version) {
	if (!selected.test('poll-failure-rate-limited')) return true;
	const policy = join(dirname(runtime.n8nBin), '..', POLL_BACKOFF_POLICY.replace(/^n8n\//, ''));
	if (!existsSync(policy)) {
		reporter.say(
			`note n8n ${version}  poll-failure-rate-limited: this version has no poll backoff policy`,
		);
		return true;
	}
	const script = `
		const { createRequire } = require('node:module');
		const { pollFailureFromError } = createRequire(process.env.N8N_BIN)(process.env.POLICY);
		const { throwIfFailed } = require(process.env.DIST + '/nodes/shared/transport/answers.js');
		const { send } = require(process.env.DIST + '/nodes/shared/transport/pipeline.js');
		const { Pace } = require(process.env.DIST + '/nodes/shared/transport/pace.js');
		const node = { id: 't', name: 'Trigger', type: 'n8n-nodes-workspace-records.workspaceRecordsTrigger', typeVersion: 1, position: [0, 0], parameters: {} };
		const refused = { statusCode: 429, headers: { 'retry-after': '120' }, body: { status: false, message: 'Too many requests' } };
		const request = { attempt: async () => throwIfFailed(node, refused), repeatable: true, label: 'POST /api/v1/collection-records/x/query', node, pace: new Pace(1), maxWaitMs: 25000 };
		send(request).catch((error) => {
			process.stdout.write(JSON.stringify(pollFailureFromError(error, new Date())));
		});
	`;
	const result = spawnSync(runtime.nodeExecutable, ['-e', script], {
		encoding: 'utf8',
		env: {
			...process.env,
			N8N_BIN: runtime.n8nBin,
			POLICY: POLL_BACKOFF_POLICY,
			DIST: join(root, 'dist'),
		},
	});
	const wanted = { type: 'transient', retryAfterMs: 120_000, cause: 'rate-limited' };
	return report(version, { file: 'poll-failure-rate-limited' }, Date.now(), result, () => {
		const read = JSON.parse(result.stdout || 'null');
		if (!isDeepStrictEqual(read, wanted))
			throw new Error(`n8n read ${JSON.stringify(read)}, expected ${JSON.stringify(wanted)}`);
		return `n8n's pollFailureFromError: ${result.stdout}`;
	});
}

/** The examples users import must be the workflows asserted here. */
function assertExamplesCurrent() {
	const stale = cases.filter((testCase, index) => {
		try {
			return !isDeepStrictEqual(readExample(testCase.file), workflowOf(testCase));
		} catch {
			return true;
		}
	});
	if (stale.length) {
		throw new Error(
			`examples/ is out of date for ${stale.map((c) => c.file).join(', ')}: run npm run examples`,
		);
	}
}

async function main() {
	stopOnSignals({
		onSignal: (signal) => reporter.abort(`stopped by ${signal}`),
		lastWords: () => reporter.tally(),
	});
	assertExamplesCurrent();
	assertNoSharedData(cases);
	checkLines(cases);
	buildPackage();
	// Started before n8n is installed and started: a slow start-up is part of a busy laptop.
	const stress = stressRequested() ? startStress() : undefined;
	// Each version installs into its own folder (npm's cache is safe to share), so a cold
	// machine installs both at once; then they run side by side, each with its own sandbox
	// and ports (every port from the OS, so also next to `npm run demo`).
	const versions = selectedVersions();
	await Promise.all(versions.map((version) => prepare(version)));
	await Promise.all(versions.map((version) => runVersion(version)));
	if (stress) reporter.say(`stress: ${stress.summary()}`);
	await cleanUp();
	process.exit(reporter.tally());
}

main().catch(async (error) => {
	process.stderr.write(`${error.stack}\n`);
	reporter.abort(error.message.split('\n')[0]);
	await cleanUp();
	reporter.tally();
	process.exit(1);
});
