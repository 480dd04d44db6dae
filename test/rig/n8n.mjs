// A real n8n with this package, for every suite, the demo and the benchmark: the package built
// and installed the way users install community packages, n8n's CLI commands, and the one n8n
// starter (startN8n; startN8nServer for `n8n start`). Every process goes through the registry
// (processes.mjs), so a stopped run stops it too.
import { spawnSync } from 'node:child_process';
import {
	closeSync,
	cpSync,
	mkdirSync,
	mkdtempSync,
	openSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import { cacheRoot } from './n8n-runtime.mjs';
import { PACKAGE, packOnce, root } from './pack.mjs';
import { freePort } from './ports.mjs';
import { startProcess, stopProcess } from './processes.mjs';
import { N8nRest } from './rest.mjs';

export { PACKAGE, root } from './pack.mjs';

/** `npm run build`: dist/, which the suites install into n8n. Throws with what the build said. */
export function buildPackage() {
	const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, encoding: 'utf8' });
	if (build.status !== 0) throw new Error(`npm run build failed:\n${outputTail(build)}`);
}

/** A module as the installed n8n has it (its own copies of pg and flatted, for one). */
export const requireFromN8n = (runtime, name) => createRequire(runtime.n8nBin)(name);

/**
 * n8n's environment for one user folder: quiet, local, nothing phoned home. Every n8n
 * process (a CLI command as much as a server) starts a task broker, so each gets its own
 * broker port from the OS (ports.mjs): n8n's default would collide with any other n8n on the
 * machine, such as `npm run demo`.
 */
export function n8nEnv(runtime, userFolder, brokerPort) {
	if (!brokerPort) throw new Error('n8nEnv needs a broker port: take one from freePort()');
	return {
		...process.env,
		...runtime.env,
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		// The Code node's runner must connect within this; n8n's 30 s is missed on a loaded machine.
		N8N_RUNNERS_GRANT_TOKEN_TTL: '120',
		N8N_USER_FOLDER: userFolder,
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
	};
}

/**
 * A user folder with this package installed as n8n installs a community package (Settings ›
 * Community Nodes, n8n 2.41's community-packages.service): the `npm pack` tarball unpacked
 * into nodes/node_modules/<package>, its package.json without dev, peer and optional
 * dependencies. (n8n then runs `npm install` there, which does nothing for a package with no
 * dependencies, as a community package must be.)
 */
export function installPackage(userFolder) {
	const target = join(userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE);
	rmSync(target, { recursive: true, force: true });
	mkdirSync(target, { recursive: true });
	cpSync(packOnce().dir, target, { recursive: true });
	const manifest = join(target, 'package.json');
	const { devDependencies, peerDependencies, optionalDependencies, ...kept } = JSON.parse(
		readFileSync(manifest, 'utf8'),
	);
	writeFileSync(manifest, JSON.stringify(kept, null, 2));
}

/**
 * A user folder of this run's own in the cache, with the package installed: two runs at once
 * (two terminals, CI and a developer) must not share n8n's database.
 */
export function newUserFolder(label) {
	mkdirSync(cacheRoot(), { recursive: true });
	const userFolder = mkdtempSync(join(cacheRoot(), `${label}-`));
	installPackage(userFolder);
	return userFolder;
}

/**
 * A new user folder of this run that starts as a copy of `from` (its database and the
 * installed package): one import serves several n8n servers. `from` must have no n8n running.
 */
export function copyUserFolder(from, label) {
	const userFolder = mkdtempSync(join(cacheRoot(), `${label}-`));
	cpSync(from, userFolder, { recursive: true });
	return userFolder;
}

/** Writes `credentials` (n8n's import format) into the user folder; the file's path. */
export function writeCredentials(userFolder, credentials) {
	const file = join(userFolder, 'credentials.json');
	writeFileSync(file, JSON.stringify(credentials));
	return file;
}

/**
 * The one n8n starter: `n8n <args>` for `userFolder`, with a broker port of its own, in the
 * process registry. `env` adds to n8n's environment; the other options are startProcess's.
 */
export async function startN8n(
	runtime,
	userFolder,
	args,
	{ env = {}, name = `n8n ${args[0]}`, ...options } = {},
) {
	const brokerPort = await freePort();
	return startProcess(name, runtime.nodeExecutable, [runtime.n8nBin, ...args], {
		...options,
		env: { ...n8nEnv(runtime, userFolder, brokerPort), ...env },
	});
}

/**
 * Runs an n8n CLI command to its end. Its stdout goes to a file, not a pipe: n8n exits right
 * after printing the run, and output still queued on a pipe would be lost. An n8n that has
 * not exited after `timeoutMs` (0: no limit) is killed and reported so, rather than waited
 * for forever. `onSpawn(child)` sees the process (the benchmark samples its memory).
 */
export async function runN8n(
	runtime,
	userFolder,
	args,
	{ onSpawn, env = {}, outputName = 'stdout.txt', timeoutMs = 120_000 } = {},
) {
	const outputFile = join(userFolder, outputName);
	const output = openSync(outputFile, 'w');
	let child;
	try {
		child = await startN8n(runtime, userFolder, args, { env, stdio: ['ignore', output, 'pipe'] });
	} finally {
		closeSync(output);
	}
	onSpawn?.(child);
	let stderr = '';
	child.stderr.on('data', (chunk) => (stderr += chunk));
	let timedOut = false;
	const timer = timeoutMs
		? setTimeout(() => {
				timedOut = true;
				child.kill('SIGKILL');
			}, timeoutMs)
		: undefined;
	const code = await child.exited;
	clearTimeout(timer);
	if (timedOut)
		stderr += `\n[n8n ${args[0]} had not exited after ${timeoutMs / 1000} s, so it was killed]`;
	return { code: timedOut ? 'timeout' : code, stdout: readFileSync(outputFile, 'utf8'), stderr };
}

/** n8n CLI commands one after another; throws at the first that fails. `afterEach(args)` follows each. */
export async function runN8nCommands(
	runtime,
	userFolder,
	commands,
	{ afterEach, ...options } = {},
) {
	for (const args of commands) {
		const result = await runN8n(runtime, userFolder, args, options);
		if (result.code !== 0)
			throw new Error(
				`n8n ${runtime.version} ${args[0]} failed (exit ${result.code}):\n${outputTail(result)}`,
			);
		afterEach?.(args);
	}
}

/**
 * n8n's server (`n8n start`) on a free port (or `port`), its log in `logFile` (by default
 * server.log in the user folder) unless `stdio` says otherwise; `env` adds settings.
 * `listenAddress` null: n8n's own default (every interface). The handle's `rest` is n8n's
 * REST API; `output()` gives the log without stack frames and the registry n8n cannot
 * reach from here, whose errors would fill the tail of a failure report. `restart()` stops it
 * as a user's restart does (gracefully) and starts it again on the same port and user folder;
 * `sqlite(sql)` reaches into its database from another process (sqliteOf).
 */
export async function startN8nServer(
	runtime,
	userFolder,
	{ env = {}, port, listenAddress = '127.0.0.1', logFile, stdio, ...options } = {},
) {
	const serverPort = port ?? (await freePort());
	const log = stdio ? undefined : (logFile ?? join(userFolder, 'server.log'));
	if (log) writeFileSync(log, '', { flag: 'a' });
	const start = () =>
		startN8n(runtime, userFolder, ['start'], {
			...options,
			logFile: log,
			stdio,
			env: {
				N8N_PORT: String(serverPort),
				...(listenAddress ? { N8N_LISTEN_ADDRESS: listenAddress } : {}),
				N8N_SECURE_COOKIE: 'false',
				...env,
			},
		});
	let child = await start();
	const exited = () => (child.done ? (child.exitCode ?? child.signalCode) : null);
	const base = `http://127.0.0.1:${serverPort}`;
	const output = () => ({
		code: exited() ?? undefined,
		stdout: log
			? readFileSync(log, 'utf8')
					.split('\n')
					.filter((line) => !/^\s+at |api\.n8n\.io|system task run failed/i.test(line))
					.join('\n')
			: '',
	});
	return {
		/** The n8n process now running (another one after a restart). */
		get child() {
			return child;
		},
		port: serverPort,
		base,
		exited,
		output,
		rest: new N8nRest(base, { runtime, exited }),
		stop: () => stopProcess(child, { graceMs: 10_000 }),
		/**
		 * Stopped (SIGTERM: n8n finishes what it runs and shuts down) and started again, same
		 * port, user folder and settings, until its REST API answers; the session stays valid
		 * (n8n signs it with the user folder's key). Workflows that were active start again.
		 */
		async restart() {
			await stopProcess(child, { graceMs: 10_000 });
			child = await start();
			try {
				await this.rest.ready();
			} catch (error) {
				throw new Error(
					`n8n ${runtime.version} did not start again: ${error.message}\n${outputTail(output())}`,
				);
			}
		},
		sqlite: (sql, params) => sqliteOf(runtime, userFolder, sql, params),
		/** n8n's main process's resident memory in bytes (Linux), or undefined once it has exited. */
		rss() {
			try {
				const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
				return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]) * 1024 || undefined;
			} catch {
				return undefined;
			}
		},
		/** n8n's REST API answering and an owner set up; throws with the tail of n8n's log. */
		async readyWithOwner(owner) {
			try {
				await this.rest.ready();
				await this.rest.setUpOwner(owner);
			} catch (error) {
				throw new Error(
					`n8n ${runtime.version} did not start: ${error.message}\n${outputTail(output())}`,
				);
			}
		},
	};
}

/**
 * Runs `sql` (one statement, `?` bound to `params`) on the SQLite database of an n8n user folder
 * (n8n 2.x's default, `.n8n/database.sqlite`) from a process of its own, as another program
 * on the machine would, while n8n may be running: with n8n's own Node.js and sqlite3 module
 * (built for it), waiting up to 10 s for n8n's write lock (killed after 30 s). Resolves to the
 * rows it selects.
 */
export async function sqliteOf(runtime, userFolder, sql, params = []) {
	const script = `
		const sqlite3 = require('node:module').createRequire(process.env.N8N_BIN)('sqlite3');
		const db = new sqlite3.Database(process.env.DB_FILE, sqlite3.OPEN_READWRITE, (error) => {
			if (error) throw error;
		});
		db.configure('busyTimeout', 10000);
		db.all(process.env.SQL, JSON.parse(process.env.PARAMS), (error, rows) => {
			if (error) {
				process.stderr.write(error.message);
				process.exitCode = 1;
			} else process.stdout.write(JSON.stringify(rows ?? []));
			db.close();
		});
	`;
	const child = startProcess('sqlite', runtime.nodeExecutable, ['-e', script], {
		stdio: ['ignore', 'pipe', 'pipe'],
		env: {
			...process.env,
			N8N_BIN: runtime.n8nBin,
			DB_FILE: join(userFolder, '.n8n', 'database.sqlite'),
			SQL: sql,
			PARAMS: JSON.stringify(params),
		},
	});
	const result = { stdout: '', stderr: '' };
	child.stdout.on('data', (chunk) => (result.stdout += chunk));
	child.stderr.on('data', (chunk) => (result.stderr += chunk));
	// 'close': exited, and all it printed read.
	const closed = new Promise((resolve) => child.once('close', resolve));
	const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
	result.code = await child.exited;
	await closed;
	clearTimeout(timer);
	if (result.code !== 0)
		throw new Error(`SQLite: ${sql.slice(0, 200)} failed:\n${outputTail(result)}`);
	return JSON.parse(result.stdout || '[]');
}

/** The last lines of what an n8n process said, indented, for a failure report. */
export function outputTail({ stdout = '', stderr = '' }, lines = 30) {
	const text = [stderr.trim(), stdout.trim()].filter(Boolean).join('\n');
	if (!text) return '    (n8n printed nothing)';
	// --rawOutput prints the whole run; a failure's cause is in its first and last lines.
	const all = text.split('\n');
	const kept = all.length > lines ? ['…', ...all.slice(-lines)] : all;
	return kept
		.map((line) => `    | ${line.length > 400 ? `${line.slice(0, 400)}…` : line}`)
		.join('\n');
}

/**
 * The run data `execute --rawOutput` prints after n8n's own warnings: an object printed with
 * two-space indents, so it ends at the first "}" in column 0. After a failed run n8n goes on
 * with "Execution error: …", which is not part of it. Undefined when there is none.
 */
export function parseRun(stdout) {
	const start = stdout.search(/^\{/m);
	if (start === -1) return undefined;
	const end = stdout.slice(start).search(/^\}/m);
	try {
		return JSON.parse(stdout.slice(start, end === -1 ? undefined : start + end + 1));
	} catch {
		return undefined;
	}
}

/** Times the phases of a set-up: `phase(label)` closes one; `phases` reads "build 12.3s", … */
export function phaseClock() {
	const phases = [];
	let started = Date.now();
	const phase = (label) => {
		phases.push(`${label} ${((Date.now() - started) / 1000).toFixed(1)}s`);
		started = Date.now();
	};
	return { phases, phase };
}
