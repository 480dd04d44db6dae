// Benchmark 7: incoming WhatsApp messages delivered to one n8n server, to n8n's Webhook node
// and to our WhatsApp trigger: deliveries a second, executions recorded, n8n's CPU time a
// delivery. Its own table.
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';

import { WEBHOOK_WORKFLOWS } from '../make-workflows.mjs';
import { cacheRoot } from '../../test/rig/n8n-runtime.mjs';
import { installPackage, startN8nServer } from '../../test/rig/n8n.mjs';
import { cpuMs, load, median, range, row, say, seconds, sleep, sorted } from '../rig/measure.mjs';
import { BENCH_OWNER, deliverAll, UNFINISHED, untilListening } from '../rig/server.mjs';
import { version } from '../rig/settings.mjs';

/** Benchmark 7: runs of each workflow, unique events a run, deliveries in flight at once. */
const WEBHOOK_RUNS = Number(process.env.BENCH_WEBHOOK_RUNS ?? 3);
const WEBHOOK_EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 500);
const WEBHOOK_CONCURRENCY = Number(process.env.BENCH_WEBHOOK_CONCURRENCY ?? 8);
/** Deliveries to each workflow before the timed runs, not counted: what n8n's first requests load and compile. */
const WEBHOOK_WARM_UP = 20;

/** An incoming WhatsApp message as the vendor documents it ("Event with Data"), with its own eventId. */
function whatsAppMessage(i) {
	const eventId = randomUUID();
	return {
		event: 'incoming.whatsapp.message',
		eventId,
		timestamp: Date.now(),
		phoneId: '104898309288724',
		wabaId: '102290129340398',
		messageId: `wamid.${eventId.replace(/-/g, '')}`,
		sender: { name: 'John Doe', number: `91999${String(i).padStart(7, '0')}` },
		message: { type: 'text', text: { body: `Bench message ${i}` } },
	};
}

/**
 * The executions of a workflow once `count` have ended and none is left unfinished, or once
 * their number has not changed for 10 s, or after 2 minutes.
 */
async function untilExecuted(rest, workflowId, count) {
	const deadline = Date.now() + 120_000;
	let seen = -1;
	let changedAt = Date.now();
	for (;;) {
		const executions = await rest.executions(workflowId);
		const ended = executions.filter((e) => !UNFINISHED.includes(e.status));
		if (ended.length >= count && ended.length === executions.length) return executions;
		if (executions.length !== seen) [seen, changedAt] = [executions.length, Date.now()];
		if (Date.now() - changedAt > 10_000 || Date.now() > deadline) return executions;
		await sleep(250);
	}
}

/**
 * How many events the WhatsApp trigger remembers in the workflow's static data, as n8n saved it
 * (nodes/WorkspaceWhatsAppTrigger/eventMemory.ts): `taken`, 16-character digests joined per
 * hour, and 1.0's `seenEvents`, a list.
 */
async function rememberedEvents(rest, workflowId) {
	const { data } = await rest.call('GET', `/rest/workflows/${workflowId}`);
	// n8n keeps a node's static data under "node:<node name>".
	const nodes = Object.entries(data.staticData ?? {}).filter(([key]) => key.startsWith('node:'));
	let count = 0;
	for (const [, node] of nodes) {
		count += Array.isArray(node?.seenEvents) ? node.seenEvents.length : 0;
		for (const digests of Object.values(node?.taken ?? {}))
			count += typeof digests === 'string' ? Math.floor(digests.length / 16) : 0;
	}
	return count;
}

/**
 * Benchmark 7: one n8n server (regular mode, SQLite, the package installed as users install it)
 * with two workflows active, n8n's Webhook node and our WhatsApp trigger, each alone. Each run
 * makes a new set of unique incoming WhatsApp messages and delivers the same set to each
 * workflow, `WEBHOOK_CONCURRENCY` in flight, alternating which goes first; deliveries/s to the
 * last answer, and until n8n had recorded every execution (the last one's stoppedAt, read back
 * over REST). Each workflow's executions are deleted after each run, so every run starts alike.
 */
export async function webhookDeliveries(bench) {
	const { runtime, source } = bench;
	bench.section(
		`7. Webhook deliveries: ${WEBHOOK_EVENTS} incoming WhatsApp messages, ${WEBHOOK_CONCURRENCY} in flight, to n8n's Webhook node and to our trigger (${WEBHOOK_RUNS} runs each)`,
		7,
	);
	const startedAt = new Date();
	const loadAtStart = load();
	const userFolder = join(cacheRoot(), 'bench-webhook-user');
	rmSync(userFolder, { recursive: true, force: true });
	mkdirSync(userFolder, { recursive: true });
	installPackage(userFolder);
	const nodeOptions = process.env.BENCH_NODE_OPTIONS;
	const n8n = await startN8nServer(runtime, userFolder, {
		env: nodeOptions ? { NODE_OPTIONS: nodeOptions } : {},
	});
	const variants = {
		"n8n's Webhook node": WEBHOOK_WORKFLOWS['w-webhook-node'],
		'our Workspace WhatsApp Trigger': WEBHOOK_WORKFLOWS['w-whatsapp-trigger'],
	};
	const active = {};
	const samples = Object.fromEntries(Object.keys(variants).map((key) => [key, []]));
	try {
		await n8n.readyWithOwner(BENCH_OWNER);
		for (const [key, { urlPath, id, ...workflow }] of Object.entries(variants)) {
			const workflowId = await n8n.rest.createWorkflow(workflow);
			await n8n.rest.activate(workflowId);
			active[key] = { workflowId, url: `${n8n.base}/webhook/${urlPath}` };
		}
		for (const { url } of Object.values(active)) await untilListening(url);
		const clear = async (executions) => {
			if (executions.length)
				await n8n.rest.call('POST', '/rest/executions/delete', {
					ids: executions.map((e) => e.id),
				});
		};
		/** One run of one workflow: `bodies` delivered, and the executions they made. */
		const run = async (key, bodies) => {
			const { workflowId, url } = active[key];
			const remembered = key.startsWith('our')
				? await rememberedEvents(n8n.rest, workflowId)
				: undefined;
			const load1 = loadavg()[0];
			const cpuBefore = cpuMs(n8n.child.pid);
			const delivery = await deliverAll(url, bodies, WEBHOOK_CONCURRENCY);
			const executions = await untilExecuted(n8n.rest, workflowId, bodies.length);
			const cpuPerDelivery = (cpuMs(n8n.child.pid) - cpuBefore) / delivery.sent;
			const load2 = loadavg()[0];
			const stopped = executions.map((e) => Date.parse(e.stoppedAt)).filter(Number.isFinite);
			await clear(executions);
			const answeredMs = delivery.lastAnswerAt - delivery.firstSentAt;
			const recordedMs = Math.max(delivery.lastAnswerAt, ...stopped) - delivery.firstSentAt;
			return {
				...delivery,
				answeredMs,
				recordedMs,
				answeredRate: (delivery.sent / answeredMs) * 1000,
				recordedRate: (delivery.sent / recordedMs) * 1000,
				executions: executions.length,
				succeeded: executions.filter((e) => e.status === 'success').length,
				remembered,
				cpuPerDelivery,
				loads: [load1, load2],
			};
		};
		// Not counted: n8n's first requests load and compile what every later one reuses.
		const warmUp = Array.from({ length: WEBHOOK_WARM_UP }, (_, i) =>
			JSON.stringify(whatsAppMessage(i)),
		);
		for (const key of Object.keys(variants)) await run(key, warmUp);

		for (let r = 0; r < WEBHOOK_RUNS; r++) {
			const bodies = Array.from({ length: WEBHOOK_EVENTS }, (_, i) =>
				JSON.stringify(whatsAppMessage(i)),
			);
			const order = Object.keys(variants);
			if (r % 2) order.reverse();
			for (const key of order) {
				const sample = await run(key, bodies);
				samples[key].push(sample);
				say(
					`  ${key} run ${r + 1}: ${sample.sent} sent in ${seconds(sample.answeredMs)} (${sample.answeredRate.toFixed(1)}/s), every execution recorded after ${seconds(sample.recordedMs)} (${sample.recordedRate.toFixed(1)}/s), n8n's CPU ${sample.cpuPerDelivery.toFixed(1)} ms a delivery; ${sample.executions} executions, ${sample.succeeded} succeeded; answers ${JSON.stringify(sample.answers)}${sample.remembered === undefined ? '' : `; ${sample.remembered} events remembered in static data at the start`} (load ${sample.loads.map((l) => l.toFixed(2)).join(' → ')})`,
				);
			}
		}
	} finally {
		for (const { workflowId } of Object.values(active))
			await n8n.rest.deactivate(workflowId).catch(() => {});
		await n8n.stop();
	}
	const loadAtEnd = load();

	const rates = (list, field) => list.map((x) => x[field]);
	const rateSpread = (values) => {
		const list = sorted(values);
		return `${list[0].toFixed(1)} / ${median(list).toFixed(1)} / ${list.at(-1).toFixed(1)}`;
	};
	const [webhook, trigger] = Object.values(samples);
	const ratioOf = (field) =>
		(median(rates(trigger, field)) / median(rates(webhook, field))).toFixed(2);
	const answers = (list) => {
		const all = {};
		for (const x of list)
			for (const [status, n] of Object.entries(x.answers)) all[status] = (all[status] ?? 0) + n;
		return Object.entries(all)
			.map(([status, n]) => `${n} × ${status}`)
			.join(', ');
	};
	const loads1 = (list) => range(list.flatMap((x) => x.loads.map((l) => Number(l.toFixed(1)))));
	const line = (label, list, extra = ['', '']) =>
		row(
			label,
			list.length,
			range(list.map((x) => x.sent)),
			range(list.map((x) => x.executions)) +
				(list.every((x) => x.succeeded === x.executions)
					? ''
					: ` (${range(list.map((x) => x.succeeded))} succeeded)`),
			answers(list),
			rateSpread(rates(list, 'answeredRate')),
			rateSpread(rates(list, 'recordedRate')),
			rateSpread(rates(list, 'cpuPerDelivery')),
			extra[0],
			loads1(list),
			extra[1],
		);
	const lines = [
		`Run on ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, nodes built from ${source}: one n8n ${version} server (\`n8n start\`, regular mode, SQLite) with both workflows active, this package installed as users install it. Each run made ${WEBHOOK_EVENTS} incoming WhatsApp messages (the vendor's documented payload, each with its own eventId) and delivered the same ones to each workflow, ${WEBHOOK_CONCURRENCY} in flight, on loopback; ${WEBHOOK_RUNS} runs, alternating which workflow went first, after ${WEBHOOK_WARM_UP} deliveries to each not counted. Load average (1 / 5 / 15 min; ${cpus().length} cores): ${loadAtStart} at the start, ${loadAtEnd} at the end.`,
		'',
		row(
			'Variant',
			'Runs',
			'Deliveries a run',
			'Executions a run',
			'Answers',
			'Deliveries/s, first request to last answer (min / median / max)',
			'Deliveries/s, until every execution was recorded (min / median / max)',
			"n8n's CPU time a delivery, ms (min / median / max)",
			'Trigger ÷ Webhook node (medians: answered; recorded; CPU a delivery)',
			'Load (1 min) during the runs',
			'Target',
		),
		row('---', '---', '---', '---', '---', '---', '---', '---', '---', '---', '---'),
		line("n8n's Webhook node, Respond Immediately", webhook),
		line(
			`our Workspace WhatsApp Trigger (events remembered in static data at a run's start: ${range(trigger.map((x) => x.remembered))})`,
			trigger,
			[
				`${ratioOf('answeredRate')}; ${ratioOf('recordedRate')}; ${ratioOf('cpuPerDelivery')}`,
				'≥ 0.9 (deliveries/s), executions = deliveries',
			],
		),
	];
	return [
		"Webhook deliveries: the WhatsApp trigger against n8n's Webhook node",
		lines.join('\n'),
		true,
	];
}
