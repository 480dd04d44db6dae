// `npm run test:e2e`: every example workflow, run by a real n8n (each version selected by
// N8N_VERSIONS, default all of test/rig/n8n-runtime.mjs, side by side), with this package
// installed the way users install community packages, against the sandbox. Every case runs
// on the primary line (2.40.7); the other lines run the cases whose `lines` names them
// (lines.mjs). For each workflow it checks the requests the sandbox received and the items
// (or the error) the node produced.
// This file selects the cases, starts each version and runs its cases in lanes; each kind of
// run is a file of runs/: actions.mjs, waits.mjs, together.mjs, triggers.mjs (Fetch Test Event
// and active polls), webhooks.mjs, credentials.mjs, humanReview.mjs, pollFailure.mjs, and
// agentReview.mjs here; runs/rig.mjs is what they share (the reporter, checkRequests, n8n's
// controls, waiting).
// N8N_VERSIONS=<v>,<v> runs those n8n lines only (2.40.7, 2.41.1, 1.123.81).
// E2E_CASES=<regexp> runs only the cases whose file matches (while working on a few), and the
// checks whose name matches: credential-test, send-and-wait-hitl-tool,
// poll-failure-rate-limited, agent-human-review.
// E2E_ALL_LINES=1 runs every case on every selected line (lines.mjs).
// E2E_STRESS=1 keeps every core busy with CPU-bound processes for the whole run (a busy
// laptop): no case may fail because the machine is slow (test/rig/stress.mjs).
// WORKSPACE_RECORDS_N8N_CACHE=<folder> installs n8n there rather than in
// ~/.cache/n8n-nodes-workspace-records (test/rig/n8n-runtime.mjs).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';

import { agentReviewRuns, runAgentReview } from './agentReview.mjs';
import { assertNoSharedData, cases, workflowOf } from './cases.mjs';
import { checkLines, runsOn } from './lines.mjs';
import { runActionCase } from './runs/actions.mjs';
import { CREDENTIAL_TESTS, runCredentialTests } from './runs/credentials.mjs';
import { checkHumanReviewTool, HUMAN_REVIEW_TOOL } from './runs/humanReview.mjs';
import { checkPollFailure, POLL_FAILURE } from './runs/pollFailure.mjs';
import { readExample, report, reporter, untilWaiting } from './runs/rig.mjs';
import { runTogetherCase } from './runs/together.mjs';
import { runTriggerCase } from './runs/triggers.mjs';
import { runWaitCase } from './runs/waits.mjs';
import { prepare, selectedVersions } from '../rig/n8n-runtime.mjs';
import {
	buildPackage,
	copyUserFolder,
	newUserFolder,
	root,
	runN8nCommands,
	startN8nServer,
	writeCredentials,
} from '../rig/n8n.mjs';
import { cleanUp, onCleanup, stopOnSignals } from '../rig/processes.mjs';
import { startStress, stressRequested } from '../rig/stress.mjs';
import { createSandbox, SANDBOX_DEFAULTS, sandboxCredentials } from '../rig/sandbox.mjs';

const OWNER = {
	email: 'owner@example.com',
	firstName: 'E2E',
	lastName: 'Owner',
	password: 'E2e-password-1',
};

const selected = process.env.E2E_CASES ? new RegExp(process.env.E2E_CASES) : /./;
const runCases = cases.filter((c) => selected.test(c.file));

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
	const pollFailurePassed = !selected.test(POLL_FAILURE) || checkPollFailure(runtime, version);
	return pollFailurePassed && results.every(Boolean);
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

/** The examples users import must be the workflows asserted here. */
function assertExamplesCurrent() {
	const stale = cases.filter((testCase) => {
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
