// The queue-mode n8n of `npm run test:queue`: the three workflows it runs, one main, its
// workers and a webhook process (each n8n process with the package installed in its own user
// folder, in the process registry), the executions as n8n stored them in PostgreSQL, and the
// calls that feed them.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import {
	installPackage,
	outputTail,
	requireFromN8n,
	runN8nCommands,
	startN8n,
	startN8nServer,
} from '../rig/n8n.mjs';
import { freePort } from '../rig/ports.mjs';
import { waitFor } from '../rig/processes.mjs';
import { CREDENTIALS, sandboxHeaders, SEED_IDS } from '../rig/sandbox.mjs';
import { postBackPathOf, WHATSAPP_TRIGGER_PARAMETERS } from '../e2e/whatsAppTrigger.mjs';

export const { PEOPLE, COMPANIES } = SEED_IDS;
export const WEBHOOK_WORKFLOW = 'queue0001';
export const TRIGGER_WORKFLOW = 'queue0002';
export const WHATSAPP_WORKFLOW = 'queue0003';
export const WHATSAPP_TRIGGER = {
	id: 'queue-whatsapp',
	name: 'WhatsApp Trigger',
	type: 'n8n-nodes-workspace-records.workspaceWhatsAppTrigger',
	typeVersion: 1,
	position: [0, 0],
	webhookId: '7e1d2c3b-4a59-4c6d-8e7f-90a1b2c3d4e5',
	parameters: WHATSAPP_TRIGGER_PARAMETERS,
};
const WEBHOOK_PATH = 'workspace-records-queue';
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
const POLL_TIMES = {
	item: Array.from({ length: 12 }, (_, i) => ({
		mode: 'custom',
		cronExpression: `${i * 5} * * * * *`,
	})),
};

// ---------- the workflows ----------

const credentials = { workspaceRecordsApi: CREDENTIALS.workspaceRecordsApi };

/** The WhatsApp trigger's two URLs at the webhook process. */
export const whatsAppUrls = (cluster) => {
	const base = `${cluster.webhookBase}/webhook/${WHATSAPP_TRIGGER.webhookId}`;
	return { url: `${base}/webhook`, postBackUrl: `${base}/${postBackPathOf(WHATSAPP_TRIGGER)}` };
};

/**
 * The webhook workflow (each call creates a person), the polling trigger on new companies, and
 * the WhatsApp trigger (incoming messages and delivery statuses, the workspace calling it).
 */
export function workflows() {
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
					parameters: {
						httpMethod: 'POST',
						path: WEBHOOK_PATH,
						responseMode: 'onReceived',
						options: {},
					},
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
						useJson: true,
						attributesJson: '={{ JSON.stringify({ name: $json.body.name }) }}',
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
					parameters: {
						pollTimes: POLL_TIMES,
						event: 'newRecord',
						collectionId: { __rl: true, mode: 'id', value: COMPANIES },
					},
				},
				{
					id: 'queue-noop',
					name: 'Done',
					type: 'n8n-nodes-base.noOp',
					typeVersion: 1,
					position: [260, 0],
					parameters: {},
				},
			],
			connections: { 'New companies': { main: [[{ node: 'Done', type: 'main', index: 0 }]] } },
		},
		{
			id: WHATSAPP_WORKFLOW,
			name: 'Queue test: WhatsApp messages and delivery statuses',
			active: false,
			settings: { executionOrder: 'v1' },
			nodes: [WHATSAPP_TRIGGER],
			connections: {},
		},
	];
}

// ---------- n8n: main and workers ----------

/**
 * n8n's main and workers, each with a user folder and a log in `folder`. Each process leads a
 * process group of its own (its task runner goes with it) and has 20 s to shut down gracefully.
 */
export class Cluster {
	constructor(runtime, folder, env) {
		this.runtime = runtime;
		this.folder = folder;
		this.env = env;
		this.workers = new Map();
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

	/** An n8n CLI command in main's user folder, its output kept there under the command's name. */
	async cli(args) {
		await runN8nCommands(this.runtime, this.userFolder('main'), [args], {
			env: this.env,
			outputName: `cli-${args.join(' ').replace(/[^\w]+/g, '-')}.txt`,
		});
	}

	processOptions(name, extraEnv = {}) {
		return {
			name,
			env: { ...this.env, ...extraEnv },
			logFile: this.logOf(name),
			ownGroup: true,
			graceMs: 20_000,
		};
	}

	async startMain() {
		const server = await startN8nServer(
			this.runtime,
			this.userFolder('main'),
			this.processOptions('main'),
		);
		this.main = server.child;
		this.base = server.base;
	}

	async mainReady() {
		await waitFor(
			'n8n main',
			async () => {
				if (this.main.done)
					throw new Error(`n8n main exited:\n${outputTail({ stdout: this.log('main') })}`);
				return await fetch(`${this.base}/healthz/readiness`).then(
					(r) => r.ok,
					() => false,
				);
			},
			{ timeoutMs: 120_000, everyMs: 500 },
		);
		// The production webhook exists once the workflow is activated, a moment after start.
		await waitFor(
			'the webhook to be registered',
			async () => {
				// A GET to a POST webhook is refused, naming the method it is registered for.
				const response = await fetch(`${this.base}/webhook/${WEBHOOK_PATH}`).catch(() => undefined);
				return /make a POST request/.test((await response?.text()) ?? '');
			},
			{ timeoutMs: 60_000, everyMs: 500 },
		);
	}

	async startWorker(name) {
		const healthPort = await freePort();
		const worker = await startN8n(
			this.runtime,
			this.userFolder(name),
			['worker', `--concurrency=${WORKER_CONCURRENCY}`],
			this.processOptions(name, {
				...WORKER_QUEUE_SETTINGS,
				QUEUE_HEALTH_CHECK_ACTIVE: 'true',
				QUEUE_HEALTH_CHECK_PORT: String(healthPort),
				N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
			}),
		);
		worker.healthUrl = `http://127.0.0.1:${healthPort}/healthz/readiness`;
		this.workers.set(name, worker);
		return worker;
	}

	async workerReady(name) {
		const worker = this.workers.get(name);
		await waitFor(
			`worker ${name}`,
			async () => {
				if (worker.done)
					throw new Error(`worker ${name} exited:\n${outputTail({ stdout: this.log(name) })}`);
				return await fetch(worker.healthUrl).then(
					(r) => r.ok,
					() => false,
				);
			},
			{ timeoutMs: 120_000, everyMs: 500 },
		);
	}

	/**
	 * The webhook process's address, given to every process as WEBHOOK_URL before any starts: the
	 * public address a scaled n8n puts in front of its webhook processes, with which a worker
	 * makes each resume address (`$execution.resumeUrl`).
	 */
	async reserveWebhookAddress() {
		this.webhookPort = await freePort();
		this.webhookBase = `http://127.0.0.1:${this.webhookPort}`;
		this.env.WEBHOOK_URL = `${this.webhookBase}/`;
	}

	/**
	 * n8n's webhook process (`n8n webhook`), which answers the production webhooks sent to its own
	 * port (main answers them too, at its port); on the same port when started again.
	 */
	async startWebhook() {
		if (!this.webhookPort) await this.reserveWebhookAddress();
		this.webhook = await startN8n(
			this.runtime,
			this.userFolder('webhook'),
			['webhook'],
			this.processOptions('webhook', {
				N8N_PORT: String(this.webhookPort),
				N8N_LISTEN_ADDRESS: '127.0.0.1',
			}),
		);
		return this.webhook;
	}

	/** Until the webhook process answers at `url` (a trigger's, refusing a call without its secret: 401). */
	async webhookReady(url) {
		await waitFor(
			'the webhook process',
			async () => {
				if (this.webhook.done)
					throw new Error(
						`the webhook process exited:\n${outputTail({ stdout: this.log('webhook') })}`,
					);
				const response = await fetch(url, { method: 'POST', body: '{}' }).catch(() => undefined);
				await response?.arrayBuffer();
				return response?.status === 401;
			},
			{ timeoutMs: 120_000, everyMs: 500 },
		);
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
		return new Set(
			[...this.log(name).matchAll(/Worker finished execution (\d+)/g)].map(([, id]) => id),
		);
	}
}

// ---------- the database: executions as n8n stored them ----------

export class Executions {
	constructor(runtime, pgPort) {
		const { Pool } = requireFromN8n(runtime, 'pg');
		this.flatted = requireFromN8n(runtime, 'flatted');
		this.pool = new Pool({
			host: '127.0.0.1',
			port: pgPort,
			user: 'postgres',
			database: 'n8n',
			max: 2,
		});
	}

	async list(workflowId) {
		const { rows } = await this.pool.query(
			'SELECT id::text AS id, status, mode, "retryOf" AS "retryOf" FROM execution_entity WHERE "workflowId" = $1 ORDER BY id',
			[workflowId],
		);
		return rows;
	}

	/**
	 * For each execution: the items each node produced (in its last run: a waiting node runs again
	 * when it resumes), by node name, how many times each node ran, and the run's error.
	 */
	async outputs(ids) {
		if (!ids.length) return new Map();
		const { rows } = await this.pool.query(
			'SELECT "executionId"::text AS id, data FROM execution_data WHERE "executionId" = ANY($1::int[])',
			[ids],
		);
		return new Map(
			rows.map(({ id, data }) => {
				const run = this.flatted.parse(data);
				const runData = run?.resultData?.runData ?? {};
				const nodes = Object.fromEntries(
					Object.entries(runData).map(([node, tasks]) => [
						node,
						tasks.at(-1)?.data?.main?.[0]?.map((i) => i.json) ?? [],
					]),
				);
				const runs = Object.fromEntries(
					Object.entries(runData).map(([node, tasks]) => [node, tasks.length]),
				);
				return [id, { nodes, runs, error: run?.resultData?.error?.message }];
			}),
		);
	}

	/**
	 * pg-pool's end() resolves before its connections have closed: each is waited for (5 s at
	 * most), or PostgreSQL, stopped right after, cuts one mid-close and its error, with no
	 * listener left, ends the run (seen once, at the end of a run).
	 */
	async end() {
		let open = this.pool.totalCount;
		const closed = new Promise((resolve) => {
			if (!open) resolve();
			this.pool.on('remove', () => --open <= 0 && resolve());
		});
		await this.pool.end();
		await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
	}
}

export const count = (values) =>
	values.reduce((map, value) => map.set(value, (map.get(value) ?? 0) + 1), new Map());
export const recordsNamed = (sandbox, collectionId) => [
	...sandbox.state.records.get(collectionId).values(),
];

/** A company created straight in the sandbox, as someone in the app would; its id. */
export async function createCompany(sandbox, name) {
	const response = await fetch(`${sandbox.url}/api/v1/collection-records/${COMPANIES}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', ...sandboxHeaders(sandbox.config) },
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
export async function callWebhooks(base, names, parallel = 20) {
	const statuses = [];
	for (let i = 0; i < names.length; i += parallel) {
		statuses.push(
			...(await Promise.all(names.slice(i, i + parallel).map((name) => callWebhook(base, name)))),
		);
	}
	return statuses;
}

/** An execution n8n is done with, whatever the outcome. */
export const settled = (status) => !['new', 'running', 'waiting'].includes(status);

/** Trigger executions' emitted record ids: execution id → ids. */
export async function triggerEmissions(db, executions) {
	const outputs = await db.outputs(executions.map((e) => e.id));
	return new Map(
		executions.map((e) => [
			e.id,
			(outputs.get(e.id)?.nodes['New companies'] ?? []).map((json) => json._id),
		]),
	);
}

/**
 * Waits until the trigger's executions since `before` have settled and emitted every id,
 * 45 s at most (`note` says when they did not); what they emitted, by execution.
 */
export async function waitForEmissions(db, before, ids, what, note) {
	let executions = [];
	let emissions = new Map();
	await waitFor(
		what,
		async () => {
			executions = (await db.list(TRIGGER_WORKFLOW)).filter((e) => !before.has(e.id));
			if (!executions.length || !executions.every((e) => settled(e.status))) return false;
			emissions = await triggerEmissions(db, executions);
			return ids.every((id) => [...emissions.values()].some((list) => list.includes(id)));
		},
		{ timeoutMs: 45_000, everyMs: 1000 },
	).catch((error) => note(error.message));
	return { executions, emissions };
}
