// What the e2e suite's kinds of run (this folder) share: the one reporter and how a case is
// reported, the example workflows, the requests a case expects, waiting for n8n, and what a
// case may do to the n8n it runs in (n8nControls) and read back from it (executionsOf).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';

import { outputTail, root } from '../../rig/n8n.mjs';
import { createReporter } from '../../rig/reporter.mjs';
import { sandboxHeaders } from '../../rig/sandbox.mjs';

export const reporter = createReporter();

/**
 * How one check of one case went: a line (what `check()` returns noted under it), and true
 * or false. A failure also shows the tail of what n8n itself printed (`output`: { code,
 * stdout, stderr } or a function that reads it), because "requests differ: got []" alone
 * hides why n8n sent nothing.
 */
export function report(version, testCase, started, output, check) {
	const title = `n8n ${version}  ${testCase.file} (${((Date.now() - started) / 1000).toFixed(1)}s)`;
	try {
		return reporter.pass(title, check());
	} catch (error) {
		const said = typeof output === 'function' ? output() : output;
		const exit =
			said?.code === undefined || said.code === 0 ? '' : ` (n8n exited with ${said.code})`;
		return reporter.fail(
			title,
			`${error.message}\n  n8n's output${exit}:\n${outputTail(said ?? {})}`,
		);
	}
}

export const readExample = (file) =>
	JSON.parse(readFileSync(join(root, 'examples', `${file}.json`), 'utf8'));

/**
 * A manual case's start: its sandbox emptied (and `elsewhere`, another origin, when the case
 * has one), the case's `setup`, the clock started, its example workflow read.
 */
export function startCase(testCase, sandbox, elsewhere) {
	sandbox.reset();
	elsewhere?.reset();
	testCase.setup?.(sandbox, elsewhere);
	return { started: Date.now(), workflow: readExample(testCase.file) };
}

/** Stops a run still going: it must not send its requests into the next case's sandbox. */
export const stopExecution = (rest, executionId) =>
	rest.call('POST', `/rest/executions/${executionId}/stop`).catch(() => {});

/** The headers of the records credential (docs/api.md), unless a case names others. */
const headersOf = (testCase, config) => testCase.headers ?? sandboxHeaders(config);

export function checkRequests(testCase, requests, config) {
	// A case with many items states what must hold of its requests instead of listing them.
	if (typeof testCase.requests === 'function') return testCase.requests(requests);
	const seen = requests.map((r) => [r.method, r.path, ...(r.body === undefined ? [] : [r.body])]);
	const wanted = testCase.requests.map(([method, path, body]) =>
		body === undefined ? [method, path] : [method, path, body],
	);
	// A wanted request without a body matches on method and path alone.
	const matches = (got, want) => isDeepStrictEqual(want.length === 2 ? got.slice(0, 2) : got, want);
	// The items of one run are sent at once: their requests may come in any order.
	const unmatched = [...seen];
	const same =
		testCase.items > 1
			? wanted.every((want) => {
					const at = unmatched.findIndex((got) => matches(got, want));
					if (at === -1) return false;
					unmatched.splice(at, 1);
					return true;
				}) && unmatched.length === 0
			: seen.length === wanted.length && wanted.every((want, i) => matches(seen[i], want));
	if (!same) {
		throw new Error(
			`requests differ:\n  got      ${JSON.stringify(seen)}\n  expected ${JSON.stringify(wanted)}`,
		);
	}
	const headers = headersOf(testCase, config);
	for (const request of requests) {
		for (const [name, value] of Object.entries(headers)) {
			if (request.headers[name] !== value)
				throw new Error(
					`${request.method} ${request.path}: header ${name} is ${request.headers[name]}`,
				);
		}
	}
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `read()` every `everyMs` until `done(what it read)` or `timeoutMs` have passed: the last
 * thing read, which the caller judges.
 */
export async function until(read, done, { timeoutMs, everyMs }) {
	const deadlineAt = Date.now() + timeoutMs;
	for (;;) {
		const value = await read();
		if (done(value) || Date.now() > deadlineAt) return value;
		await sleep(everyMs);
	}
}

/** Until n8n holds the execution waiting (its status `waiting`), at most 30 s. */
export async function untilWaiting(rest, executionId) {
	for (const startedAt = Date.now(); Date.now() - startedAt < 30_000; await sleep(250)) {
		const { data: execution } = await rest.call('GET', `/rest/executions/${executionId}`);
		if (execution?.status === 'waiting') return;
		if (['success', 'error', 'crashed'].includes(execution?.status))
			throw new Error(`execution ${executionId} ended (${execution.status}) without waiting`);
	}
	throw new Error(`execution ${executionId} was not waiting within 30 s`);
}

/**
 * What an active or webhook case's `during` may do to the n8n it runs in, besides what the
 * sandbox does: restart it (the same server and user folder; a webhook trigger's `url`: until
 * it listens again); run SQL on its database from another process (sqliteOf in the rig: to
 * make its writes fail, say); read the workflow's static data as n8n saved it, and n8n's
 * memory; wait until `count` executions of the workflow have ended (their runs, as `check`
 * gets them).
 */
export function n8nControls(n8n, workflow, readRuns, { url } = {}) {
	return {
		async restart() {
			await n8n.restart();
			if (url) await untilWebhookListens(url);
		},
		sqlite: (sql, params) => n8n.sqlite(sql, params),
		async staticData() {
			const { data } = await n8n.rest.call('GET', `/rest/workflows/${workflow.id}`);
			return data.staticData ?? {};
		},
		rss: () => n8n.rss(),
		/** The workflow's executions that have ended so far, oldest first. */
		runs: () => readRuns(),
		async untilExecutions(count, { timeoutMs = 30_000 } = {}) {
			const runs = await until(readRuns, (runs) => runs.length >= count, {
				timeoutMs,
				everyMs: 250,
			});
			if (runs.length >= count) return runs;
			throw new Error(`${runs.length} executions ended within ${timeoutMs / 1000} s, not ${count}`);
		},
	};
}

/**
 * n8n 2.x activates through an outbox: the URL answers 404 for a moment. A request without
 * the secret header tells when it listens: the trigger refuses it (401), or acknowledges it
 * when it chose no incoming message (2xx); either way it starts nothing.
 */
export async function untilWebhookListens(url) {
	for (let waited = 0; ; waited += 250) {
		const response = await fetch(url, { method: 'POST', body: '{}' });
		await response.text();
		if (response.status !== 404) {
			if (response.status !== 401 && response.status !== 200)
				throw new Error(
					`${url} answered ${response.status} to a request without the secret header`,
				);
			return;
		}
		if (waited > 60_000) throw new Error(`${url} still answers 404 a minute after activation`);
		await sleep(250);
	}
}

/**
 * A reader of a workflow's finished executions; each one's run data is fetched once. With
 * `thenName`, each run also has `then`: that node's output items (json) and its error.
 */
export function executionsOf(rest, workflowId, triggerName, thenName) {
	const finished = new Map();
	return async () => {
		for (const execution of await rest.executions(workflowId)) {
			if (finished.has(execution.id) || ['new', 'running', 'waiting'].includes(execution.status))
				continue;
			const resultData = await rest.runData(execution.id);
			if (!resultData) continue;
			const outputOf = (name) => resultData.runData?.[name]?.[0]?.data?.main?.[0] ?? [];
			const items = outputOf(triggerName);
			const thenTask = thenName && resultData.runData?.[thenName]?.[0];
			finished.set(execution.id, {
				id: execution.id,
				status: execution.status,
				startedAt: Date.parse(execution.startedAt),
				items: items.map((i) => i.json),
				// Binary data as n8n keeps it in the run: where it is and what it is, not its bytes.
				binaries: items.map((i) => i.binary),
				error: resultData.error?.message,
				...(thenName
					? {
							then: {
								items: outputOf(thenName).map((i) => i.json),
								error: thenTask?.error?.message,
							},
						}
					: {}),
			});
		}
		return [...finished.values()].sort((a, b) => a.startedAt - b.startedAt);
	};
}

/**
 * Activates a workflow that must be refused: what the user is shown. n8n refuses the
 * activation (the editor's "Problem activating", with the node's message), or records why (2.x:
 * in the workflow's publication status, once its tries are over), or at least logs it.
 */
export async function activationRefusal(n8n, workflow) {
	let refusal = await n8n.rest.activate(workflow.id).then(
		() => undefined,
		(error) => error.message,
	);
	for (let tries = 0; !refusal && tries < 160; tries++) {
		refusal =
			(await n8n.rest.activationError(workflow.id)) ??
			n8n
				.output()
				.stdout.split('\n')
				.find((line) => line.includes('problem activating the workflow'));
		if (!refusal) await sleep(250);
	}
	return refusal;
}
