// bench/results.md: written whole after a full run, table by table with BENCH_ONLY and
// BENCH_WRITE, and its notes renewed from bench/NOTES.md (`npm run bench -- --notes`).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';

import { root } from '../../test/rig/n8n.mjs';
import { say } from './measure.mjs';
import { RUNS, SWEEP_RUNS, version } from './settings.mjs';

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

/** `npm run bench -- --notes`: puts the current bench/NOTES.md under the last run's numbers, without running. */
export function renewNotes() {
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

/** bench/results.md: the run's conditions, the tables and bench/NOTES.md. */
export function writeResults({ runtime, source, startedAt, loads, minutes, body }) {
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
export function writeTables(tables) {
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
