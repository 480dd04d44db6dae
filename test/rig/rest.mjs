// The one client of n8n's own REST API, for the few calls the editor makes that the suites
// need: readiness, the owner account, saving a workflow, a manual run from a trigger,
// activating a workflow, and reading back its executions.
import { createRequire } from 'node:module';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class N8nRest {
	/** `exited()`: the server's exit code or signal, null while it runs (a dead server is not waited for). */
	constructor(base, { runtime, exited = () => null } = {}) {
		this.base = base;
		this.runtime = runtime;
		this.exited = exited;
		this.cookie = '';
	}

	async call(method, path, body) {
		const response = await fetch(`${this.base}${path}`, {
			method,
			headers: {
				'content-type': 'application/json',
				'browser-id': 'workspace-records-tests',
				cookie: this.cookie,
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const setCookie = response.headers.get('set-cookie');
		if (setCookie) this.cookie = setCookie.split(';')[0];
		const text = await response.text();
		if (!response.ok)
			throw new Error(`${method} ${path}: HTTP ${response.status} ${text.slice(0, 300)}`);
		try {
			return text ? JSON.parse(text) : {};
		} catch {
			throw new Error(`${method} ${path}: the answer is not JSON: ${text.slice(0, 300)}`);
		}
	}

	/**
	 * /healthz answers before the REST routes exist; the settings route means they do, once it
	 * answers JSON (while starting up, n8n answers every route with "n8n is starting up").
	 */
	async ready() {
		const settings = () =>
			fetch(`${this.base}/rest/settings`).then(
				async (r) => r.ok && (await r.text()).trimStart().startsWith('{'),
				() => false,
			);
		for (let waited = 0; waited < 180_000; waited += 500) {
			if (this.exited() !== null)
				throw new Error(`n8n exited with ${this.exited()} before it answered`);
			if (await settings()) return;
			await sleep(500);
		}
		throw new Error('n8n did not answer within 3 minutes');
	}

	/** n8n registers its REST routes one by one; under load the owner route can come last. */
	async setUpOwner(owner) {
		for (let attempt = 0; ; attempt++) {
			try {
				return await this.call('POST', '/rest/owner/setup', owner);
			} catch (error) {
				if (!/HTTP 404|n8n is starting up/.test(error.message) || attempt >= 120) throw error;
				await sleep(500);
			}
		}
	}

	/** A workflow saved for the owner; returns its id. */
	async createWorkflow(workflow) {
		const { data } = await this.call('POST', '/rest/workflows', workflow);
		return data.id;
	}

	/**
	 * Activates (2.x: publishes) a saved workflow, as the editor's toggle does: its triggers
	 * start, a polling trigger polls once then and at its poll times after. Same call in 1.x
	 * and 2.x; but 2.x answers before the triggers start (it publishes through an outbox).
	 * With `untilStaticData`, waits until n8n has saved the workflow's static data, which it does
	 * once the triggers started (after the first poll): a polling trigger that keeps its
	 * position there has it by then.
	 */
	async activate(workflowId, { untilStaticData = false, timeoutMs = 60_000 } = {}) {
		const { data: workflow } = await this.call('GET', `/rest/workflows/${workflowId}`);
		await this.call('POST', `/rest/workflows/${workflowId}/activate`, {
			versionId: workflow.versionId,
		});
		for (let waited = 0; untilStaticData; waited += 250) {
			const { data } = await this.call('GET', `/rest/workflows/${workflowId}`);
			if (data.staticData && Object.keys(data.staticData).length) return;
			if (waited > timeoutMs)
				throw new Error(
					`workflow ${workflowId}: no static data ${timeoutMs / 1000} s after activation`,
				);
			await sleep(250);
		}
	}

	/**
	 * Why n8n could not activate a workflow, if it could not: 1.x's activation error (the editor's
	 * "Problem activating"); 2.x publishes through a queue and records a trigger's refusal in the
	 * workflow's publication status instead (the editor's "Workflow could not be activated").
	 */
	async activationError(workflowId) {
		const { data } = await this.call('GET', `/rest/active-workflows/error/${workflowId}`);
		const error = data?.error ?? data?.message ?? (typeof data === 'string' ? data : undefined);
		if (error) return error;
		const publication = await this.call('GET', `/rest/workflows/${workflowId}/publication-status`)
			.then(({ data: status }) => status)
			.catch(() => undefined);
		if (publication?.status !== 'failed') return undefined;
		return publication.triggers?.find((trigger) => trigger.errorMessage)?.errorMessage;
	}

	async deactivate(workflowId) {
		await this.call('POST', `/rest/workflows/${workflowId}/deactivate`, {});
	}

	/**
	 * The executions of a workflow, newest first: id, status, mode, startedAt, stoppedAt (no
	 * run data). In pages of 100, the most n8n 2.41 answers at once, each before the last id.
	 */
	async executions(workflowId) {
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		const all = [];
		for (;;) {
			const before = all.length ? `&lastId=${all[all.length - 1].id}` : '';
			const { data } = await this.call(
				'GET',
				`/rest/executions?filter=${filter}&limit=100${before}`,
			);
			all.push(...data.results);
			if (data.results.length < 100) return all;
		}
	}

	/** The run data of an execution (n8n stores it "flatted"), or undefined while it is not stored yet. */
	async runData(executionId) {
		const flatted = createRequire(this.runtime.n8nBin)('flatted');
		const { data: execution } = await this.call('GET', `/rest/executions/${executionId}`);
		return execution?.data ? flatted.parse(execution.data)?.resultData : undefined;
	}

	/**
	 * A manual run from the trigger, as the editor's "Execute workflow" (from a Manual Trigger)
	 * or "Fetch Test Event" (from a poll trigger) starts it; its id.
	 */
	async startManualRun(workflowId, triggerName) {
		const { data: workflowData } = await this.call('GET', `/rest/workflows/${workflowId}`);
		const { data } = await this.call('POST', `/rest/workflows/${workflowId}/run`, {
			workflowData,
			triggerToStartFrom: { name: triggerName },
		});
		return data.executionId;
	}

	/**
	 * The run data (resultData) of an execution once it has ended, read back as stored; throws
	 * if it has not ended within `timeoutMs`.
	 */
	async finishedRun(executionId, { timeoutMs = 30_000 } = {}) {
		// n8n stores executions "flatted"; n8n's own copy of the library reads them back.
		const flatted = createRequire(this.runtime.n8nBin)('flatted');
		for (const startedAt = Date.now(); Date.now() - startedAt < timeoutMs; await sleep(250)) {
			const { data: execution } = await this.call('GET', `/rest/executions/${executionId}`);
			const done =
				execution?.finished || ['success', 'error', 'crashed'].includes(execution?.status);
			// n8n 1.x can mark the execution finished a moment before its run data is stored.
			const run = done ? flatted.parse(execution.data) : undefined;
			if (run?.resultData) return run.resultData;
		}
		throw new Error(`execution ${executionId} did not end within ${timeoutMs / 1000} s`);
	}

	/**
	 * A manual run from the trigger, as "Fetch Test Event" in the editor: the trigger's items,
	 * read back from the stored execution.
	 */
	async runFromTrigger(workflowId, triggerName) {
		const resultData = await this.finishedRun(await this.startManualRun(workflowId, triggerName));
		const task = resultData.runData[triggerName]?.[0];
		if (task?.error || resultData.error) throw new Error((task?.error ?? resultData.error).message);
		return task?.data?.main?.[0] ?? [];
	}
}
