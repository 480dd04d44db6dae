import axios from 'axios';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { DueState } from '../../../../nodes/shared/trigger/due';
import { duePoll } from '../../../../nodes/shared/trigger/due';
import type { PollSource, QueryBody } from '../../../../nodes/shared/trigger/poll';
import { WorkspaceActivitiesTrigger } from '../../../../nodes/WorkspaceActivitiesTrigger/WorkspaceActivitiesTrigger.node';
import { activeTrigger } from '../../../harness/pollTrigger';
import { useSandbox } from '../../../harness/sandbox';
import { useVirtualClock } from '../../../harness/virtualClock';
import { matches, sortRecords } from '../../../sandbox/filter';

// Activity Due against the sandbox, on one clock for the sandbox (createdAt) and the trigger
// (what is due now): minutes pass without waiting.
const time = useVirtualClock(Date.parse('2026-11-22T09:00:00.000Z'));
const env = useSandbox({ clock: time.now });
const MINUTE = 60_000;

const api = () =>
	axios.create({
		baseURL: `${env.url}/api/v1/collection-records/activity-list`,
		headers: { 'x-api-key': 'wr_test_key', 'x-workspace-id': 'ws_sandbox' },
	});
/** An activity due `inMinutes` from now (negative: already past). */
const createActivity = async (name: string, inMinutes: number) => {
	time.tick();
	const scheduleAt = new Date(time.now() + inMinutes * MINUTE).toISOString();
	const { data } = await api().post('', { name, scheduleAt, iconType: 'emoji', iconValue: '📞' });
	return String(data._id);
};
const reschedule = async (id: string, inMinutes: number) =>
	await api().patch(`/${id}`, {
		scheduleAt: new Date(time.now() + inMinutes * MINUTE).toISOString(),
	});
const due = (parameters: INodeParameters = {}) =>
	activeTrigger(
		new WorkspaceActivitiesTrigger(),
		{ event: 'activityDue', ...parameters },
		env.credentials,
	);

test('an activity due sooner than one already reminded still fires, once', async () => {
	const trigger = due({ minutesBefore: 10 });
	expect(await trigger.poll()).toEqual([]);
	const meeting = await createActivity('Meeting', 8);
	expect(await trigger.poll()).toEqual([meeting]);
	time.tick(MINUTE);
	const call = await createActivity('Call', 3);
	expect(await trigger.poll()).toEqual([call]);
	for (let minute = 0; minute < 12; minute++) {
		time.tick(MINUTE);
		expect(await trigger.poll()).toEqual([]);
	}
});

test('an activity created after activation with its due time past fires at the next poll; one due before activation never', async () => {
	const before = await createActivity('Due before activation', -30);
	const trigger = due();
	expect(await trigger.poll()).toEqual([]);
	const late = await createActivity('Logged late', -5);
	const later = await createActivity('Due in a minute', 1);
	expect(await trigger.poll()).toEqual([late]);
	time.tick(2 * MINUTE);
	expect(await trigger.poll()).toEqual([later]);
	expect(await trigger.poll()).toEqual([]);
	expect([late, later]).not.toContain(before);
});

test('a reminded activity rescheduled to later fires again at its new time; a completed one never', async () => {
	const trigger = due();
	await trigger.poll();
	const call = await createActivity('Call', 1);
	const done = await createActivity('Done before due', 1);
	await api().patch(`/${done}`, { status: 'Done' });
	time.tick(2 * MINUTE);
	expect(await trigger.poll()).toEqual([call]);
	await reschedule(call, 30);
	time.tick(10 * MINUTE);
	expect(await trigger.poll()).toEqual([]);
	time.tick(21 * MINUTE);
	expect(await trigger.poll()).toEqual([call]);
	expect(await trigger.poll()).toEqual([]);
});

test('what is remembered of reminders stays bounded: only those either cursor can still reach', async () => {
	const trigger = due();
	await trigger.poll();
	for (let i = 0; i < 30; i++) await createActivity(`Call ${i}`, i % 2 ? -1 : 1);
	time.tick(2 * MINUTE);
	expect(await trigger.poll()).toHaveLength(30);
	time.tick(MINUTE);
	expect(await trigger.poll()).toEqual([]);
	const state = trigger.workflow.staticData['node:Trigger'] as { due: DueState };
	expect(Object.keys(state.due.reminded).length).toBeLessThanOrEqual(1);
});

test('no poll emits more than the bound: a backlog of due activities drains over the next polls, each once', async () => {
	const trigger = due();
	await trigger.poll();
	for (let i = 0; i < 1_050; i++) await createActivity(`Task ${i}`, i % 3 ? 1 : -1);
	time.tick(2 * MINUTE);
	const first = await trigger.poll();
	const second = await trigger.poll();
	expect(first).toHaveLength(1_000);
	expect(second).toHaveLength(50);
	expect(new Set([...first, ...second]).size).toBe(1_050);
	expect(await trigger.poll()).toEqual([]);
});

test('the bound holds across both reads: due by due time first, the rest of the bound for those logged late, each once', async () => {
	// 750 open activities fall due after the activation (by the due-time read) and 600 are
	// logged after it, due long before (only the creation read finds them).
	for (let i = 0; i < 750; i++) await createActivity(`Due soon ${i}`, 1);
	await createActivity('Due before activation', -1);
	const trigger = due();
	expect(await trigger.poll()).toEqual([]);
	const late: string[] = [];
	for (let i = 0; i < 600; i++) late.push(await createActivity(`Logged late ${i}`, -30));
	time.tick(2 * MINUTE);
	const polls = [await trigger.poll(), await trigger.poll(), await trigger.poll()];
	expect(polls.map((ids) => ids.length)).toEqual([1_000, 350, 0]);
	const emitted = polls.flat();
	expect(new Set(emitted).size).toBe(1_350);
	expect(emitted).toEqual(expect.arrayContaining(late));
	// No query the service refuses (such as one for no rows at all, at the bound).
	const refused = env.sandbox.requests.filter((r) => r.path.endsWith('/query') && r.status !== 200);
	expect(refused).toEqual([]);
}, 30_000);

test('both reads share one budget: a poll over a slow service takes its 25 s (plus at most one page), not twice that', async () => {
	// Activities logged and due after the last poll, more than 25 s of pages can read by either
	// cursor; each page takes a second on the virtual clock.
	const MS_PER_PAGE = 1_000;
	const since = '2026-11-22T08:00:00.000Z';
	const at = (minutes: number) => new Date(Date.parse(since) + minutes * MINUTE).toISOString();
	const activities: IDataObject[] = Array.from({ length: 600 }, (_, i) => ({
		_id: `a${String(i).padStart(4, '0')}`,
		createdAt: at(i + 1),
		scheduleAt: at(600 - i),
	}));
	const slowService: PollSource = {
		shape: 'object',
		orderBy: 'scheduleAt',
		query: async (body: QueryBody) => {
			await time.sleep(MS_PER_PAGE);
			const found = activities.filter((row) => !body.filter || matches(row, body.filter));
			return sortRecords(found, body.sort).slice(body.offset, body.offset + body.limit);
		},
	};
	const saved: DueState = {
		due: { at: since, idsAtCursor: [] },
		created: { at: since, idsAtCursor: [] },
		reminded: {},
	};
	const bounds = { maxRows: 1_000, pageSize: 10, budgetMs: 25_000 };
	const started = time.now();
	const { rows } = await duePoll(slowService, saved, bounds);
	const took = time.now() - started;
	expect(took).toBeGreaterThanOrEqual(bounds.budgetMs);
	expect(took).toBeLessThanOrEqual(bounds.budgetMs + MS_PER_PAGE);
	// The due-time read spent the budget (25 pages); the creation read had none of it left.
	expect(rows).toHaveLength(250);
});
