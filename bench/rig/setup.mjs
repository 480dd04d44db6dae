// What every benchmark run by `n8n execute` shares: the package built and installed, n8n and
// the sandbox started, the bench workflows and credentials imported (setUp); one workflow run
// measured (execute); and runs of variants, alternating (compare).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import { benchWorkflows, HEADER_AUTH } from '../make-workflows.mjs';
import { cacheRoot, prepare } from '../../test/rig/n8n-runtime.mjs';
import {
	buildPackage,
	installPackage,
	parseRun,
	root,
	runN8n,
	runN8nCommands,
	writeCredentials,
} from '../../test/rig/n8n.mjs';
import { createSandbox, sandboxCredentials } from '../../test/rig/sandbox.mjs';
import { load, peakKb, sampleRss, say, sleep } from './measure.mjs';
import { RUNS, runs, version } from './settings.mjs';

/** The benchmarks that run workflows with `n8n execute` (the others need no import). */
const EXECUTED = [1, 2, 3, 5, 6];
/**
 * The compiled door (nodes/shared/transport): the pace (concurrency and rate of a node run),
 * the pipeline (retries, deadline), the policy and the error mapper (a 429 or 5xx as the door reads it).
 */
const DOOR_MODULES = {
	pace: 'dist/nodes/shared/transport/pace.js',
	pipeline: 'dist/nodes/shared/transport/pipeline.js',
	policy: 'dist/nodes/shared/transport/policy.js',
	answers: 'dist/nodes/shared/transport/answers.js',
};
/** Preloaded into every n8n run: counts the expressions n8n evaluates (scripts/count-expressions.cjs). */
const EXPRESSION_COUNTER = join(root, 'scripts', 'count-expressions.cjs');

/** What `npm run build` made, installed for n8n; retried while someone is mid-edit in nodes/. */
async function buildAndInstall(userFolder) {
	const { n8n } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
	const installed = join(
		userFolder,
		'.n8n',
		'nodes',
		'node_modules',
		'n8n-nodes-workspace-records',
	);
	for (let attempt = 1; ; attempt++) {
		try {
			buildPackage();
			installPackage(userFolder);
			const missing = [...n8n.nodes, ...n8n.credentials].filter(
				(file) => !existsSync(join(installed, file)),
			);
			if (missing.length) throw new Error(`the build left out ${missing.join(', ')}`);
			return;
		} catch (error) {
			if (attempt === 5) throw error;
			say(
				`  build or install failed (${String(error.message).split('\n')[0]}); trying again in 60 s`,
			);
			await sleep(60_000);
		}
	}
}

/** The commit the nodes were built from, and whether nodes/ had changes not yet committed. */
function sourceState() {
	try {
		const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root })
			.toString()
			.trim();
		const dirty = execFileSync('git', ['status', '--porcelain', 'nodes', 'credentials'], {
			cwd: root,
		})
			.toString()
			.trim();
		return `${commit}${dirty ? ' with uncommitted changes in nodes/' : ''}`;
	} catch {
		return 'unknown';
	}
}

/**
 * Everything the benchmarks share: n8n with the package just built, the sandbox, the bench
 * workflows and credentials imported, and what is measured of the build itself.
 */
export async function setUp() {
	const runtime = await prepare(version);
	const userFolder = join(cacheRoot(), 'bench-user');
	await buildAndInstall(userFolder);
	// Loaded and packed now, from the build just installed, before anyone's next build replaces dist/.
	const requireHere = createRequire(import.meta.url);
	const door = Object.fromEntries(
		Object.entries(DOOR_MODULES).map(([name, file]) => [name, requireHere(join(root, file))]),
	);
	const [pack] = JSON.parse(
		execFileSync('npm', ['pack', '--dry-run', '--json'], {
			cwd: root,
			stdio: ['ignore', 'pipe', 'ignore'],
		}).toString(),
	);
	const source = sourceState();

	// On a port from the OS (listening on 0); the HTTP Request workflows are written for it.
	const sandbox = createSandbox({ people: 10_000 });
	await sandbox.start();
	const workflows = benchWorkflows(sandbox.url);
	const workflowFolder = join(userFolder, 'bench-workflows');
	rmSync(workflowFolder, { recursive: true, force: true });
	mkdirSync(workflowFolder, { recursive: true });
	for (const [file, workflow] of Object.entries(workflows)) {
		writeFileSync(join(workflowFolder, `${file}.json`), JSON.stringify(workflow));
	}
	const headerAuth = {
		...HEADER_AUTH,
		type: 'httpHeaderAuth',
		data: { name: 'x-api-key', value: sandbox.config.apiKey },
	};
	if (EXECUTED.some(runs))
		await runN8nCommands(runtime, userFolder, [
			[
				'import:credentials',
				`--input=${writeCredentials(userFolder, [...sandboxCredentials(sandbox), headerAuth])}`,
			],
			['import:workflow', '--separate', `--input=${workflowFolder}`],
		]);
	return { runtime, userFolder, door, pack, source, sandbox, workflows };
}

/**
 * Runs one bench workflow: its time from the run data, its last node's items, the requests.
 * A run that fails throws, unless `allowFailure` (benchmark 5 counts failures).
 */
export async function execute(
	{ runtime, userFolder, sandbox, workflows },
	name,
	{ allowFailure = false, empty = false } = {},
) {
	const workflow = workflows[name];
	if (empty) sandbox.reset({ people: 0 });
	sandbox.clearRequests();
	let samples;
	const countFile = join(userFolder, 'expressions.txt');
	rmSync(countFile, { force: true });
	const { stdout, stderr } = await runN8n(
		runtime,
		userFolder,
		['execute', `--id=${workflow.id}`, '--rawOutput'],
		{
			timeoutMs: 0,
			env: {
				NODE_OPTIONS: `--require=${EXPRESSION_COUNTER} ${process.env.BENCH_NODE_OPTIONS ?? ''}`,
				BENCH_EXPRESSION_COUNT_FILE: countFile,
			},
			onSpawn: (child) => (samples = sampleRss(child)),
		},
	);
	const run = parseRun(stdout);
	if (!run) throw new Error(`${name} did not run:\n${stderr.slice(-2000)}${stdout.slice(-2000)}`);
	const error = run.data.resultData.error?.message;
	if (error && !allowFailure) throw new Error(`${name} failed: ${error}`);
	const last = workflow.nodes.at(-1).name;
	const task = run.data.resultData.runData[last]?.[0];
	const items = task?.data?.main?.[0] ?? [];
	return {
		ms: Date.parse(run.stoppedAt) - Date.parse(run.startedAt),
		stoppedAt: Date.parse(run.stoppedAt),
		workflowStartedAt: Date.parse(run.startedAt),
		// n8n's own measure of the node's run, in the run data.
		nodeMs: task?.executionTime,
		items: items.length,
		errorItems: items.filter((item) => item.error).length,
		error,
		nodeStartedAt: task?.startTime,
		requests: sandbox.requests.length,
		// Up to the last page served (plus 200 ms to turn it into items): what the node holds,
		// before n8n's CLI prints the whole run as one JSON string.
		fetchPeakKb: peakKb(samples, (sandbox.requests.at(-1)?.at ?? Infinity) + 200),
		peakRssKb: peakKb(samples),
		queryBytes: sandbox.stats.queryBytes,
		peakConnections: sandbox.stats.peakConnections,
		connections: sandbox.stats.connections,
		// Every expression n8n evaluated in the run; the workflows have none outside the measured node.
		expressions: existsSync(countFile) ? Number(readFileSync(countFile, 'utf8')) : NaN,
	};
}

/** `runCount` runs of each variant, alternating which goes first: every sample, by variant. */
export async function compare(variants, runCount = RUNS) {
	const samples = Object.fromEntries(Object.keys(variants).map((key) => [key, []]));
	for (let run = 0; run < runCount; run++) {
		const order = Object.keys(variants);
		if (run % 2) order.reverse();
		for (const key of order) {
			const sample = await variants[key]();
			samples[key].push(sample);
			say(
				`  ${key} run ${run + 1}: ${Math.round(sample.ms)} ms, ${sample.items} items, ${sample.requests} requests${sample.note ? `, ${sample.note}` : ''} (load ${load()})`,
			);
		}
	}
	return samples;
}
