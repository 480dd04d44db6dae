// The one request door (nodes/shared/transport: routing.ts, pipeline.ts, pace.ts), through n8n-core's real
// routing engine, against the sandbox's token-bucket limiter and its faults.
import { WorkspaceRecords } from '../../../../nodes/WorkspaceRecords/WorkspaceRecords.node';
import { ADA_RECORD, byId, PEOPLE } from '../../../harness/fixtures';
import { restartMemory } from '../../../harness/memory';
import type { RunOptions } from '../../../harness/runNode';
import { runNode } from '../../../harness/runNode';
import { useSandbox } from '../../../harness/sandbox';
import { useVirtualClock } from '../../../harness/virtualClock';

// One virtual clock for the nodes and the sandbox: the door's waits (pace, Retry-After, backoff),
// the sandbox's token bucket, its delays and its log's times all pass on it, in no real time.
// It stands still while a request is on its way, so an answer takes no time on it, however busy
// the machine: what a test reads of the times is the door's doing alone.
const time = useVirtualClock(Date.parse('2026-11-22T08:00:00.000Z'));
const env = useSandbox({ clock: time.now, sleep: time.sleep });
const nodeType = new WorkspaceRecords();
const run = (parameters: object, options: Partial<RunOptions> = {}) =>
	runNode({
		nodeType,
		parameters: { resource: 'record', ...parameters },
		credentials: env.credentials,
		...options,
	});

/** Each item's name as the record, through Use JSON Instead (no schema read). */
const NAME_AS_JSON = {
	useJson: true,
	attributesJson: '={{ JSON.stringify({ name: $json.name }) }}',
};

const createPeople = (count: number, options: Partial<RunOptions> = {}) =>
	run(
		{
			operation: 'create',
			collectionId: byId(PEOPLE),
			...NAME_AS_JSON,
		},
		{ items: Array.from({ length: count }, (_, i) => ({ name: `Imported ${i}` })), ...options },
	);

/** How often each imported name exists in the sandbox. */
function importedCounts(): Map<string, number> {
	const counts = new Map<string, number>();
	for (const record of env.sandbox.state.records.get(PEOPLE)!.values()) {
		const name = String(record.name);
		if (name.startsWith('Imported ')) counts.set(name, (counts.get(name) ?? 0) + 1);
	}
	return counts;
}

const creates = () =>
	env.sandbox.requests.filter(
		(r) => r.method === 'POST' && r.path === `/api/v1/collection-records/${PEOPLE}`,
	);

// Many requests at once against a token bucket: the door paces and the sandbox refills on one
// virtual clock, so a minute of pacing takes no real time.
describe('paced, on a virtual clock', () => {
	test('50 creates against 10 requests/s with default settings: 50 records, no error, no duplicate', async () => {
		env.sandbox.rateLimit({ rate: 10, burst: 5 });
		const { items, error } = await createPeople(50);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(50);
		expect(items.every((item) => !item.error)).toBe(true);
		const counts = importedCounts();
		expect(counts.size).toBe(50);
		expect([...counts.values()].every((count) => count === 1)).toBe(true);
		// Every refused request was refused before the work: 50 succeeded, the rest were 429s.
		expect(creates().filter((r) => r.status === 200)).toHaveLength(50);
		expect(creates().filter((r) => r.status !== 200 && r.status !== 429)).toHaveLength(0);
	});

	test('Retry-After is honoured: a refused request is not sent again before the time asked', async () => {
		env.sandbox.rateLimit({ rate: 2, burst: 1 });
		await createPeople(6);
		const requests = creates();
		const refused = requests.filter((r) => r.status === 429);
		expect(refused.length).toBeGreaterThan(0);
		for (const refusal of refused) {
			// The limiter answers "Retry-After: 1": the same item comes again a second later at the
			// earliest (timers may round 1 ms down).
			const again = requests.find(
				(r) => r.at >= refusal.at && r !== refusal && r.body?.name === refusal.body?.name,
			);
			expect(again!.at - refusal.doneAt!).toBeGreaterThanOrEqual(999);
		}
		expect(importedCounts().size).toBe(6);
	});

	test('a service that accepts one request a second is not stormed: the pace falls to what it accepts', async () => {
		env.sandbox.rateLimit({ rate: 1, burst: 1 });
		await createPeople(6);
		const requests = creates();
		// Six records need about six (virtual) seconds here. Unpaced, ten items would each try again every
		// second (about fifty refusals); paced, the refusals are a handful.
		expect(requests.filter((r) => r.status === 429).length).toBeLessThan(15);
		expect(importedCounts().size).toBe(6);
		expect([...importedCounts().values()].every((count) => count === 1)).toBe(true);
	});

	test('a 429 as an HTTP date, and a 429 without the header, are waited out too', async () => {
		env.sandbox.rateLimit({ rate: 5, burst: 1, retryAfter: 'date' });
		expect((await createPeople(3)).error).toBeUndefined();
		env.sandbox.reset();
		env.sandbox.rateLimit({ rate: 5, burst: 1, retryAfter: 'none' });
		expect((await createPeople(3)).error).toBeUndefined();
		expect(importedCounts().size).toBe(3);
	});
});

// How densely requests start, on the clock that stands still while answers travel: the starts'
// times are the door's alone, not the machine's speed.
test('a 429 slows the node down for all its items: after it, requests start at a pace', async () => {
	env.sandbox.rateLimit({ rate: 20, burst: 5 });
	await createPeople(60);
	const requests = creates();
	const firstRefusal = requests.find((r) => r.status === 429)!;
	// Before it, 10 at once (Max Concurrent Requests). A second after it (for the pace to learn
	// from the refusals of those already sent), never 10 within 100 ms again.
	expect(requests.filter((r) => r.at <= firstRefusal.at).length).toBeGreaterThanOrEqual(10);
	const later = requests.filter((r) => r.at > firstRefusal.doneAt! + 1000).map((r) => r.at);
	expect(later.length).toBeGreaterThan(10);
	const densest = Math.max(
		...later.map((at) => later.filter((other) => other >= at && other < at + 100).length),
	);
	expect(densest).toBeLessThan(10);
	// 60 records from far fewer than 60 refusals: the pace follows what the service accepts.
	expect(requests.filter((r) => r.status === 429).length).toBeLessThan(30);
	expect(importedCounts().size).toBe(60);
});

test('a 5xx on a create is one error item, not retried, saying the create may have happened', async () => {
	env.sandbox.addFault({
		method: 'POST',
		path: `/api/v1/collection-records/${PEOPLE}`,
		kind: 'server-error',
		afterHandling: true,
	});
	const { items } = await createPeople(3, { continueOnFail: true });
	expect(creates()).toHaveLength(3);
	const errors = items.filter((item) => item.error);
	expect(errors).toHaveLength(1);
	expect(errors[0].error?.message).toMatch(
		/^Item \d: the write may or may not have happened \(POST \/api\/v1\/collection-records\/a0+1: The service failed \(HTTP 500\)/,
	);
	expect(items.filter((item) => !item.error)).toHaveLength(2);
	// It did happen here: nothing was created twice.
	expect([...importedCounts().values()]).toEqual([1, 1, 1]);
});

test('a dropped connection on a create is not retried either', async () => {
	env.sandbox.addFault({
		method: 'POST',
		path: `/api/v1/collection-records/${PEOPLE}`,
		kind: 'reset',
		afterHandling: true,
	});
	const { error } = await createPeople(1);
	expect(creates()).toHaveLength(1);
	expect(error?.message).toMatch(/^Item 0: the write may or may not have happened/);
	expect(importedCounts().size).toBe(1);
});

test('a 5xx, then success, on a GET: retried, one item', async () => {
	env.sandbox.addFault({ method: 'GET', kind: 'server-error' });
	const { items, error } = await run({
		operation: 'get',
		collectionId: byId(PEOPLE),
		recordId: byId(ADA_RECORD),
	});
	expect(error).toBeUndefined();
	expect(env.sandbox.requests.map((r) => r.status)).toEqual([500, 200]);
	expect(items.map((i) => i.json._id)).toEqual([ADA_RECORD]);
});

test('a dropped connection on a GET is retried', async () => {
	env.sandbox.addFault({ method: 'GET', kind: 'reset' });
	const { items } = await run({
		operation: 'get',
		collectionId: byId(PEOPLE),
		recordId: byId(ADA_RECORD),
	});
	expect(env.sandbox.requests.map((r) => r.status)).toEqual(['reset', 200]);
	expect(items).toHaveLength(1);
});

// One request at a time: its waits pass on a virtual clock, the sandbox's log's times too.
describe('on a virtual clock', () => {
	test('a 429 on page 3 of Return All: every record, once', async () => {
		env.sandbox.reset({ people: 250 });
		env.sandbox.addFault({
			path: `/api/v1/collection-records/${PEOPLE}/query`,
			kind: 'rate-limit',
			retryAfter: 1,
			skip: 2,
		});
		const { items, error } = await run({
			operation: 'getAll',
			collectionId: byId(PEOPLE),
			returnAll: true,
		});
		expect(error).toBeUndefined();
		expect(env.sandbox.requests.map((r) => [r.body?.offset, r.status])).toEqual([
			[0, 200],
			[100, 200],
			[200, 429],
			[200, 200],
		]);
		expect(items).toHaveLength(250);
		expect(new Set(items.map((i) => i.json._id)).size).toBe(250);
	});

	test('a 429 that never ends gives up after Give Up After, saying how often and how long', async () => {
		env.sandbox.addFault({ kind: 'rate-limit', retryAfter: 1, times: 100 });
		const { error } = await run({
			operation: 'get',
			collectionId: byId(PEOPLE),
			recordId: byId(ADA_RECORD),
			options: { maxWaitSeconds: 2 },
		});
		// Retry-After 1 s, and a pace of one request every two seconds once the service accepted
		// nothing: the second attempt could not start within the two seconds.
		expect(error?.message).toMatch(
			/gave up after [12] attempts? over [12] s \(GET \/api\/v1\/collection-records\/a0+1\/f0+1\)$/,
		);
		expect(error?.description).toMatch(/Max Concurrent Requests/);
		expect(env.sandbox.requests.length).toBeLessThanOrEqual(2);
		const last = env.sandbox.requests.at(-1)!;
		expect(last.at - env.sandbox.requests[0].at).toBeLessThanOrEqual(2_000);
	});
});

/** The most requests the sandbox was serving at one time. */
function mostAtOnce(): number {
	const events = env.sandbox.requests.flatMap((r) => [
		[r.at, 1],
		[r.doneAt ?? r.at, -1],
	]);
	events.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
	let current = 0;
	let most = 0;
	for (const [, change] of events) most = Math.max(most, (current += change));
	return most;
}

test.each([
	['the default', {}, 10],
	['a chosen limit', { maxConcurrency: 3 }, 3],
])('Max Concurrent Requests bounds the requests in flight: %s', async (_, options, limit) => {
	// Each create is held 40 ms on the clock, which moves only once every request the door let
	// out has arrived: all it lets out at once are in the sandbox together, however slow the machine.
	env.sandbox.addFault({ method: 'POST', delayMs: 40, times: 40 });
	const { items } = await run(
		{
			operation: 'create',
			collectionId: byId(PEOPLE),
			...NAME_AS_JSON,
			options,
		},
		{ items: Array.from({ length: 40 }, (_, i) => ({ name: `Imported ${i}` })) },
	);
	expect(items).toHaveLength(40);
	expect(mostAtOnce()).toBe(limit);
});

/** The fifth create is refused (a 400, nothing done): n8n's Retry On Fail then reruns the node. */
const refuseFifthCreate = () =>
	env.sandbox.addFault({
		method: 'POST',
		path: `/api/v1/collection-records/${PEOPLE}`,
		kind: 'status',
		statusCode: 400,
		body: { status: false, message: 'Try again' },
		skip: 4,
	});

test('Retry On Fail does not send again a write that succeeded in this execution', async () => {
	// One create is rejected (a 400, nothing done); n8n then runs the node again for every item.
	refuseFifthCreate();
	const { items, error } = await createPeople(20, {
		settings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 1 },
	});
	expect(error).toBeUndefined();
	expect(items).toHaveLength(20);
	const counts = importedCounts();
	expect(counts.size).toBe(20);
	expect([...counts.values()].every((count) => count === 1)).toBe(true);
	// 20 in the first run (one rejected), then only the rejected one again.
	expect(creates()).toHaveLength(21);
});

test('Retry On Fail does not send again a write whose outcome is unknown: the item fails again, saying so', async () => {
	// The service creates the record, then answers 500: the node cannot tell it happened.
	env.sandbox.addFault({
		method: 'POST',
		path: `/api/v1/collection-records/${PEOPLE}`,
		kind: 'server-error',
		afterHandling: true,
		skip: 4,
	});
	const { items, error } = await createPeople(20, {
		settings: { retryOnFail: true, maxTries: 3, waitBetweenTries: 1 },
		continueOnFail: false,
	});
	expect(error?.message).toBe(
		`Item 4: the write may or may not have happened (POST /api/v1/collection-records/${PEOPLE}: The service failed (HTTP 500): Internal server error; an earlier try of this item, not sent again)`,
	);
	expect(error?.description).toMatch(/Check in the workspace whether it exists/);
	expect(items).toHaveLength(0);
	// Three runs of the node, twenty creates sent once each: no duplicate.
	expect(creates()).toHaveLength(20);
	expect(importedCounts().size).toBe(20);
	expect([...importedCounts().values()].every((count) => count === 1)).toBe(true);
});

describe('Retry On Fail when the memory of writes is too small to keep the answers', () => {
	afterEach(() => restartMemory());

	test('a write whose answer was let go is not sent again: its item says so', async () => {
		// Room for the bookkeeping of 20 writes, not for their answers.
		restartMemory(20 * 200 + 100);
		refuseFifthCreate();
		const { items, error } = await createPeople(20, {
			settings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 1 },
			continueOnFail: false,
		});
		expect(error?.message).toMatch(
			/not sent again .*: it was done before, and its answer is no longer held/,
		);
		expect(items).toHaveLength(0);
		// The second run sent only the create that was refused: none twice.
		expect(creates()).toHaveLength(21);
		expect([...importedCounts().values()].every((count) => count === 1)).toBe(true);
	});

	test('a run whose writes outgrew the memory sends none of them again', async () => {
		// Room for five writes: the first fifteen are let go whole, and the run is marked.
		restartMemory(5 * 200);
		refuseFifthCreate();
		const { error } = await createPeople(20, {
			settings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 1 },
			continueOnFail: false,
		});
		expect(error?.message).toMatch(/not sent again .*: this run's writes outgrew the memory/);
		expect(creates()).toHaveLength(20);
		expect([...importedCounts().values()].every((count) => count === 1)).toBe(true);
	});
});
