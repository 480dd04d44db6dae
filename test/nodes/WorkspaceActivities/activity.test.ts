import type { INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { WorkspaceActivities } from '../../../nodes/WorkspaceActivities/WorkspaceActivities.node';
import { listSearch } from '../../../nodes/shared/methods';
import {
	ACTIVITY_STATUS_DONE,
	ADA_RECORD,
	byId,
	FIRST_ACTIVITY,
	PEOPLE,
	recordsAuthHeaders,
} from '../../harness/fixtures';
import { loadOptionsContext } from '../../harness/loadOptions';
import { runNode } from '../../harness/runNode';
import { useSandbox } from '../../harness/sandbox';

const env = useSandbox();
const run = (parameters: object) =>
	runNode({
		nodeType: new WorkspaceActivities(),
		parameters: { resource: 'activity', ...parameters },
		credentials: env.credentials,
	});
const ACTIVITIES = '/api/v1/collection-records/activity-list';
const fromList = (value: string) => ({ __rl: true, mode: 'list', value });

describe('Activity → Create', () => {
	test('sends the icon, the title and Schedule At in UTC with milliseconds', async () => {
		const { items } = await run({
			operation: 'create',
			name: 'Follow-up call',
			scheduleAt: '2026-11-23T10:30:00+01:00',
			iconType: 'messaging_app',
			messagingAppIcon: 'telegram',
			additionalFields: {
				description: 'About the renewal',
				associatedRecord: byId(ADA_RECORD),
				status: ACTIVITY_STATUS_DONE,
			},
		});
		expect(env.sandbox.requests).toHaveLength(1);
		expect(env.sandbox.requests[0]).toMatchObject({
			method: 'POST',
			path: ACTIVITIES,
			headers: recordsAuthHeaders,
		});
		expect(env.sandbox.requests[0].body).toEqual({
			name: 'Follow-up call',
			scheduleAt: '2026-11-23T09:30:00.000Z',
			iconType: 'messaging_app',
			iconValue: 'telegram',
			description: 'About the renewal',
			associated: ADA_RECORD,
			status: ACTIVITY_STATUS_DONE,
		});
		expect(items[0].json).toMatchObject({
			name: 'Follow-up call',
			associated: ADA_RECORD,
			status: { name: 'Done' },
		});
	});

	test('a date alone is midnight UTC; an emoji icon is free text', async () => {
		await run({
			operation: 'create',
			name: 'Lunch',
			scheduleAt: '2026-12-01',
			iconType: 'emoji',
			emojiIcon: '🥪',
		});
		expect(env.sandbox.requests[0].body).toEqual({
			name: 'Lunch',
			scheduleAt: '2026-12-01T00:00:00.000Z',
			iconType: 'emoji',
			iconValue: '🥪',
		});
	});

	test("Schedule At without an offset is read in the workflow's time zone", async () => {
		await runNode({
			nodeType: new WorkspaceActivities(),
			parameters: {
				resource: 'activity',
				operation: 'create',
				name: 'Call',
				scheduleAt: '2026-11-23T10:30:00',
				iconType: 'interaction',
				interactionIcon: 'call',
			},
			credentials: env.credentials,
			timezone: 'Europe/Berlin',
		});
		expect(env.sandbox.requests[0].body?.scheduleAt).toBe('2026-11-23T09:30:00.000Z');
	});

	test('Time Zone: its default shows and uses the workflow time zone; another zone is used instead; a wrong one is named', async () => {
		const create = (timeZone: string) =>
			runNode({
				nodeType: new WorkspaceActivities(),
				parameters: {
					resource: 'activity',
					operation: 'create',
					name: 'Call',
					scheduleAt: '2026-11-23T10:00:00',
					timeZone,
					iconType: 'interaction',
					interactionIcon: 'call',
				},
				credentials: env.credentials,
				timezone: 'America/New_York',
			});
		await create('={{ $now.zoneName }}');
		await create('Asia/Tokyo');
		await create('');
		expect(env.sandbox.requests.map((r) => r.body?.scheduleAt)).toEqual([
			'2026-11-23T15:00:00.000Z',
			'2026-11-23T01:00:00.000Z',
			'2026-11-23T15:00:00.000Z',
		]);
		env.sandbox.clearRequests();
		const { error } = await create('Mars/Olympus');
		expect(error?.message).toBe('Time Zone: "Mars/Olympus" is not a time zone');
		expect(env.sandbox.requests).toHaveLength(0);
	});

	test('an unparsable date is an error naming Schedule At, and nothing is sent', async () => {
		const { error } = await run({
			operation: 'create',
			name: 'Call',
			scheduleAt: 'next tuesday',
			iconType: 'interaction',
			interactionIcon: 'call',
		});
		expect(error?.message).toBe('Schedule At: "next tuesday" is not a date');
		expect(env.sandbox.requests).toHaveLength(0);
	});
});

test('Activity → Get returns the activity, simplified by default', async () => {
	const { items } = await run({ operation: 'get', activityId: byId(FIRST_ACTIVITY) });
	expect(env.sandbox.requests.map((r) => [r.method, r.path])).toEqual([
		['GET', `${ACTIVITIES}/${FIRST_ACTIVITY}`],
	]);
	expect(items[0].json).toMatchObject({
		_id: FIRST_ACTIVITY,
		status: 'To Do',
		createdBy: { name: 'Ada Lovelace', email: 'ada@example.com' },
	});
});

test('an activity says whether it is completed: completed true or false, completedTime a timestamp or null', async () => {
	const open = await run({ operation: 'get', activityId: byId(FIRST_ACTIVITY) });
	expect(open.items[0].json).toMatchObject({ completed: false, completedTime: null });
	const keys = Object.keys(open.items[0].json);
	expect(keys.indexOf('completed') + 1).toBe(keys.indexOf('completedTime'));
	const done = await run({
		operation: 'update',
		activityId: byId(FIRST_ACTIVITY),
		updateFields: { status: ACTIVITY_STATUS_DONE },
	});
	expect(done.items[0].json.completed).toBe(true);
	expect(done.items[0].json.completedTime).toMatch(/^\d{4}-\d{2}-\d{2}T/);
	const many = await run({ operation: 'getAll', returnAll: true });
	expect(many.items.every(({ json }) => typeof json.completed === 'boolean')).toBe(true);
	expect(many.items.some(({ json }) => json.completedTime === false)).toBe(false);
});

test('Activity → Get with Simplify off returns the full objects', async () => {
	const { items } = await run({
		operation: 'get',
		activityId: byId(FIRST_ACTIVITY),
		simplify: false,
	});
	expect(items[0].json.status).toMatchObject({
		name: 'To Do',
		color: '#94a3b8',
		statusType: 'normal',
	});
});

test('Activity → Get Many sends the filter as an array of conditions (docs/api.md §4.1)', async () => {
	const { items } = await run({
		operation: 'getAll',
		returnAll: false,
		limit: 10,
		filterMode: 'conditions',
		combine: 'and',
		conditions: {
			condition: [
				{ attribute: 'name', operator: 'startsWith', value: 'Call' },
				{ attribute: 'scheduleAt', operator: 'gte', compareValue: '2026-01-03' },
			],
		},
		sort: { key: [{ attribute: 'scheduleAt', direction: 'asc' }] },
	});
	expect(env.sandbox.requests.map((r) => [r.method, r.path, r.body])).toEqual([
		[
			'POST',
			`${ACTIVITIES}/query`,
			{
				filter: [
					{ name: { $starts_with: 'Call' } },
					{ scheduleAt: { $gte: '2026-01-03T00:00:00.000Z' } },
				],
				sort: [{ attribute: 'scheduleAt', direction: 'asc' }],
				limit: 10,
				offset: 0,
			},
		],
	]);
	expect(items.map((i) => i.json.name)).toEqual(['Call #1', 'Call #5', 'Call #9']);
});

test('Activity → Update sends only the fields given and outputs the activity as it is afterwards', async () => {
	const { items } = await run({
		operation: 'update',
		activityId: byId(FIRST_ACTIVITY),
		updateFields: { status: ACTIVITY_STATUS_DONE, scheduleAt: '2026-12-24T08:00:00Z' },
	});
	expect(env.sandbox.requests.map((r) => [r.method, r.path, r.body])).toEqual([
		[
			'PATCH',
			`${ACTIVITIES}/${FIRST_ACTIVITY}`,
			{ status: ACTIVITY_STATUS_DONE, scheduleAt: '2026-12-24T08:00:00.000Z' },
		],
		['GET', `${ACTIVITIES}/${FIRST_ACTIVITY}`, undefined],
	]);
	expect(items[0].json).toMatchObject({
		_id: FIRST_ACTIVITY,
		name: 'Call #1',
		status: { name: 'Done' },
	});
});

describe('the associated record: a picker, collection then record', () => {
	const create = { operation: 'create', name: 'Call', scheduleAt: '2026-11-23T10:00:00Z' };
	const sentAssociated = () => env.sandbox.requests[0].body as { associated?: string };

	test.each([
		['From List', { associatedCollection: byId(PEOPLE), associatedRecord: fromList(ADA_RECORD) }],
		['By ID', { associatedRecord: byId(ADA_RECORD) }],
	])('Create, %s: the record ID alone is sent as associated', async (_, fields) => {
		const { error } = await run({ ...create, additionalFields: fields });
		expect(error).toBeUndefined();
		expect(env.sandbox.requests[0].body).toEqual({
			name: 'Call',
			scheduleAt: '2026-11-23T10:00:00.000Z',
			iconType: 'interaction',
			iconValue: 'call',
			associated: ADA_RECORD,
		});
	});

	test('Update: only the associated record is sent', async () => {
		await run({
			operation: 'update',
			activityId: byId(FIRST_ACTIVITY),
			updateFields: { associatedRecord: byId(ADA_RECORD) },
		});
		expect(env.sandbox.requests[0]).toMatchObject({
			method: 'PATCH',
			path: `${ACTIVITIES}/${FIRST_ACTIVITY}`,
			body: { associated: ADA_RECORD },
		});
	});

	test('a picker left empty sends no associated record', async () => {
		await run({ ...create, additionalFields: { associatedRecord: byId('') } });
		expect(sentAssociated().associated).toBeUndefined();
	});

	test('the list offers the records of the Associated Collection, searched by name', async () => {
		for (const [operation, fields] of [
			['create', 'additionalFields'],
			['update', 'updateFields'],
		]) {
			env.sandbox.clearRequests();
			const context = loadOptionsContext(
				new WorkspaceActivities(),
				{ resource: 'activity', operation, [fields]: { associatedCollection: byId(PEOPLE) } },
				env.credentials,
			);
			const { results } = await listSearch.searchAssociatedRecords.call(context, 'Ada');
			expect(results).toContainEqual({
				name: 'Ada Lovelace (ada.lovelace0@example.com)',
				value: ADA_RECORD,
			});
			expect(env.sandbox.requests[0].path).toBe(`/api/v1/collection-records/${PEOPLE}/query`);
		}
	});

	test('the list before a collection is chosen says to choose it, as an entry, not an error', async () => {
		const context = loadOptionsContext(
			new WorkspaceActivities(),
			{ resource: 'activity', operation: 'create', additionalFields: {} },
			env.credentials,
		);
		expect(await listSearch.searchAssociatedRecords.call(context)).toEqual({
			results: [{ name: 'Choose an Associated Collection first', value: '' }],
		});
		expect(env.sandbox.requests).toEqual([]);
	});
});

test('Activity → Delete returns deleted:true and the id', async () => {
	const { items } = await run({ operation: 'delete', activityId: byId(FIRST_ACTIVITY) });
	expect(env.sandbox.requests.map((r) => [r.method, r.path])).toEqual([
		['DELETE', `${ACTIVITIES}/${FIRST_ACTIVITY}`],
	]);
	expect(items.map((i) => i.json)).toEqual([{ deleted: true, _id: FIRST_ACTIVITY }]);
	expect(env.sandbox.state.records.get('activity-list')?.has(FIRST_ACTIVITY)).toBe(false);
});

test('Activity → Delete of an unknown activity names the Activity parameter', async () => {
	const { error } = await run({ operation: 'delete', activityId: byId('gone') });
	expect(error?.message).toBe('The activity with ID "gone" was not found');
});

test('Time Zone is shown where Schedule At is entered: on Create, and on Update once Schedule At is added', () => {
	const { description } = new WorkspaceActivities();
	const shown = (values: object) => {
		const parameters = NodeHelpers.getNodeParameters(
			description.properties,
			{ resource: 'activity', ...values } as INodeParameters,
			true,
			false,
			{ typeVersion: 1 },
			description,
		)!;
		return description.properties
			.filter((p) => NodeHelpers.displayParameter(parameters, p, { typeVersion: 1 }, description))
			.map((p) => p.name);
	};
	const create = shown({ operation: 'create' });
	expect(create.slice(create.indexOf('scheduleAt'), create.indexOf('scheduleAt') + 2)).toEqual([
		'scheduleAt',
		'timeZone',
	]);
	expect(shown({ operation: 'update', updateFields: { name: 'Call' } })).not.toContain('timeZone');
	expect(
		shown({ operation: 'update', updateFields: { scheduleAt: '2026-11-23T10:00:00' } }),
	).toContain('timeZone');
	const timeZone = description.properties.find((p) => p.name === 'timeZone')!;
	expect(timeZone.default).toBe('={{ $now.zoneName }}');
});
