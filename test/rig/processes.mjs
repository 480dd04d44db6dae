// The one registry of what a suite starts: child processes (n8n, PostgreSQL, Redis) and
// anything else that must be undone (a sandbox, a database client, a temporary folder). Each
// is registered as it starts; cleanUp() undoes them in reverse order, also after a failure or
// on Ctrl-C, so that a run leaves nothing behind. Processes started one after another (n8n's
// main and its workers) are stopped together, since each may take its graceful-shutdown time.
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';

const SIGNAL_NUMBERS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };

/** What to undo, in the order it was started: { name, run } or { name, child }. */
const started = [];
let stopping = false;
let cleaning;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** True once the run is stopping (a signal, a deadline): nothing new starts, waits give up. */
export const isStopping = () => stopping;

/** Registers `run` (sync or async) to be called by cleanUp(), before whatever was registered earlier. */
export function onCleanup(name, run) {
	started.push({ name, run });
}

/**
 * A child process, registered until it exits. `logFile`: its stdout and stderr are appended
 * there; otherwise `stdio` as for spawn(). `ownGroup`: it leads a process group of its own,
 * and stopping it also kills whatever it left in the group (n8n's task runner, for one).
 * `stopSignal` and `graceMs` say how cleanUp() stops it: that signal, SIGKILL after the grace.
 * The child gets `exited` (a promise of its exit code or signal) and `done`.
 */
export function startProcess(
	name,
	command,
	args,
	{
		env = process.env,
		logFile,
		stdio,
		ownGroup = false,
		uid,
		gid,
		stopSignal = 'SIGTERM',
		graceMs = 10_000,
	} = {},
) {
	if (stopping) throw new Error(`not starting ${name}: the run is stopping`);
	const log = logFile ? openSync(logFile, 'a') : undefined;
	const child = spawn(command, args, {
		env,
		stdio: log === undefined ? stdio : ['ignore', log, log],
		detached: ownGroup,
		uid,
		gid,
	});
	if (log !== undefined) closeSync(log);
	child.label = name;
	child.ownGroup = ownGroup;
	child.done = false;
	child.exited = new Promise((resolve) =>
		child.once('exit', (code, signal) => resolve(code ?? signal)),
	);
	const entry = { name, child, stop: () => stopProcess(child, { signal: stopSignal, graceMs }) };
	started.push(entry);
	child.exited.then(() => {
		child.done = true;
		const index = started.indexOf(entry);
		if (index !== -1) started.splice(index, 1);
	});
	return child;
}

/** `signal` (SIGTERM: n8n then shuts down gracefully), SIGKILL after `graceMs`; resolves once it is gone. */
export async function stopProcess(child, { signal = 'SIGTERM', graceMs = 20_000 } = {}) {
	const kill = (target, sig) => {
		try {
			process.kill(target, sig);
		} catch {
			// already gone
		}
	};
	if (!child.done) {
		kill(signal === 'SIGKILL' && child.ownGroup ? -child.pid : child.pid, signal);
		await Promise.race([child.exited, sleep(graceMs)]);
		if (!child.done) kill(child.pid, 'SIGKILL');
	}
	// Whatever the process left behind in its group.
	if (child.ownGroup) kill(-child.pid, 'SIGKILL');
	await Promise.race([child.exited, sleep(2000)]);
}

/** Undoes everything registered, newest first; runs of processes stop together. Safe to call twice. */
export function cleanUp() {
	cleaning ??= (async () => {
		while (started.length) {
			const last = started.pop();
			if (!last.child) {
				try {
					await last.run();
				} catch (error) {
					process.stderr.write(`cleanup (${last.name}) failed: ${error.message}\n`);
				}
				continue;
			}
			const batch = [last];
			while (started.at(-1)?.child) batch.push(started.pop());
			await Promise.all(batch.map((entry) => entry.stop()));
		}
	})();
	return cleaning;
}

/**
 * Stops the run: marks it stopping, undoes everything, calls `lastWords` (a suite prints its
 * tally there), exits with `code`.
 */
export async function stopEverythingAndExit(code, lastWords = () => {}) {
	stopping = true;
	await cleanUp();
	lastWords();
	process.exit(code);
}

/**
 * On SIGINT, SIGTERM or SIGHUP: `onSignal(signal)` first (a suite marks the run failed), then
 * stopEverythingAndExit with 128 + the signal's number, or `exitCode` when given.
 */
export function stopOnSignals({ onSignal = () => {}, lastWords, exitCode } = {}) {
	for (const signal of Object.keys(SIGNAL_NUMBERS)) {
		process.on(signal, () => {
			if (stopping) return;
			stopping = true;
			process.stderr.write(`\n${signal}: stopping everything this run started …\n`);
			onSignal(signal);
			stopEverythingAndExit(exitCode ?? 128 + SIGNAL_NUMBERS[signal], lastWords);
		});
	}
}

/** After `ms`, `onExpire()` and stopEverythingAndExit(1): a hang becomes a failure. */
export function deadline(ms, { onExpire = () => {}, lastWords } = {}) {
	const timer = setTimeout(() => {
		if (stopping) return;
		stopping = true;
		onExpire();
		stopEverythingAndExit(1, lastWords);
	}, ms);
	timer.unref();
	return { clear: () => clearTimeout(timer) };
}

/** Polls `test()` until it gives something truthy (which is returned); gives up after `timeoutMs` or once the run is stopping. */
export async function waitFor(what, test, { timeoutMs = 60_000, everyMs = 250 } = {}) {
	const deadlineAt = Date.now() + timeoutMs;
	for (;;) {
		if (stopping) throw new Error(`stopped while waiting for ${what}`);
		const value = await test();
		if (value) return value;
		if (Date.now() > deadlineAt)
			throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
		await sleep(everyMs);
	}
}
