// A busy laptop, on request: `E2E_STRESS=1` keeps every core busy with CPU-bound processes
// for the whole run, so that a suite proves it holds when the machine is slow (a case must
// assert what happened, never how long it took). The load is sampled while they run, and
// summed up at the end. Each process is registered (processes.mjs), so the run stops them.
import { availableParallelism, loadavg } from 'node:os';

import { onCleanup, startProcess } from './processes.mjs';

// A loop that never waits: one core's worth of work, until it is stopped.
const SPIN = 'for (;;) Math.sqrt(Math.random());';

/** True when the run was asked to stress the machine (E2E_STRESS=1). */
export const stressRequested = () => ['1', 'true'].includes(process.env.E2E_STRESS ?? '');

/**
 * Starts one CPU-bound process per core (at least two) and samples the 1-minute load average
 * every 10 s. Returns `summary()`: the processes and the load seen, for the report.
 */
export function startStress() {
	const spinners = Math.max(2, availableParallelism());
	for (let i = 0; i < spinners; i++)
		startProcess(`stress ${i + 1}`, process.execPath, ['-e', SPIN], { stdio: 'ignore' });
	const loads = [loadavg()[0]];
	const sampler = setInterval(() => loads.push(loadavg()[0]), 10_000);
	sampler.unref();
	onCleanup('stress load sampler', () => clearInterval(sampler));
	return {
		summary: () => {
			const sorted = [...loads].sort((a, b) => a - b);
			const median = sorted[Math.floor(sorted.length / 2)];
			return `${spinners} CPU-bound processes on ${availableParallelism()} cores for the whole run; load average (1 min) ${sorted[0].toFixed(1)}–${sorted.at(-1).toFixed(1)}, median ${median.toFixed(1)}, over ${loads.length} samples`;
		},
	};
}
