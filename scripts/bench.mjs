// `npm run bench`: our nodes against the HTTP Request node a user would wire by hand and
// against a bare axios loop, in a real n8n, against the sandbox on loopback. Times come from
// the run data (startedAt → stoppedAt), so n8n's start-up is not counted. Not part of CI.
import axios from 'axios';
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { installPackage, outputTail, runN8n, sandboxCredentials } from './e2e.mjs';
import { benchWorkflows } from './make-bench.mjs';
import { cacheRoot, prepare } from './n8n-runtime.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { createSandbox } = createRequire(import.meta.url)('../test/sandbox/server.js');
const version = process.env.BENCH_N8N_VERSION ?? '2.40.7';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PEOPLE = 'a00000000000000000000001';
const say = (line) => process.stdout.write(`${line}\n`);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

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
			{ headers: { 'x-api-key': 'wr_test_key', 'x-workspace-id': 'ws_sandbox' } });
		records.push(...data.data);
		if (data.data.length < 100) break;
	}
	global.gc?.();
	process.stdout.write(String((process.memoryUsage.rss() - before) / 2 ** 20));
})();
`;

const peakKb = (samples, until = Infinity) => Math.max(0, ...samples.filter(([t]) => t <= until).map(([, kb]) => kb));

async function main() {
	const runtime = await prepare(version);
	execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
	const userFolder = join(cacheRoot(), 'bench-user');
	installPackage(userFolder);

	// On a port from the OS (listening on 0); the HTTP Request workflows are written for it.
	const sandbox = createSandbox({ people: 10_000 });
	await sandbox.start();
	const BENCH_WORKFLOWS = benchWorkflows(sandbox.url);
	const workflowFolder = join(userFolder, 'bench-workflows');
	rmSync(workflowFolder, { recursive: true, force: true });
	mkdirSync(workflowFolder, { recursive: true });
	for (const [file, workflow] of Object.entries(BENCH_WORKFLOWS)) {
		writeFileSync(join(workflowFolder, `${file}.json`), JSON.stringify(workflow));
	}
	const credentialsFile = join(userFolder, 'credentials.json');
	writeFileSync(credentialsFile, JSON.stringify(sandboxCredentials(sandbox)));
	for (const args of [
		['import:credentials', `--input=${credentialsFile}`],
		['import:workflow', '--separate', `--input=${workflowFolder}`],
	]) {
		const result = await runN8n(runtime, userFolder, args);
		if (result.code !== 0) throw new Error(`n8n ${args[0]} failed (exit ${result.code}):\n${outputTail(result)}`);
	}

	/** Runs one bench workflow; its time from the run data, its last node's item count, the requests. */
	async function execute(name) {
		const workflow = BENCH_WORKFLOWS[name];
		sandbox.clearRequests();
		let samples;
		const { stdout, stderr } = await runN8n(runtime, userFolder, ['execute', `--id=${workflow.id}`, '--rawOutput'], {
			timeoutMs: 0,
			onSpawn: (child) => (samples = sampleRss(child)),
		});
		const start = stdout.search(/^\{/m);
		if (start === -1) throw new Error(`${name} did not run:\n${stderr.slice(-2000)}${stdout.slice(-2000)}`);
		const run = JSON.parse(stdout.slice(start));
		if (run.data.resultData.error) throw new Error(`${name} failed: ${run.data.resultData.error.message}`);
		const last = workflow.nodes.at(-1).name;
		return {
			ms: Date.parse(run.stoppedAt) - Date.parse(run.startedAt),
			items: run.data.resultData.runData[last][0].data.main[0].length,
			requests: sandbox.requests.length,
			// Up to the last page served (plus 200 ms to turn it into items): what the node holds,
			// before n8n's CLI prints the whole run as one JSON string.
			fetchPeakKb: peakKb(samples, (sandbox.requests.at(-1)?.at ?? Infinity) + 200),
			peakRssKb: peakKb(samples),
			queryBytes: sandbox.stats.queryBytes,
		};
	}

	/** The same requests as the node, in a plain loop, outside n8n: the physical limit here. */
	async function bareLoop() {
		sandbox.clearRequests();
		const started = performance.now();
		const records = [];
		for (let offset = 0; ; offset += 100) {
			const { data } = await axios.post(
				`${sandbox.url}/api/v1/collection-records/${PEOPLE}/query`,
				{ sort: [{ attribute: 'createdAt', direction: 'asc' }], limit: 100, offset },
				{ headers: { 'x-api-key': 'wr_test_key', 'x-workspace-id': 'ws_sandbox' } },
			);
			records.push(...data.data);
			if (data.data.length < 100) break;
		}
		return { ms: performance.now() - started, items: records.length, requests: sandbox.requests.length };
	}

	/** Median of RUNS, alternating which variant goes first. */
	async function compare(variants) {
		const samples = Object.fromEntries(Object.keys(variants).map((key) => [key, []]));
		for (let run = 0; run < RUNS; run++) {
			const order = Object.keys(variants);
			if (run % 2) order.reverse();
			for (const key of order) {
				const sample = await variants[key]();
				samples[key].push(sample);
				say(`  ${key} run ${run + 1}: ${Math.round(sample.ms)} ms, ${sample.items} items, ${sample.requests} requests`);
			}
		}
		return Object.fromEntries(
			Object.entries(samples).map(([key, list]) => [
				key,
				{ ms: median(list.map((s) => s.ms)), items: list[0].items, requests: list[0].requests },
			]),
		);
	}

	say(`1. Return All, 10,000 records (n8n ${version}, ${RUNS} runs each)`);
	const getAll = await compare({
		'(a) our node': () => execute('a-get-all'),
		'(b) HTTP Request': () => execute('b-http-get-all'),
		'(c) bare loop': bareLoop,
	});

	say('2. 1,000 input items → Record Create');
	const creates = await compare({
		'(a) our node': () => execute('a-create-1000'),
		'(b) HTTP Request': () => execute('b-http-create-1000'),
	});

	say('3. Return All, 100,000 records: memory');
	sandbox.reset({ people: 100_000 });
	const baseline = await execute('a-get-one');
	const big = await execute('a-get-all');
	const growthMb = (big.fetchPeakKb - baseline.peakRssKb) / 1024;
	const wholeRunMb = (big.peakRssKb - baseline.peakRssKb) / 1024;
	const jsonMb = big.queryBytes / 1024 / 1024;

	// The same 100,000 records parsed and held by a bare Node process: the cost of the data itself.
	// (Asynchronously: the sandbox answering it runs in this process.)
	const { stdout: bareOutput } = await promisify(execFile)(
		process.execPath,
		['-e', BARE_MEMORY_SCRIPT, `${sandbox.url}/api/v1/collection-records/${PEOPLE}/query`],
		{ cwd: root },
	);
	const bareGrowthMb = Number(bareOutput);
	await sandbox.stop();

	say('4. Package');
	const [pack] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] }).toString());
	const dependencies = Object.keys(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).dependencies ?? {}).length;

	const ratio = (a, b) => (a / b).toFixed(2);
	const row = (...cells) => `| ${cells.join(' | ')} |`;
	const a1 = getAll['(a) our node'];
	const b1 = getAll['(b) HTTP Request'];
	const c1 = getAll['(c) bare loop'];
	const a2 = creates['(a) our node'];
	const b2 = creates['(b) HTTP Request'];
	const table = [
		row('Benchmark', 'Variant', 'Requests', 'Items', 'Median time', 'Ratio', 'Target'),
		row('---', '---', '---', '---', '---', '---', '---'),
		row('1. Return All, 10,000 records', '(a) our node', a1.requests, a1.items, `${a1.ms} ms`, `a/b ${ratio(a1.ms, b1.ms)}`, 'a/b ≤ 1.0'),
		row('', '(b) HTTP Request + Split Out', b1.requests, b1.items, `${b1.ms} ms`, `a/c ${ratio(a1.ms, c1.ms)}`, 'a/c ≤ 1.15'),
		row('', '(c) bare axios loop', c1.requests, c1.items, `${Math.round(c1.ms)} ms`, '', ''),
		row('2. 1,000 items → Record Create', '(a) our node', a2.requests, a2.items, `${a2.ms} ms`, `a/b ${ratio(a2.ms, b2.ms)}`, 'a/b ≤ 1.1'),
		row('', '(b) HTTP Request', b2.requests, b2.items, `${b2.ms} ms`, '', ''),
		row('3. Return All, 100,000 records', '(a) our node', big.requests, big.items, `${big.ms} ms`, `RSS growth while fetching ${growthMb.toFixed(0)} MB / JSON ${jsonMb.toFixed(0)} MB = ${ratio(growthMb, jsonMb)}`, '≤ 2'),
		row('', '(c) bare loop holding the records', '', '', '', `RSS growth ${bareGrowthMb.toFixed(0)} MB / JSON ${jsonMb.toFixed(0)} MB = ${ratio(bareGrowthMb, jsonMb)}`, ''),
		row('', '(a), the same run to its end', '', '', '', `RSS growth ${wholeRunMb.toFixed(0)} MB, with n8n printing the run`, ''),
		row('4. Package', 'npm pack', '', '', '', `${(pack.size / 1024).toFixed(1)} KB packed, ${dependencies} runtime dependencies`, '≤ 100 KB, 0'),
	].join('\n');
	say(`\n${table}\n`);

	const machine = `${cpus().length} cores (${cpus()[0].model}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version} for the loop`;
	const results = [
		'# Benchmark results',
		'',
		`Run on ${new Date().toISOString().slice(0, 10)} with \`npm run bench\`: n8n ${version}, ${machine}.`,
		`Times are medians of ${RUNS} runs from the run data (startedAt → stoppedAt), variants alternating; the sandbox runs on loopback. Memory is the peak RSS of the \`n8n execute\` process, sampled every 20 ms, minus that of the same workflow fetching one record.`,
		'',
		table,
		'',
		'## Notes',
		'',
		readFileSync(join(root, 'bench', 'NOTES.md'), 'utf8').trim(),
		'',
	].join('\n');
	writeFileSync(join(root, 'bench', 'results.md'), results);
	say('Written to bench/results.md');
}

main().catch((error) => {
	process.stderr.write(`${error.stack}\n`);
	process.exit(1);
});
