// What the benchmarks measure with and how they print it: the median and the spread of runs,
// the load, a process's memory and CPU time from /proc, and the rows of a Markdown table.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

export const say = (line) => process.stdout.write(`${line}\n`);
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const sorted = (values) => [...values].sort((a, b) => a - b);
/** The middle value (the lower middle of an even count). */
export const median = (values) => sorted(values)[Math.floor((values.length - 1) / 2)];
export const load = () =>
	loadavg()
		.map((l) => l.toFixed(2))
		.join(' / ');

/** Resident memory of a process, sampled from /proc every 20 ms while it runs: [time, kB]. */
export function sampleRss(child) {
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

export const peakKb = (samples, until = Infinity) =>
	Math.max(0, ...samples.filter(([t]) => t <= until).map(([, kb]) => kb));

/** min / median / max of numbers, as "a / b / c ms". */
export const spread = (values, unit = 'ms') => {
	const list = sorted(values.map(Math.round));
	return `${list[0]} / ${median(list)} / ${list.at(-1)} ${unit}`;
};
/** "1000" when every run agrees, else "995–1000". */
export const range = (values) => {
	const list = sorted(values);
	return list[0] === list.at(-1) ? String(list[0]) : `${list[0]}–${list.at(-1)}`;
};
export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

export const ratio = (a, b) => (a / b).toFixed(2);
export const row = (...cells) => `| ${cells.join(' | ')} |`;
export const ms = (list) => median(list.map((s) => s.ms));

/** Clock ticks a second, the unit of a process's CPU time in /proc. */
const CLOCK_TICKS = (() => {
	try {
		return Number(execFileSync('getconf', ['CLK_TCK']).toString()) || 100;
	} catch {
		return 100;
	}
})();
/** CPU time (user + system) a process has used so far, in ms, from /proc/<pid>/stat. */
export function cpuMs(pid) {
	// The fields after the command name, which is in parentheses and may hold spaces.
	const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
	// utime and stime: fields 14 and 15 of stat, 12 and 13 after the name.
	return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1000;
}
