import { sleep } from 'n8n-workflow';

import { optionsField } from '../../../../nodes/shared/descriptions';
import { parseRetryAfter } from '../../../../nodes/shared/transport/retryAfter';
import { Pace, pause } from '../../../../nodes/shared/transport/pace';
import type { Request } from '../../../../nodes/shared/transport/pipeline';
import { send } from '../../../../nodes/shared/transport/pipeline';
import { DEFAULT_RUN_SETTINGS } from '../../../../nodes/shared/transport/policy';
import { nodeOfType } from '../../../harness/fixtures';
import { useVirtualClock } from '../../../harness/virtualClock';

/** A failure as the error mapper builds it from an answer: its status, and how long a 429 asks to wait. */
const failure = (httpStatus: number, retryAfterMs?: number, message = `HTTP ${httpStatus}`) =>
	Object.assign(new Error(message), {
		context: { httpStatus, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) },
	});

const node = nodeOfType('workspaceRecords');

describe('parseRetryAfter', () => {
	test.each<[string, unknown, unknown, number | undefined]>([
		['seconds', '3', undefined, 3000],
		['fractional seconds, rounded up to the millisecond', '0.25', undefined, 250],
		[
			"an HTTP date, read against the answer's own Date header",
			'Sun, 22 Nov 2026 10:00:05 GMT',
			'Sun, 22 Nov 2026 10:00:00 GMT',
			5000,
		],
		['a date in the past', 'Sun, 22 Nov 2026 09:59:00 GMT', 'Sun, 22 Nov 2026 10:00:00 GMT', 0],
		['nothing', undefined, undefined, undefined],
		['garbage', 'soon', undefined, undefined],
	])('%s', (_, value, date, expected) => {
		expect(parseRetryAfter(value, date)).toBe(expected);
	});
});

/** One request through the pipeline, with its try, pace and deadline. */
const sendOne = <T>(
	pace: Pace,
	{
		send: attempt,
		...request
	}: Omit<Request<T>, 'attempt' | 'pace' | 'maxWaitMs'> & {
		send: () => Promise<T>;
	},
	{ maxWaitMs }: { maxWaitMs: number },
) => send({ ...request, attempt, pace, maxWaitMs });

describe('Pace', () => {
	afterEach(() => jest.useRealTimers());

	test('never lets more than its Max Concurrent Requests in', async () => {
		const gate = new Pace(4);
		let inFlight = 0;
		let most = 0;
		await Promise.all(
			Array.from({ length: 20 }, async () => {
				await gate.enter();
				inFlight += 1;
				most = Math.max(most, inFlight);
				await sleep(0);
				inFlight -= 1;
				gate.leave();
				gate.succeeded();
			}),
		);
		expect(most).toBe(4);
		expect(gate.requestsPerSecond).toBeUndefined();
	});

	test('a refusal sets a pace from what was accepted, and lowers it only when the service accepted less', async () => {
		// The clock stands still unless moved, so that the half second of measuring is exact.
		jest.useFakeTimers({ now: 1_000_000 });
		const gate = new Pace(10);
		const enter = async () => {
			const entering = gate.enter();
			await jest.advanceTimersByTimeAsync(100);
			const request = (await entering)!;
			gate.leave();
			return request;
		};
		const [first, second] = [await enter(), await enter()];
		for (let i = 0; i < 20; i++) gate.succeeded();
		gate.refused(first);
		// 20 accepted in the last half second: 40 a second.
		expect(gate.requestsPerSecond).toBe(40);
		// Sent before that cut: it says nothing about the new pace.
		gate.refused(second);
		expect(gate.requestsPerSecond).toBe(40);
		// Still 40 accepted a second, as fast as the pace: a refusal earned by earlier requests.
		gate.refused(await enter());
		expect(gate.requestsPerSecond).toBeGreaterThanOrEqual(40);
		// Half a second later only 15 were accepted, 30 a second: the pace drops to 95 % of that.
		await jest.advanceTimersByTimeAsync(500);
		for (let i = 0; i < 15; i++) gate.succeeded();
		gate.refused(await enter());
		expect(gate.requestsPerSecond).toBeCloseTo(28.5, 1);
	});

	test('when the service accepts nothing, the pace falls to one request every two seconds', async () => {
		const gate = new Pace(10);
		gate.refused((await gate.enter())!);
		expect(gate.requestsPerSecond).toBe(0.5);
	});
});

/** A send that answers `answers` in turn, the last one again and again, counting its calls. */
const sequence = (answers: unknown[]) => {
	const sent = { count: 0 };
	const send = async () => {
		const answer = answers[Math.min(sent.count++, answers.length - 1)];
		if (answer instanceof Error) throw answer;
		return answer;
	};
	return { sent, send };
};

describe('send: one request through the pipeline', () => {
	// Its waits (Retry-After, backoff, pace) pass on a clock of their own, in no real time.
	const time = useVirtualClock(Date.parse('2026-11-22T09:00:00.000Z'));

	test('a 429 is retried for any method, a 5xx only for a repeatable request', async () => {
		const get = sequence([failure(429, 1), failure(503), 'done']);
		await expect(
			sendOne(
				new Pace(2),
				{ send: get.send, repeatable: true, label: 'GET /x', node },
				{ maxWaitMs: 10_000 },
			),
		).resolves.toBe('done');
		expect(get.sent.count).toBe(3);

		const create = sequence([failure(429, 1), failure(503), 'done']);
		await expect(
			sendOne(
				new Pace(2),
				{ send: create.send, repeatable: false, label: 'POST /x', node },
				{ maxWaitMs: 10_000 },
			),
		).rejects.toThrow('the write may or may not have happened (POST /x: HTTP 503)');
		expect(create.sent.count).toBe(2);
	});

	test('a dropped connection on a create is ambiguous, never resent, and says nothing of the request', async () => {
		const request = { headers: { 'x-api-key': 'wr_secret_key' } };
		const dropped = Object.assign(new Error('socket hang up'), {
			code: 'ECONNRESET',
			config: request,
			cause: { config: request },
		});
		const create = sequence([dropped]);
		const error = (await sendOne(
			new Pace(1),
			{ send: create.send, repeatable: false, label: 'POST /x', node, itemIndex: 2 },
			{ maxWaitMs: 10_000 },
		).catch((e: Error) => e)) as Error;
		expect(error.message).toBe(
			'Item 2: the write may or may not have happened (POST /x: the connection dropped)',
		);
		expect(create.sent.count).toBe(1);
		expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain('wr_secret_key');
		expect((error as { cause?: unknown }).cause).toBeUndefined();
	});

	test('a refused connection is final at once, rebuilt without the request it carried', async () => {
		const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), {
			code: 'ECONNREFUSED',
			config: { headers: { 'x-api-key': 'wr_secret_key' } },
		});
		const get = sequence([refused]);
		const error = (await sendOne(
			new Pace(1),
			{ send: get.send, repeatable: true, label: 'GET /x', node },
			{ maxWaitMs: 10_000 },
		).catch((e: Error) => e)) as Error;
		expect(error.message).toBe(
			'The service could not be reached: the connection was refused (GET /x)',
		);
		expect(get.sent.count).toBe(1);
		expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain('wr_secret_key');
	});

	test('a name that did not resolve for a moment reached nothing: retried, even for a create', async () => {
		const create = sequence([
			Object.assign(new Error('getaddrinfo EAI_AGAIN api'), { code: 'EAI_AGAIN' }),
			'created',
		]);
		await expect(
			sendOne(
				new Pace(1),
				{ send: create.send, repeatable: false, label: 'POST /x', node },
				{ maxWaitMs: 10_000 },
			),
		).resolves.toBe('created');
		expect(create.sent.count).toBe(2);
	});

	test('failures are classified by their HTTP status, never by the words of the message', async () => {
		const get = sequence([failure(400, undefined, 'Unknown attribute: callTimeout')]);
		await expect(
			sendOne(
				new Pace(1),
				{ send: get.send, repeatable: false, label: 'POST /x', node },
				{ maxWaitMs: 10_000 },
			),
		).rejects.toThrow('Unknown attribute: callTimeout');
		expect(get.sent.count).toBe(1);
	});

	test('other failures (a 400, a 404) are final at once', async () => {
		const get = sequence([failure(404)]);
		await expect(
			sendOne(
				new Pace(1),
				{ send: get.send, repeatable: true, label: 'GET /x', node },
				{ maxWaitMs: 10_000 },
			),
		).rejects.toThrow('HTTP 404');
		expect(get.sent.count).toBe(1);
	});

	test('it gives up once the wait would pass the deadline, saying how often and how long', async () => {
		const get = sequence([failure(503)]);
		await expect(
			sendOne(
				new Pace(1),
				{ send: get.send, repeatable: true, label: 'GET /x', node },
				{ maxWaitMs: 2_000 },
			),
		).rejects.toThrow(/^HTTP 503 — gave up after [34] attempts over [12] s \(GET \/x\)$/);
		expect(get.sent.count).toBeGreaterThanOrEqual(2);
	});

	test('the pace the service set counts against the deadline too', async () => {
		// After a 429 that accepted nothing the pace is one request every two seconds: a retry
		// that could only start after the deadline is not waited for.
		const get = sequence([failure(429, 40)]);
		const started = time.now();
		await expect(
			sendOne(
				new Pace(1),
				{ send: get.send, repeatable: true, label: 'GET /x', node },
				{ maxWaitMs: 100 },
			),
		).rejects.toThrow(/^HTTP 429 — gave up after 1 attempt over [01] s \(GET \/x\)$/);
		expect(time.now() - started).toBeLessThan(1_000);
	});

	test("a failure says why, as n8n's poll backoff reads it: a 429 with the wait asked, a drop or a 5xx as a passing outage", async () => {
		const failureOf = async (answer: Error, repeatable = true) =>
			(
				(await sendOne(
					new Pace(1),
					{ send: sequence([answer]).send, repeatable, label: 'POST /x', node },
					{ maxWaitMs: 100 },
				).catch((e: Error) => e)) as { failure?: unknown }
			).failure;
		expect(await failureOf(failure(429, 60_000))).toEqual({
			cause: 'rate-limited',
			retryAfterMs: 60_000,
		});
		expect(await failureOf(failure(429))).toEqual({ cause: 'rate-limited' });
		expect(await failureOf(failure(503))).toEqual({ cause: 'temporarily-unavailable' });
		const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
		expect(await failureOf(refused)).toEqual({ cause: 'temporarily-unavailable' });
		// A refusal that is the request's own fault, and a write whose outcome is unknown, declare nothing.
		expect(await failureOf(failure(400))).toBeUndefined();
		expect(await failureOf(failure(503), false)).toBeUndefined();
	});

	test('Retry-After: 0 on every answer still backs off, and the deadline ends it', async () => {
		const get = sequence([failure(429, 0)]);
		const started = time.now();
		await expect(
			sendOne(
				new Pace(1),
				{ send: get.send, repeatable: true, label: 'GET /x', node },
				{ maxWaitMs: 1500 },
			),
		).rejects.toThrow(/gave up after \d+ attempts?/);
		// Backing off from half a second up, a second and a half holds a few attempts, not hundreds.
		expect(get.sent.count).toBeGreaterThanOrEqual(1);
		expect(get.sent.count).toBeLessThan(4);
		expect(time.now() - started).toBeLessThan(1500);
	});
});

// Cancelling is n8n's, in real time: a wait that passed in no time could not be cut short.
test('cancelling the execution ends the wait at once', async () => {
	const get = sequence([failure(429, 60_000)]);
	const cancel = new AbortController();
	const started = Date.now();
	const pending = sendOne(
		new Pace(1),
		{ send: get.send, repeatable: true, label: 'GET /x', node, signal: cancel.signal },
		{ maxWaitMs: 120_000 },
	);
	await sleep(50);
	cancel.abort();
	await expect(pending).rejects.toThrow(
		'The execution was cancelled while GET /x waited to be retried',
	);
	expect(Date.now() - started).toBeLessThan(5_000);
});

test('a cancelled wait leaves no timer behind longer than a second, however long it was to be', async () => {
	jest.useFakeTimers();
	try {
		const cancel = new AbortController();
		const waiting = pause(3_600_000, cancel.signal);
		cancel.abort();
		await waiting;
		// n8n's sleep cannot be cleared: one slice of a second at most is left to run out.
		expect(jest.getTimerCount()).toBeLessThanOrEqual(1);
		jest.advanceTimersByTime(1_000);
		await Promise.resolve();
		expect(jest.getTimerCount()).toBe(0);
	} finally {
		jest.useRealTimers();
	}
});

test('the defaults shown under Options are the ones the door uses', () => {
	const shown = Object.fromEntries(
		(optionsField.options ?? []).map((o) => [
			'name' in o ? o.name : '',
			'default' in o ? o.default : undefined,
		]),
	);
	expect(shown).toEqual({
		maxConcurrency: DEFAULT_RUN_SETTINGS.maxConcurrency,
		maxWaitSeconds: DEFAULT_RUN_SETTINGS.maxWaitMs / 1000,
	});
});
