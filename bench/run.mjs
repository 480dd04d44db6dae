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
//
// The benchmarks are in bench/cases/, one file each, numbered as in bench/results.md; what they
// share (setting up n8n and the sandbox, a measured run, the statistics, n8n servers, writing
// bench/results.md) is in bench/rig/. This file runs those chosen, in the order below, and
// prints and writes their tables. The workflows come from bench/make-workflows.mjs.
import { returnAll } from './cases/1-return-all.mjs';
import { createThousand } from './cases/2-create-1000.mjs';
import { memoryOfReturnAll } from './cases/3-memory.mjs';
import { packageSize } from './cases/4-package.mjs';
import { rateLimitedCreates } from './cases/5-rate-limit.mjs';
import { createTenThousand } from './cases/6-create-10000.mjs';
import { webhookDeliveries } from './cases/7-webhook-deliveries.mjs';
import { resumedWaits } from './cases/8-waiting-executions.mjs';
import { stopOnSignals } from '../test/rig/processes.mjs';
import { load, row, say } from './rig/measure.mjs';
import { renewNotes, writeResults, writeTables } from './rig/results.mjs';
import { ONLY, runs } from './rig/settings.mjs';
import { setUp } from './rig/setup.mjs';

/** The head of the table benchmarks 1, 2 and 6 share: our node against HTTP Request (and a bare loop), timed. */
const TIMED_HEADER = [
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
	if (runs(1) || runs(2) || runs(6)) {
		const lines = [
			...(runs(1) ? await returnAll(bench) : []),
			...(runs(2) ? await createThousand(bench) : []),
			...(runs(6) ? await createTenThousand(bench) : []),
		];
		tables.push([
			'Timed comparisons',
			[...TIMED_HEADER, ...lines].join('\n'),
			[1, 2, 6].every(runs),
		]);
	}
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
