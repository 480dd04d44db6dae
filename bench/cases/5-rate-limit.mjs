// Benchmark 5: 1,000 creates against the sandbox's rate limit: our node (with its settings
// swept, and its door alone outside n8n) against the HTTP Request node with Retry On Fail and
// with its best batching. Its own table.
import axios from 'axios';

import {
	CONCURRENCIES,
	HTTP_BATCHING_FOUND,
	HTTP_BATCHINGS,
	MAPPINGS,
	RATE_LIMIT,
} from '../make-workflows.mjs';
import { SEED_IDS } from '../../test/rig/sandbox.mjs';
import { median, ms, range, ratio, row, say, seconds, spread } from '../rig/measure.mjs';
import { RUNS, SWEEP_RUNS } from '../rig/settings.mjs';
import { compare, execute } from '../rig/setup.mjs';

const { PEOPLE } = SEED_IDS;
const CREATE_PATH = `/api/v1/collection-records/${PEOPLE}`;
/** The node the door's errors name, as n8n hands it to a node run. */
const BENCH_NODE = {
	id: 'bench-door',
	name: 'Create a person',
	type: 'n8n-nodes-workspace-records.workspaceRecords',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
/** Max Concurrent Requests of the door measured alone, outside n8n, in benchmark 5. */
const DOOR_CONCURRENCIES = [10, 1];

/** Benchmark 5: 1,000 creates against the sandbox's rate limit, with the sweeps; the table. */
export async function rateLimitedCreates(bench) {
	const { sandbox, door } = bench;
	const floorMs = (1000 / RATE_LIMIT.rate) * 1000;
	bench.section(
		`5. 1,000 creates against a rate limit of ${RATE_LIMIT.rate} requests/s, burst ${RATE_LIMIT.burst}`,
		5,
	);
	/** One rate-limited run on a fresh sandbox and a full bucket: what got created, and how. */
	const fresh = () => {
		sandbox.reset({ people: 0 });
		sandbox.rateLimit(RATE_LIMIT);
	};
	/** What one rate-limited run created, refused and failed, from the sandbox's state and log. */
	const tally = (sample, startedAt) => {
		const names = [...sandbox.state.records.get(PEOPLE).values()].map((r) => r.name);
		const counts = new Map();
		for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
		const creates = sandbox.requests.filter((r) => r.method === 'POST' && r.path === CREATE_PATH);
		const refused = sandbox.requests.filter((r) => r.status === 429).length;
		const result = {
			...sample,
			created: names.length,
			duplicated: [...counts.values()].filter((n) => n > 1).length,
			errors: sample.error ? 1 + sample.errorItems : sample.errorItems,
			refused,
			// From the workflow's start to the node's: the trigger and the Code node making the items.
			beforeNodeMs: sample.workflowStartedAt ? startedAt - sample.workflowStartedAt : 0,
			// From the node's start to its first request: n8n preparing every item first.
			firstRequestMs: creates.length ? creates[0].at - startedAt : NaN,
			// From the first request to the last answer: the part the rate limit governs.
			sendingMs: creates.length
				? Math.max(...creates.map((r) => r.doneAt ?? r.at)) - creates[0].at
				: NaN,
			// From the last answer to the end of the workflow: n8n finishing the run.
			afterMs:
				creates.length && sample.stoppedAt
					? sample.stoppedAt - Math.max(...creates.map((r) => r.doneAt ?? r.at))
					: NaN,
		};
		result.note = `${result.created} created, ${result.duplicated} duplicated, ${refused} × 429${sample.error ? `, failed: ${sample.error}` : ''}`;
		return result;
	};
	/** One rate-limited run of a workflow, on a fresh sandbox and a full bucket. */
	const limited = (name) => async () => {
		fresh();
		const sample = await execute(bench, name, { allowFailure: true });
		return tally(sample, sample.nodeStartedAt);
	};
	/**
	 * The node's door (the compiled nodes/shared/transport/) alone, outside n8n: 1,000 creates
	 * through one gate, as one node run sends them, with axios. What the door costs by itself.
	 */
	const doorAlone = (maxConcurrency) => async () => {
		fresh();
		sandbox.clearRequests();
		const pace = new door.pace.Pace(maxConcurrency);
		const { maxWaitMs } = door.policy.DEFAULT_RUN_SETTINGS;
		const headers = {
			'x-api-key': sandbox.config.apiKey,
			'x-workspace-id': sandbox.config.workspaceId,
		};
		const send = (i) => async () => {
			const response = await axios.post(
				`${sandbox.url}${CREATE_PATH}`,
				{ name: `Bench person ${i}` },
				{ headers, validateStatus: () => true },
			);
			// As the node's postReceive (checkAnswer in transport/answers.ts) hands a failure to the door:
			// a NodeApiError whose context carries the HTTP status and the wait a 429 asks for.
			door.answers.throwIfFailed(
				BENCH_NODE,
				{ statusCode: response.status, headers: response.headers, body: response.data },
				{ itemIndex: i },
			);
			return response.data;
		};
		const startedAt = Date.now();
		const settled = await Promise.allSettled(
			Array.from({ length: 1000 }, (_, i) =>
				door.pipeline.send({
					attempt: send(i),
					repeatable: false,
					label: `POST ${CREATE_PATH}`,
					node: BENCH_NODE,
					itemIndex: i,
					pace,
					maxWaitMs,
				}),
			),
		);
		const failed = settled.filter((r) => r.status === 'rejected').length;
		const sample = {
			ms: Date.now() - startedAt,
			nodeMs: Date.now() - startedAt,
			stoppedAt: Date.now(),
			items: 1000 - failed,
			errorItems: failed,
			requests: sandbox.requests.length,
		};
		return tally(sample, startedAt);
	};
	const complete = (r) => r.created === 1000 && r.duplicated === 0 && r.errors === 0;

	// The settings only explored run SWEEP_RUNS times each; with 0 they are skipped.
	const sweep = async (title, variants) => {
		if (!SWEEP_RUNS) return {};
		say(`  ${title}, ${SWEEP_RUNS} run(s) each:`);
		return await compare(variants, SWEEP_RUNS);
	};
	const httpTries = await sweep(
		'HTTP Request batching (items per batch / interval)',
		Object.fromEntries(
			HTTP_BATCHINGS.map((b) => [
				`${b.join(' / ')} ms`,
				limited(`r-b-http-create-1000-batch-${b.join('-')}`),
			]),
		),
	);
	// The best batching: the fastest that created all 1,000 without errors (without a sweep: the last found).
	const bestBatching = SWEEP_RUNS
		? HTTP_BATCHINGS.filter((b) => httpTries[`${b.join(' / ')} ms`].every(complete)).sort(
				(x, y) => ms(httpTries[`${x.join(' / ')} ms`]) - ms(httpTries[`${y.join(' / ')} ms`]),
			)[0]
		: HTTP_BATCHING_FOUND;
	const best = bestBatching && `${bestBatching.join(' / ')} ms`;
	const bestName = bestBatching && `r-b-http-create-1000-batch-${bestBatching.join('-')}`;
	say(`  HTTP Request batching for (c): ${best ?? 'none created all 1000 without errors'}`);

	const ourTries = await sweep("our node's settings", {
		...Object.fromEntries(
			CONCURRENCIES.map((n) => [
				`Map Automatically, Max Concurrent Requests ${n}`,
				limited(`r-a-create-1000-max${n}`),
			]),
		),
		[`${MAPPINGS.below.label}, default settings`]: limited('a-below-create-1000'),
	});
	const doorTries = await sweep(
		'the door alone, outside n8n',
		Object.fromEntries(
			DOOR_CONCURRENCIES.map((n) => [`Max Concurrent Requests ${n}`, doorAlone(n)]),
		),
	);

	say(`  the comparison, ${RUNS} runs each:`);
	const main5 = await compare({
		'(a) our node, Map Automatically, default settings (Max Concurrent Requests 10)':
			limited('a-auto-create-1000'),
		'(b) HTTP Request, Retry On Fail (3 tries, 1 s apart)': limited('r-b-http-create-1000-retry'),
		...(bestName ? { [`(c) HTTP Request, batching ${best}`]: limited(bestName) } : {}),
	});

	const line = (label, list, target = '') =>
		row(
			label,
			list.length,
			range(list.map((r) => r.created)),
			range(list.map((r) => r.duplicated)),
			range(list.map((r) => r.errors)) +
				(list.some((r) => r.error)
					? ` (${list.filter((r) => r.error).length} failed run${list.filter((r) => r.error).length > 1 ? 's' : ''})`
					: ''),
			range(list.map((r) => r.refused)),
			spread(list.map((r) => r.ms)),
			`${ratio(ms(list), floorMs)}×`,
			seconds(median(list.map((r) => r.beforeNodeMs))),
			spread(list.map((r) => r.nodeMs)),
			`${ratio(median(list.map((r) => r.nodeMs)), floorMs)}×`,
			seconds(median(list.map((r) => r.firstRequestMs))),
			seconds(median(list.map((r) => r.sendingMs))),
			`${ratio(median(list.map((r) => r.sendingMs)), floorMs)}×`,
			seconds(median(list.map((r) => r.afterMs))),
			target,
		);
	const lines5 = [
		row(
			'Variant',
			'Runs',
			'Records created',
			'Names created twice or more',
			'Errors',
			'429 answers',
			'Workflow wall time min / median / max',
			'Median ÷ floor',
			'Before the node starts (median)',
			'Node time min / median / max',
			'Median ÷ floor',
			"Node's first request after (median)",
			'Sending phase (median)',
			'Sending ÷ floor',
			'Last answer to end of run (median)',
			'Target',
		),
		row(
			'---',
			'---',
			'---',
			'---',
			'---',
			'---',
			'---',
			'---',
			'---',
			'---',
			'---',
			'---',
			'---',
			'---',
			'---',
			'---',
		),
		...Object.entries(main5).map(([label, list], i) =>
			line(label, list, i === 0 ? '1000 / 0 / 0, ≤ 1.15× floor' : ''),
		),
		...Object.entries(ourTries).map(([label, list]) => line(`(a) our node, ${label}`, list)),
		...Object.entries(doorTries).map(([label, list]) =>
			line(`the door alone (no n8n), ${label}`, list),
		),
		...Object.entries(httpTries).map(([label, list]) =>
			line(
				`HTTP Request, batching ${label}${label === best ? ' (the best: used as (c))' : ''}`,
				list,
			),
		),
	];
	return [
		`Rate-limited creates: ${RATE_LIMIT.rate} requests/s, burst ${RATE_LIMIT.burst}, floor 1,000 / ${RATE_LIMIT.rate} = ${seconds(floorMs)}`,
		lines5.join('\n'),
		true,
	];
}
