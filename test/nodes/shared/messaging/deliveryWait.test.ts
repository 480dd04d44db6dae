import {
	pendingOutcome,
	toStatusList,
	toWaitPlan,
} from '../../../../nodes/shared/messaging/deliveryWait';
import { toTimeLimitMs } from '../../../../nodes/shared/waiting';
import { WorkspaceWaitForDelivery } from '../../../../nodes/WorkspaceWaitForDelivery/WorkspaceWaitForDelivery.node';
// The sandbox's postbacks, as the vendor posts them.
import type { PlanStep } from '../../../sandbox/messaging/postbacks';
import { createPostbacks, RETRY_DELAYS_S } from '../../../sandbox/messaging/postbacks';

describe('what ends the wait', () => {
	test.each([
		['delivered, read, failed', ['delivered', 'read', 'failed']],
		['Delivered', ['delivered']],
		[' clicked ,\nread,,read ', ['clicked', 'read']],
	])('Resume On Statuses "%s"', (given, statuses) => {
		expect(toStatusList(given)).toEqual(statuses);
	});

	test('no status at all is refused, naming the field', () => {
		expect(() => toStatusList(' , ')).toThrow('Resume On Statuses: empty');
	});

	test.each([
		[10, 'minutes', 600_000],
		['2', 'seconds', 2_000],
		[1.5, 'hours', 5_400_000],
		[1, 'days', 86_400_000],
	])('Time Limit %s %s', (amount, unit, ms) => {
		expect(toTimeLimitMs(amount, unit)).toBe(ms);
	});

	test.each([
		[0, 'Time Limit: 0 waits for nothing'],
		[-5, 'Time Limit: got the number -5, expected a number from 0'],
		['soon', 'Time Limit: got "soon", expected a number from 0'],
	])('a time limit that is not a positive duration is refused: %s', (amount, message) => {
		expect(() => toTimeLimitMs(amount, 'minutes')).toThrow(message);
	});

	test('an unknown unit is refused', () => {
		expect(() => toTimeLimitMs(1, 'weeks')).toThrow('Time Limit Unit: "weeks" is not a unit');
	});

	test('the defaults: delivered, read or failed, within 10 minutes', () => {
		expect(toWaitPlan({})).toEqual({
			statuses: ['delivered', 'read', 'failed'],
			timeLimitMs: 600_000,
		});
	});

	test('an item before any chosen status says so: what the time limit hands on', () => {
		expect(pendingOutcome('f8df74d1', toWaitPlan({ resumeOnStatuses: 'delivered' }))).toEqual({
			outcome: 'noFinalStatus',
			status: null,
			status_at: null,
			remark: null,
			statuses: [],
			request_id: 'f8df74d1',
			resume_on: ['delivered'],
		});
	});
});

describe("the sandbox's postbacks", () => {
	const message = { request_id: 'r1', channel: 'sms', recipient: '919876543210' };
	const make = (answers: number[], deliveryPlan?: PlanStep[]) => {
		let now = 0;
		const posted: Array<{ url: string; status: string }> = [];
		const postbacks = createPostbacks({
			clock: () => now,
			config: { workspaceId: 'ws', deliveryPlan },
			post: async (url: string, _headers: object, text: string) => {
				posted.push({ url, status: JSON.parse(text).status });
				return { status: answers.shift() ?? 200 };
			},
		});
		return { postbacks, posted, advance: (ms: number) => (now += ms) };
	};

	test('the plan: sent at once, delivered and read later, read posted twice', async () => {
		const { postbacks, posted, advance } = make(
			[],
			[
				{ status: 'sent' },
				{ status: 'delivered', afterMs: 1000 },
				{ status: 'read', afterMs: 5000, times: 2 },
			],
		);
		postbacks.schedule(message, 'http://n8n/w', undefined);
		await postbacks.settled();
		expect(posted.map((p) => p.status)).toEqual(['sent']);
		advance(1000);
		await postbacks.runDue();
		expect(posted.map((p) => p.status)).toEqual(['sent', 'delivered']);
		await postbacks.runDue(Infinity);
		expect(posted.map((p) => p.status)).toEqual(['sent', 'delivered', 'read', 'read']);
	});

	test('an answer other than 2xx is retried after the vendor delays, nine times at most', async () => {
		const { postbacks, posted, advance } = make(Array(20).fill(409));
		postbacks.schedule(message, 'http://n8n/w', 'order-42');
		await postbacks.settled();
		for (const delay of RETRY_DELAYS_S) {
			advance(delay * 1000 - 1);
			await postbacks.runDue();
			advance(1);
			await postbacks.runDue();
		}
		await postbacks.runDue(Infinity);
		expect(posted).toHaveLength(10);
		expect(postbacks.deliveries[0].tries.map((t) => t.status)).toEqual(Array(10).fill(409));
	});

	test('a retry that is answered 200 ends the retries', async () => {
		const { postbacks, posted } = make([500, 200]);
		postbacks.schedule(message, 'http://n8n/w', undefined);
		await postbacks.settled();
		await postbacks.runDue(Infinity);
		await postbacks.runDue(Infinity);
		expect(posted).toHaveLength(2);
		expect(postbacks.deliveries[0].status).toBe(200);
	});
});

describe('the node', () => {
	const node = new WorkspaceWaitForDelivery();

	test('waits through n8n: programmatic, with a resume webhook', () => {
		expect(node.execute).toBeDefined();
		expect(node.webhook).toBeDefined();
		expect(node.description.webhooks).toEqual([
			expect.objectContaining({ httpMethod: 'POST', path: '', restartWebhook: true }),
		]);
	});

	test('by default each item is waited on by its own request_id', () => {
		const requestId = node.description.properties.find((p) => p.name === 'requestId');
		expect(requestId?.default).toBe('={{ $json.request_id }}');
	});
});
