// Benchmark 8 (issue 45): executions waiting at once in Wait for Delivery on one n8n server,
// resumed by the sandbox's postbacks, one at a time, some in flight or all at once: each
// resumed once, how soon, and n8n's CPU time and memory. Its own table.
import { mkdirSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';

import { WAIT_WORKFLOW } from '../make-workflows.mjs';
import { cacheRoot } from '../../test/rig/n8n-runtime.mjs';
import {
	installPackage,
	runN8nCommands,
	startN8nServer,
	writeCredentials,
} from '../../test/rig/n8n.mjs';
import { createSandbox, sandboxCredentials } from '../../test/rig/sandbox.mjs';
import { cpuMs, load, median, range, row, say, seconds, sleep, spread } from '../rig/measure.mjs';
import { BENCH_OWNER, deliverAll, UNFINISHED, untilListening } from '../rig/server.mjs';
import { version } from '../rig/settings.mjs';

/** Benchmark 8: executions waiting at once, runs of each way of posting, executions not counted first. */
const WAIT_EXECUTIONS = Number(process.env.BENCH_WAIT_EXECUTIONS ?? 100);
const WAIT_RUNS = Number(process.env.BENCH_WAIT_RUNS ?? 3);
const WAIT_WARM_UP = 5;
/** n8n's N8N_CONCURRENCY_PRODUCTION_LIMIT in benchmark 8, when set: executions beyond it queue, first come first served. */
const WAIT_PRODUCTION_LIMIT = process.env.BENCH_WAIT_PRODUCTION_LIMIT;
/** Benchmark 8's middle way of posting: this many posts in flight, each sent once one is answered. */
const WAIT_POSTS_IN_FLIGHT = 10;
/** Webhook calls in flight while benchmark 8 starts its executions. */
const WAIT_STARTS_IN_FLIGHT = 8;
/** Bound on each phase of benchmark 8 (all waiting; all ended after the posts). */
const WAIT_PHASE_MS = 300_000;
/** The status the sandbox posts to each resume address: the one Wait for Delivery resumes on. */
const DELIVERED = { status: 'delivered', remark: 'Message delivered successfully', afterMs: 1 };

/** The execution id in n8n's resume address (`/webhook-waiting/<id>?signature=…`). */
const executionIdOf = (url) => new URL(url).pathname.split('/').at(-1);

/** A workflow's executions once `done(executions)` holds; throws after WAIT_PHASE_MS. */
async function untilExecutions(rest, workflowId, what, done) {
	for (const started = Date.now(); ; await sleep(250)) {
		const executions = await rest.executions(workflowId);
		if (done(executions)) return executions;
		if (Date.now() - started > WAIT_PHASE_MS) {
			const statuses = {};
			for (const e of executions) statuses[e.status] = (statuses[e.status] ?? 0) + 1;
			throw new Error(`not ${what} after ${WAIT_PHASE_MS / 1000} s: ${JSON.stringify(statuses)}`);
		}
	}
}

/** n8n's RSS in MB, the median of `count` samples 250 ms apart. */
async function rssMb(n8n, count = 8) {
	const samples = [];
	for (let i = 0; i < count; i++, await sleep(250)) samples.push(n8n.rss() / 2 ** 20);
	return median(samples);
}

/**
 * Benchmark 8 (issue 45): one n8n server (regular mode, SQLite) with WAIT_WORKFLOW active. A run
 * starts WAIT_EXECUTIONS executions through its webhook; each sends an SMS to the sandbox with
 * its own resume address as Postback URL and waits in Wait for Delivery. Once n8n lists every
 * one as waiting, the sandbox posts "delivered" to each address: one post at a time as its host
 * does, WAIT_POSTS_IN_FLIGHT at a time, or all at once. For each execution: its post's time
 * (taken just before the request goes) to its answer, and to its stoppedAt as n8n stored it.
 * Each execution must have ended once, successfully, its last node with one item whose outcome
 * is finalStatus for its own message. n8n's CPU time and RSS (main process, /proc): RSS before
 * the run, while every execution waits, at its peak while they resume, and after.
 */
export async function resumedWaits(bench) {
	const { runtime, source } = bench;
	bench.section(
		`8. ${WAIT_EXECUTIONS} executions waiting in Wait for Delivery, resumed by ${WAIT_EXECUTIONS} posts (${WAIT_RUNS} runs of each way of posting)`,
		8,
	);
	const startedAt = new Date();
	const loadAtStart = load();
	/** When each post to a resume address went, and when n8n answered it, by execution id. */
	const postedAt = new Map();
	const answeredAt = new Map();
	const post = async (url, headers, text) => {
		postedAt.set(executionIdOf(url), Date.now());
		try {
			const response = await fetch(url, {
				method: 'POST',
				headers,
				body: text,
				signal: AbortSignal.timeout(30_000),
			});
			await response.arrayBuffer();
			return { status: response.status };
		} catch (error) {
			return {
				error:
					error.name === 'TimeoutError'
						? 'no answer in 30 s'
						: (error.cause?.code ?? error.message),
			};
		} finally {
			answeredAt.set(executionIdOf(url), Date.now());
		}
	};
	/** All at once: the sandbox writes each post (its payload, its address) and they go together. */
	let held;
	const sandbox = createSandbox({
		postBack: (url, headers, text) => {
			if (!held) return post(url, headers, text);
			held.push([url, headers, text]);
			return Promise.resolve({ status: 202 });
		},
	});
	await sandbox.start();
	const userFolder = join(cacheRoot(), 'bench-wait-user');
	rmSync(userFolder, { recursive: true, force: true });
	mkdirSync(userFolder, { recursive: true });
	installPackage(userFolder);
	await runN8nCommands(runtime, userFolder, [
		['import:credentials', `--input=${writeCredentials(userFolder, sandboxCredentials(sandbox))}`],
	]);
	const nodeOptions = process.env.BENCH_NODE_OPTIONS;
	const n8n = await startN8nServer(runtime, userFolder, {
		env: {
			...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
			...(WAIT_PRODUCTION_LIMIT ? { N8N_CONCURRENCY_PRODUCTION_LIMIT: WAIT_PRODUCTION_LIMIT } : {}),
		},
	});
	const { urlPath, id, ...workflow } = WAIT_WORKFLOW;
	const lastNode = workflow.nodes.at(-1).name;
	/** How many posts are in flight at once; 1 is the sandbox's host itself. */
	const variants = {
		'one post at a time (the sandbox host)': 1,
		[`${WAIT_POSTS_IN_FLIGHT} posts in flight`]: WAIT_POSTS_IN_FLIGHT,
		'all posts at once': Infinity,
	};
	const samples = Object.fromEntries(Object.keys(variants).map((key) => [key, []]));
	let workflowId;
	let rssAtStart;
	try {
		await n8n.readyWithOwner(BENCH_OWNER);
		workflowId = await n8n.rest.createWorkflow(workflow);
		await n8n.rest.activate(workflowId);
		const url = `${n8n.base}/webhook/${urlPath}`;
		await untilListening(url);
		rssAtStart = await rssMb(n8n);
		say(`  n8n's RSS once started, before any execution: ${rssAtStart.toFixed(0)} MB`);

		/** One run: `count` executions started, waiting, resumed; what was measured. */
		const run = async (count, inFlight) => {
			sandbox.reset();
			sandbox.config.deliveryPlan = [DELIVERED];
			postedAt.clear();
			answeredAt.clear();
			const rssBefore = await rssMb(n8n);
			const load1 = loadavg()[0];
			const cpuAtStart = cpuMs(n8n.child.pid);
			const bodies = Array.from({ length: count }, (_, i) => JSON.stringify({ order: i }));
			const started = await deliverAll(url, bodies, WAIT_STARTS_IN_FLIGHT);
			const waiting = await untilExecutions(
				n8n.rest,
				workflowId,
				`${count} waiting`,
				(list) => list.filter((e) => e.status === 'waiting').length >= count,
			);
			const allWaitingMs = Date.now() - started.firstSentAt;
			const cpuToWait = cpuMs(n8n.child.pid) - cpuAtStart;
			const rssWaiting = await rssMb(n8n);
			const cpuBeforePosts = cpuMs(n8n.child.pid);
			let rssPeak = 0;
			const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, n8n.rss() ?? 0)), 100);

			let answers;
			if (inFlight === 1) {
				await sandbox.postbacks.runDue(Infinity);
				answers = sandbox.postbacks.deliveries.map((d) => d.status ?? d.error);
			} else {
				held = [];
				await sandbox.postbacks.runDue(Infinity);
				const posts = held;
				held = undefined;
				answers = [];
				let next = 0;
				const poster = async () => {
					while (next < posts.length) {
						const result = await post(...posts[next++]);
						answers.push(result.status ?? result.error);
					}
				};
				await Promise.all(Array.from({ length: Math.min(inFlight, posts.length) }, poster));
			}
			const postsDoneAt = Date.now();
			const ended = await untilExecutions(n8n.rest, workflowId, 'ended', (list) =>
				list.every((e) => !UNFINISHED.includes(e.status)),
			);
			const cpuToEnd = cpuMs(n8n.child.pid) - cpuBeforePosts;
			clearInterval(sampler);
			const load2 = loadavg()[0];
			const rssAfter = await rssMb(n8n);

			// Each execution once, ended, its own message's status reached; timed from its post.
			// The message whose status went to each address (the sandbox posts each to its send's).
			const requestIdOf = new Map(
				sandbox.postbacks.deliveries.map((d) => [executionIdOf(d.url), d.payload.request_id]),
			);
			const latencies = [];
			const toAnswer = [];
			let resumedOnce = 0;
			for (const execution of ended) {
				const resultData = await n8n.rest.runData(execution.id);
				const tasks = resultData?.runData?.[lastNode] ?? [];
				const items = tasks[0]?.data?.main?.[0] ?? [];
				const [json] = items.map((item) => item.json);
				if (
					execution.status === 'success' &&
					tasks.length === 1 &&
					items.length === 1 &&
					json.outcome === 'finalStatus' &&
					json.status === 'delivered' &&
					json.request_id === requestIdOf.get(String(execution.id))
				)
					resumedOnce += 1;
				const at = postedAt.get(String(execution.id));
				if (at === undefined) continue;
				latencies.push(Date.parse(execution.stoppedAt) - at);
				toAnswer.push(answeredAt.get(String(execution.id)) - at);
			}
			await n8n.rest.call('POST', '/rest/executions/delete', { ids: ended.map((e) => e.id) });
			const answerCounts = {};
			for (const a of answers) answerCounts[a] = (answerCounts[a] ?? 0) + 1;
			const postTimes = [...postedAt.values()];
			return {
				executions: ended.length,
				waited: waiting.filter((e) => e.status === 'waiting').length,
				sends: sandbox.requests.filter((r) => r.method === 'POST').length,
				resumedOnce,
				answers: answerCounts,
				latencies,
				medianMs: median(latencies),
				answerMedianMs: median(toAnswer),
				// n8n's CPU time (main process) per execution, to start and wait, and to resume and end.
				cpuPerStart: cpuToWait / count,
				cpuPerResume: cpuToEnd / count,
				maxMs: Math.max(...latencies),
				postingMs: postsDoneAt - Math.min(...postTimes),
				allWaitingMs,
				rss: [rssBefore, rssWaiting, rssPeak / 2 ** 20, rssAfter],
				loads: [load1, load2],
			};
		};
		// Not counted: n8n's first runs load and compile what every later one reuses.
		await run(WAIT_WARM_UP, 1);
		for (let r = 0; r < WAIT_RUNS; r++) {
			const order = Object.keys(variants);
			if (r % 2) order.reverse();
			for (const key of order) {
				const s = await run(WAIT_EXECUTIONS, variants[key]);
				samples[key].push(s);
				say(
					`  ${key} run ${r + 1}: ${s.executions} executions (${s.waited} waiting at once, after ${seconds(s.allWaitingMs)}), ${s.sends} sends, ${s.resumedOnce} ended once with finalStatus; answers ${JSON.stringify(s.answers)}; posts took ${seconds(s.postingMs)}; post → answer median ${Math.round(s.answerMedianMs)} ms; post → ended median ${Math.round(s.medianMs)} ms, max ${Math.round(s.maxMs)} ms; n8n's CPU ${s.cpuPerStart.toFixed(0)} ms an execution to start and wait, ${s.cpuPerResume.toFixed(0)} ms to resume and end; n8n RSS ${s.rss.map((mb) => mb.toFixed(0)).join(' → ')} MB (before → waiting → peak while resuming → after) (load ${s.loads.map((l) => l.toFixed(2)).join(' → ')})`,
				);
			}
		}
	} finally {
		if (workflowId) await n8n.rest.deactivate(workflowId).catch(() => {});
		await n8n.stop();
		await sandbox.stop();
	}
	const loadAtEnd = load();
	const msSpread = (values) => spread(values);
	const line = (label, list) =>
		row(
			label,
			list.length,
			range(list.map((x) => x.waited)),
			`${range(list.map((x) => x.resumedOnce))} of ${range(list.map((x) => x.executions))}`,
			Object.entries(
				list.reduce((all, x) => {
					for (const [k, n] of Object.entries(x.answers)) all[k] = (all[k] ?? 0) + n;
					return all;
				}, {}),
			)
				.map(([status, n]) => `${n} × ${status}`)
				.join(', '),
			msSpread(list.map((x) => x.postingMs)),
			msSpread(list.map((x) => x.answerMedianMs)),
			msSpread(list.map((x) => x.medianMs)),
			msSpread(list.map((x) => x.maxMs)),
			`${median(list.map((x) => x.cpuPerStart)).toFixed(0)} / ${median(list.map((x) => x.cpuPerResume)).toFixed(0)}`,
			[0, 1, 2, 3].map((i) => median(list.map((x) => x.rss[i])).toFixed(0)).join(' / '),
			range(list.flatMap((x) => x.loads.map((l) => Number(l.toFixed(1))))),
			'every one once; median ≤ 2 s',
		);
	const lines = [
		`Run on ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, nodes built from ${source}: one n8n ${version} server (\`n8n start\`, regular mode, SQLite${WAIT_PRODUCTION_LIMIT ? `, N8N_CONCURRENCY_PRODUCTION_LIMIT=${WAIT_PRODUCTION_LIMIT}` : ''}), this package installed as users install it, the workflow \`bench/workflows/d-sms-wait-for-delivery.json\` active. Each run started ${WAIT_EXECUTIONS} executions through its webhook (${WAIT_STARTS_IN_FLIGHT} calls in flight); once n8n listed all as waiting, the sandbox posted "delivered" (the vendor's documented payload) to each execution's resume address, one at a time (as its host does), ${WAIT_POSTS_IN_FLIGHT} in flight, or all at once; ${WAIT_RUNS} runs of each way of posting, alternating which went first, after one of ${WAIT_WARM_UP} executions not counted. n8n's RSS once started, before any execution: ${rssAtStart.toFixed(0)} MB. Load average (1 / 5 / 15 min; ${cpus().length} cores): ${loadAtStart} at the start, ${loadAtEnd} at the end.`,
		'',
		row(
			'Variant',
			'Runs',
			'Waiting at once',
			'Ended once, successful, finalStatus of its own message',
			'Answers to the posts',
			'First post to last answer, ms (min / median / max)',
			'Post → its answer, median of a run, ms (min / median / max)',
			"Post → execution's stoppedAt, median of a run, ms (min / median / max)",
			'Post → stoppedAt, slowest of a run, ms (min / median / max)',
			"n8n's CPU ms an execution: to start and wait / to resume and end (medians)",
			"n8n's RSS, MB: before / while all wait / peak while resuming / after (medians)",
			'Load (1 min) during the runs',
			'Target',
		),
		row(...Array.from({ length: 13 }, () => '---')),
		...Object.entries(samples).map(([key, list]) => line(key, list)),
	];
	return [
		`Waiting executions: ${WAIT_EXECUTIONS} in Wait for Delivery, resumed by their postbacks`,
		lines.join('\n'),
		true,
	];
}
