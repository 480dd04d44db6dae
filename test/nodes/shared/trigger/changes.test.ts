import axios from 'axios';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { WatchState } from '../../../../nodes/shared/trigger/watch';
import { ACTIVITY_EVENTS, LIST_EVENTS } from '../../../../nodes/shared/trigger/fields';
import type { Event } from '../../../../nodes/shared/trigger/fields';
import { WorkspaceActivitiesTrigger } from '../../../../nodes/WorkspaceActivitiesTrigger/WorkspaceActivitiesTrigger.node';
import { WorkspaceListsTrigger } from '../../../../nodes/WorkspaceListsTrigger/WorkspaceListsTrigger.node';
import { WorkspaceRecordsTrigger } from '../../../../nodes/WorkspaceRecordsTrigger/WorkspaceRecordsTrigger.node';
import {
	byId,
	FIRST_ENTRY,
	HOT_LEADS,
	LIFECYCLE_CUSTOMER,
	PEOPLE,
} from '../../../harness/fixtures';
import { activeTrigger, pollUntil } from '../../../harness/pollTrigger';
import { useSandbox } from '../../../harness/sandbox';
import { useVirtualClock } from '../../../harness/virtualClock';

/**
 * The clock of the sandbox and of the trigger: moved by the tests, so that timestamps differ
 * (or not) on purpose, and by every wait, which takes no real time (a rate limit's seconds).
 */
const time = useVirtualClock(Date.parse('2026-11-22T09:00:00.000Z'));
const env = useSandbox({ clock: time.now });
const tick = time.tick;

const api = () =>
	axios.create({
		baseURL: `${env.url}/api/v1`,
		headers: { 'x-api-key': 'wr_test_key', 'x-workspace-id': 'ws_sandbox' },
	});
const people = async (): Promise<IDataObject[]> =>
	(await api().post(`/collection-records/${PEOPLE}/query`, { limit: 500, offset: 0 })).data.data;
const updatePerson = async (id: string, values: IDataObject) =>
	await api().patch(`/collection-records/${PEOPLE}/${id}`, values);

/** The trigger node that offers the event: Activities, Lists or Records. */
const nodeOf = (event: Event) =>
	ACTIVITY_EVENTS.includes(event)
		? new WorkspaceActivitiesTrigger()
		: LIST_EVENTS.includes(event)
			? new WorkspaceListsTrigger()
			: new WorkspaceRecordsTrigger();
const trigger = (parameters: INodeParameters, staticData?: IDataObject) =>
	activeTrigger(nodeOf(parameters.event as Event), parameters, env.credentials, { staticData });
const onPeople = (event: string, extra: INodeParameters = {}) =>
	trigger({ event, collectionId: byId(PEOPLE), simplify: true, ...extra });

describe('Record Updated', () => {
	test('the first poll takes stock; a change comes once, with what changed', async () => {
		const [ada, grace] = await people();
		const updated = onPeople('recordUpdated');
		expect(await updated.pollItems()).toEqual([]);
		expect(await updated.pollItems()).toEqual([]);
		await updatePerson(String(ada._id), { leadScore: 91, lifecycle: LIFECYCLE_CUSTOMER });
		await updatePerson(String(grace._id), { nickname: 'amazing' });
		const [first, second] = await updated.pollItems();
		expect(first).toMatchObject({ _id: ada._id, leadScore: 91, lifecycle: 'Customer' });
		expect(first.changes).toEqual({
			leadScore: { current: 91 },
			lifecycle: { current: 'Customer' },
		});
		expect(second.changes).toEqual({ nickname: { current: 'amazing' } });
		expect(await updated.pollItems()).toEqual([]);
	});

	test('with Watched Attributes chosen, each change has its previous value too, unless it was long', async () => {
		const [ada] = await people();
		const updated = onPeople('recordUpdated', {
			watchedAttributes: ['leadScore', 'lifecycle', 'emails'],
		});
		await updated.poll();
		const longList = [
			'ada@example.com',
			'a.lovelace@analytical-engine.example',
			'ada@countess.example',
		];
		await updatePerson(String(ada._id), {
			leadScore: 91,
			lifecycle: LIFECYCLE_CUSTOMER,
			emails: longList,
		});
		const [item] = await updated.pollItems();
		expect(item.changes).toEqual({
			leadScore: { previous: ada.leadScore, current: 91 },
			lifecycle: { previous: (ada.lifecycle as IDataObject).name, current: 'Customer' },
			emails: { previous: ada.emails, current: longList },
		});
		await updatePerson(String(ada._id), { emails: ['ada@example.com'] });
		// A value longer than 64 characters was kept as a digest: what it was is not known.
		const [next] = await updated.pollItems();
		expect(next.changes).toEqual({ emails: { current: ['ada@example.com'] } });
	});

	test('only the watched attributes count; a value changed twice comes once, one changed back not at all', async () => {
		const [ada, grace] = await people();
		const updated = onPeople('recordUpdated', { watchedAttributes: ['leadScore'] });
		await updated.poll();
		await updatePerson(String(ada._id), { nickname: 'not watched' });
		await updatePerson(String(grace._id), { leadScore: 1 });
		await updatePerson(String(grace._id), { leadScore: 2 });
		expect(await updated.pollItems()).toEqual([
			expect.objectContaining({
				_id: grace._id,
				changes: { leadScore: { previous: grace.leadScore, current: 2 } },
			}),
		]);
		await updatePerson(String(grace._id), { leadScore: 3 });
		await updatePerson(String(grace._id), { leadScore: 2 });
		expect(await updated.pollItems()).toEqual([]);
	});

	test("new records are taken in silently: their creation is New Record's event", async () => {
		const updated = onPeople('recordUpdated');
		await updated.poll();
		tick();
		await api().post(`/collection-records/${PEOPLE}`, { name: 'Brand new' });
		expect(await updated.poll()).toEqual([]);
	});

	test('a restart (static data saved and reloaded) neither repeats nor loses a change', async () => {
		const [ada] = await people();
		const before = onPeople('recordUpdated');
		await before.poll();
		await updatePerson(String(ada._id), { leadScore: 55 });
		const saved = JSON.parse(JSON.stringify(before.workflow.staticData)) as IDataObject;
		const after = trigger({ event: 'recordUpdated', collectionId: byId(PEOPLE) }, saved);
		expect(await after.poll()).toEqual([ada._id]);
		expect(await after.poll()).toEqual([]);
	});

	test('other settings start over: a new filter takes stock again instead of reporting the difference', async () => {
		const [ada] = await people();
		const updated = onPeople('recordUpdated');
		await updated.poll();
		await updatePerson(String(ada._id), { leadScore: 12 });
		const node = updated.workflow.getNode('Trigger')!;
		node.parameters = {
			...node.parameters,
			filterMode: 'shorthand',
			shorthand: { pair: [{ attribute: 'newsletter', value: 'true' }] },
		};
		expect(await updated.poll()).toEqual([]);
	});

	test('Fetch Test Event returns the newest record with its watched values as changes', async () => {
		const updated = onPeople('recordUpdated', { watchedAttributes: ['leadScore'] });
		const [sample] = await updated.pollItems('manual');
		expect(sample.changes).toEqual({ leadScore: { previous: null, current: sample.leadScore } });
		// Clearly a sample: it says so, and no real change carries that field.
		expect(sample.testEvent).toMatch(/^A sample to map fields with, not a change/);
		expect(updated.workflow.staticData).toEqual({});
	});
});

describe('Record Entered a Status', () => {
	test('fires each time a record moves to a chosen status, not while it stays there', async () => {
		const all = await people();
		const lead = all.find((p) => (p.lifecycle as IDataObject).name === 'Lead')!;
		const entered = onPeople('recordEnteredStatus', {
			statusAttribute: 'lifecycle',
			statuses: [LIFECYCLE_CUSTOMER],
		});
		await entered.poll();
		await updatePerson(String(lead._id), { lifecycle: LIFECYCLE_CUSTOMER });
		const [item] = await entered.pollItems();
		expect(item).toMatchObject({
			_id: lead._id,
			lifecycle: 'Customer',
			changes: { lifecycle: { previous: 'Lead', current: 'Customer' } },
		});
		await updatePerson(String(lead._id), { leadScore: 99 });
		expect(await entered.poll()).toEqual([]);
		await updatePerson(String(lead._id), { lifecycle: 'Churned' });
		expect(await entered.poll()).toEqual([]);
		await updatePerson(String(lead._id), { lifecycle: 'Customer' });
		expect(await entered.poll()).toEqual([lead._id]);
	});
});

describe('Record Removed', () => {
	test('a deleted record comes once, with the values last seen; one leaving the filter too', async () => {
		const [ada, grace] = await people();
		const removed = onPeople('recordRemoved', {
			filterMode: 'shorthand',
			shorthand: { pair: [{ attribute: 'newsletter', value: String(ada.newsletter) }] },
		});
		await removed.poll();
		await api().delete(`/collection-records/${PEOPLE}/${String(ada._id)}`);
		expect(await removed.pollItems()).toEqual([
			expect.objectContaining({ _id: ada._id, name: ada.name }),
		]);
		expect(await removed.poll()).toEqual([]);
		const sameFilter = (await people()).find(
			(p) => p.newsletter === ada.newsletter && p._id !== grace._id,
		)!;
		await updatePerson(String(sameFilter._id), { newsletter: !ada.newsletter });
		expect(await removed.poll()).toEqual([sameFilter._id]);
	});
});

/** Every person in the sandbox, oldest first, read around any rate limit. */
const allPeople = async () => {
	const rows: IDataObject[] = [];
	for (let offset = 0; ; offset += 500) {
		const { data } = await api().post(`/collection-records/${PEOPLE}/query`, {
			limit: 500,
			offset,
			sort: [{ attribute: 'createdAt', direction: 'asc' }],
		});
		rows.push(...data.data);
		if (data.data.length < 500) return rows;
	}
};

describe('taking stock of 12,000 records at a service that answers at once', () => {
	test('the activation poll takes stock of them all: a change to the newest, made after it, comes once', async () => {
		env.sandbox.reset({ people: 12_000 });
		const all = await allPeople();
		const updated = onPeople('recordUpdated', { watchedAttributes: ['leadScore'] });
		expect(await updated.pollItems()).toEqual([]);
		const { watch } = updated.workflow.staticData['node:Trigger'] as { watch: WatchState };
		expect(watch.baselined).toBe(true);
		const newest = String(all[all.length - 1]._id);
		await updatePerson(newest, { leadScore: 4_242 });
		const emitted: IDataObject[] = [];
		for (let i = 0; i < 4; i++) emitted.push(...(await updated.pollItems()));
		expect(emitted.map((item) => [item._id, item.changes])).toEqual([
			[newest, { leadScore: { previous: all[all.length - 1].leadScore ?? null, current: 4_242 } }],
		]);
	}, 60_000);
});

/**
 * The polls a pass over `records` takes behind a limit of 2 requests a second: its pages of 100
 * and the short one that ends it, at most 50 a poll (its 25 s at 2 a second), and one poll more
 * for the pace being learnt. A pass that takes more has stopped.
 */
const passPollsAt2PerSecond = (records: number) =>
	Math.ceil((Math.floor(records / 100) + 1) / 50) + 1;

describe('taking stock of 12,000 records behind a limit of 2 requests a second', () => {
	test('it goes on over the next polls; a change behind the pass comes once, one ahead of it is its starting point', async () => {
		env.sandbox.reset({ people: 12_000 });
		const all = await allPeople();
		const updated = onPeople('recordUpdated', { watchedAttributes: ['leadScore'] });
		env.sandbox.rateLimit({ rate: 2, burst: 1 });
		const watchState = () =>
			(updated.workflow.staticData['node:Trigger'] as { watch: WatchState }).watch;
		const started = time.now();
		expect(await updated.pollItems()).toEqual([]);
		expect(time.now() - started).toBeLessThan(30_000);
		// About 50 pages of 100 once the pace is learnt, fewer while it is learnt.
		const read = Object.keys(watchState().prints).length;
		expect(read).toBeGreaterThan(2_000);
		expect(read).toBeLessThan(6_000);
		// Around the limit, which counts per API key: one read already, one not yet.
		const behind = String(all[10]._id);
		const ahead = String(all[11_000]._id);
		env.sandbox.rateLimit({ rate: 0 });
		await updatePerson(behind, { leadScore: 1_111 });
		await updatePerson(ahead, { leadScore: 2_222 });
		env.sandbox.rateLimit({ rate: 2, burst: 1 });
		const maxPolls = passPollsAt2PerSecond(12_000);
		const stock = await pollUntil(
			'stock taken of 12,000 records behind 2 requests a second',
			maxPolls - 1,
			() => updated.pollItems(),
			() => watchState().baselined,
		);
		const polls = 1 + stock.length;
		expect(polls).toBeGreaterThanOrEqual(3);
		expect(polls).toBeLessThanOrEqual(maxPolls);
		// The next pass, whole.
		const mark = watchState().mark;
		const nextPass = await pollUntil(
			'the next pass over 12,000 records ended',
			maxPolls,
			() => updated.pollItems(),
			() => watchState().mark !== mark,
		);
		const emitted = [...stock, ...nextPass].flat();
		expect(emitted.map((item) => item._id)).toEqual([behind]);
	}, 60_000);
});

describe('refused at activation, with the fix in the message (all n8n shows of it)', () => {
	test('a view of more than 20,000 records', async () => {
		env.sandbox.reset({ people: 20_001 });
		const error = await onPeople('recordUpdated')
			.poll()
			.catch((e: Error) => e);
		expect((error as Error).message).toBe(
			'Collection: more than 20,000 records match, more than the trigger can watch. Narrow them with a filter (Filter), so that at most that many records match.',
		);
	}, 60_000);

	test('a filter that is not valid JSON', async () => {
		const error = await onPeople('recordUpdated', { filterMode: 'json', filterJson: '{"name": }' })
			.poll()
			.catch((e: Error) => e);
		expect((error as Error).message).toMatch(/^Filter \(JSON\): not valid JSON.*\. \S+/);
		expect((error as Error).message).toContain((error as { description?: string }).description);
	});

	test('a credential the service refuses', async () => {
		const refused = {
			...env.credentials,
			workspaceRecordsApi: { ...env.credentials.workspaceRecordsApi, apiKey: 'wr_wrong_key' },
		};
		const error = await activeTrigger(
			new WorkspaceRecordsTrigger(),
			{ event: 'newRecord', collectionId: byId(PEOPLE) },
			refused,
		)
			.poll()
			.catch((e: Error) => e);
		expect((error as Error).message).toMatch(
			/^Authorization failed: .*\. Check the API key and the workspace ID in the Workspace Records API credential/,
		);
	});
});

describe('a watched view of 10,000 records behind a limit of 2 requests a second', () => {
	test('a pass spans several polls, each within its time; every change comes exactly once', async () => {
		env.sandbox.reset({ people: 10_000 });
		const all = await (async () => {
			const rows: IDataObject[] = [];
			for (let offset = 0; ; offset += 500) {
				const { data } = await api().post(`/collection-records/${PEOPLE}/query`, {
					limit: 500,
					offset,
				});
				rows.push(...data.data);
				if (data.data.length < 500) return rows;
			}
		})();
		const updated = onPeople('recordUpdated', { watchedAttributes: ['leadScore'] });
		env.sandbox.rateLimit({ rate: 2, burst: 1 });
		const durations: number[] = [];
		// Each poll's time on the clock the limit and the trigger share, waits included.
		const timed = async () => {
			const started = time.now();
			const items = await updated.pollItems();
			durations.push(time.now() - started);
			return items;
		};
		// The baseline: a pass of 100 pages, over several polls, emits nothing.
		const watchState = () =>
			(updated.workflow.staticData['node:Trigger'] as { watch: WatchState }).watch;
		const maxPolls = passPollsAt2PerSecond(10_000);
		expect(await timed()).toEqual([]);
		const morePolls = await pollUntil(
			'stock taken of 10,000 records behind 2 requests a second',
			maxPolls - 1,
			timed,
			() => watchState().baselined,
		);
		expect(morePolls.flat()).toEqual([]);
		expect(morePolls.length).toBeGreaterThan(0);
		// Changes at the start, the middle and the end of the view; one made during the pass,
		// behind where it has read, and one ahead of it; a record deleted ahead of it.
		// The test's own changes go around the limit, which counts per API key.
		const unlimited = async (change: () => Promise<unknown>) => {
			env.sandbox.rateLimit({ rate: 0 });
			await change();
			env.sandbox.rateLimit({ rate: 2, burst: 1 });
		};
		const changed = [all[0], all[5_000], all[9_999]].map((r) => String(r._id));
		await unlimited(async () => {
			for (const id of changed) await updatePerson(id, { leadScore: 1_000 });
		});
		const emitted: IDataObject[] = [];
		emitted.push(...(await timed()));
		const behind = String(all[1]._id);
		const ahead = String(all[9_998]._id);
		await unlimited(async () => {
			await updatePerson(behind, { leadScore: 2_000 });
			await updatePerson(ahead, { leadScore: 2_000 });
			await api().delete(`/collection-records/${PEOPLE}/${String(all[9_997]._id)}`);
		});
		// Until the pass under way and the next one have ended: the change behind comes in the next.
		let [ends, mark] = [0, watchState().mark];
		const twoPasses = await pollUntil(
			'the pass under way and the next over 10,000 records ended',
			2 * maxPolls,
			async () => {
				const items = await timed();
				if (watchState().mark !== mark) [ends, mark] = [ends + 1, watchState().mark];
				return items;
			},
			() => ends === 2,
		);
		emitted.push(...twoPasses.flat());
		const ids = emitted.map((item) => String(item._id));
		expect(new Set(ids).size).toBe(ids.length);
		expect(ids.sort()).toEqual([...changed, behind, ahead].sort());
		expect(Math.max(...durations)).toBeLessThan(30_000);
	}, 60_000);
});

describe('List Entry Updated', () => {
	test('an update comes once; an entry only added does not', async () => {
		const updated = trigger({ event: 'listEntryUpdated', listId: byId(HOT_LEADS) });
		await updated.poll();
		tick(1_000);
		await api().patch(`/list-entries/${HOT_LEADS}/${FIRST_ENTRY}`, { note: 'Called back' });
		tick(1_000);
		await api().patch(`/list-entries/${HOT_LEADS}/${FIRST_ENTRY}`, { note: 'Called again' });
		tick(1_000);
		const { data } = await api().post(`/collection-records/${PEOPLE}`, { name: 'Listed' });
		await api().post(`/list-entries/${HOT_LEADS}`, { recordId: data._id });
		const items = await updated.pollItems();
		expect(items).toEqual([expect.objectContaining({ _id: FIRST_ENTRY, note: 'Called again' })]);
		expect(await updated.poll()).toEqual([]);
	});
});

describe('Activities', () => {
	const createActivity = async (scheduleAt: number, name = 'Call back') =>
		String(
			(
				await api().post('/collection-records/activity-list', {
					name,
					scheduleAt: new Date(scheduleAt).toISOString(),
					iconType: 'emoji',
					iconValue: '📞',
				})
			).data._id,
		);

	test('Activity Completed: once when completed, again if reopened and completed again', async () => {
		const id = await createActivity(time.now() + 86_400_000);
		const completed = trigger({ event: 'activityCompleted' });
		await completed.poll();
		tick(1_000);
		await api().patch(`/collection-records/activity-list/${id}`, { status: 'Done' });
		const [item] = await completed.pollItems();
		// As the Activities node outputs it: a boolean to test, the time or null.
		expect(item).toMatchObject({ _id: id, completed: true });
		expect(item.completedTime).toEqual(expect.stringMatching(/^2026-/));
		expect(await completed.poll()).toEqual([]);
		tick(1_000);
		await api().patch(`/collection-records/activity-list/${id}`, { status: 'To Do' });
		expect(await completed.poll()).toEqual([]);
		tick(1_000);
		await api().patch(`/collection-records/activity-list/${id}`, { status: 'Done' });
		expect(await completed.poll()).toEqual([id]);
	});

	test('Activity Due: once when its time comes, never for what was due before activation or is done', async () => {
		const overdue = await createActivity(time.now() - 60_000, 'Overdue');
		const due = trigger({ event: 'activityDue' });
		await due.poll();
		const soon = await createActivity(time.now() + 1_500, 'Soon');
		const doneFirst = await createActivity(time.now() + 1_500, 'Done first');
		await api().patch(`/collection-records/activity-list/${doneFirst}`, { status: 'Done' });
		expect(await due.poll()).toEqual([]);
		tick(2_000);
		const [item] = await due.pollItems();
		expect(item).toMatchObject({ _id: soon, completed: false, completedTime: null });
		expect(await due.poll()).toEqual([]);
		expect([soon]).not.toContain(overdue);
	});

	test('Activity Due with Minutes Before Due: as soon as it is that close', async () => {
		const due = trigger({ event: 'activityDue', minutesBefore: 15 });
		await due.poll();
		const inTen = await createActivity(time.now() + 10 * 60_000);
		const inAnHour = await createActivity(time.now() + 60 * 60_000);
		const emitted = await due.poll();
		expect(emitted).toEqual([inTen]);
		expect(emitted).not.toContain(inAnHour);
	});
});
