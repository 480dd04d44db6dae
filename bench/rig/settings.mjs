// The settings every benchmark reads from the environment (bench/NOTES.md, "Running it");
// each benchmark's own settings are in its file under bench/cases/.
export const version = process.env.BENCH_N8N_VERSION ?? '2.40.7';
export const RUNS = Number(process.env.BENCH_RUNS ?? 5);
export const SWEEP_RUNS = Number(process.env.BENCH_SWEEP_RUNS ?? 1);
export const ONLY = (process.env.BENCH_ONLY ?? '')
	.split(',')
	.map((s) => s.trim())
	.filter(Boolean);
export const runs = (section) => !ONLY.length || ONLY.includes(String(section));
