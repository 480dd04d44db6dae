import axios from 'axios';
import type { INodeParameters } from 'n8n-workflow';

import { WorkspaceActivitiesTrigger } from '../../../../nodes/WorkspaceActivitiesTrigger/WorkspaceActivitiesTrigger.node';
import { WorkspaceListsTrigger } from '../../../../nodes/WorkspaceListsTrigger/WorkspaceListsTrigger.node';
import { WorkspaceRecordsTrigger } from '../../../../nodes/WorkspaceRecordsTrigger/WorkspaceRecordsTrigger.node';
import { byId, HOT_LEADS, PEOPLE } from '../../../harness/fixtures';
import { activeTrigger } from '../../../harness/pollTrigger';
import { heldRequest, useSandbox } from '../../../harness/sandbox';
import { useVirtualClock } from '../../../harness/virtualClock';

// The three poll triggers' one poll (trigger/pollEvents.ts), each event's position and stock, as
// n8n's scheduler runs it against the sandbox.

/**
 * The clock of the trigger and of the sandbox: moved by the tests so timestamps can be equal
 * on purpose, and by every wait, which takes no real time. The sandbox's runs `skew` ahead.
 * What happens while a poll waits for a page, the sandbox holds that page for: in an order of
 * the test's, not in a race with a delay.
 */
const START = Date.parse('2026-11-22T09:00:00.000Z');
const time = useVirtualClock(START);
let skew = 0;
const env = useSandbox({ clock: () => time.now() + skew });
const tick = time.tick;

const headers = () => ({ 'x-api-key': 'wr_test_key', 'x-workspace-id': 'ws_sandbox' });
async function createPeople(count: number, { sameTimestamp = false } = {}): Promise<string[]> {
	const ids: string[] = [];
	for (let i = 0; i < count; i++) {
		if (!sameTimestamp) tick();
		const { data } = await axios.post(
			`${env.url}/api/v1/collection-records/${PEOPLE}`,
			{ name: `New person ${i}` },
			{ headers: headers() },
		);
		ids.push(data._id);
	}
	return ids;
}

const newRecords = (extra: INodeParameters = {}) =>
	activeTrigger(
		new WorkspaceRecordsTrigger(),
		{ event: 'newRecord', collectionId: byId(PEOPLE), ...extra },
		env.credentials,
	);

test('the first activation emits nothing old', async () => {
	const trigger = newRecords();
	expect(await trigger.poll()).toEqual([]);
	expect(await trigger.poll()).toEqual([]);
});

test('0, 1 and 250 new records between polls: each emitted exactly once, oldest first', async () => {
	const trigger = newRecords();
	await trigger.poll();
	expect(await trigger.poll()).toEqual([]);
	const one = await createPeople(1);
	expect(await trigger.poll()).toEqual(one);
	const many = await createPeople(250);
	env.sandbox.clearRequests();
	expect(await trigger.poll()).toEqual(many);
	// Keyset pages: each starts at offset 0 after the last row of the page before.
	const bodies = env.sandbox.requests.map(
		(r) => r.body as { offset: number; filter: { $and: Array<Record<string, unknown>> } },
	);
	expect(bodies.map((b) => b.offset)).toEqual([0, 0, 0]);
	expect(bodies[0]).toMatchObject({
		sort: [{ attribute: 'createdAt', direction: 'asc' }],
		limit: 100,
	});
	// Left out: the ids read at the cursor's time, while their time is still that.
	const idsAfterPage = (page: number) => {
		const [atCursor, ids] = bodies[page].filter.$and[1].$not as [
			{ createdAt: { $lte: string } },
			{ _id: { $in: string[] } },
		];
		const [since] = bodies[page].filter.$and as [{ createdAt: { $gte: string } }];
		expect(atCursor.createdAt.$lte).toBe(since.createdAt.$gte);
		return ids._id.$in;
	};
	expect(idsAfterPage(1)).toEqual([many[99]]);
	expect(idsAfterPage(2)).toEqual([many[199]]);
	expect(await trigger.poll()).toEqual([]);
});

test('records sharing a timestamp, some arriving after a poll, are neither skipped nor repeated', async () => {
	const trigger = newRecords();
	await trigger.poll();
	tick();
	const first = await createPeople(3, { sameTimestamp: true });
	expect(await trigger.poll()).toEqual(first);
	const late = await createPeople(2, { sameTimestamp: true });
	expect(await trigger.poll()).toEqual(late);
	expect(await trigger.poll()).toEqual([]);
});

test('a record created during a poll is emitted once, in this poll or the next', async () => {
	const trigger = newRecords();
	await trigger.poll();
	const before = await createPeople(150);
	const firstPage = heldRequest();
	env.sandbox.addFault({
		path: `/api/v1/collection-records/${PEOPLE}/query`,
		gate: firstPage.gate,
		times: 1,
	});
	const polling = trigger.poll();
	await firstPage.arrived;
	const during = await createPeople(1);
	firstPage.release();
	const emitted = [...(await polling), ...(await trigger.poll()), ...(await trigger.poll())];
	expect(emitted).toEqual([...before, ...during]);
});

test('after a sandbox restart only records created afterwards are emitted', async () => {
	const trigger = newRecords();
	await trigger.poll();
	const beforeRestart = await createPeople(2);
	expect(await trigger.poll()).toEqual(beforeRestart);
	const port = Number(new URL(env.url).port);
	await env.sandbox.stop();
	env.sandbox.reset();
	await env.sandbox.start(port);
	expect(await trigger.poll()).toEqual([]);
	const afterRestart = await createPeople(2);
	expect(await trigger.poll()).toEqual(afterRestart);
});

test('the extra filter applies: only matching new records are emitted', async () => {
	const trigger = newRecords({
		filterMode: 'shorthand',
		shorthand: { pair: [{ attribute: 'name', value: 'New person 1' }] },
	});
	await trigger.poll();
	const [, second] = await createPeople(3);
	env.sandbox.clearRequests();
	expect(await trigger.poll()).toEqual([second]);
	// The newest seed record (where the cursor started) does not match: no id to leave out.
	expect(env.sandbox.requests.find((r) => r.path.endsWith('/query'))?.body?.filter).toEqual({
		$and: [{ name: 'New person 1' }, { createdAt: { $gte: expect.any(String) } }],
	});
});

// The cursor holds only timestamps the server wrote: a server clock hours away from this
// host's, in either direction, loses nothing and repeats nothing.
const HOUR = 60 * 60 * 1000;
describe.each([
	['3 hours behind', -3 * HOUR],
	['3 hours ahead of', 3 * HOUR],
])('the API server clock %s the n8n host clock', (_, offset) => {
	beforeEach(() => {
		time.set(START);
		skew = offset;
	});
	afterEach(() => (skew = 0));

	test.each([
		['a seeded collection, no extra filter', false, {}],
		['an empty collection, no extra filter', true, {}],
		[
			'a seeded collection, an extra filter',
			false,
			{
				filterMode: 'shorthand',
				shorthand: { pair: [{ attribute: 'name', value: 'New person 1' }] },
			},
		],
		[
			'an empty collection, an extra filter',
			true,
			{
				filterMode: 'shorthand',
				shorthand: { pair: [{ attribute: 'name', value: 'New person 1' }] },
			},
		],
	])(
		'%s: each record created after activation is emitted exactly once',
		async (__, empty, extra) => {
			if (empty) env.sandbox.state.records.get(PEOPLE)!.clear();
			const trigger = newRecords(extra);
			expect(await trigger.poll()).toEqual([]);
			const created = await createPeople(3);
			const expected = 'filterMode' in extra ? [created[1]] : created;
			expect(await trigger.poll()).toEqual(expected);
			expect(await trigger.poll()).toEqual([]);
			const later = await createPeople(2);
			expect(await trigger.poll()).toEqual('filterMode' in extra ? [later[1]] : later);
		},
	);
});

test('manual "fetch test event" returns the newest record without moving the cursor', async () => {
	const trigger = newRecords();
	await trigger.poll();
	const [newest] = (await createPeople(1)).slice(-1);
	expect(await trigger.poll('manual')).toEqual([newest]);
	expect(await trigger.poll()).toEqual([newest]);
});

test('new activities are queried with an array filter; new list entries on the list', async () => {
	const activities = activeTrigger(
		new WorkspaceActivitiesTrigger(),
		{ event: 'newActivity' },
		env.credentials,
	);
	await activities.poll();
	tick();
	const { data } = await axios.post(
		`${env.url}/api/v1/collection-records/activity-list`,
		{
			name: 'Call',
			scheduleAt: '2026-12-01T09:00:00.000Z',
			iconType: 'interaction',
			iconValue: 'call',
		},
		{ headers: headers() },
	);
	env.sandbox.clearRequests();
	expect(await activities.poll()).toEqual([data._id]);
	expect(env.sandbox.requests[0].body?.filter).toEqual([
		{ createdAt: { $gte: expect.any(String) } },
		{
			$not: [{ createdAt: { $lte: expect.any(String) } }, { _id: { $in: expect.any(Array) } }],
		},
	]);

	const entries = activeTrigger(
		new WorkspaceListsTrigger(),
		{ event: 'newListEntry', listId: byId(HOT_LEADS) },
		env.credentials,
	);
	await entries.poll();
	tick();
	const entry = await axios.post(
		`${env.url}/api/v1/list-entries/${HOT_LEADS}`,
		{ recordId: 'f00000000000000000000009' },
		{ headers: headers() },
	);
	expect(await entries.poll()).toEqual([entry.data.data._id]);
});

test('a bad extra filter stops the poll with the field named, before any request', async () => {
	const trigger = newRecords({ filterMode: 'json', filterJson: '{"name": }' });
	await expect(trigger.poll()).rejects.toThrow(/^Filter \(JSON\): not valid JSON/);
	expect(env.sandbox.requests).toHaveLength(0);
});

test("a filter the service refuses: the error points to the trigger's Filter", async () => {
	const trigger = newRecords();
	env.sandbox.addFault({
		kind: 'status',
		statusCode: 400,
		body: { status: false, message: 'Unknown attribute: no_such_attribute' },
	});
	const error: unknown = await trigger.poll().catch((e: unknown) => e);
	expect((error as { description?: string }).description).toBe(
		"Check the trigger's Filter: each attribute must exist in the collection or list.",
	);
});

test('a collection that no longer exists: the poll names it, not the Base URL', async () => {
	const trigger = activeTrigger(
		new WorkspaceRecordsTrigger(),
		{ event: 'newRecord', collectionId: byId('c0000000000000000000dead') },
		env.credentials,
	);
	await expect(trigger.poll()).rejects.toThrow(
		/^The collection with ID "c0000000000000000000dead" was not found/,
	);
});

describe('a backlog, deletions and slow polls', () => {
	// 2,500 records created over HTTP one by one: no wait, but seconds of work, many more on a
	// busy machine, so a timeout of its own.
	test('2,500 new records: 1,000 a poll, oldest first, each once, none lost', async () => {
		const trigger = newRecords();
		await trigger.poll();
		const created = await createPeople(2_500);
		const polls = [
			await trigger.poll(),
			await trigger.poll(),
			await trigger.poll(),
			await trigger.poll(),
		];
		expect(polls.map((emitted) => emitted.length)).toEqual([1_000, 1_000, 500, 0]);
		expect(polls.flat()).toEqual(created);
	}, 120_000);

	test('the oldest new records deleted while a poll pages: no other record is lost', async () => {
		const trigger = newRecords();
		await trigger.poll();
		const created = await createPeople(300);
		// The second page waits; meanwhile another user deletes the 50 oldest new records.
		const secondPage = heldRequest();
		env.sandbox.addFault({
			path: `/api/v1/collection-records/${PEOPLE}/query`,
			gate: secondPage.gate,
			skip: 1,
		});
		env.sandbox.clearRequests();
		const polling = trigger.poll();
		await secondPage.arrived;
		for (const id of created.slice(0, 50)) env.sandbox.state.records.get(PEOPLE)!.delete(id);
		secondPage.release();
		const emitted = [...(await polling), ...(await trigger.poll())];
		// The first page was read before the deletion: all 300, each once.
		expect(emitted).toEqual(created);
	});

	test('a poll behind a rate limit keeps to its bounds; the backlog drains over the next polls', async () => {
		const trigger = newRecords();
		await trigger.poll();
		const created = await createPeople(1_050);
		env.sandbox.rateLimit({ rate: 2, burst: 1 });
		env.sandbox.clearRequests();
		const first = await trigger.poll();
		const firstPoll = env.sandbox.requests.map((r) => r.at);
		const second = await trigger.poll();
		expect([first.length, second.length]).toEqual([1_000, 50]);
		expect([...first, ...second]).toEqual(created);
		expect(Math.max(...firstPoll) - Math.min(...firstPoll)).toBeLessThan(25_000);
	}, 60_000);

	test('a poll refused for longer than it may take fails at once, telling n8n how long to wait', async () => {
		const trigger = newRecords();
		await trigger.poll();
		await createPeople(3);
		env.sandbox.addFault({
			path: `/api/v1/collection-records/${PEOPLE}/query`,
			kind: 'rate-limit',
			retryAfter: 120,
		});
		const started = time.now();
		const error = (await trigger.poll().catch((e: Error) => e)) as Error & { failure?: unknown };
		expect(error.message).toMatch(/gave up after 1 attempt/);
		expect(error.failure).toEqual({ cause: 'rate-limited', retryAfterMs: 120_000 });
		expect(time.now() - started).toBeLessThan(5_000);
		// The position was not moved: the next poll, once allowed, emits the three.
		expect(await trigger.poll()).toHaveLength(3);
	});

	test('a second poll while one is still running emits nothing: the rows come once, from the first', async () => {
		const trigger = newRecords();
		await trigger.poll();
		const created = await createPeople(120);
		// The first poll's first page is held until the second poll has ended.
		const firstPage = heldRequest();
		env.sandbox.addFault({
			path: `/api/v1/collection-records/${PEOPLE}/query`,
			gate: firstPage.gate,
		});
		const slowPoll = trigger.poll();
		await firstPage.arrived;
		const overlapping = await trigger.poll();
		firstPage.release();
		const slow = await slowPoll;
		expect(overlapping).toEqual([]);
		expect([...slow, ...(await trigger.poll())]).toEqual(created);
	});
});
