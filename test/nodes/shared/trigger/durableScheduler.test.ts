import axios from 'axios';
import type { IDataObject, INodeParameters, INodeType } from 'n8n-workflow';

import { WorkspaceActivitiesTrigger } from '../../../../nodes/WorkspaceActivitiesTrigger/WorkspaceActivitiesTrigger.node';
import { WorkspaceListsTrigger } from '../../../../nodes/WorkspaceListsTrigger/WorkspaceListsTrigger.node';
import { WorkspaceRecordsTrigger } from '../../../../nodes/WorkspaceRecordsTrigger/WorkspaceRecordsTrigger.node';
import { byId, HOT_LEADS, PEOPLE } from '../../../harness/fixtures';
import { activeTrigger } from '../../../harness/pollTrigger';
import { useSandbox } from '../../../harness/sandbox';
import { useVirtualClock } from '../../../harness/virtualClock';
import { RERUN_WINDOW_MS } from '../../../../nodes/shared/memory';

// n8n's durable poll scheduler drops what the activation poll saved in the node's static data
// (and a republish resets it), but keeps the workflow's: here the node's is dropped likewise.
const time = useVirtualClock(Date.parse('2026-11-22T09:00:00.000Z'));
const env = useSandbox({ clock: time.now });

const api = () =>
	axios.create({
		baseURL: `${env.url}/api/v1`,
		headers: { 'x-api-key': 'wr_test_key', 'x-workspace-id': 'ws_sandbox' },
	});
const create = async (path: string, body: IDataObject) => {
	time.tick();
	const { data } = await api().post(path, body);
	// Records answer the record; a list entry comes in the envelope's `data`.
	return String(data.data?._id ?? data._id);
};
const person = async (name: string) => await create(`/collection-records/${PEOPLE}`, { name });
const activity = async (name: string, inMinutes: number) =>
	await create('/collection-records/activity-list', {
		name,
		scheduleAt: new Date(time.now() + inMinutes * 60_000).toISOString(),
		iconType: 'emoji',
		iconValue: '📞',
	});

/** The activation poll, then the node's static data dropped, as the durable scheduler does. */
async function activatedUnderDurableScheduler(nodeType: INodeType, parameters: INodeParameters) {
	const trigger = activeTrigger(nodeType, parameters, env.credentials);
	expect(await trigger.poll()).toEqual([]);
	delete trigger.workflow.staticData['node:Trigger'];
	return trigger;
}

test.each([
	[
		'New Record',
		() => new WorkspaceRecordsTrigger(),
		{ event: 'newRecord', collectionId: byId(PEOPLE) },
	],
	['New Activity', () => new WorkspaceActivitiesTrigger(), { event: 'newActivity' }],
	['Activity Due', () => new WorkspaceActivitiesTrigger(), { event: 'activityDue' }],
])(
	'%s: what was created between activation and the first scheduled poll comes, once',
	async (_, node, parameters) => {
		const trigger = await activatedUnderDurableScheduler(node(), parameters as INodeParameters);
		const created =
			parameters.event === 'newRecord'
				? [await person('Between activation and the first poll')]
				: [await activity('Between activation and the first poll', -1)];
		expect(await trigger.poll()).toEqual(created);
		expect(await trigger.poll()).toEqual([]);
	},
);

test('New List Entry: an entry added between activation and the first scheduled poll comes, once', async () => {
	const trigger = await activatedUnderDurableScheduler(new WorkspaceListsTrigger(), {
		event: 'newListEntry',
		listId: byId(HOT_LEADS),
	});
	const recordId = await person('Soon on the list');
	const entry = await create(`/list-entries/${HOT_LEADS}`, { recordId });
	expect(await trigger.poll()).toEqual([entry]);
	expect(await trigger.poll()).toEqual([]);
});

test('a republish resets the position, as for n8n’s own triggers: the trigger takes stock again, and nothing comes twice', async () => {
	const trigger = await activatedUnderDurableScheduler(new WorkspaceRecordsTrigger(), {
		event: 'newRecord',
		collectionId: byId(PEOPLE),
	});
	const first = await person('First');
	expect(await trigger.poll()).toEqual([first]);
	expect(await trigger.poll()).toEqual([]);
	delete trigger.workflow.staticData['node:Trigger'];
	await person('During the republish');
	expect(await trigger.poll()).toEqual([]);
	const after = await person('After the republish');
	expect(await trigger.poll()).toEqual([after]);
});

test('Record Updated: the stock taken at activation is kept; a change made before the first scheduled poll comes, once', async () => {
	const trigger = await activatedUnderDurableScheduler(new WorkspaceRecordsTrigger(), {
		event: 'recordUpdated',
		collectionId: byId(PEOPLE),
		watchedAttributes: ['leadScore'],
	});
	const { data } = await api().post(`/collection-records/${PEOPLE}/query`, {
		limit: 1,
		offset: 0,
		sort: [{ attribute: 'createdAt', direction: 'desc' }],
	});
	const newest = String(data.data[0]._id);
	await api().patch(`/collection-records/${PEOPLE}/${newest}`, { leadScore: 4_242 });
	expect(await trigger.poll()).toEqual([newest]);
	expect(await trigger.poll()).toEqual([]);
});

test('Record Updated: a scheduled poll that comes before n8n has saved the workflow’s static data goes on from the activation’s stock too', async () => {
	const trigger = await activatedUnderDurableScheduler(new WorkspaceRecordsTrigger(), {
		event: 'recordUpdated',
		collectionId: byId(PEOPLE),
		watchedAttributes: ['leadScore'],
	});
	const global = trigger.workflow.staticData.global as IDataObject;
	expect(Object.keys(global)).toContainEqual(expect.stringMatching(/^position:/));
	for (const key of Object.keys(global)) if (key.startsWith('position:')) delete global[key];
	const { data } = await api().post(`/collection-records/${PEOPLE}/query`, {
		limit: 1,
		offset: 0,
		sort: [{ attribute: 'createdAt', direction: 'desc' }],
	});
	const newest = String(data.data[0]._id);
	await api().patch(`/collection-records/${PEOPLE}/${newest}`, { leadScore: 4_343 });
	expect(await trigger.poll()).toEqual([newest]);
	expect(await trigger.poll()).toEqual([]);
});

describe('n8n runs a poll again from where it started (its durable scheduler is at least once)', () => {
	/** The trigger after its first scheduled poll emitted `row`, and n8n's data as it was before that poll. */
	async function afterOneEmittingPoll() {
		const trigger = await activatedUnderDurableScheduler(new WorkspaceRecordsTrigger(), {
			event: 'newRecord',
			collectionId: byId(PEOPLE),
		});
		const row = await person('Emitted by the first run');
		// n8n's static data is a proxy that structuredClone cannot copy.
		const before = JSON.stringify(trigger.workflow.staticData);
		expect(await trigger.poll()).toEqual([row]);
		/** As if n8n had not kept where that poll ended (its lease ran out, its commit failed). */
		const rerun = async () => {
			for (const key of Object.keys(trigger.workflow.staticData))
				delete trigger.workflow.staticData[key];
			Object.assign(trigger.workflow.staticData, JSON.parse(before));
			return await trigger.poll();
		};
		return { trigger, row, rerun };
	}

	test('the same poll run twice emits its rows once', async () => {
		const { rerun } = await afterOneEmittingPoll();
		expect(await rerun()).toEqual([]);
		time.tick(RERUN_WINDOW_MS - 1);
		expect(await rerun()).toEqual([]);
	});

	test('a poll from where the first ended shows n8n kept it: what comes next comes once', async () => {
		const { trigger } = await afterOneEmittingPoll();
		const next = await person('After the first run');
		expect(await trigger.poll()).toEqual([next]);
		expect(await trigger.poll()).toEqual([]);
	});

	test('n8n still at the first start once the window has passed: it dropped that run, whose rows come again', async () => {
		const { row, rerun } = await afterOneEmittingPoll();
		time.tick(RERUN_WINDOW_MS);
		expect(await rerun()).toEqual([row]);
	});
});

test('a first scheduled poll whose result n8n refused (its lease ran out) after saving the workflow’s static data: its items are not lost', async () => {
	const trigger = await activatedUnderDurableScheduler(new WorkspaceRecordsTrigger(), {
		event: 'newRecord',
		collectionId: byId(PEOPLE),
	});
	const row = await person('Emitted by a run n8n refused');
	expect(await trigger.poll()).toEqual([row]);
	// n8n saved the workflow's static data on emitting, then refused the poll's cursor.
	delete trigger.workflow.staticData['node:Trigger'];
	expect(await trigger.poll()).toEqual([]);
	time.tick(RERUN_WINDOW_MS);
	expect(await trigger.poll()).toEqual([row]);
	expect(await trigger.poll()).toEqual([]);
});
