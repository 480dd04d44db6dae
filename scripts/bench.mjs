// `npm run bench`: our nodes against the HTTP Request node a user would wire by hand and
// against a bare axios loop, in a real n8n, against the sandbox on loopback. Times come from
// the run data (startedAt → stoppedAt), so n8n's start-up is not counted. Not part of CI.
//
//   BENCH_RUNS=5        runs of each timed comparison (min / median / max), variants alternating
//   BENCH_SWEEP_RUNS=1  runs of each setting only explored in benchmark 5 (concurrency, batching)
//   BENCH_ONLY=1,5      run only these benchmarks; bench/results.md is then left as it is
//   BENCH_RUNS_10K=3    runs of each variant of benchmark 6 (10,000 creates)
//   BENCH_NODE_OPTIONS  added to each n8n run's NODE_OPTIONS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
//   BENCH_WEBHOOK_RUNS=3, BENCH_WEBHOOK_EVENTS=500, BENCH_WEBHOOK_CONCURRENCY=8  benchmark 7
//   BENCH_WAIT_RUNS=3, BENCH_WAIT_EXECUTIONS=100  benchmark 8 (runs of each way of posting, executions waiting)
//   BENCH_WAIT_PRODUCTION_LIMIT  benchmark 8's n8n with N8N_CONCURRENCY_PRODUCTION_LIMIT set to it
//   BENCH_WRITE=1       with BENCH_ONLY: the tables the run made whole replace theirs in bench/results.md
import axios from 'axios';
import { execFile, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import {
	benchWorkflows,
	CONCURRENCIES,
	HEADER_AUTH,
	HTTP_BATCHING_FOUND,
	HTTP_BATCHINGS,
	MAPPINGS,
	RATE_LIMIT,
	WEBHOOK_SECRET_HEADER,
	WAIT_WORKFLOW,
	WEBHOOK_WORKFLOWS,
} from '../bench/make-workflows.mjs';
import { cacheRoot, prepare } from '../test/rig/n8n-runtime.mjs';
import {
	buildPackage,
	installPackage,
	parseRun,
	root,
	runN8n,
	runN8nCommands,
	startN8nServer,
	writeCredentials,
} from '../test/rig/n8n.mjs';
import { stopOnSignals } from '../test/rig/processes.mjs';
import {
	createSandbox,
	sandboxCredentials,
	sandboxHeaders,
	SEED_IDS,
} from '../test/rig/sandbox.mjs';
const version = process.env.BENCH_N8N_VERSION ?? '2.40.7';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SWEEP_RUNS = Number(process.env.BENCH_SWEEP_RUNS ?? 1);
const ONLY = (process.env.BENCH_ONLY ?? '')
	.split(',')
	.map((s) => s.trim())
	.filter(Boolean);
const runs = (section) => !ONLY.length || ONLY.includes(String(section));
/** The benchmarks that run workflows with `n8n execute` (the others need no import). */
const EXECUTED = [1, 2, 3, 5, 6];
const { PEOPLE } = SEED_IDS;
const CREATE_PATH = `/api/v1/collection-records/${PEOPLE}`;
/**
 * The compiled door (nodes/shared/transport): the pace (concurrency and rate of a node run),
 * the pipeline (retries, deadline), the policy and the error mapper (a 429 or 5xx as the door reads it).
 */
const DOOR_MODULES = {
	pace: 'dist/nodes/shared/transport/pace.js',
	pipeline: 'dist/nodes/shared/transport/pipeline.js',
	policy: 'dist/nodes/shared/transport/policy.js',
	errors: 'dist/nodes/shared/transport/errors.js',
};
/** The node the door's errors name, as n8n hands it to a node run. */
const BENCH_NODE = {
	id: 'bench-door',
	name: 'Create a person',
	type: 'n8n-nodes-workspace-records.workspaceRecords',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
/** Max Concurrent Requests of the door measured alone, outside n8n, in benchmark 5. */
const DOOR_CONCURRENCIES = [10, 1];
/** Runs of each variant of benchmark 6 (10,000 creates, about half a minute a run). */
const RUNS_10K = Number(process.env.BENCH_RUNS_10K ?? 3);
/** Preloaded into every n8n run: counts the expressions n8n evaluates (scripts/count-expressions.cjs). */
const EXPRESSION_COUNTER = join(dirname(fileURLToPath(import.meta.url)), 'count-expressions.cjs');
const say = (line) => process.stdout.write(`${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const sorted = (values) => [...values].sort((a, b) => a - b);
/** The middle value (the lower middle of an even count). */
const median = (values) => sorted(values)[Math.floor((values.length - 1) / 2)];
const load = () =>
	loadavg()
		.map((l) => l.toFixed(2))
		.join(' / ');

/** Resident memory of a process, sampled from /proc every 20 ms while it runs: [time, kB]. */
function sampleRss(child) {
	const samples = [];
	const timer = setInterval(() => {
		try {
			const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
			samples.push([Date.now(), Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)]);
		} catch {
			// the process has just exited
		}
	}, 20);
	child.once('exit', () => clearInterval(timer));
	return samples;
}

/** A child process that pages through every record with axios, keeps them, and prints its RSS growth in MB. */
const BARE_MEMORY_SCRIPT = `
const axios = require('axios');
(async () => {
	const before = process.memoryUsage.rss();
	const records = [];
	for (let offset = 0; ; offset += 100) {
		const { data } = await axios.post(process.argv[1], { sort: [{ attribute: 'createdAt', direction: 'asc' }], limit: 100, offset },
			{ headers: JSON.parse(process.argv[2]) });
		records.push(...data.data);
		if (data.data.length < 100) break;
	}
	global.gc?.();
	process.stdout.write(String((process.memoryUsage.rss() - before) / 2 ** 20));
})();
`;

const peakKb = (samples, until = Infinity) =>
	Math.max(0, ...samples.filter(([t]) => t <= until).map(([, kb]) => kb));

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

/** The expression engine n8n runs with: the environment's choice, else the installed default. */
function expressionEngine(runtime) {
	const chosen = process.env.N8N_EXPRESSION_ENGINE ?? runtime.env?.N8N_EXPRESSION_ENGINE;
	if (chosen) return `${chosen} (N8N_EXPRESSION_ENGINE)`;
	const config = join(
		dirname(runtime.n8nBin),
		'..',
		'..',
		'@n8n',
		'config',
		'dist',
		'configs',
		'expression-engine.config.js',
	);
	const engine = existsSync(config)
		? /this\.engine = '(\w+)'/.exec(readFileSync(config, 'utf8'))?.[1]
		: undefined;
	return engine ? `${engine} (n8n's default)` : "n8n's default";
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

/** min / median / max of numbers, as "a / b / c ms". */
const spread = (values, unit = 'ms') => {
	const list = sorted(values.map(Math.round));
	return `${list[0]} / ${median(list)} / ${list.at(-1)} ${unit}`;
};
/** "1000" when every run agrees, else "995–1000". */
const range = (values) => {
	const list = sorted(values);
	return list[0] === list.at(-1) ? String(list[0]) : `${list[0]}–${list.at(-1)}`;
};
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** `npm run bench -- --notes`: puts the current bench/NOTES.md under the last run's numbers, without running. */
function renewNotes() {
	const file = join(root, 'bench', 'results.md');
	const results = readFileSync(file, 'utf8');
	const at = results.indexOf('\n## Notes\n');
	if (at === -1) throw new Error('bench/results.md has no "## Notes" heading');
	writeFileSync(
		file,
		`${results.slice(0, at)}\n## Notes\n\n${readFileSync(join(root, 'bench', 'NOTES.md'), 'utf8').trim()}\n`,
	);
	say('bench/results.md: notes renewed from bench/NOTES.md');
}

/**
 * Everything the benchmarks share: n8n with the package just built, the sandbox, the bench
 * workflows and credentials imported, and what is measured of the build itself.
 */
async function setUp() {
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
async function execute(
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

/** The same requests as the node, in a plain loop, outside n8n: the physical limit here. */
async function bareLoop({ sandbox }) {
	sandbox.clearRequests();
	const started = performance.now();
	const records = [];
	for (let offset = 0; ; offset += 100) {
		const { data } = await axios.post(
			`${sandbox.url}/api/v1/collection-records/${PEOPLE}/query`,
			{ sort: [{ attribute: 'createdAt', direction: 'asc' }], limit: 100, offset },
			{ headers: sandboxHeaders(sandbox.config) },
		);
		records.push(...data.data);
		if (data.data.length < 100) break;
	}
	return {
		ms: performance.now() - started,
		items: records.length,
		requests: sandbox.requests.length,
	};
}

/** `runCount` runs of each variant, alternating which goes first: every sample, by variant. */
async function compare(variants, runCount = RUNS) {
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

const ratio = (a, b) => (a / b).toFixed(2);
const row = (...cells) => `| ${cells.join(' | ')} |`;
const ms = (list) => median(list.map((s) => s.ms));

/** Benchmarks 1, 2 and 6: our node against HTTP Request (and a bare loop), timed; the table. */
async function timedComparisons(bench) {
	const run = (name, options) => execute(bench, name, options);
	const header = [
		row(
			'Benchmark',
			'Variant',
			'Requests',
			'Items',
			'Time min / median / max',
			'Ratio of medians',
			'Target',
		),
		row('---', '---', '---', '---', '---', '---', '---'),
	];
	const lines = [];
	if (runs(1)) {
		bench.section(`1. Return All, 10,000 records (n8n ${version}, ${RUNS} runs each)`, 1);
		const s = await compare({
			'(a) our node': () => run('a-get-all'),
			'(b) HTTP Request, plain headers': () => run('b-http-get-all'),
			"(b') HTTP Request, Header Auth": () => run('b-http-auth-get-all'),
			'(c) bare loop': () => bareLoop(bench),
		});
		const [a, b, b2, c] = Object.values(s);
		lines.push(
			row(
				'1. Return All, 10,000 records',
				'(a) our node',
				a[0].requests,
				a[0].items,
				spread(a.map((x) => x.ms)),
				'',
				'',
			),
			row(
				'',
				'(b) HTTP Request + Split Out, plain headers',
				b[0].requests,
				b[0].items,
				spread(b.map((x) => x.ms)),
				`a/b ${ratio(ms(a), ms(b))}`,
				'a/b ≤ 1.0',
			),
			row(
				'',
				"(b') HTTP Request + Split Out, Header Auth credential",
				b2[0].requests,
				b2[0].items,
				spread(b2.map((x) => x.ms)),
				`a/b' ${ratio(ms(a), ms(b2))}`,
				"a/b' ≤ 1.0",
			),
			row(
				'',
				'(c) bare axios loop',
				c[0].requests,
				c[0].items,
				spread(c.map((x) => x.ms)),
				`a/c ${ratio(ms(a), ms(c))}`,
				'a/c ≤ 1.15',
			),
		);
	}
	if (runs(2)) {
		bench.section(`2. 1,000 input items → Record Create (${RUNS} runs each)`, 2);
		const ours = Object.fromEntries(
			Object.entries(MAPPINGS).map(([mapping, { label }]) => [
				`(a) our node, ${label}`,
				() => run(`a-${mapping}-create-1000`, { empty: true }),
			]),
		);
		const s = await compare({
			...ours,
			'(b) HTTP Request, plain headers': () => run('b-http-create-1000', { empty: true }),
			"(b') HTTP Request, Header Auth": () => run('b-http-auth-create-1000', { empty: true }),
		});
		const b = s['(b) HTTP Request, plain headers'];
		const b2 = s["(b') HTTP Request, Header Auth"];
		const perItem = (list) =>
			`${(median(list.map((x) => x.expressions)) / list[0].items).toFixed(1)} expressions/item, ${median(list.map((x) => x.connections))} connections`;
		const targets = {
			json: "a/b' ≤ 1.3",
			below: "a/b' ≤ 1.3",
			auto: "a/b' ≤ 1.0, a/b ≤ 1.4, 0 expressions/item",
		};
		Object.keys(MAPPINGS).forEach((mapping, i) => {
			const label = Object.keys(ours)[i];
			const a = s[label];
			lines.push(
				row(
					i === 0 ? '2. 1,000 items → Record Create' : '',
					`${label} (${perItem(a)})`,
					a[0].requests,
					a[0].items,
					spread(a.map((x) => x.ms)),
					`a/b ${ratio(ms(a), ms(b))}, a/b' ${ratio(ms(a), ms(b2))}`,
					targets[mapping],
				),
			);
		});
		lines.push(
			row(
				'',
				`(b) HTTP Request, plain headers (${perItem(b)})`,
				b[0].requests,
				b[0].items,
				spread(b.map((x) => x.ms)),
				'',
				'',
			),
			row(
				'',
				`(b') HTTP Request, Header Auth credential (${perItem(b2)})`,
				b2[0].requests,
				b2[0].items,
				spread(b2.map((x) => x.ms)),
				'',
				'',
			),
		);
	}
	if (runs(6)) {
		bench.section(
			`6. 10,000 input items → Record Create, default settings (${RUNS_10K} runs each)`,
			6,
		);
		const s = await compare(
			{
				'(a) our node, Map Each Attribute Below + expression': () =>
					run('a-below-create-10000', { empty: true }),
				"(b') HTTP Request, Header Auth": () => run('b-http-auth-create-10000', { empty: true }),
			},
			RUNS_10K,
		);
		const [a, b2] = Object.values(s);
		const measures = (list) =>
			`peak RSS ${range(list.map((x) => Math.round(x.peakRssKb / 1024)))} MB; peak open connections ${range(list.map((x) => x.peakConnections))}; ${range(list.map((x) => x.items - x.errorItems))} created`;
		lines.push(
			row(
				'6. 10,000 items → Record Create',
				`(a) our node, Map Each Attribute Below + expression; ${measures(a)}`,
				a[0].requests,
				a[0].items,
				spread(a.map((x) => x.ms)),
				`a/b' ${ratio(ms(a), ms(b2))}`,
				"a/b' < 1, connections ≤ 10",
			),
			row(
				'',
				`(b') HTTP Request, Header Auth credential; ${measures(b2)}`,
				b2[0].requests,
				b2[0].items,
				spread(b2.map((x) => x.ms)),
				'',
				'',
			),
		);
	}
	return ['Timed comparisons', [...header, ...lines].join('\n'), [1, 2, 6].every(runs)];
}

/** Benchmark 5: 1,000 creates against the sandbox's rate limit, with the sweeps; the table. */
async function rateLimitedCreates(bench) {
	const { sandbox, door } = bench;
	const floorMs = (1000 / RATE_LIMIT.rate) * 1000;
	bench.section(
		`5. 1,000 creates against a rate limit of ${RATE_LIMIT.rate} requests/s, burst ${RATE_LIMIT.burst}`,
		5,
	);
	/** One rate-limited run on a fresh sandbox and a full bucket: what got created, and how. */
	const fresh = () => {
		sandbox.reset({ people: 0 });
		sandbox.rateLimit(RATE_LIMIT);
	};
	/** What one rate-limited run created, refused and failed, from the sandbox's state and log. */
	const tally = (sample, startedAt) => {
		const names = [...sandbox.state.records.get(PEOPLE).values()].map((r) => r.name);
		const counts = new Map();
		for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
		const creates = sandbox.requests.filter((r) => r.method === 'POST' && r.path === CREATE_PATH);
		const refused = sandbox.requests.filter((r) => r.status === 429).length;
		const result = {
			...sample,
			created: names.length,
			duplicated: [...counts.values()].filter((n) => n > 1).length,
			errors: sample.error ? 1 + sample.errorItems : sample.errorItems,
			refused,
			// From the workflow's start to the node's: the trigger and the Code node making the items.
			beforeNodeMs: sample.workflowStartedAt ? startedAt - sample.workflowStartedAt : 0,
			// From the node's start to its first request: n8n preparing every item first.
			firstRequestMs: creates.length ? creates[0].at - startedAt : NaN,
			// From the first request to the last answer: the part the rate limit governs.
			sendingMs: creates.length
				? Math.max(...creates.map((r) => r.doneAt ?? r.at)) - creates[0].at
				: NaN,
			// From the last answer to the end of the workflow: n8n finishing the run.
			afterMs:
				creates.length && sample.stoppedAt
					? sample.stoppedAt - Math.max(...creates.map((r) => r.doneAt ?? r.at))
					: NaN,
		};
		result.note = `${result.created} created, ${result.duplicated} duplicated, ${refused} × 429${sample.error ? `, failed: ${sample.error}` : ''}`;
		return result;
	};
	/** One rate-limited run of a workflow, on a fresh sandbox and a full bucket. */
	const limited = (name) => async () => {
		fresh();
		const sample = await execute(bench, name, { allowFailure: true });
		return tally(sample, sample.nodeStartedAt);
	};
	/**
	 * The node's door (the compiled nodes/shared/transport/) alone, outside n8n: 1,000 creates
	 * through one gate, as one node run sends them, with axios. What the door costs by itself.
	 */
	const doorAlone = (maxConcurrency) => async () => {
		fresh();
		sandbox.clearRequests();
		const pace = new door.pace.Pace(maxConcurrency);
		const { maxWaitMs } = door.policy.DEFAULT_RUN_SETTINGS;
		const headers = {
			'x-api-key': sandbox.config.apiKey,
			'x-workspace-id': sandbox.config.workspaceId,
		};
		const send = (i) => async () => {
			const response = await axios.post(
				`${sandbox.url}${CREATE_PATH}`,
				{ name: `Bench person ${i}` },
				{ headers, validateStatus: () => true },
			);
			// As the node's postReceive (checkApiResponse in errors.ts) hands a failure to the door:
			// a NodeApiError whose context carries the HTTP status and the wait a 429 asks for.
			door.errors.throwIfFailed(
				BENCH_NODE,
				{ statusCode: response.status, headers: response.headers, body: response.data },
				[],
				i,
			);
			return response.data;
		};
		const startedAt = Date.now();
		const settled = await Promise.allSettled(
			Array.from({ length: 1000 }, (_, i) =>
				door.pipeline.send({
					attempt: send(i),
					repeatable: false,
					label: `POST ${CREATE_PATH}`,
					node: BENCH_NODE,
					itemIndex: i,
					pace,
					maxWaitMs,
				}),
			),
		);
		const failed = settled.filter((r) => r.status === 'rejected').length;
		const sample = {
			ms: Date.now() - startedAt,
			nodeMs: Date.now() - startedAt,
			stoppedAt: Date.now(),
			items: 1000 - failed,
			errorItems: failed,
			requests: sandbox.requests.length,
		};
		return tally(sample, startedAt);
	};
	const complete = (r) => r.created === 1000 && r.duplicated === 0 && r.errors === 0;

	// The settings only explored run SWEEP_RUNS times each; with 0 they are skipped.
	const sweep = async (title, variants) => {
		if (!SWEEP_RUNS) return {};
		say(`  ${title}, ${SWEEP_RUNS} run(s) each:`);
		return await compare(variants, SWEEP_RUNS);
	};
	const httpTries = await sweep(
		'HTTP Request batching (items per batch / interval)',
		Object.fromEntries(
			HTTP_BATCHINGS.map((b) => [
				`${b.join(' / ')} ms`,
				limited(`r-b-http-create-1000-batch-${b.join('-')}`),
			]),
		),
	);
	// The best batching: the fastest that created all 1,000 without errors (without a sweep: the last found).
	const bestBatching = SWEEP_RUNS
		? HTTP_BATCHINGS.filter((b) => httpTries[`${b.join(' / ')} ms`].every(complete)).sort(
				(x, y) => ms(httpTries[`${x.join(' / ')} ms`]) - ms(httpTries[`${y.join(' / ')} ms`]),
			)[0]
		: HTTP_BATCHING_FOUND;
	const best = bestBatching && `${bestBatching.join(' / ')} ms`;
	const bestName = bestBatching && `r-b-http-create-1000-batch-${bestBatching.join('-')}`;
	say(`  HTTP Request batching for (c): ${best ?? 'none created all 1000 without errors'}`);

	const ourTries = await sweep("our node's settings", {
		...Object.fromEntries(
			CONCURRENCIES.map((n) => [
				`Map Automatically, Max Concurrent Requests ${n}`,
				limited(`r-a-create-1000-max${n}`),
			]),
		),
		[`${MAPPINGS.below.label}, default settings`]: limited('a-below-create-1000'),
	});
	const doorTries = await sweep(
		'the door alone, outside n8n',
		Object.fromEntries(
			DOOR_CONCURRENCIES.map((n) => [`Max Concurrent Requests ${n}`, doorAlone(n)]),
		),
	);

	say(`  the comparison, ${RUNS} runs each:`);
	const main5 = await compare({
		'(a) our node, Map Automatically, default settings (Max Concurrent Requests 10)':
			limited('a-auto-create-1000'),
		'(b) HTTP Request, Retry On Fail (3 tries, 1 s apart)': limited('r-b-http-create-1000-retry'),
		...(bestName ? { [`(c) HTTP Request, batching ${best}`]: limited(bestName) } : {}),
	});

	const line = (label, list, target = '') =>
		row(
			label,
			list.length,
			range(list.map((r) => r.created)),
			range(list.map((r) => r.duplicated)),
			range(list.map((r) => r.errors)) +
				(list.some((r) => r.error)
					? ` (${list.filter((r) => r.error).length} failed run${list.filter((r) => r.error).length > 1 ? 's' : ''})`
					: ''),
			range(list.map((r) => r.refused)),
			spread(list.map((r) => r.ms)),
			`${ratio(ms(list), floorMs)}×`,
			seconds(median(list.map((r) => r.beforeNodeMs))),
			spread(list.map((r) => r.nodeMs)),
			`${ratio(median(list.map((r) => r.nodeMs)), floorMs)}×`,
			seconds(median(list.map((r) => r.firstRequestMs))),
			seconds(median(list.map((r) => r.sendingMs))),
			`${ratio(median(list.map((r) => r.sendingMs)), floorMs)}×`,
			seconds(median(list.map((r) => r.afterMs))),
			target,
		);
	const lines5 = [
		row(
			'Variant',
			'Runs',
			'Records created',
			'Names created twice or more',
			'Errors',
			'429 answers',
			'Workflow wall time min / median / max',
			'Median ÷ floor',
			'Before the node starts (median)',
			'Node time min / median / max',
			'Median ÷ floor',
			"Node's first request after (median)",
			'Sending phase (median)',
			'Sending ÷ floor',
			'Last answer to end of run (median)',
			'Target',
		),
		row(
			'---',
			'---',
			'---',
			'---',
			'---',
			'---',
			'---',
			'---',
			'---',
			'---',
			'---',
			'---',
			'---',
			'---',
			'---',
			'---',
		),
		...Object.entries(main5).map(([label, list], i) =>
			line(label, list, i === 0 ? '1000 / 0 / 0, ≤ 1.15× floor' : ''),
		),
		...Object.entries(ourTries).map(([label, list]) => line(`(a) our node, ${label}`, list)),
		...Object.entries(doorTries).map(([label, list]) =>
			line(`the door alone (no n8n), ${label}`, list),
		),
		...Object.entries(httpTries).map(([label, list]) =>
			line(
				`HTTP Request, batching ${label}${label === best ? ' (the best: used as (c))' : ''}`,
				list,
			),
		),
	];
	return [
		`Rate-limited creates: ${RATE_LIMIT.rate} requests/s, burst ${RATE_LIMIT.burst}, floor 1,000 / ${RATE_LIMIT.rate} = ${seconds(floorMs)}`,
		lines5.join('\n'),
		true,
	];
}

/** Benchmark 3: the memory of Return All over 100,000 records, against a bare process holding them; rows. */
async function memoryOfReturnAll(bench) {
	const { sandbox } = bench;
	bench.section('3. Return All, 100,000 records: memory', 3);
	sandbox.reset({ people: 100_000 });
	const baseline = await execute(bench, 'a-get-one');
	const big = await execute(bench, 'a-get-all');
	const growthMb = (big.fetchPeakKb - baseline.peakRssKb) / 1024;
	const wholeRunMb = (big.peakRssKb - baseline.peakRssKb) / 1024;
	const jsonMb = big.queryBytes / 1024 / 1024;

	// The same 100,000 records parsed and held by a bare Node process: the cost of the data itself.
	// (Asynchronously: the sandbox answering it runs in this process.)
	const { stdout: bareOutput } = await promisify(execFile)(
		process.execPath,
		[
			'-e',
			BARE_MEMORY_SCRIPT,
			`${sandbox.url}/api/v1/collection-records/${PEOPLE}/query`,
			JSON.stringify(sandboxHeaders(sandbox.config)),
		],
		{ cwd: root },
	);
	const bareGrowthMb = Number(bareOutput);
	return [
		row(
			'3. Return All, 100,000 records',
			'(a) our node',
			big.requests,
			big.items,
			`${big.ms} ms`,
			`RSS growth while fetching ${growthMb.toFixed(0)} MB / JSON ${jsonMb.toFixed(0)} MB = ${ratio(growthMb, jsonMb)}`,
			'≤ 2',
		),
		row(
			'',
			'(c) bare loop holding the records',
			'',
			'',
			'',
			`RSS growth ${bareGrowthMb.toFixed(0)} MB / JSON ${jsonMb.toFixed(0)} MB = ${ratio(bareGrowthMb, jsonMb)}`,
			'',
		),
		row(
			'',
			'(a), the same run to its end',
			'',
			'',
			'',
			`RSS growth ${wholeRunMb.toFixed(0)} MB, with n8n printing the run`,
			'',
		),
	];
}

/** Benchmark 7: runs of each workflow, unique events a run, deliveries in flight at once. */
const WEBHOOK_RUNS = Number(process.env.BENCH_WEBHOOK_RUNS ?? 3);
const WEBHOOK_EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 500);
const WEBHOOK_CONCURRENCY = Number(process.env.BENCH_WEBHOOK_CONCURRENCY ?? 8);
/** Deliveries to each workflow before the timed runs, not counted: what n8n's first requests load and compile. */
const WEBHOOK_WARM_UP = 20;
/** The owner of benchmark 7's n8n server: its REST API needs one. */
const BENCH_OWNER = {
	email: 'bench@example.com',
	firstName: 'Bench',
	lastName: 'Owner',
	password: 'Bench-password-1',
};
const UNFINISHED = ['new', 'running', 'waiting'];

/** An incoming WhatsApp message as the vendor documents it ("Event with Data"), with its own eventId. */
function whatsAppMessage(i) {
	const eventId = randomUUID();
	return {
		event: 'incoming.whatsapp.message',
		eventId,
		timestamp: Date.now(),
		phoneId: '104898309288724',
		wabaId: '102290129340398',
		messageId: `wamid.${eventId.replace(/-/g, '')}`,
		sender: { name: 'John Doe', number: `91999${String(i).padStart(7, '0')}` },
		message: { type: 'text', text: { body: `Bench message ${i}` } },
	};
}

/**
 * POSTs every body to `url` on loopback, `concurrency` in flight at once, each with the secret
 * header (the Webhook node ignores it). Bounded: 30 s a request, and nothing more is sent after
 * `bodies × 1 s` (at least 2 minutes). When the first request went, when the last answer came,
 * how many were sent, and the answers by status.
 */
async function deliverAll(url, bodies, concurrency) {
	const headers = {
		'content-type': 'application/json',
		[WEBHOOK_SECRET_HEADER.name]: WEBHOOK_SECRET_HEADER.value,
	};
	const firstSentAt = Date.now();
	const deadline = firstSentAt + Math.max(120_000, bodies.length * 1000);
	const answers = {};
	let next = 0;
	const sender = async () => {
		while (next < bodies.length && Date.now() < deadline) {
			const body = bodies[next++];
			const status = await fetch(url, {
				method: 'POST',
				headers,
				body,
				signal: AbortSignal.timeout(30_000),
			}).then(
				async (response) => {
					await response.arrayBuffer();
					return response.status;
				},
				(error) => (error.name === 'TimeoutError' ? 'timeout' : 'failed'),
			);
			answers[status] = (answers[status] ?? 0) + 1;
		}
	};
	await Promise.all(Array.from({ length: concurrency }, sender));
	return { firstSentAt, lastAnswerAt: Date.now(), sent: next, answers };
}

/**
 * The executions of a workflow once `count` have ended and none is left unfinished, or once
 * their number has not changed for 10 s, or after 2 minutes.
 */
async function untilExecuted(rest, workflowId, count) {
	const deadline = Date.now() + 120_000;
	let seen = -1;
	let changedAt = Date.now();
	for (;;) {
		const executions = await rest.executions(workflowId);
		const ended = executions.filter((e) => !UNFINISHED.includes(e.status));
		if (ended.length >= count && ended.length === executions.length) return executions;
		if (executions.length !== seen) [seen, changedAt] = [executions.length, Date.now()];
		if (Date.now() - changedAt > 10_000 || Date.now() > deadline) return executions;
		await sleep(250);
	}
}

/**
 * Until an activated workflow's webhook URL listens. n8n 2.x activates through an outbox: a URL
 * answers 404 for a moment. A CORS preflight (OPTIONS with an Origin) says which methods a path
 * has, and starts no execution.
 */
async function untilListening(url) {
	for (let waited = 0; ; waited += 250) {
		const response = await fetch(url, {
			method: 'OPTIONS',
			headers: { origin: 'http://127.0.0.1', 'access-control-request-method': 'POST' },
		});
		await response.arrayBuffer();
		if (response.status === 204) return;
		if (waited > 60_000) throw new Error(`${url} does not listen a minute after activation`);
		await sleep(250);
	}
}

/** Clock ticks a second, the unit of a process's CPU time in /proc. */
const CLOCK_TICKS = (() => {
	try {
		return Number(execFileSync('getconf', ['CLK_TCK']).toString()) || 100;
	} catch {
		return 100;
	}
})();
/** CPU time (user + system) a process has used so far, in ms, from /proc/<pid>/stat. */
function cpuMs(pid) {
	// The fields after the command name, which is in parentheses and may hold spaces.
	const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
	// utime and stime: fields 14 and 15 of stat, 12 and 13 after the name.
	return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1000;
}

/**
 * How many events the WhatsApp trigger remembers in the workflow's static data, as n8n saved it
 * (nodes/WorkspaceWhatsAppTrigger/eventMemory.ts): `taken`, 16-character digests joined per
 * hour, and 1.0's `seenEvents`, a list.
 */
async function rememberedEvents(rest, workflowId) {
	const { data } = await rest.call('GET', `/rest/workflows/${workflowId}`);
	// n8n keeps a node's static data under "node:<node name>".
	const nodes = Object.entries(data.staticData ?? {}).filter(([key]) => key.startsWith('node:'));
	let count = 0;
	for (const [, node] of nodes) {
		count += Array.isArray(node?.seenEvents) ? node.seenEvents.length : 0;
		for (const digests of Object.values(node?.taken ?? {}))
			count += typeof digests === 'string' ? Math.floor(digests.length / 16) : 0;
	}
	return count;
}

/**
 * Benchmark 7: one n8n server (regular mode, SQLite, the package installed as users install it)
 * with two workflows active, n8n's Webhook node and our WhatsApp trigger, each alone. Each run
 * makes a new set of unique incoming WhatsApp messages and delivers the same set to each
 * workflow, `WEBHOOK_CONCURRENCY` in flight, alternating which goes first; deliveries/s to the
 * last answer, and until n8n had recorded every execution (the last one's stoppedAt, read back
 * over REST). Each workflow's executions are deleted after each run, so every run starts alike.
 */
async function webhookDeliveries(bench) {
	const { runtime, source } = bench;
	bench.section(
		`7. Webhook deliveries: ${WEBHOOK_EVENTS} incoming WhatsApp messages, ${WEBHOOK_CONCURRENCY} in flight, to n8n's Webhook node and to our trigger (${WEBHOOK_RUNS} runs each)`,
		7,
	);
	const startedAt = new Date();
	const loadAtStart = load();
	const userFolder = join(cacheRoot(), 'bench-webhook-user');
	rmSync(userFolder, { recursive: true, force: true });
	mkdirSync(userFolder, { recursive: true });
	installPackage(userFolder);
	const nodeOptions = process.env.BENCH_NODE_OPTIONS;
	const n8n = await startN8nServer(runtime, userFolder, {
		env: nodeOptions ? { NODE_OPTIONS: nodeOptions } : {},
	});
	const variants = {
		"n8n's Webhook node": WEBHOOK_WORKFLOWS['w-webhook-node'],
		'our Workspace WhatsApp Trigger': WEBHOOK_WORKFLOWS['w-whatsapp-trigger'],
	};
	const active = {};
	const samples = Object.fromEntries(Object.keys(variants).map((key) => [key, []]));
	try {
		await n8n.readyWithOwner(BENCH_OWNER);
		for (const [key, { urlPath, id, ...workflow }] of Object.entries(variants)) {
			const workflowId = await n8n.rest.createWorkflow(workflow);
			await n8n.rest.activate(workflowId);
			active[key] = { workflowId, url: `${n8n.base}/webhook/${urlPath}` };
		}
		for (const { url } of Object.values(active)) await untilListening(url);
		const clear = async (executions) => {
			if (executions.length)
				await n8n.rest.call('POST', '/rest/executions/delete', {
					ids: executions.map((e) => e.id),
				});
		};
		/** One run of one workflow: `bodies` delivered, and the executions they made. */
		const run = async (key, bodies) => {
			const { workflowId, url } = active[key];
			const remembered = key.startsWith('our')
				? await rememberedEvents(n8n.rest, workflowId)
				: undefined;
			const load1 = loadavg()[0];
			const cpuBefore = cpuMs(n8n.child.pid);
			const delivery = await deliverAll(url, bodies, WEBHOOK_CONCURRENCY);
			const executions = await untilExecuted(n8n.rest, workflowId, bodies.length);
			const cpuPerDelivery = (cpuMs(n8n.child.pid) - cpuBefore) / delivery.sent;
			const load2 = loadavg()[0];
			const stopped = executions.map((e) => Date.parse(e.stoppedAt)).filter(Number.isFinite);
			await clear(executions);
			const answeredMs = delivery.lastAnswerAt - delivery.firstSentAt;
			const recordedMs = Math.max(delivery.lastAnswerAt, ...stopped) - delivery.firstSentAt;
			return {
				...delivery,
				answeredMs,
				recordedMs,
				answeredRate: (delivery.sent / answeredMs) * 1000,
				recordedRate: (delivery.sent / recordedMs) * 1000,
				executions: executions.length,
				succeeded: executions.filter((e) => e.status === 'success').length,
				remembered,
				cpuPerDelivery,
				loads: [load1, load2],
			};
		};
		// Not counted: n8n's first requests load and compile what every later one reuses.
		const warmUp = Array.from({ length: WEBHOOK_WARM_UP }, (_, i) =>
			JSON.stringify(whatsAppMessage(i)),
		);
		for (const key of Object.keys(variants)) await run(key, warmUp);

		for (let r = 0; r < WEBHOOK_RUNS; r++) {
			const bodies = Array.from({ length: WEBHOOK_EVENTS }, (_, i) =>
				JSON.stringify(whatsAppMessage(i)),
			);
			const order = Object.keys(variants);
			if (r % 2) order.reverse();
			for (const key of order) {
				const sample = await run(key, bodies);
				samples[key].push(sample);
				say(
					`  ${key} run ${r + 1}: ${sample.sent} sent in ${seconds(sample.answeredMs)} (${sample.answeredRate.toFixed(1)}/s), every execution recorded after ${seconds(sample.recordedMs)} (${sample.recordedRate.toFixed(1)}/s), n8n's CPU ${sample.cpuPerDelivery.toFixed(1)} ms a delivery; ${sample.executions} executions, ${sample.succeeded} succeeded; answers ${JSON.stringify(sample.answers)}${sample.remembered === undefined ? '' : `; ${sample.remembered} events remembered in static data at the start`} (load ${sample.loads.map((l) => l.toFixed(2)).join(' → ')})`,
				);
			}
		}
	} finally {
		for (const { workflowId } of Object.values(active))
			await n8n.rest.deactivate(workflowId).catch(() => {});
		await n8n.stop();
	}
	const loadAtEnd = load();

	const rates = (list, field) => list.map((x) => x[field]);
	const rateSpread = (values) => {
		const list = sorted(values);
		return `${list[0].toFixed(1)} / ${median(list).toFixed(1)} / ${list.at(-1).toFixed(1)}`;
	};
	const [webhook, trigger] = Object.values(samples);
	const ratioOf = (field) =>
		(median(rates(trigger, field)) / median(rates(webhook, field))).toFixed(2);
	const answers = (list) => {
		const all = {};
		for (const x of list)
			for (const [status, n] of Object.entries(x.answers)) all[status] = (all[status] ?? 0) + n;
		return Object.entries(all)
			.map(([status, n]) => `${n} × ${status}`)
			.join(', ');
	};
	const loads1 = (list) => range(list.flatMap((x) => x.loads.map((l) => Number(l.toFixed(1)))));
	const line = (label, list, extra = ['', '']) =>
		row(
			label,
			list.length,
			range(list.map((x) => x.sent)),
			range(list.map((x) => x.executions)) +
				(list.every((x) => x.succeeded === x.executions)
					? ''
					: ` (${range(list.map((x) => x.succeeded))} succeeded)`),
			answers(list),
			rateSpread(rates(list, 'answeredRate')),
			rateSpread(rates(list, 'recordedRate')),
			rateSpread(rates(list, 'cpuPerDelivery')),
			extra[0],
			loads1(list),
			extra[1],
		);
	const lines = [
		`Run on ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, nodes built from ${source}: one n8n ${version} server (\`n8n start\`, regular mode, SQLite) with both workflows active, this package installed as users install it. Each run made ${WEBHOOK_EVENTS} incoming WhatsApp messages (the vendor's documented payload, each with its own eventId) and delivered the same ones to each workflow, ${WEBHOOK_CONCURRENCY} in flight, on loopback; ${WEBHOOK_RUNS} runs, alternating which workflow went first, after ${WEBHOOK_WARM_UP} deliveries to each not counted. Load average (1 / 5 / 15 min; ${cpus().length} cores): ${loadAtStart} at the start, ${loadAtEnd} at the end.`,
		'',
		row(
			'Variant',
			'Runs',
			'Deliveries a run',
			'Executions a run',
			'Answers',
			'Deliveries/s, first request to last answer (min / median / max)',
			'Deliveries/s, until every execution was recorded (min / median / max)',
			"n8n's CPU time a delivery, ms (min / median / max)",
			'Trigger ÷ Webhook node (medians: answered; recorded; CPU a delivery)',
			'Load (1 min) during the runs',
			'Target',
		),
		row('---', '---', '---', '---', '---', '---', '---', '---', '---', '---', '---'),
		line("n8n's Webhook node, Respond Immediately", webhook),
		line(
			`our Workspace WhatsApp Trigger (events remembered in static data at a run's start: ${range(trigger.map((x) => x.remembered))})`,
			trigger,
			[
				`${ratioOf('answeredRate')}; ${ratioOf('recordedRate')}; ${ratioOf('cpuPerDelivery')}`,
				'≥ 0.9 (deliveries/s), executions = deliveries',
			],
		),
	];
	return [
		"Webhook deliveries: the WhatsApp trigger against n8n's Webhook node",
		lines.join('\n'),
		true,
	];
}

/** Benchmark 8: executions waiting at once, runs of each way of posting, executions not counted first. */
const WAIT_EXECUTIONS = Number(process.env.BENCH_WAIT_EXECUTIONS ?? 100);
const WAIT_RUNS = Number(process.env.BENCH_WAIT_RUNS ?? 3);
const WAIT_WARM_UP = 5;
/** n8n's N8N_CONCURRENCY_PRODUCTION_LIMIT in benchmark 8, when set: executions beyond it queue, first come first served. */
const WAIT_PRODUCTION_LIMIT = process.env.BENCH_WAIT_PRODUCTION_LIMIT;
/** Benchmark 8's middle way of posting: this many posts in flight, each sent once one is answered. */
const WAIT_POSTS_IN_FLIGHT = 10;
/** Webhook calls in flight while benchmark 8 starts its executions. */
const WAIT_STARTS_IN_FLIGHT = 8;
/** Bound on each phase of benchmark 8 (all waiting; all ended after the posts). */
const WAIT_PHASE_MS = 300_000;
/** The status the sandbox posts to each resume address: the one Wait for Delivery resumes on. */
const DELIVERED = { status: 'delivered', remark: 'Message delivered successfully', afterMs: 1 };

/** The execution id in n8n's resume address (`/webhook-waiting/<id>?signature=…`). */
const executionIdOf = (url) => new URL(url).pathname.split('/').at(-1);

/** A workflow's executions once `done(executions)` holds; throws after WAIT_PHASE_MS. */
async function untilExecutions(rest, workflowId, what, done) {
	for (const started = Date.now(); ; await sleep(250)) {
		const executions = await rest.executions(workflowId);
		if (done(executions)) return executions;
		if (Date.now() - started > WAIT_PHASE_MS) {
			const statuses = {};
			for (const e of executions) statuses[e.status] = (statuses[e.status] ?? 0) + 1;
			throw new Error(`not ${what} after ${WAIT_PHASE_MS / 1000} s: ${JSON.stringify(statuses)}`);
		}
	}
}

/** n8n's RSS in MB, the median of `count` samples 250 ms apart. */
async function rssMb(n8n, count = 8) {
	const samples = [];
	for (let i = 0; i < count; i++, await sleep(250)) samples.push(n8n.rss() / 2 ** 20);
	return median(samples);
}

/**
 * Benchmark 8 (issue 45): one n8n server (regular mode, SQLite) with WAIT_WORKFLOW active. A run
 * starts WAIT_EXECUTIONS executions through its webhook; each sends an SMS to the sandbox with
 * its own resume address as Postback URL and waits in Wait for Delivery. Once n8n lists every
 * one as waiting, the sandbox posts "delivered" to each address: one post at a time as its host
 * does, WAIT_POSTS_IN_FLIGHT at a time, or all at once. For each execution: its post's time
 * (taken just before the request goes) to its answer, and to its stoppedAt as n8n stored it.
 * Each execution must have ended once, successfully, its last node with one item whose outcome
 * is finalStatus for its own message. n8n's CPU time and RSS (main process, /proc): RSS before
 * the run, while every execution waits, at its peak while they resume, and after.
 */
async function resumedWaits(bench) {
	const { runtime, source } = bench;
	bench.section(
		`8. ${WAIT_EXECUTIONS} executions waiting in Wait for Delivery, resumed by ${WAIT_EXECUTIONS} posts (${WAIT_RUNS} runs of each way of posting)`,
		8,
	);
	const startedAt = new Date();
	const loadAtStart = load();
	/** When each post to a resume address went, and when n8n answered it, by execution id. */
	const postedAt = new Map();
	const answeredAt = new Map();
	const post = async (url, headers, text) => {
		postedAt.set(executionIdOf(url), Date.now());
		try {
			const response = await fetch(url, {
				method: 'POST',
				headers,
				body: text,
				signal: AbortSignal.timeout(30_000),
			});
			await response.arrayBuffer();
			return { status: response.status };
		} catch (error) {
			return {
				error:
					error.name === 'TimeoutError'
						? 'no answer in 30 s'
						: (error.cause?.code ?? error.message),
			};
		} finally {
			answeredAt.set(executionIdOf(url), Date.now());
		}
	};
	/** All at once: the sandbox writes each post (its payload, its address) and they go together. */
	let held;
	const sandbox = createSandbox({
		postBack: (url, headers, text) => {
			if (!held) return post(url, headers, text);
			held.push([url, headers, text]);
			return Promise.resolve({ status: 202 });
		},
	});
	await sandbox.start();
	const userFolder = join(cacheRoot(), 'bench-wait-user');
	rmSync(userFolder, { recursive: true, force: true });
	mkdirSync(userFolder, { recursive: true });
	installPackage(userFolder);
	await runN8nCommands(runtime, userFolder, [
		['import:credentials', `--input=${writeCredentials(userFolder, sandboxCredentials(sandbox))}`],
	]);
	const nodeOptions = process.env.BENCH_NODE_OPTIONS;
	const n8n = await startN8nServer(runtime, userFolder, {
		env: {
			...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
			...(WAIT_PRODUCTION_LIMIT ? { N8N_CONCURRENCY_PRODUCTION_LIMIT: WAIT_PRODUCTION_LIMIT } : {}),
		},
	});
	const { urlPath, id, ...workflow } = WAIT_WORKFLOW;
	const lastNode = workflow.nodes.at(-1).name;
	/** How many posts are in flight at once; 1 is the sandbox's host itself. */
	const variants = {
		'one post at a time (the sandbox host)': 1,
		[`${WAIT_POSTS_IN_FLIGHT} posts in flight`]: WAIT_POSTS_IN_FLIGHT,
		'all posts at once': Infinity,
	};
	const samples = Object.fromEntries(Object.keys(variants).map((key) => [key, []]));
	let workflowId;
	let rssAtStart;
	try {
		await n8n.readyWithOwner(BENCH_OWNER);
		workflowId = await n8n.rest.createWorkflow(workflow);
		await n8n.rest.activate(workflowId);
		const url = `${n8n.base}/webhook/${urlPath}`;
		await untilListening(url);
		rssAtStart = await rssMb(n8n);
		say(`  n8n's RSS once started, before any execution: ${rssAtStart.toFixed(0)} MB`);

		/** One run: `count` executions started, waiting, resumed; what was measured. */
		const run = async (count, inFlight) => {
			sandbox.reset();
			sandbox.config.deliveryPlan = [DELIVERED];
			postedAt.clear();
			answeredAt.clear();
			const rssBefore = await rssMb(n8n);
			const load1 = loadavg()[0];
			const cpuAtStart = cpuMs(n8n.child.pid);
			const bodies = Array.from({ length: count }, (_, i) => JSON.stringify({ order: i }));
			const started = await deliverAll(url, bodies, WAIT_STARTS_IN_FLIGHT);
			const waiting = await untilExecutions(
				n8n.rest,
				workflowId,
				`${count} waiting`,
				(list) => list.filter((e) => e.status === 'waiting').length >= count,
			);
			const allWaitingMs = Date.now() - started.firstSentAt;
			const cpuToWait = cpuMs(n8n.child.pid) - cpuAtStart;
			const rssWaiting = await rssMb(n8n);
			const cpuBeforePosts = cpuMs(n8n.child.pid);
			let rssPeak = 0;
			const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, n8n.rss() ?? 0)), 100);

			let answers;
			if (inFlight === 1) {
				await sandbox.postbacks.runDue(Infinity);
				answers = sandbox.postbacks.deliveries.map((d) => d.status ?? d.error);
			} else {
				held = [];
				await sandbox.postbacks.runDue(Infinity);
				const posts = held;
				held = undefined;
				answers = [];
				let next = 0;
				const poster = async () => {
					while (next < posts.length) {
						const result = await post(...posts[next++]);
						answers.push(result.status ?? result.error);
					}
				};
				await Promise.all(Array.from({ length: Math.min(inFlight, posts.length) }, poster));
			}
			const postsDoneAt = Date.now();
			const ended = await untilExecutions(n8n.rest, workflowId, 'ended', (list) =>
				list.every((e) => !UNFINISHED.includes(e.status)),
			);
			const cpuToEnd = cpuMs(n8n.child.pid) - cpuBeforePosts;
			clearInterval(sampler);
			const load2 = loadavg()[0];
			const rssAfter = await rssMb(n8n);

			// Each execution once, ended, its own message's status reached; timed from its post.
			// The message whose status went to each address (the sandbox posts each to its send's).
			const requestIdOf = new Map(
				sandbox.postbacks.deliveries.map((d) => [executionIdOf(d.url), d.payload.request_id]),
			);
			const latencies = [];
			const toAnswer = [];
			let resumedOnce = 0;
			for (const execution of ended) {
				const resultData = await n8n.rest.runData(execution.id);
				const tasks = resultData?.runData?.[lastNode] ?? [];
				const items = tasks[0]?.data?.main?.[0] ?? [];
				const [json] = items.map((item) => item.json);
				if (
					execution.status === 'success' &&
					tasks.length === 1 &&
					items.length === 1 &&
					json.outcome === 'finalStatus' &&
					json.status === 'delivered' &&
					json.request_id === requestIdOf.get(String(execution.id))
				)
					resumedOnce += 1;
				const at = postedAt.get(String(execution.id));
				if (at === undefined) continue;
				latencies.push(Date.parse(execution.stoppedAt) - at);
				toAnswer.push(answeredAt.get(String(execution.id)) - at);
			}
			await n8n.rest.call('POST', '/rest/executions/delete', { ids: ended.map((e) => e.id) });
			const answerCounts = {};
			for (const a of answers) answerCounts[a] = (answerCounts[a] ?? 0) + 1;
			const postTimes = [...postedAt.values()];
			return {
				executions: ended.length,
				waited: waiting.filter((e) => e.status === 'waiting').length,
				sends: sandbox.requests.filter((r) => r.method === 'POST').length,
				resumedOnce,
				answers: answerCounts,
				latencies,
				medianMs: median(latencies),
				answerMedianMs: median(toAnswer),
				// n8n's CPU time (main process) per execution, to start and wait, and to resume and end.
				cpuPerStart: cpuToWait / count,
				cpuPerResume: cpuToEnd / count,
				maxMs: Math.max(...latencies),
				postingMs: postsDoneAt - Math.min(...postTimes),
				allWaitingMs,
				rss: [rssBefore, rssWaiting, rssPeak / 2 ** 20, rssAfter],
				loads: [load1, load2],
			};
		};
		// Not counted: n8n's first runs load and compile what every later one reuses.
		await run(WAIT_WARM_UP, 1);
		for (let r = 0; r < WAIT_RUNS; r++) {
			const order = Object.keys(variants);
			if (r % 2) order.reverse();
			for (const key of order) {
				const s = await run(WAIT_EXECUTIONS, variants[key]);
				samples[key].push(s);
				say(
					`  ${key} run ${r + 1}: ${s.executions} executions (${s.waited} waiting at once, after ${seconds(s.allWaitingMs)}), ${s.sends} sends, ${s.resumedOnce} ended once with finalStatus; answers ${JSON.stringify(s.answers)}; posts took ${seconds(s.postingMs)}; post → answer median ${Math.round(s.answerMedianMs)} ms; post → ended median ${Math.round(s.medianMs)} ms, max ${Math.round(s.maxMs)} ms; n8n's CPU ${s.cpuPerStart.toFixed(0)} ms an execution to start and wait, ${s.cpuPerResume.toFixed(0)} ms to resume and end; n8n RSS ${s.rss.map((mb) => mb.toFixed(0)).join(' → ')} MB (before → waiting → peak while resuming → after) (load ${s.loads.map((l) => l.toFixed(2)).join(' → ')})`,
				);
			}
		}
	} finally {
		if (workflowId) await n8n.rest.deactivate(workflowId).catch(() => {});
		await n8n.stop();
		await sandbox.stop();
	}
	const loadAtEnd = load();
	const msSpread = (values) => spread(values);
	const line = (label, list) =>
		row(
			label,
			list.length,
			range(list.map((x) => x.waited)),
			`${range(list.map((x) => x.resumedOnce))} of ${range(list.map((x) => x.executions))}`,
			Object.entries(
				list.reduce((all, x) => {
					for (const [k, n] of Object.entries(x.answers)) all[k] = (all[k] ?? 0) + n;
					return all;
				}, {}),
			)
				.map(([status, n]) => `${n} × ${status}`)
				.join(', '),
			msSpread(list.map((x) => x.postingMs)),
			msSpread(list.map((x) => x.answerMedianMs)),
			msSpread(list.map((x) => x.medianMs)),
			msSpread(list.map((x) => x.maxMs)),
			`${median(list.map((x) => x.cpuPerStart)).toFixed(0)} / ${median(list.map((x) => x.cpuPerResume)).toFixed(0)}`,
			[0, 1, 2, 3].map((i) => median(list.map((x) => x.rss[i])).toFixed(0)).join(' / '),
			range(list.flatMap((x) => x.loads.map((l) => Number(l.toFixed(1))))),
			'every one once; median ≤ 2 s',
		);
	const lines = [
		`Run on ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, nodes built from ${source}: one n8n ${version} server (\`n8n start\`, regular mode, SQLite${WAIT_PRODUCTION_LIMIT ? `, N8N_CONCURRENCY_PRODUCTION_LIMIT=${WAIT_PRODUCTION_LIMIT}` : ''}), this package installed as users install it, the workflow \`bench/workflows/d-sms-wait-for-delivery.json\` active. Each run started ${WAIT_EXECUTIONS} executions through its webhook (${WAIT_STARTS_IN_FLIGHT} calls in flight); once n8n listed all as waiting, the sandbox posted "delivered" (the vendor's documented payload) to each execution's resume address, one at a time (as its host does), ${WAIT_POSTS_IN_FLIGHT} in flight, or all at once; ${WAIT_RUNS} runs of each way of posting, alternating which went first, after one of ${WAIT_WARM_UP} executions not counted. n8n's RSS once started, before any execution: ${rssAtStart.toFixed(0)} MB. Load average (1 / 5 / 15 min; ${cpus().length} cores): ${loadAtStart} at the start, ${loadAtEnd} at the end.`,
		'',
		row(
			'Variant',
			'Runs',
			'Waiting at once',
			'Ended once, successful, finalStatus of its own message',
			'Answers to the posts',
			'First post to last answer, ms (min / median / max)',
			'Post → its answer, median of a run, ms (min / median / max)',
			"Post → execution's stoppedAt, median of a run, ms (min / median / max)",
			'Post → stoppedAt, slowest of a run, ms (min / median / max)',
			"n8n's CPU ms an execution: to start and wait / to resume and end (medians)",
			"n8n's RSS, MB: before / while all wait / peak while resuming / after (medians)",
			'Load (1 min) during the runs',
			'Target',
		),
		row(...Array.from({ length: 13 }, () => '---')),
		...Object.entries(samples).map(([key, list]) => line(key, list)),
	];
	return [
		`Waiting executions: ${WAIT_EXECUTIONS} in Wait for Delivery, resumed by their postbacks`,
		lines.join('\n'),
		true,
	];
}

/** Benchmark 4: what npm pack of the build ships; rows. */
function packageSize({ pack, section }) {
	section('4. Package', 4);
	const { size, files } = pack;
	// What ships besides the compiled nodes, credentials, icons and codex files: anything else is an accident.
	const extra = new Map();
	for (const file of files.filter(
		(f) => f.path.startsWith('dist/') && !/^dist\/(nodes|credentials|icons)\//.test(f.path),
	)) {
		const key =
			file.path.split('/').length > 2
				? `${file.path.split('/').slice(0, 2).join('/')}/`
				: file.path;
		extra.set(key, (extra.get(key) ?? 0) + file.size);
	}
	const extras = [...extra]
		.map(([path, bytes]) => `${path} ${(bytes / 1024).toFixed(0)} KB`)
		.join(', ');
	const dependencies = Object.keys(
		JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).dependencies ?? {},
	).length;
	return [
		row(
			'4. Package',
			'npm pack of the build measured',
			'',
			'',
			'',
			`${(size / 1024).toFixed(1)} KB packed, ${files.length} files, ${dependencies} runtime dependencies${extras ? `; besides nodes, credentials and icons it ships ${extras} (unpacked)` : ''}`,
			'≤ 100 KB, 0',
		),
	];
}

/** bench/results.md: the run's conditions, the tables and bench/NOTES.md. */
function writeResults({ runtime, source, startedAt, loads, minutes, body }) {
	const machine = `${cpus().length} cores (${cpus()[0].model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version} for the loop and the sandbox`;
	const results = [
		'# Benchmark results',
		'',
		`Run on ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC with \`npm run bench\` (${minutes} min in all), nodes built from ${source}.`,
		'',
		`- **n8n** ${version} on Node ${execFileSync(runtime.nodeExecutable, ['--version']).toString().trim()}, expression engine: ${expressionEngine(runtime)}; HTTP Request node version 4.2.`,
		`- **Machine:** ${machine}.`,
		`- **Load average** (1 / 5 / 15 min; ${cpus().length} cores): ${loads.join('; ')}. Other test runs shared the machine; see bench/NOTES.md on what load does to these numbers.`,
		`- **Method:** times are from the run data (workflow startedAt → stoppedAt, so n8n's start-up is not counted); ${RUNS} runs of each timed comparison with the variants alternating (forward, then reverse), shown as min / median / max; ratios are of medians. Settings only explored (benchmark 5's sweep) ran ${SWEEP_RUNS} time(s) each. The sandbox runs on loopback in the bench process. Memory is the peak RSS of the \`n8n execute\` process, sampled every 20 ms, minus that of the same workflow fetching one record.`,
		'',
		body,
		'## Notes',
		'',
		readFileSync(join(root, 'bench', 'NOTES.md'), 'utf8').trim(),
		'',
	].join('\n');
	writeFileSync(join(root, 'bench', 'results.md'), results);
	say('Written to bench/results.md');
}

/**
 * BENCH_ONLY with BENCH_WRITE: each table the run made whole (every benchmark it holds ran)
 * replaces the one of that title in bench/results.md, or goes before the notes; the notes are
 * renewed from bench/NOTES.md. The header stays the last full run's: a table that carries its
 * own conditions (benchmark 7) says when and at what load it ran.
 */
function writeTables(tables) {
	const file = join(root, 'bench', 'results.md');
	let text = readFileSync(file, 'utf8');
	for (const [title, table, whole] of tables) {
		if (!whole) {
			say(`bench/results.md: "${title}" not written, since only part of its benchmarks ran`);
			continue;
		}
		const block = `### ${title}\n\n${table}\n\n`;
		const start = text.indexOf(`### ${title}\n`);
		if (start === -1) {
			const at = text.indexOf('## Notes\n');
			text = `${text.slice(0, at)}${block}${text.slice(at)}`;
		} else {
			// Up to the next heading after this one's line.
			const body = text.indexOf('\n', start) + 1;
			const next = text.slice(body).search(/^##/m);
			text = `${text.slice(0, start)}${block}${next === -1 ? '' : text.slice(body + next)}`;
		}
		say(`bench/results.md: "${title}" written`);
	}
	writeFileSync(file, text);
	renewNotes();
}

async function main() {
	if (process.argv.includes('--notes')) return renewNotes();
	const startedAt = new Date();
	/** The load average (1 / 5 / 15 min) at the start of each benchmark, and when each started. */
	const loads = [`start: ${load()}`];
	const minutesSinceStart = () => ((Date.now() - startedAt.getTime()) / 60_000).toFixed(1);
	const section = (title, number) => {
		loads.push(`benchmark ${number} (from minute ${minutesSinceStart()}): ${load()}`);
		say(`${title} (minute ${minutesSinceStart()}, load ${load()})`);
	};
	const bench = { ...(await setUp()), section };

	const tables = [];
	if (runs(1) || runs(2) || runs(6)) tables.push(await timedComparisons(bench));
	if (runs(5)) tables.push(await rateLimitedCreates(bench));
	const memory = runs(3) ? await memoryOfReturnAll(bench) : [];
	await bench.sandbox.stop();
	if (runs(4)) memory.push(...packageSize(bench));
	if (memory.length) {
		tables.push([
			'Memory and package',
			[
				row('Benchmark', 'Variant', 'Requests', 'Items', 'Time', 'Measure', 'Target'),
				row('---', '---', '---', '---', '---', '---', '---'),
				...memory,
			].join('\n'),
			runs(3) && runs(4),
		]);
	}
	if (runs(7)) tables.push(await webhookDeliveries(bench));
	if (runs(8)) tables.push(await resumedWaits(bench));
	loads.push(`end: ${load()}`);

	const body = tables.map(([title, table]) => `### ${title}\n\n${table}\n`).join('\n');
	say(`\n${body}`);
	if (ONLY.length) {
		if (process.env.BENCH_WRITE) writeTables(tables);
		else say(`BENCH_ONLY=${ONLY.join(',')}: bench/results.md left as it is`);
		return;
	}
	writeResults({
		runtime: bench.runtime,
		source: bench.source,
		startedAt,
		loads,
		minutes: minutesSinceStart(),
		body,
	});
}

// Stopped by a signal: the n8n process of the current run goes too.
stopOnSignals({ exitCode: 130 });

main().catch((error) => {
	process.stderr.write(`${error.stack}\n`);
	process.exit(1);
});
