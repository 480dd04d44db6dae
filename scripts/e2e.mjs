// `npm run test:e2e`: every example workflow, run by a real n8n (each version selected by
// N8N_VERSIONS, default all of scripts/n8n-runtime.mjs), with this package installed the
// way users install community packages, against the sandbox. For each workflow it checks
// the requests the sandbox received and the items (or the error) the node produced.
import { spawn, execFileSync } from 'node:child_process';
import { closeSync, cpSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

import { cases, CREDENTIALS, workflowOf } from '../test/e2e/cases.mjs';
import { cacheRoot, prepare, selectedVersions } from './n8n-runtime.mjs';
import { freePort } from './ports.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { createSandbox } = require('../test/sandbox/server.js');
const PACKAGE = 'n8n-nodes-workspace-records';

/**
 * n8n's environment for one user folder: quiet, local, nothing phoned home. Every n8n
 * process (a CLI command as much as a server) starts a task broker, so each gets its own
 * broker port from the OS (scripts/ports.mjs): n8n's default would collide with any other
 * n8n on the machine, such as `npm run demo`.
 */
export function n8nEnv(runtime, userFolder, brokerPort) {
	if (!brokerPort) throw new Error('n8nEnv needs a broker port: take one from freePort()');
	return {
		...process.env,
		...runtime.env,
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		N8N_USER_FOLDER: userFolder,
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
	};
}

/** A user folder with this package installed as users install community packages. */
export function installPackage(userFolder) {
	const target = join(userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE);
	rmSync(target, { recursive: true, force: true });
	mkdirSync(target, { recursive: true });
	cpSync(join(root, 'dist'), join(target, 'dist'), { recursive: true });
	cpSync(join(root, 'package.json'), join(target, 'package.json'));
}

/** Credentials pointing at the sandbox, in n8n's import format. */
export function sandboxCredentials(sandbox) {
	const { apiKey, workspaceId, userGroupsApiKey } = sandbox.config;
	return [
		{
			...CREDENTIALS.workspaceRecordsApi,
			type: 'workspaceRecordsApi',
			data: { baseUrl: sandbox.url, aiBaseUrl: sandbox.url, apiKey, workspaceId },
		},
		{
			...CREDENTIALS.workspaceUserGroupsApi,
			type: 'workspaceUserGroupsApi',
			data: { baseUrl: sandbox.url, apiKey: userGroupsApiKey },
		},
	];
}

/** The n8n processes running now, so that a script stopped by a signal can stop them too. */
export const liveChildren = new Set();

/**
 * Stops every n8n process still running, then exits: for SIGINT/SIGTERM handlers. SIGTERM
 * first (n8n shuts down cleanly); a process that hangs gets SIGKILL after 10 s.
 */
export async function stopChildrenAndExit(code) {
	const children = [...liveChildren];
	for (const child of children) child.kill('SIGTERM');
	const exited = (child) => child.exitCode !== null || child.signalCode !== null;
	for (let waited = 0; waited < 10_000 && !children.every(exited); waited += 200) {
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	for (const child of children) if (!exited(child)) child.kill('SIGKILL');
	process.exit(code);
}

/**
 * Runs an n8n CLI command, with a broker port of its own. Its stdout goes to a file, not a
 * pipe: n8n exits right after printing the run, and output still queued on a pipe would be
 * lost. `env` adds to n8n's environment (the queue test's database settings, for example).
 * An n8n that has not exited after `timeoutMs` (0: no limit) is killed and reported so,
 * rather than waited for forever.
 */
export async function runN8n(runtime, userFolder, args, { onSpawn, env = {}, outputName = 'stdout.txt', timeoutMs = 120_000 } = {}) {
	const outputFile = join(userFolder, outputName);
	const output = openSync(outputFile, 'w');
	const brokerPort = await freePort();
	return await new Promise((resolve) => {
		const child = spawn(runtime.nodeExecutable, [runtime.n8nBin, ...args], {
			env: { ...n8nEnv(runtime, userFolder, brokerPort), ...env },
			stdio: ['ignore', output, 'pipe'],
		});
		liveChildren.add(child);
		onSpawn?.(child);
		let stderr = '';
		let timedOut = false;
		const timer = timeoutMs
			? setTimeout(() => {
					timedOut = true;
					child.kill('SIGKILL');
				}, timeoutMs)
			: undefined;
		child.stderr.on('data', (chunk) => (stderr += chunk));
		child.on('exit', (code, signal) => {
			clearTimeout(timer);
			liveChildren.delete(child);
			closeSync(output);
			if (timedOut) stderr += `\n[n8n ${args[0]} had not exited after ${timeoutMs / 1000} s, so it was killed]`;
			resolve({ code: timedOut ? 'timeout' : (code ?? signal), stdout: readFileSync(outputFile, 'utf8'), stderr });
		});
	});
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

/**
 * n8n's server (`n8n start`) on free ports, its log in the user folder; `env` adds settings.
 * `output()` gives the log without stack frames and the registry n8n cannot reach from here,
 * whose errors would fill the tail of a failure report.
 */
export async function startN8nServer(runtime, userFolder, env = {}) {
	const port = await freePort();
	const logFile = join(userFolder, 'server.log');
	const log = openSync(logFile, 'w');
	const server = spawn(runtime.nodeExecutable, [runtime.n8nBin, 'start'], {
		env: { ...n8nEnv(runtime, userFolder, await freePort()), N8N_PORT: String(port), N8N_LISTEN_ADDRESS: '127.0.0.1', N8N_SECURE_COOKIE: 'false', ...env },
		stdio: ['ignore', log, log],
	});
	closeSync(log);
	liveChildren.add(server);
	let exited = null;
	server.once('exit', (code, signal) => {
		exited = code ?? signal;
		liveChildren.delete(server);
	});
	return {
		base: `http://127.0.0.1:${port}`,
		exited: () => exited,
		output: () => ({
			code: exited ?? undefined,
			stdout: readFileSync(logFile, 'utf8')
				.split('\n')
				.filter((line) => !/^\s+at |api\.n8n\.io|system task run failed/i.test(line))
				.join('\n'),
		}),
		async stop() {
			if (exited !== null) return;
			server.kill('SIGTERM');
			const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
			await new Promise((resolve) => (exited !== null ? resolve() : server.once('exit', resolve)));
			clearTimeout(timer);
		},
	};
}

/** The last lines of what an n8n process said, indented, for a failure report. */
export function outputTail({ stdout = '', stderr = '' }, lines = 30) {
	const text = [stderr.trim(), stdout.trim()].filter(Boolean).join('\n');
	if (!text) return '    (n8n printed nothing)';
	// --rawOutput prints the whole run; a failure's cause is in its first and last lines.
	const all = text.split('\n');
	const kept = all.length > lines ? ['…', ...all.slice(-lines)] : all;
	return kept.map((line) => `    | ${line.length > 400 ? `${line.slice(0, 400)}…` : line}`).join('\n');
}

const readExample = (file) => JSON.parse(readFileSync(join(root, 'examples', `${file}.json`), 'utf8'));

/**
 * The run data `execute --rawOutput` prints after n8n's own warnings: an object printed with
 * two-space indents, so it ends at the first "}" in column 0. After a failed run n8n goes on
 * with "Execution error: …", which is not part of it.
 */
function parseRun(stdout) {
	const start = stdout.search(/^\{/m);
	if (start === -1) return undefined;
	const end = stdout.slice(start).search(/^\}/m);
	try {
		return JSON.parse(stdout.slice(start, end === -1 ? undefined : start + end + 1));
	} catch {
		return undefined;
	}
}

/** The headers of the records credential (spec §5.1), unless a case names others. */
const headersOf = (testCase, apiKey) => testCase.headers ?? { 'x-api-key': apiKey, 'x-workspace-id': 'ws_sandbox' };

function checkRequests(testCase, requests, apiKey) {
	// A case with many items states what must hold of its requests instead of listing them.
	if (typeof testCase.requests === 'function') return testCase.requests(requests);
	const seen = requests.map((r) => [r.method, r.path, ...(r.body === undefined ? [] : [r.body])]);
	const wanted = testCase.requests.map(([method, path, body]) => (body === undefined ? [method, path] : [method, path, body]));
	const comparable = seen.map((r, i) => (wanted[i]?.length === 2 ? r.slice(0, 2) : r));
	if (!isDeepStrictEqual(comparable, wanted)) {
		throw new Error(`requests differ:\n  got      ${JSON.stringify(seen)}\n  expected ${JSON.stringify(wanted)}`);
	}
	const headers = headersOf(testCase, apiKey);
	for (const request of requests) {
		for (const [name, value] of Object.entries(headers)) {
			if (request.headers[name] !== value) throw new Error(`${request.method} ${request.path}: header ${name} is ${request.headers[name]}`);
		}
	}
}

async function runVersion(version) {
	const runtime = await prepare(version);
	// A folder of this run's own: two runs at once (two terminals, CI and a developer) must not
	// share n8n's database.
	mkdirSync(cacheRoot(), { recursive: true });
	const userFolder = mkdtempSync(join(cacheRoot(), `e2e-user-${version}-`));
	installPackage(userFolder);

	const sandbox = createSandbox();
	await sandbox.start();
	const credentialsFile = join(userFolder, 'credentials.json');
	writeFileSync(credentialsFile, JSON.stringify(sandboxCredentials(sandbox)));
	for (const args of [
		['import:credentials', `--input=${credentialsFile}`],
		['import:workflow', '--separate', `--input=${join(root, 'examples')}`],
	]) {
		const result = await runN8n(runtime, userFolder, args);
		if (result.code !== 0) throw new Error(`n8n ${version} ${args[0]} failed (exit ${result.code}):\n${outputTail(result)}`);
	}

	const results = [];
	for (const testCase of cases.filter((c) => !c.trigger)) {
		sandbox.reset();
		testCase.setup?.(sandbox);
		const started = Date.now();
		const workflow = readExample(testCase.file);
		const output = await runN8n(runtime, userFolder, ['execute', `--id=${workflow.id}`, '--rawOutput']);
		results.push(
			report(version, testCase, started, output, () => {
				checkRequests(testCase, sandbox.requests, sandbox.config.apiKey);
				const run = parseRun(output.stdout);
				const task = run?.data?.resultData?.runData?.[workflow.nodes[1].name]?.[0];
				if (testCase.error) {
					const message = task?.error?.message ?? run?.data?.resultData?.error?.message ?? 'no error in the run data';
					if (!testCase.error.test(message)) throw new Error(`error "${message}" does not match ${testCase.error}`);
				} else {
					if (!task?.data) throw new Error('no output from the node');
					testCase.check(task.data.main[0], sandbox);
				}
			}),
		);
	}
	results.push(...(await runTriggerCases(runtime, userFolder, sandbox, version)));
	await sandbox.stop();
	// Kept after a failure, to look into; n8n's own log of the trigger cases is server.log.
	if (results.every(Boolean)) rmSync(userFolder, { recursive: true, force: true });
	else process.stdout.write(`n8n ${version}: the user folder of this run is kept in ${userFolder}\n`);
	return results;
}

/**
 * How one check of one case went: a line on stdout, and true or false. A failure also shows
 * the tail of what n8n itself printed (`output`: { code, stdout, stderr } or a function that
 * reads it), because "requests differ: got []" alone hides why n8n sent nothing.
 */
function report(version, testCase, started, output, check) {
	const seconds = ((Date.now() - started) / 1000).toFixed(1);
	try {
		check();
		process.stdout.write(`ok   n8n ${version}  ${testCase.file} (${seconds}s)\n`);
		return true;
	} catch (error) {
		const said = typeof output === 'function' ? output() : output;
		const exit = said?.code === undefined || said.code === 0 ? '' : ` (n8n exited with ${said.code})`;
		process.stdout.write(
			`FAIL n8n ${version}  ${testCase.file} (${seconds}s): ${error.message}\n  n8n's output${exit}:\n${outputTail(said ?? {})}\n`,
		);
		return false;
	}
}

/**
 * A trigger cannot start `n8n execute`, which needs a Manual Trigger. So the trigger cases
 * run as in the editor: a started n8n, an owner, and a manual run from the trigger over the
 * REST API ("Fetch Test Event"), whose execution is then read back.
 */
async function runTriggerCases(runtime, userFolder, sandbox, version) {
	const triggerCases = cases.filter((c) => c.trigger);
	if (!triggerCases.length) return [];
	const port = await freePort();
	const logFile = join(userFolder, 'server.log');
	const log = openSync(logFile, 'w');
	const server = spawn(runtime.nodeExecutable, [runtime.n8nBin, 'start'], {
		env: { ...n8nEnv(runtime, userFolder, await freePort()), N8N_PORT: String(port), N8N_SECURE_COOKIE: 'false' },
		stdio: ['ignore', log, log],
	});
	closeSync(log);
	liveChildren.add(server);
	server.once('exit', () => liveChildren.delete(server));
	let exited = null;
	server.once('exit', (code, signal) => (exited = code ?? signal));
	const serverOutput = () => ({ code: exited ?? undefined, stdout: readFileSync(logFile, 'utf8') });
	const api = new N8nRest(`http://127.0.0.1:${port}`, runtime, () => exited);
	const results = [];
	try {
		try {
			await api.ready();
			await api.setUpOwner();
		} catch (error) {
			throw new Error(`n8n ${version} did not start: ${error.message}\n${outputTail(serverOutput())}`);
		}
		for (const testCase of triggerCases) {
			sandbox.reset();
			const started = Date.now();
			const workflow = readExample(testCase.file);
			let items = [];
			let failure;
			try {
				items = await api.runFromTrigger(workflow.id, workflow.nodes[0].name);
			} catch (error) {
				failure = error;
			}
			results.push(
				report(version, testCase, started, serverOutput, () => {
					if (failure) throw failure;
					checkRequests(testCase, sandbox.requests, sandbox.config.apiKey);
					testCase.check(items);
				}),
			);
		}
	} finally {
		if (exited === null) {
			server.kill('SIGTERM');
			await new Promise((resolve) => server.once('exit', resolve));
		}
	}
	return results;
}

/** The few calls of n8n's own REST API the editor makes to run a workflow by hand. */
class N8nRest {
	constructor(base, runtime, exited = () => null) {
		this.base = base;
		this.exited = exited;
		this.cookie = '';
		// n8n stores executions "flatted"; n8n's own copy of the library reads them back.
		this.flatted = createRequire(runtime.n8nBin)('flatted');
	}

	async call(method, path, body) {
		const response = await fetch(`${this.base}${path}`, {
			method,
			headers: { 'content-type': 'application/json', 'browser-id': 'e2e', cookie: this.cookie },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const setCookie = response.headers.get('set-cookie');
		if (setCookie) this.cookie = setCookie.split(';')[0];
		const text = await response.text();
		if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text.slice(0, 300)}`);
		try {
			return text ? JSON.parse(text) : {};
		} catch {
			throw new Error(`${method} ${path}: the answer is not JSON: ${text.slice(0, 300)}`);
		}
	}

	/** /healthz answers before the REST routes exist; the settings route means they do. */
	async ready() {
		for (let attempt = 0; attempt < 240; attempt++) {
			if (this.exited() !== null) throw new Error(`n8n exited with ${this.exited()} before it answered`);
			const ok = await fetch(`${this.base}/rest/settings`).then((r) => r.ok, () => false);
			if (ok) return;
			await new Promise((resolve) => setTimeout(resolve, 500));
		}
		throw new Error('n8n did not start within 2 minutes');
	}

	/** n8n registers its REST routes one by one; under load the owner route can come last. */
	async setUpOwner() {
		const owner = { email: 'owner@example.com', firstName: 'E2E', lastName: 'Owner', password: 'E2e-password-1' };
		for (let attempt = 0; ; attempt++) {
			try {
				return await this.call('POST', '/rest/owner/setup', owner);
			} catch (error) {
				if (!/HTTP 404/.test(error.message) || attempt >= 120) throw error;
				await new Promise((resolve) => setTimeout(resolve, 500));
			}
		}
	}

	async runFromTrigger(workflowId, triggerName) {
		const { data: workflowData } = await this.call('GET', `/rest/workflows/${workflowId}`);
		const { data } = await this.call('POST', `/rest/workflows/${workflowId}/run`, {
			workflowData,
			triggerToStartFrom: { name: triggerName },
		});
		for (let attempt = 0; attempt < 120; attempt++) {
			const { data: execution } = await this.call('GET', `/rest/executions/${data.executionId}`);
			const done = execution?.finished || ['success', 'error', 'crashed'].includes(execution?.status);
			// n8n 1.x can mark the execution finished a moment before its run data is stored.
			const run = done ? this.flatted.parse(execution.data) : undefined;
			if (run?.resultData) {
				const task = run.resultData.runData[triggerName]?.[0];
				if (task?.error || run.resultData.error) throw new Error((task?.error ?? run.resultData.error).message);
				return task?.data?.main?.[0] ?? [];
			}
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
		throw new Error('the manual run did not finish within 30 s');
	}
}

/** The examples users import must be the workflows asserted here. */
function assertExamplesCurrent() {
	const stale = cases.filter((testCase, index) => {
		try {
			return !isDeepStrictEqual(readExample(testCase.file), workflowOf(testCase, index));
		} catch {
			return true;
		}
	});
	if (stale.length) {
		throw new Error(`examples/ is out of date for ${stale.map((c) => c.file).join(', ')}: run npm run examples`);
	}
}

async function main() {
	process.on('SIGINT', () => stopChildrenAndExit(130));
	process.on('SIGTERM', () => stopChildrenAndExit(143));
	assertExamplesCurrent();
	execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
	// Each version installs into its own folder (npm's cache is safe to share), so a cold
	// machine installs both at once; then they run side by side, each with its own sandbox
	// and ports (every port from the OS, so also next to `npm run demo`).
	const versions = selectedVersions();
	await Promise.all(versions.map((version) => prepare(version)));
	const results = (await Promise.all(versions.map((version) => runVersion(version)))).flat();
	const passed = results.filter(Boolean).length;
	process.stdout.write(`${passed} passed, ${results.length - passed} failed\n`);
	process.exit(results.length - passed === 0 ? 0 : 1);
}

if (import.meta.url === `file://${process.argv[1]}`) {
	main().catch((error) => {
		process.stderr.write(`${error.stack}\n`);
		process.exit(1);
	});
}
