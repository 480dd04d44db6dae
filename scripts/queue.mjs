// `npm run test:queue`: this package in n8n's queue mode, the way a scaled n8n runs it: one
// main (webhooks, polling triggers, the queue) and two workers (the executions), PostgreSQL and
// Redis, each n8n process with the package installed in its own user folder, against the
// sandbox. It checks that
//   1. 200 webhook calls create exactly 200 records, the executions running on the workers;
//   2. the polling trigger, active on main, starts one execution per new record, on a worker,
//      and an execution started while no worker runs waits in Redis and runs when one is back;
//   3. a worker stopped in the middle of a batch (SIGKILL, then another with SIGTERM): what n8n
//      does with its executions is reported, and the package must not have duplicated or lost
//      anything n8n did not.
// Everything it starts (PostgreSQL, Redis, n8n) lives in a temporary folder on ports from the
// OS, and is stopped and removed at the end, also on failure or Ctrl-C. Only n8n 2.40.7.
// The last line is `N passed, M failed` (CI reads it); the exit code is 1 on any failure.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, closeSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { installPackage, liveChildren, n8nEnv, outputTail, runN8n, sandboxCredentials } from './e2e.mjs';
import { cacheRoot, prepare } from './n8n-runtime.mjs';
import { freePort } from './ports.mjs';

const VERSION = '2.40.7';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { createSandbox } = require('../test/sandbox/server.js');

const PEOPLE = 'a00000000000000000000001';
const COMPANIES = 'a00000000000000000000002';
const WEBHOOK_WORKFLOW = 'queue0001';
const TRIGGER_WORKFLOW = 'queue0002';
const WEBHOOK_PATH = 'workspace-records-queue';
const WEBHOOK_CALLS = 200;
const KILL_BATCH = 24;
const WORKER_CONCURRENCY = 5;
/**
 * How fast a worker's dead jobs are noticed. n8n's defaults are a 60 s job lock and a stalled
 * check every 30 s; the same mechanism with shorter times keeps this test short.
 */
const WORKER_QUEUE_SETTINGS = {
	QUEUE_WORKER_LOCK_DURATION: '10000',
	QUEUE_WORKER_LOCK_RENEW_TIME: '2500',
	QUEUE_WORKER_STALLED_INTERVAL: '5000',
};
/**
 * n8n refuses a poll time that fires more than once a minute (isSubMinuteCron in
 * n8n-workflow). Each of these fires once a minute, at its own second, so together the
 * trigger polls every 5 seconds: what a user gets by adding twelve "Custom" poll times.
 */
const POLL_TIMES = { item: Array.from({ length: 12 }, (_, i) => ({ mode: 'custom', cronExpression: `${i * 5} * * * * *` })) };

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)}s`;
const say = (line) => process.stdout.write(`${line}\n`);
/** A new phase; once the test is stopping, none starts. */
const step = (line) => {
	if (aborting) throw new Error('stopping');
	say(`[${elapsed()}] ${line}`);
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what, test, { timeoutMs = 60_000, everyMs = 250 } = {}) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		if (aborting) throw new Error(`stopped while waiting for ${what}`);
		const value = await test();
		if (value) return value;
		if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
		await sleep(everyMs);
	}
}

// ---------- results ----------

const results = [];
function check(name, ok, detail = '') {
	if (aborting) return ok; // a check cut short by Ctrl-C says nothing about the package
	results.push(ok);
	say(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
	return ok;
}
const note = (line) => aborting || say(`     ${line}`);

// ---------- cleanup: everything started is registered here, stopped in reverse ----------

const cleanups = [];
let cleaning;
function cleanUp() {
	cleaning ??= (async () => {
		// n8n CLI commands run through runN8n (e2e.mjs) are not in the list: they go first.
		for (const child of liveChildren) child.kill('SIGKILL');
		for (const cleanup of cleanups.reverse()) {
			try {
				await cleanup.run();
			} catch (error) {
				process.stderr.write(`cleanup (${cleanup.name}) failed: ${error.message}\n`);
			}
		}
	})();
	return cleaning;
}
/** Set on a signal: nothing new is started, and waits give up, so the checks unwind. */
let aborting = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
	process.on(signal, async () => {
		if (aborting) return;
		aborting = true;
		process.stderr.write(`\n${signal}: stopping everything this test started …\n`);
		await cleanUp();
		results.push(false);
		say(`FAIL queue mode test ran to the end: stopped by ${signal}`);
		const failed = results.filter((ok) => !ok).length;
		say(`${results.length - failed} passed, ${failed} failed`);
		process.exit(128 + ({ SIGINT: 2, SIGTERM: 15, SIGHUP: 1 })[signal]);
	});
}


// ---------- tools: Redis and PostgreSQL from Debian ----------

function hasCommand(command) {
	return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function postgresBin() {
	const base = '/usr/lib/postgresql';
	if (!existsSync(base)) return undefined;
	const versions = readdirSync(base)
		.filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
		.sort((a, b) => Number(b) - Number(a));
	return versions.length ? join(base, versions[0], 'bin') : undefined;
}

let aptUpdated = false;
function aptInstall(packages) {
	if (process.getuid?.() !== 0) {
		throw new Error(`${packages.join(', ')} missing: install with apt-get install -y ${packages.join(' ')} (this test does so itself when run as root)`);
	}
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	step(`Installing ${packages.join(', ')} with apt-get …`);
	if (!aptUpdated) execFileSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'], env });
	aptUpdated = true;
	execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: ['ignore', 'ignore', 'inherit'], env });
}

function ensureTools() {
	if (!hasCommand('redis-server')) aptInstall(['redis-server']);
	if (!postgresBin()) aptInstall(['postgresql']);
	return { redisServer: 'redis-server', pgBin: postgresBin() };
}

/** A child process in its own process group, its output appended to `logFile`. */
function startProcess(name, command, args, { env, logFile, uid, gid }) {
	if (aborting) throw new Error(`not starting ${name}: the test is stopping`);
	const log = openSync(logFile, 'a');
	const child = spawn(command, args, { env, stdio: ['ignore', log, log], detached: true, uid, gid });
	closeSync(log);
	child.label = name;
	child.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
	child.done = false;
	child.exited.then(() => (child.done = true));
	return child;
}

/** SIGTERM (n8n then shuts down gracefully), SIGKILL to the group after `graceMs`. */
async function stopProcess(child, { signal = 'SIGTERM', graceMs = 20_000 } = {}) {
	if (!child.done) {
		try {
			process.kill(signal === 'SIGKILL' ? -child.pid : child.pid, signal);
		} catch {
			// already gone
		}
		await Promise.race([child.exited, sleep(graceMs)]);
	}
	// Whatever the process left behind in its group (n8n's task runner, for one).
	try {
		process.kill(-child.pid, 'SIGKILL');
	} catch {
		// nothing left
	}
	await Promise.race([child.exited, sleep(2000)]);
}

/**
 * A private PostgreSQL cluster. The server runs as this script's own child (as the postgres
 * user when we are root: PostgreSQL refuses root), not daemonized by `pg_ctl start`, so that
 * its exit is reaped here rather than left to a container's init.
 */
async function startPostgres(pgBin, folder) {
	const dataDir = join(folder, 'data');
	mkdirSync(folder, { recursive: true });
	const owner = process.getuid?.() === 0 ? userIds('postgres') : {};
	if (owner.uid !== undefined) chownSync(folder, owner.uid, owner.gid);
	const run = (binary, args) => {
		const result = spawnSync(join(pgBin, binary), args, { encoding: 'utf8', ...owner });
		if (result.status !== 0) throw new Error(`${binary} failed: ${result.stderr || result.stdout || result.error?.message}`);
	};
	run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
	const port = await freePort();
	const postgres = startProcess('postgres', join(pgBin, 'postgres'), ['-D', dataDir, '-p', String(port), '-k', folder, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'], {
		env: process.env,
		logFile: join(folder, 'postgres.log'),
		...owner,
	});
	cleanups.push({
		name: 'postgres',
		run: async () => {
			if (!postgres.done) run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
			await stopProcess(postgres, { graceMs: 10_000 });
		},
	});
	await waitFor('PostgreSQL', async () => {
		if (postgres.done) throw new Error(`postgres exited:\n${readFileSync(join(folder, 'postgres.log'), 'utf8').slice(-2000)}`);
		return spawnSync(join(pgBin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)]).status === 0;
	}, { timeoutMs: 30_000 });
	return port;
}

function userIds(name) {
	const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith(`${name}:`));
	if (!line) throw new Error(`no ${name} user: is PostgreSQL installed?`);
	const [, , uid, gid] = line.split(':');
	return { uid: Number(uid), gid: Number(gid) };
}

async function startRedis(redisServer, folder) {
	mkdirSync(folder, { recursive: true });
	const port = await freePort();
	const redis = startProcess('redis', redisServer, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', folder], {
		env: process.env,
		logFile: join(folder, 'redis.log'),
	});
	cleanups.push({ name: 'redis', run: () => stopProcess(redis, { graceMs: 5000 }) });
	await waitFor('Redis', async () => {
		if (redis.done) throw new Error(`redis-server exited:\n${readFileSync(join(folder, 'redis.log'), 'utf8').slice(-2000)}`);
		return await redisPing(port);
	}, { timeoutMs: 20_000 });
	return port;
}

async function redisPing(port) {
	const { createConnection } = await import('node:net');
	return await new Promise((resolve) => {
		const socket = createConnection({ port, host: '127.0.0.1' }, () => socket.write('PING\r\n'));
		socket.once('data', (data) => {
			socket.destroy();
			resolve(data.toString().startsWith('+PONG'));
		});
		socket.once('error', () => resolve(false));
	});
}

// ---------- the workflows ----------

const credentials = { workspaceRecordsApi: { id: 'wrSandbox1', name: 'Workspace Records sandbox' } };

function workflows() {
	return [
		{
			id: WEBHOOK_WORKFLOW,
			name: 'Queue test: webhook → create a person',
			active: false,
			settings: { executionOrder: 'v1' },
			nodes: [
				{
					id: 'queue-webhook',
					name: 'Webhook',
					type: 'n8n-nodes-base.webhook',
					typeVersion: 2,
					position: [0, 0],
					webhookId: '5d0c5c1e-7a43-4c55-9a8e-0f2b7c9a1e01',
					parameters: { httpMethod: 'POST', path: WEBHOOK_PATH, responseMode: 'onReceived', options: {} },
				},
				{
					id: 'queue-create',
					name: 'Create a person',
					type: 'n8n-nodes-workspace-records.workspaceRecords',
					typeVersion: 1,
					position: [260, 0],
					credentials,
					parameters: {
						resource: 'record',
						operation: 'create',
						collectionId: { __rl: true, mode: 'id', value: PEOPLE },
						attributes: { attribute: [{ key: 'name', type: 'text', textValue: '={{ $json.body.name }}' }] },
					},
				},
			],
			connections: { Webhook: { main: [[{ node: 'Create a person', type: 'main', index: 0 }]] } },
		},
		{
			id: TRIGGER_WORKFLOW,
			name: 'Queue test: new companies',
			active: false,
			settings: { executionOrder: 'v1' },
			nodes: [
				{
					id: 'queue-trigger',
					name: 'New companies',
					type: 'n8n-nodes-workspace-records.workspaceRecordsTrigger',
					typeVersion: 1,
					position: [0, 0],
					credentials,
					parameters: { pollTimes: POLL_TIMES, event: 'newRecord', collectionId: { __rl: true, mode: 'id', value: COMPANIES } },
				},
				{ id: 'queue-noop', name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [260, 0], parameters: {} },
			],
			connections: { 'New companies': { main: [[{ node: 'Done', type: 'main', index: 0 }]] } },
		},
	];
}

// ---------- n8n: main and workers ----------

class Cluster {
	constructor(runtime, folder, env) {
		this.runtime = runtime;
		this.folder = folder;
		this.env = env;
		this.workers = new Map();
		this.children = new Set();
		// All n8n processes stop at once: each may take its graceful-shutdown time.
		cleanups.push({ name: 'n8n', run: () => Promise.all([...this.children].map((child) => stopProcess(child))) });
	}

	userFolder(name) {
		const folder = join(this.folder, name);
		if (!existsSync(folder)) installPackage(folder);
		return folder;
	}

	logOf(name) {
		return join(this.folder, `${name}.log`);
	}

	log(name) {
		return existsSync(this.logOf(name)) ? readFileSync(this.logOf(name), 'utf8') : '';
	}

	async cli(args) {
		const result = await runN8n(this.runtime, this.userFolder('main'), args, { env: this.env, outputName: `cli-${args.join(' ').replace(/[^\w]+/g, '-')}.txt` });
		if (result.code !== 0) throw new Error(`n8n ${args.join(' ')} failed (exit ${result.code}):\n${outputTail(result)}`);
		return result;
	}

	async spawnN8n(name, args, extraEnv) {
		const child = startProcess(name, this.runtime.nodeExecutable, [this.runtime.n8nBin, ...args], {
			env: { ...n8nEnv(this.runtime, this.userFolder(name), await freePort()), ...this.env, ...extraEnv },
			logFile: this.logOf(name),
		});
		this.children.add(child);
		return child;
	}

	async startMain() {
		this.mainPort = await freePort();
		this.main = await this.spawnN8n('main', ['start'], { N8N_PORT: String(this.mainPort), N8N_LISTEN_ADDRESS: '127.0.0.1' });
		this.base = `http://127.0.0.1:${this.mainPort}`;
	}

	async mainReady() {
		await waitFor('n8n main', async () => {
			if (this.main.done) throw new Error(`n8n main exited:\n${outputTail({ stdout: this.log('main') })}`);
			return await fetch(`${this.base}/healthz/readiness`).then((r) => r.ok, () => false);
		}, { timeoutMs: 120_000, everyMs: 500 });
		// The production webhook exists once the workflow is activated, a moment after start.
		await waitFor('the webhook to be registered', async () => {
			// A GET to a POST webhook is refused, naming the method it is registered for.
			const response = await fetch(`${this.base}/webhook/${WEBHOOK_PATH}`).catch(() => undefined);
			return /make a POST request/.test((await response?.text()) ?? '');
		}, { timeoutMs: 60_000, everyMs: 500 });
	}

	async startWorker(name) {
		const healthPort = await freePort();
		const worker = await this.spawnN8n(name, ['worker', `--concurrency=${WORKER_CONCURRENCY}`], {
			...WORKER_QUEUE_SETTINGS,
			QUEUE_HEALTH_CHECK_ACTIVE: 'true',
			QUEUE_HEALTH_CHECK_PORT: String(healthPort),
			N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
		});
		worker.healthUrl = `http://127.0.0.1:${healthPort}/healthz/readiness`;
		this.workers.set(name, worker);
		return worker;
	}

	async workerReady(name) {
		const worker = this.workers.get(name);
		await waitFor(`worker ${name}`, async () => {
			if (worker.done) throw new Error(`worker ${name} exited:\n${outputTail({ stdout: this.log(name) })}`);
			return await fetch(worker.healthUrl).then((r) => r.ok, () => false);
		}, { timeoutMs: 120_000, everyMs: 500 });
	}

	/** Execution id → the workers whose logs say they started it (one entry per start). */
	startsByExecution() {
		const starts = new Map();
		for (const name of ['w1', 'w2']) {
			for (const [, id] of this.log(name).matchAll(/Worker started execution (\d+)/g)) {
				starts.set(id, [...(starts.get(id) ?? []), name]);
			}
		}
		return starts;
	}

	finishedOn(name) {
		return new Set([...this.log(name).matchAll(/Worker finished execution (\d+)/g)].map(([, id]) => id));
	}
}

// ---------- the database: executions as n8n stored them ----------

class Executions {
	constructor(runtime, pgPort) {
		const n8nRequire = createRequire(runtime.n8nBin);
		const { Pool } = n8nRequire('pg');
		this.flatted = n8nRequire('flatted');
		this.pool = new Pool({ host: '127.0.0.1', port: pgPort, user: 'postgres', database: 'n8n', max: 2 });
	}

	async list(workflowId) {
		const { rows } = await this.pool.query(
			'SELECT id::text AS id, status, mode, "retryOf" AS "retryOf" FROM execution_entity WHERE "workflowId" = $1 ORDER BY id',
			[workflowId],
		);
		return rows;
	}

	/** For each execution: the items each node produced, by node name, and the run's error. */
	async outputs(ids) {
		if (!ids.length) return new Map();
		const { rows } = await this.pool.query('SELECT "executionId"::text AS id, data FROM execution_data WHERE "executionId" = ANY($1::int[])', [ids]);
		return new Map(
			rows.map(({ id, data }) => {
				const run = this.flatted.parse(data);
				const runData = run?.resultData?.runData ?? {};
				const nodes = Object.fromEntries(Object.entries(runData).map(([node, tasks]) => [node, tasks[0]?.data?.main?.[0]?.map((i) => i.json) ?? []]));
				return [id, { nodes, error: run?.resultData?.error?.message }];
			}),
		);
	}

	async end() {
		await this.pool.end();
	}
}

const count = (values) => values.reduce((map, value) => map.set(value, (map.get(value) ?? 0) + 1), new Map());
const recordsNamed = (sandbox, collectionId) => [...sandbox.state.records.get(collectionId).values()];

async function createCompany(sandbox, name) {
	const response = await fetch(`${sandbox.url}/api/v1/collection-records/${COMPANIES}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', 'x-api-key': sandbox.config.apiKey, 'x-workspace-id': sandbox.config.workspaceId },
		body: JSON.stringify({ name }),
	});
	const body = await response.json();
	if (!response.ok) throw new Error(`the sandbox refused a company: ${JSON.stringify(body)}`);
	return body.data._id;
}

async function callWebhook(base, name) {
	const response = await fetch(`${base}/webhook/${WEBHOOK_PATH}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ name }),
	});
	await response.text();
	return response.status;
}

/** Calls the webhook for every name, `parallel` at a time; the HTTP statuses. */
async function callWebhooks(base, names, parallel = 20) {
	const statuses = [];
	for (let i = 0; i < names.length; i += parallel) {
		statuses.push(...(await Promise.all(names.slice(i, i + parallel).map((name) => callWebhook(base, name)))));
	}
	return statuses;
}

const settled = (status) => !['new', 'running', 'waiting'].includes(status);

// ---------- the checks ----------

async function webhookCheck({ cluster, sandbox, db }) {
	step(`${WEBHOOK_CALLS} webhook calls → Record Create`);
	const names = Array.from({ length: WEBHOOK_CALLS }, (_, i) => `Queue person ${String(i).padStart(3, '0')}`);
	const statuses = await callWebhooks(cluster.base, names);
	const answered = statuses.filter((s) => s === 200).length;
	check(`webhook: ${WEBHOOK_CALLS} calls answered by main`, answered === WEBHOOK_CALLS, `${answered} with HTTP 200${answered < WEBHOOK_CALLS ? `, others ${[...count(statuses.filter((s) => s !== 200))].map(([s, n]) => `${n}× ${s}`).join(', ')}` : ''}`);

	let executions = [];
	await waitFor(`${WEBHOOK_CALLS} webhook executions to finish`, async () => {
		executions = await db.list(WEBHOOK_WORKFLOW);
		return executions.length >= answered && executions.every((e) => settled(e.status));
	}, { timeoutMs: 120_000, everyMs: 1000 }).catch((error) => note(error.message));

	const wanted = new Set(names);
	const created = count(recordsNamed(sandbox, PEOPLE).map((r) => r.name).filter((name) => wanted.has(name)));
	const missing = names.filter((name) => !created.has(name));
	const doubled = [...created].filter(([, n]) => n > 1);
	check(
		`webhook: exactly ${WEBHOOK_CALLS} records in the sandbox, each name once`,
		missing.length === 0 && doubled.length === 0,
		`${created.size} names created${missing.length ? `; missing ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ' …' : ''}` : ''}${doubled.length ? `; twice or more: ${doubled.slice(0, 5).map(([n, c]) => `${n} ×${c}`).join(', ')}` : ''}`,
	);

	const starts = cluster.startsByExecution();
	const byStatus = count(executions.map((e) => e.status));
	const notOnOneWorker = executions.filter((e) => (starts.get(e.id) ?? []).length !== 1);
	const perWorker = count(executions.map((e) => starts.get(e.id)?.[0] ?? 'none'));
	const onMain = executions.filter((e) => new RegExp(`started execution ${e.id}\\b`).test(cluster.log('main')));
	check(
		`webhook: ${WEBHOOK_CALLS} executions succeeded, each started by one worker, none by main`,
		executions.length === WEBHOOK_CALLS && byStatus.get('success') === WEBHOOK_CALLS && notOnOneWorker.length === 0 && onMain.length === 0,
		`${executions.length} executions (${[...byStatus].map(([s, n]) => `${n} ${s}`).join(', ')}); w1 ran ${perWorker.get('w1') ?? 0}, w2 ran ${perWorker.get('w2') ?? 0}${notOnOneWorker.length ? `; ${notOnOneWorker.length} not started exactly once on a worker` : ''}${onMain.length ? `; ${onMain.length} on main` : ''}`,
	);
	return executions.map((e) => e.id);
}

/** Trigger executions' emitted record ids: execution id → ids. */
async function triggerEmissions(db, executions) {
	const outputs = await db.outputs(executions.map((e) => e.id));
	return new Map(executions.map((e) => [e.id, (outputs.get(e.id)?.nodes['New companies'] ?? []).map((json) => json._id)]));
}

async function triggerCheck({ cluster, sandbox, db }) {
	step('Polling trigger on main, executions on the workers');
	const before = new Set((await db.list(TRIGGER_WORKFLOW)).map((e) => e.id));
	const ids = [];
	for (const name of ['Queue Company A', 'Queue Company B', 'Queue Company C']) ids.push(await createCompany(sandbox, name));
	// Two more a poll later, so that the records span more than one poll.
	await sleep(6000);
	for (const name of ['Queue Company D', 'Queue Company E']) ids.push(await createCompany(sandbox, name));

	let emissions = new Map();
	let executions = [];
	await waitFor('the trigger to emit the 5 companies', async () => {
		executions = (await db.list(TRIGGER_WORKFLOW)).filter((e) => !before.has(e.id));
		if (!executions.length || !executions.every((e) => settled(e.status))) return false;
		emissions = await triggerEmissions(db, executions);
		return ids.every((id) => [...emissions.values()].some((list) => list.includes(id)));
	}, { timeoutMs: 45_000, everyMs: 1000 }).catch((error) => note(error.message));
	await sleep(6000); // one more poll: nothing may come twice
	executions = (await db.list(TRIGGER_WORKFLOW)).filter((e) => !before.has(e.id));
	emissions = await triggerEmissions(db, executions);

	const emitted = count([...emissions.values()].flat());
	const starts = cluster.startsByExecution();
	const onWorkers = executions.filter((e) => (starts.get(e.id) ?? []).length === 1);
	check(
		'trigger: each new record started an execution exactly once',
		ids.every((id) => emitted.get(id) === 1) && emitted.size === ids.length,
		`${ids.length} companies created, ${executions.length} executions emitted ${[...emitted.values()].reduce((a, b) => a + b, 0)} items (${ids.map((id) => emitted.get(id) ?? 0).join(', ')} per company)`,
	);
	check(
		'trigger: the executions ran on workers and succeeded',
		executions.length > 0 && onWorkers.length === executions.length && executions.every((e) => e.status === 'success'),
		executions.map((e) => `#${e.id} ${e.status} on ${(starts.get(e.id) ?? ['no worker']).join('+')}`).join(', '),
	);
}

async function noWorkerCheck({ cluster, sandbox, db }) {
	step('Both workers stopped: a new record waits in Redis');
	await Promise.all(['w1', 'w2'].map((name) => stopProcess(cluster.workers.get(name))));
	const before = new Set((await db.list(TRIGGER_WORKFLOW)).map((e) => e.id));
	const ids = [];
	for (const name of ['Queue Company F', 'Queue Company G']) ids.push(await createCompany(sandbox, name));

	let waiting = [];
	await waitFor('main to enqueue an execution for the new companies', async () => {
		waiting = (await db.list(TRIGGER_WORKFLOW)).filter((e) => !before.has(e.id));
		return waiting.length > 0;
	}, { timeoutMs: 30_000, everyMs: 500 }).catch((error) => note(error.message));
	await sleep(7000); // more polls while no worker runs: they must not emit the same records again
	waiting = (await db.list(TRIGGER_WORKFLOW)).filter((e) => !before.has(e.id));
	check(
		'trigger, no worker running: the execution is enqueued and waits',
		waiting.length > 0 && waiting.every((e) => e.status === 'new'),
		waiting.map((e) => `#${e.id} ${e.status}`).join(', ') || 'nothing enqueued',
	);

	step('Workers back: the waiting execution runs');
	await cluster.startWorker('w1');
	await cluster.startWorker('w2');
	await Promise.all([cluster.workerReady('w1'), cluster.workerReady('w2')]);
	let executions = [];
	let emissions = new Map();
	await waitFor('the waiting execution to run', async () => {
		executions = (await db.list(TRIGGER_WORKFLOW)).filter((e) => !before.has(e.id));
		if (!executions.length || !executions.every((e) => settled(e.status))) return false;
		emissions = await triggerEmissions(db, executions);
		return ids.every((id) => [...emissions.values()].some((list) => list.includes(id)));
	}, { timeoutMs: 45_000, everyMs: 1000 }).catch((error) => note(error.message));
	const emitted = count([...emissions.values()].flat());
	const starts = cluster.startsByExecution();
	check(
		'trigger, worker back: the waiting execution ran on a worker, each record once',
		executions.length > 0 && executions.every((e) => e.status === 'success' && (starts.get(e.id) ?? []).length === 1) && ids.every((id) => emitted.get(id) === 1) && emitted.size === ids.length,
		executions.map((e) => `#${e.id} ${e.status} on ${(starts.get(e.id) ?? ['no worker']).join('+')}, ${emissions.get(e.id)?.length ?? 0} items`).join('; '),
	);
}

/**
 * A worker stopped with `signal` while a batch of webhook executions is in flight (each create
 * held 3 s by the sandbox). What n8n does with the worker's executions is reported; the check
 * fails only if the package sent a request n8n did not run, or a run n8n completed sent none.
 */
async function stopMidBatchCheck({ cluster, sandbox, db }, { victimName, signal, label }) {
	step(`Worker ${victimName} stopped with ${signal} in the middle of a batch of ${KILL_BATCH}`);
	const before = new Set((await db.list(WEBHOOK_WORKFLOW)).map((e) => e.id));
	sandbox.addFault({ method: 'POST', path: `/api/v1/collection-records/${PEOPLE}`, delayMs: 3000, times: KILL_BATCH * 3 });
	const names = Array.from({ length: KILL_BATCH }, (_, i) => `Queue batch ${label} person ${String(i).padStart(2, '0')}`);
	const statuses = await callWebhooks(cluster.base, names, KILL_BATCH);

	const victim = cluster.workers.get(victimName);
	const victimStarts = () => [...cluster.log(victimName).matchAll(/Worker started execution (\d+)/g)].map(([, id]) => id).filter((id) => !before.has(id));
	await waitFor(`${victimName} to start executions of the batch`, () => victimStarts().length >= 2, { timeoutMs: 30_000 });
	await sleep(1000); // their requests are now at the sandbox, waiting for its answer
	const inFlight = victimStarts().filter((id) => !cluster.finishedOn(victimName).has(id));
	const stoppedAt = Date.now();
	await stopProcess(victim, { signal });
	note(`${victimName} stopped (${signal}) with ${inFlight.length} executions in flight: ${inFlight.map((id) => `#${id}`).join(', ')}; it exited after ${((Date.now() - stoppedAt) / 1000).toFixed(1)} s`);

	// n8n notices a dead worker's jobs when their lock expires (QUEUE_WORKER_LOCK_DURATION),
	// at the next stalled-job check of a live worker (QUEUE_WORKER_STALLED_INTERVAL).
	let executions = [];
	await waitFor('the batch to settle', async () => {
		executions = (await db.list(WEBHOOK_WORKFLOW)).filter((e) => !before.has(e.id));
		return executions.length === KILL_BATCH && executions.every((e) => settled(e.status));
	}, { timeoutMs: 45_000, everyMs: 1000 }).catch(() => undefined);
	const settledAfter = ((Date.now() - stoppedAt) / 1000).toFixed(0);
	await sleep(3500); // the sandbox finishes the requests it was still holding

	const outputs = await db.outputs(executions.map((e) => e.id));
	const nameOf = (id) => outputs.get(id)?.nodes.Webhook?.[0]?.body?.name;
	const starts = cluster.startsByExecution();
	const requests = count(sandbox.requests.filter((r) => r.method === 'POST' && r.path === `/api/v1/collection-records/${PEOPLE}`).map((r) => r.body?.name).filter((n) => names.includes(n)));
	const records = count(recordsNamed(sandbox, PEOPLE).map((r) => r.name).filter((n) => names.includes(n)));
	const problems = [];
	// The package sends one create per run of the node: never more requests than runs, a run
	// n8n completed has sent its request, and every request the sandbox answered is a record.
	const named = executions.filter((e) => nameOf(e.id));
	for (const e of named) {
		const name = nameOf(e.id);
		const runs = (starts.get(e.id) ?? []).length;
		const sent = requests.get(name) ?? 0;
		if (sent > runs) problems.push(`#${e.id} "${name}": ${sent} requests from ${runs} run(s)`);
		if (e.status === 'success' && sent !== 1) problems.push(`#${e.id} "${name}": succeeded with ${sent} requests`);
	}
	// n8n replaces the run data of an execution it gives up on with its error, the webhook's
	// input included; those executions are matched to the names no other execution has.
	const unnamedExecutions = executions.filter((e) => !nameOf(e.id));
	const unnamedNames = names.filter((name) => !named.some((e) => nameOf(e.id) === name));
	const maxRuns = Math.max(0, ...unnamedExecutions.map((e) => (starts.get(e.id) ?? []).length));
	if (unnamedNames.length !== unnamedExecutions.length) {
		problems.push(`${unnamedNames.length} names without an execution naming them, ${unnamedExecutions.length} executions without run data`);
	}
	for (const name of unnamedNames) {
		if ((requests.get(name) ?? 0) > maxRuns) problems.push(`"${name}": ${requests.get(name)} requests from at most ${maxRuns} run(s)`);
	}
	for (const name of names) {
		if ((records.get(name) ?? 0) !== (requests.get(name) ?? 0)) problems.push(`"${name}": ${requests.get(name) ?? 0} requests but ${records.get(name) ?? 0} records`);
	}

	const victims = executions.filter((e) => inFlight.includes(e.id));
	const others = executions.filter((e) => !inFlight.includes(e.id));
	const reran = victims.filter((e) => (starts.get(e.id) ?? []).length > 1);
	const answered = statuses.filter((s) => s === 200).length;
	note(`webhook answered ${answered} of ${KILL_BATCH}; ${executions.length} executions stored: ${[...count(executions.map((e) => e.status))].map(([s, n]) => `${n} ${s}`).join(', ')}`);
	for (const e of victims) {
		const runs = starts.get(e.id) ?? [];
		const error = outputs.get(e.id)?.error;
		note(`#${e.id} (was on ${victimName}): ${e.status}${runs.length > 1 ? `, run again on ${runs.slice(1).join('+')}` : ', not run again'}${error ? `: "${error.slice(0, 90)}…"` : ''}`);
	}
	const victimNames = [...new Set([...victims.map((e) => nameOf(e.id)).filter(Boolean), ...unnamedNames])];
	const reached = victimNames.filter((name) => (records.get(name) ?? 0) > 0).length;
	const failedWithRecord = victims.filter((e) => e.status !== 'success').length && reached;
	const summary =
		`${signal}: n8n ${reran.length ? `re-ran ${reran.length}` : 're-ran none'} of the ${victims.length} executions in flight on ${victimName}, ` +
		`which ended ${[...new Set(victims.map((e) => e.status))].join('/') || '–'} (${settledAfter} s after the signal); ` +
		`${reached} of their ${victimNames.length} create requests reached the sandbox` +
		(failedWithRecord ? ', so those records exist although n8n reports the executions as failed' : '');
	note(summary);
	check(
		`worker stopped mid-batch (${signal}): the package sent one request per node run, none lost or doubled`,
		problems.length === 0 && executions.length === KILL_BATCH && others.every((e) => e.status === 'success'),
		problems.length
			? problems.slice(0, 6).join('; ')
			: `${others.length} executions not in flight on ${victimName} succeeded${others.length ? ` (on ${[...new Set(others.flatMap((e) => starts.get(e.id) ?? []))].join('+')})` : ''}, one record each; the ${victimNames.length} in flight left ${victimNames.map((n) => records.get(n) ?? 0).join(', ')} record(s)`,
	);
	return summary;
}

// ---------- main ----------

async function main() {
	say(`Queue mode test: n8n ${VERSION}, PostgreSQL, Redis, one main and two workers`);
	const tools = ensureTools();
	const runtime = await prepare(VERSION);
	step('Building the package');
	const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, encoding: 'utf8' });
	if (build.status !== 0) throw new Error(`npm run build failed:\n${outputTail(build)}`);

	const folder = mkdtempSync(join(tmpdir(), 'workspace-records-queue-'));
	chmodSync(folder, 0o755); // PostgreSQL runs as its own user and must reach its folder
	cleanups.push({
		name: 'temporary folder',
		run: () => {
			// After a failure n8n's own logs are what explains it: they are kept, the rest goes.
			if (results.some((ok) => !ok)) {
				const kept = join(cacheRoot(), 'queue-logs');
				rmSync(kept, { recursive: true, force: true });
				mkdirSync(kept, { recursive: true });
				for (const log of ['main.log', 'w1.log', 'w2.log', 'redis/redis.log', 'postgres/postgres.log']) {
					if (existsSync(join(folder, log))) cpSync(join(folder, log), join(kept, log.replace('/', '-')));
				}
				say(`n8n's logs of this run: ${kept}`);
			}
			rmSync(folder, { recursive: true, force: true });
		},
	});

	step('Starting PostgreSQL and Redis');
	const [pgPort, redisPort] = await Promise.all([startPostgres(tools.pgBin, join(folder, 'postgres')), startRedis(tools.redisServer, join(folder, 'redis'))]);
	{
		const { Client } = createRequire(runtime.n8nBin)('pg');
		const client = new Client({ host: '127.0.0.1', port: pgPort, user: 'postgres', database: 'postgres' });
		await client.connect();
		await client.query('CREATE DATABASE n8n');
		await client.end();
	}

	const sandbox = createSandbox();
	await sandbox.start();
	cleanups.push({ name: 'sandbox', run: () => sandbox.stop() });

	const env = {
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(pgPort),
		DB_POSTGRESDB_DATABASE: 'n8n',
		DB_POSTGRESDB_USER: 'postgres',
		DB_POSTGRESDB_PASSWORD: '',
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(redisPort),
		N8N_ENCRYPTION_KEY: randomBytes(24).toString('hex'),
		N8N_LOG_LEVEL: 'info',
		N8N_SECURE_COOKIE: 'false',
	};
	const cluster = new Cluster(runtime, folder, env);
	const db = new Executions(runtime, pgPort);
	cleanups.push({ name: 'database client', run: () => db.end() });

	step('Importing the credential and workflows, activating them (n8n CLI)');
	const workflowFolder = join(folder, 'workflows');
	mkdirSync(workflowFolder);
	for (const workflow of workflows()) writeFileSync(join(workflowFolder, `${workflow.id}.json`), JSON.stringify(workflow));
	const credentialsFile = join(folder, 'credentials.json');
	writeFileSync(credentialsFile, JSON.stringify(sandboxCredentials(sandbox)));
	await cluster.cli(['import:credentials', `--input=${credentialsFile}`]);
	await cluster.cli(['import:workflow', '--separate', `--input=${workflowFolder}`]);
	// Activated headless before main starts, as `n8n publish:workflow` does in n8n 2.x.
	await Promise.all([WEBHOOK_WORKFLOW, TRIGGER_WORKFLOW].map((id) => cluster.cli(['publish:workflow', `--id=${id}`])));

	step('Starting n8n main and workers w1, w2');
	await cluster.startMain();
	await cluster.startWorker('w1');
	await cluster.startWorker('w2');
	await Promise.all([cluster.mainReady(), cluster.workerReady('w1'), cluster.workerReady('w2')]);
	// The trigger's first poll, at activation, sets its cursor: only later records are new.
	await waitFor('the trigger\'s first poll', () => sandbox.requests.some((r) => r.path === `/api/v1/collection-records/${COMPANIES}/query`), { timeoutMs: 30_000 });
	step('Cluster ready');

	const context = { cluster, sandbox, db };
	await webhookCheck(context);
	await triggerCheck(context);
	await noWorkerCheck(context);
	const summaries = [];
	summaries.push(await stopMidBatchCheck(context, { victimName: 'w1', signal: 'SIGKILL', label: 'A' }));
	step('w1 back');
	await cluster.startWorker('w1');
	await cluster.workerReady('w1');
	summaries.push(await stopMidBatchCheck(context, { victimName: 'w2', signal: 'SIGTERM', label: 'B' }));

	const all = await db.list(WEBHOOK_WORKFLOW).then(async (webhook) => [...webhook, ...(await db.list(TRIGGER_WORKFLOW))]);
	const starts = cluster.startsByExecution();
	const perWorker = count(all.flatMap((e) => starts.get(e.id) ?? []));
	const onNoWorker = all.filter((e) => !starts.has(e.id)).length;
	return { summaries, perWorker, onNoWorker, total: all.length };
}

let exitCode = 1;
try {
	const { perWorker, onNoWorker, total } = await main();
	exitCode = 0;
	say(`Executions: ${total} stored; w1 started ${perWorker.get('w1') ?? 0}, w2 started ${perWorker.get('w2') ?? 0}, ${onNoWorker} never started on a worker (${elapsed()})`);
} catch (error) {
	if (!aborting) check('queue mode test ran to the end', false, error.stack ?? error.message);
} finally {
	await cleanUp();
}
if (aborting) await new Promise(() => {}); // the signal handler prints the tally and exits
const failed = results.filter((ok) => !ok).length;
say(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : exitCode);
