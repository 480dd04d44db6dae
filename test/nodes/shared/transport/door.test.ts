import { sleep } from 'n8n-workflow';

import { DEFAULT_DOOR_OPTIONS, sendWithRetries } from '../../../../nodes/shared/transport/door';
import { parseRetryAfter } from '../../../../nodes/shared/transport/errors';
import { Gate } from '../../../../nodes/shared/transport/gate';
import { requestHandlingField } from '../../../../nodes/shared/transport/routing';
import { WriteMemory } from '../../../../nodes/shared/transport/writeMemory';

const failure = (httpCode: string, retryAfterMs?: number) =>
	Object.assign(new Error(`HTTP ${httpCode}`), { httpCode, context: retryAfterMs === undefined ? {} : { retryAfterMs } });

describe('parseRetryAfter', () => {
	test.each<[string, unknown, unknown, number | undefined]>([
		['seconds', '3', undefined, 3000],
		['fractional seconds, rounded up to the millisecond', '0.25', undefined, 250],
		['an HTTP date, read against the answer\'s own Date header', 'Sun, 22 Nov 2026 10:00:05 GMT', 'Sun, 22 Nov 2026 10:00:00 GMT', 5000],
		['a date in the past', 'Sun, 22 Nov 2026 09:59:00 GMT', 'Sun, 22 Nov 2026 10:00:00 GMT', 0],
		['nothing', undefined, undefined, undefined],
		['garbage', 'soon', undefined, undefined],
	])('%s', (_, value, date, expected) => {
		expect(parseRetryAfter(value, date)).toBe(expected);
	});
});

describe('Gate', () => {
	afterEach(() => jest.useRealTimers());

	test('never lets more than its Max Concurrent Requests in', async () => {
		const gate = new Gate(4);
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
		expect(gate.pace).toBeUndefined();
	});

	test('a refusal sets a pace from what was accepted, and lowers it only when the service accepted less', async () => {
		// The clock stands still unless moved, so that the half second of measuring is exact.
		jest.useFakeTimers({ now: 1_000_000 });
		const gate = new Gate(10);
		const enter = async () => {
			const entering = gate.enter();
			await jest.advanceTimersByTimeAsync(100);
			const request = await entering;
			gate.leave();
			return request;
		};
		const [first, second] = [await enter(), await enter()];
		for (let i = 0; i < 20; i++) gate.succeeded();
		gate.refused(first);
		// 20 accepted in the last half second: 40 a second.
		expect(gate.pace).toBe(40);
		// Sent before that cut: it says nothing about the new pace.
		gate.refused(second);
		expect(gate.pace).toBe(40);
		// Still 40 accepted a second, as fast as the pace: a refusal earned by earlier requests.
		gate.refused(await enter());
		expect(gate.pace).toBeGreaterThanOrEqual(40);
		// Half a second later only 15 were accepted, 30 a second: the pace drops to 95 % of that.
		await jest.advanceTimersByTimeAsync(500);
		for (let i = 0; i < 15; i++) gate.succeeded();
		gate.refused(await enter());
		expect(gate.pace).toBeCloseTo(28.5, 1);
	});

	test('when the service accepts nothing, the pace falls to one request every two seconds', async () => {
		const gate = new Gate(10);
		gate.refused(await gate.enter());
		expect(gate.pace).toBe(0.5);
	});
});

describe('sendWithRetries', () => {
	const ambiguous = (error: unknown) => new Error(`ambiguous: ${(error as Error).message}`);

	test('a 429 is retried for any method, a 5xx only for a repeatable request', async () => {
		const answers = [failure('429', 0), failure('503'), 'done'];
		let sent = 0;
		const send = async () => {
			const answer = answers[sent++];
			if (answer instanceof Error) throw answer;
			return answer;
		};
		await expect(sendWithRetries(new Gate(2), { send, repeatable: true, label: 'GET /x' }, { maxWaitMs: 10_000 }, ambiguous)).resolves.toBe('done');
		expect(sent).toBe(3);

		sent = 0;
		await expect(sendWithRetries(new Gate(2), { send, repeatable: false, label: 'POST /x' }, { maxWaitMs: 10_000 }, ambiguous)).rejects.toThrow(
			'ambiguous: HTTP 503',
		);
		expect(sent).toBe(2);
	});

	test('a dropped connection on a create is ambiguous, never resent', async () => {
		let sent = 0;
		const send = async () => {
			sent += 1;
			throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
		};
		await expect(sendWithRetries(new Gate(1), { send, repeatable: false, label: 'POST /x' }, { maxWaitMs: 10_000 }, ambiguous)).rejects.toThrow(
			'ambiguous: socket hang up',
		);
		expect(sent).toBe(1);
	});

	test('other failures (a 400, a 404) are final at once', async () => {
		let sent = 0;
		const send = async () => {
			sent += 1;
			throw failure('404');
		};
		await expect(sendWithRetries(new Gate(1), { send, repeatable: true, label: 'GET /x' }, { maxWaitMs: 10_000 }, ambiguous)).rejects.toThrow('HTTP 404');
		expect(sent).toBe(1);
	});

	test('it gives up once the waits would pass the limit, saying how often and how long', async () => {
		let sent = 0;
		const send = async () => {
			sent += 1;
			throw failure('429', 40);
		};
		await expect(sendWithRetries(new Gate(1), { send, repeatable: true, label: 'GET /x' }, { maxWaitMs: 100 }, ambiguous)).rejects.toThrow(
			/gave up after 3 attempts over 0 s \(GET \/x\)$/,
		);
		expect(sent).toBe(3);
	});
});

describe('WriteMemory', () => {
	test('keeps at most its capacity, oldest out first', () => {
		const results = new WriteMemory<number>(2);
		results.set('a', 1);
		results.set('b', 2);
		results.set('c', 3);
		expect([results.get('a'), results.get('b'), results.get('c'), results.size]).toEqual([undefined, 2, 3, 2]);
	});
});

test('the defaults shown under Request Handling are the ones the door uses', () => {
	const shown = Object.fromEntries((requestHandlingField.options ?? []).map((o) => ['name' in o ? o.name : '', 'default' in o ? o.default : undefined]));
	expect(shown).toEqual({ maxConcurrency: DEFAULT_DOOR_OPTIONS.maxConcurrency, maxWaitSeconds: DEFAULT_DOOR_OPTIONS.maxWaitMs / 1000 });
});
