// The pace (transport/pace.ts) through the pipeline, against a service with a token bucket and a
// latency, all on one virtual clock: a request in flight (waiting for its answer) is told apart
// from one waiting for the pace, and no test waits out real time.

import { Pace } from '../../../../nodes/shared/transport/pace';
import { send } from '../../../../nodes/shared/transport/pipeline';
import { nodeOfType } from '../../../harness/fixtures';
import { useVirtualClock } from '../../../harness/virtualClock';

const time = useVirtualClock(Date.parse('2026-11-22T09:00:00.000Z'));

const node = nodeOfType('workspaceRecords');

interface Answer {
	item: number;
	sentAt: number;
	status: 200 | 429;
	retryAfterMs?: number;
}

/**
 * A service as the sandbox's limiter (test/sandbox/rateLimiter.js) is: `rate` tokens a second,
 * `burst` saved up, a refusal's Retry-After rounded up to whole seconds (at least 1), answers
 * after `latencyMs`. It logs what it answered, and how many requests were in flight at once.
 */
function tokenBucketService({
	rate,
	burst,
	latencyMs = 5,
}: {
	rate: number;
	burst: number;
	latencyMs?: number;
}) {
	let tokens = burst;
	let at = time.now();
	let inFlight = 0;
	const log: Answer[] = [];
	const service = {
		log,
		mostInFlight: 0,
		rate,
		async answer(item: number) {
			inFlight += 1;
			service.mostInFlight = Math.max(service.mostInFlight, inFlight);
			const sentAt = time.now();
			tokens = Math.min(burst, tokens + ((sentAt - at) / 1000) * service.rate);
			at = sentAt;
			const ok = tokens >= 1;
			if (ok) tokens -= 1;
			const waitMs = ((1 - tokens) / service.rate) * 1000;
			await time.sleep(latencyMs);
			inFlight -= 1;
			if (ok) {
				log.push({ item, sentAt, status: 200 });
				return { item };
			}
			const retryAfterMs = Math.max(1, Math.ceil(waitMs / 1000)) * 1000;
			log.push({ item, sentAt, status: 429, retryAfterMs });
			throw Object.assign(new Error('HTTP 429'), { context: { httpStatus: 429, retryAfterMs } });
		},
	};
	return service;
}

/** `count` creates of one node run through one pace, as routing sends a run's items. */
async function createAll(
	service: ReturnType<typeof tokenBucketService>,
	count: number,
	pace: Pace,
) {
	const startedAt = time.now();
	const results = await Promise.allSettled(
		Array.from({ length: count }, async (_, item) => {
			// Routing hands the items over one after another, not in one instant.
			await time.sleep(item * 0.1);
			return await send({
				attempt: async () => await service.answer(item),
				repeatable: false,
				label: 'POST /api/v1/collection-records/people',
				node,
				itemIndex: item,
				pace,
				maxWaitMs: 120_000,
			});
		}),
	);
	return { results, ms: time.now() - startedAt };
}

/** The rate the service accepted over the `ms` before `at`. */
const acceptedBefore = (log: Answer[], at: number, ms: number) =>
	(log.filter((a) => a.status === 200 && a.sentAt > at - ms && a.sentAt <= at).length * 1000) / ms;

describe.each([10, 1])(
	'1,000 creates at Max Concurrent Requests %i behind 100 requests/s, a burst of 10',
	(maxConcurrency) => {
		test("every item once, the floor met, the service's rules kept", async () => {
			const service = tokenBucketService({ rate: 100, burst: 10 });
			const pace = new Pace(maxConcurrency);
			const paces: Array<{ at: number; pace: number }> = [];
			const refused = pace.refused.bind(pace);
			pace.refused = (request, waitMs) => {
				const before = pace.requestsPerSecond;
				refused(request, waitMs);
				if (pace.requestsPerSecond !== before)
					paces.push({ at: time.now(), pace: pace.requestsPerSecond! });
			};
			const { results, ms } = await createAll(service, 1000, pace);

			expect(results.filter((r) => r.status === 'rejected')).toHaveLength(0);
			const created = service.log.filter((a) => a.status === 200).map((a) => a.item);
			expect(new Set(created).size).toBe(1000);
			expect(created).toHaveLength(1000);
			// Never more in flight than Max Concurrent Requests.
			expect(service.mostInFlight).toBeLessThanOrEqual(maxConcurrency);
			// Each Retry-After honoured by the request it was given to.
			for (const refusal of service.log.filter((a) => a.status === 429)) {
				const again = service.log.find((a) => a.item === refusal.item && a.sentAt > refusal.sentAt);
				expect(again!.sentAt - refusal.sentAt).toBeGreaterThanOrEqual(refusal.retryAfterMs!);
			}
			// A pace set by a refusal is never faster than what the service accepted just before.
			for (const { at, pace: set } of paces.slice(1))
				expect(set).toBeLessThanOrEqual(
					Math.max(acceptedBefore(service.log, at, 500), 0.5) * 1.001,
				);
			// The floor: 1,000 requests at 100 a second, less the burst.
			const floorMs = ((1000 - 10) / 100) * 1000;
			expect(ms / floorMs).toBeLessThanOrEqual(1.05);
		});
	},
);

test('a pace cut too low comes back up to what the service accepts', async () => {
	// The service accepted 20 a second, then lifts its limit to 100: the pace follows it up.
	const service = tokenBucketService({ rate: 20, burst: 1 });
	const pace = new Pace(10);
	await createAll(service, 200, pace);
	const low = pace.requestsPerSecond!;
	expect(low).toBeLessThan(25);
	service.rate = 100;
	const { ms } = await createAll(service, 3000, pace);
	// It grows by 2 % a second while nothing is refused, held by nothing a lone request learnt.
	expect(pace.requestsPerSecond).toBeGreaterThanOrEqual(low * 1.02 ** ((ms / 1000) * 0.9));
	expect(pace.requestsPerSecond).toBeGreaterThan(60);
});

test('a lone request waits out its Retry-After; the pace then keeps it under what was accepted', async () => {
	const service = tokenBucketService({ rate: 2, burst: 1 });
	const pace = new Pace(1);
	for (let item = 0; item < 60; item++)
		await send({
			attempt: async () => await service.answer(item),
			repeatable: true,
			label: 'POST /api/v1/collection-records/people/query',
			node,
			pace,
			maxWaitMs: 30_000,
		});
	const refusals = service.log.filter((a) => a.status === 429);
	for (const refusal of refusals) {
		const next = service.log.find((a) => a.sentAt > refusal.sentAt)!;
		expect(next.sentAt - refusal.sentAt).toBeGreaterThanOrEqual(refusal.retryAfterMs!);
	}
	// Learnt once, then held just under 2 a second: a refusal or two, not one a page.
	expect(refusals.length).toBeLessThanOrEqual(3);
});
