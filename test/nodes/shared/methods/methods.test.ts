import { WorkspaceActivities } from '../../../../nodes/WorkspaceActivities/WorkspaceActivities.node';
import { WorkspaceAttributes } from '../../../../nodes/WorkspaceAttributes/WorkspaceAttributes.node';
import { WorkspaceLists } from '../../../../nodes/WorkspaceLists/WorkspaceLists.node';
import { WorkspaceMembers } from '../../../../nodes/WorkspaceMembers/WorkspaceMembers.node';
import { WorkspaceRecords } from '../../../../nodes/WorkspaceRecords/WorkspaceRecords.node';
import { listSearch, loadOptions } from '../../../../nodes/shared/methods';

const {
	searchActivities,
	searchAssociatedRecords,
	searchCollections,
	searchListEntries,
	searchListRecords,
	searchLists,
	searchMembers,
	searchRecords,
} = listSearch;
const {
	getActivityStatuses,
	getAttributes,
	getCustomAttributes,
	getStatusAttributes,
	getStatusesOfAttribute,
	getWatchableAttributes,
} = loadOptions;
import { WorkspaceRecordsTrigger } from '../../../../nodes/WorkspaceRecordsTrigger/WorkspaceRecordsTrigger.node';
import { byId, COMPANIES, HOT_LEADS, PEOPLE, recordsAuthHeaders } from '../../../harness/fixtures';

/** The deals collection of the seed (test/sandbox/seed.js). */
const DEALS = 'a00000000000000000000003';
import { loadOptionsContext } from '../../../harness/loadOptions';
import { useSandbox } from '../../../harness/sandbox';

const env = useSandbox();
const records = (parameters = {}) =>
	loadOptionsContext(
		new WorkspaceRecords(),
		{ resource: 'record', ...parameters },
		env.credentials,
	);

test('collections are searched by name and type, with the credential headers', async () => {
	const { results } = await searchCollections.call(records(), 'comp');
	expect(results).toEqual([{ name: 'Companies (companies)', value: 'a00000000000000000000002' }]);
	expect(env.sandbox.requests[0]).toMatchObject({
		method: 'GET',
		path: '/api/v1/collections',
		headers: recordsAuthHeaders,
	});
});

test('records are searched by name on the server, a page at a time', async () => {
	env.sandbox.reset({ people: 150 });
	const first = await searchRecords.call(records({ collectionId: byId(PEOPLE) }));
	expect(first.results).toHaveLength(100);
	expect(first.paginationToken).toBe('100');
	const second = await searchRecords.call(
		records({ collectionId: byId(PEOPLE) }),
		undefined,
		first.paginationToken,
	);
	expect(second.results).toHaveLength(50);
	expect(second.paginationToken).toBeUndefined();
	const found = await searchRecords.call(records({ collectionId: byId(PEOPLE) }), 'Grace Hop');
	expect(env.sandbox.requests.at(-1)?.body).toEqual({
		filter: { name: { $contains: 'Grace Hop' } },
		limit: 100,
		offset: 0,
	});
	// Told apart by a second piece of identity: the email.
	expect(found.results.map((r) => r.name)).toEqual([
		'Grace Hopper (grace.hopper11@example.com)',
		'Grace Hopper (grace.hopper111@example.com)',
	]);
});

test('lists, list entries, members and activities', async () => {
	const lists = loadOptionsContext(
		new WorkspaceLists(),
		{ resource: 'listEntry', listId: byId(HOT_LEADS) },
		env.credentials,
	);
	expect((await searchLists.call(lists, 'hot')).results).toEqual([
		{ name: 'Hot Leads (People)', value: HOT_LEADS },
	]);
	expect((await searchListEntries.call(lists)).results[0]).toEqual({
		name: 'Entry for record f00000000000000000000001',
		value: 'f50000000000000000000001',
	});

	const members = loadOptionsContext(
		new WorkspaceMembers(),
		{ resource: 'member' },
		env.credentials,
	);
	expect((await searchMembers.call(members, 'grace')).results).toEqual([
		{ name: 'Grace Hopper <grace@example.com>', value: 'e00000000000000000000002' },
	]);

	const activities = loadOptionsContext(
		new WorkspaceActivities(),
		{ resource: 'activity' },
		env.credentials,
	);
	const found = await searchActivities.call(activities, 'Coffee');
	expect(env.sandbox.requests.at(-1)?.body).toEqual({
		filter: [{ name: { $contains: 'Coffee' } }],
		limit: 100,
		offset: 0,
	});
	expect(found.results.map((r) => r.name)).toEqual(['Coffee #4', 'Coffee #8', 'Coffee #12']);
	expect((await getActivityStatuses.call(activities)).map((o) => o.name)).toEqual([
		'To Do',
		'In Progress',
		'Done',
	]);
});

test('Watched Attributes offers what can change: not Created At, which is set once', async () => {
	const trigger = loadOptionsContext(
		new WorkspaceRecordsTrigger(),
		{ event: 'recordUpdated', collectionId: byId(PEOPLE) },
		env.credentials,
	);
	const watchable = (await getWatchableAttributes.call(trigger)).map((o) => o.value);
	expect(watchable).toContain('jobTitle');
	expect(watchable).not.toContain('createdAt');
	expect((await getAttributes.call(trigger)).map((o) => o.value)).toContain('createdAt');
});

test('attribute dropdowns list the keys of the collection, list or activities in view', async () => {
	const people = await getAttributes.call(records({ collectionId: byId(PEOPLE) }));
	expect(people).toContainEqual({
		name: 'Emails (emails)',
		value: 'emails',
		description: 'Type: Email',
	});
	const listAttributes = await getAttributes.call(
		loadOptionsContext(
			new WorkspaceLists(),
			{ resource: 'listEntry', listId: byId(HOT_LEADS) },
			env.credentials,
		),
	);
	expect(listAttributes.map((o) => o.value)).toEqual(['priority', 'note']);
	expect(env.sandbox.requests.at(-1)?.path).toBe(`/api/v1/attributes/list/${HOT_LEADS}`);
	const custom = await getCustomAttributes.call(
		loadOptionsContext(
			new WorkspaceAttributes(),
			{ resource: 'attribute', target: 'collection', collectionId: byId(PEOPLE) },
			env.credentials,
		),
	);
	expect(custom.map((o) => o.name)).toEqual([
		'Lead Score (leadScore)',
		'Lifecycle (lifecycle)',
		'Nickname (nickname)',
		'Newsletter (newsletter)',
	]);
});

test("Record Entered a Status offers the collection's status attributes, then their statuses", async () => {
	const trigger = (parameters = {}) =>
		loadOptionsContext(
			new WorkspaceRecordsTrigger(),
			{ event: 'recordEnteredStatus', collectionId: byId(PEOPLE), ...parameters },
			env.credentials,
		);
	expect(await getStatusAttributes.call(trigger())).toEqual([
		{ name: 'Lifecycle (lifecycle)', value: 'lifecycle', description: 'Type: Status' },
	]);
	expect(await getStatusesOfAttribute.call(trigger())).toEqual([
		{ name: 'Choose a Status Attribute first', value: '', disabled: true },
	]);
	const statuses = await getStatusesOfAttribute.call(trigger({ statusAttribute: 'lifecycle' }));
	expect(statuses.map((o) => o.name)).toEqual(['Lead', 'Customer', 'Churned']);
});

test('a failure in a dropdown goes through the same error mapper', async () => {
	await expect(
		searchCollections.call(
			loadOptionsContext(
				new WorkspaceRecords(),
				{},
				{ workspaceRecordsApi: { ...env.credentials.workspaceRecordsApi, apiKey: 'wrong' } },
			),
		),
	).rejects.toThrow('Authorization failed: Unauthorised');
});

test("a list's record picker searches the list's own collection", async () => {
	const context = loadOptionsContext(
		new WorkspaceLists(),
		{ resource: 'listEntry', operation: 'create', listId: byId(HOT_LEADS) },
		env.credentials,
	);
	const { results } = await searchListRecords.call(context, 'Grace');
	expect(env.sandbox.requests.map((r) => [r.method, r.path])).toEqual([
		['GET', `/api/v1/lists/${HOT_LEADS}`],
		['POST', `/api/v1/collection-records/${PEOPLE}/query`],
	]);
	expect(results).toHaveLength(3);
	expect(results.every((r) => r.name.startsWith('Grace '))).toBe(true);
});

test('pickers that depend on a field not chosen yet say which, instead of failing', async () => {
	const choose = (name: string) => [{ name, value: '', disabled: true }];
	const trigger = loadOptionsContext(
		new WorkspaceRecordsTrigger(),
		{ event: 'recordEnteredStatus' },
		env.credentials,
	);
	expect(await getStatusAttributes.call(trigger)).toEqual(choose('Choose a Collection first'));
	expect(await getStatusesOfAttribute.call(trigger)).toEqual(choose('Choose a Collection first'));
	const entries = loadOptionsContext(
		new WorkspaceLists(),
		{ resource: 'listEntry', operation: 'update' },
		env.credentials,
	);
	expect(await getAttributes.call(entries)).toEqual(choose('Choose a List first'));

	const first = (name: string) => ({ results: [{ name, value: '' }] });
	const activity = loadOptionsContext(
		new WorkspaceActivities(),
		{ resource: 'activity', operation: 'create', additionalFields: {} },
		env.credentials,
	);
	expect(await searchAssociatedRecords.call(activity)).toEqual(
		first('Choose an Associated Collection first'),
	);
	expect(await searchRecords.call(records())).toEqual(first('Choose a Collection first'));
	expect(await searchListRecords.call(entries)).toEqual(first('Choose a List first'));
	expect(await searchListEntries.call(entries)).toEqual(first('Choose a List first'));
	expect(env.sandbox.requests).toEqual([]);
});

test('a collection without a status attribute says so in Status Attribute', async () => {
	const trigger = loadOptionsContext(
		new WorkspaceRecordsTrigger(),
		{ event: 'recordEnteredStatus', collectionId: byId(COMPANIES) },
		env.credentials,
	);
	expect(await getStatusAttributes.call(trigger)).toEqual([
		{ name: 'This collection has no status or pipeline attribute', value: '', disabled: true },
	]);
});

test('records of other collections are told apart by domain, then company', async () => {
	const companies = await searchRecords.call(records({ collectionId: byId(COMPANIES) }), 'Enigma');
	expect(companies.results.map((r) => r.name)).toEqual(['Enigma Labs (enigmalabs.example)']);
	const deals = await searchRecords.call(records({ collectionId: byId(DEALS) }));
	expect(deals.results[0].name).toMatch(/^.+ \(Analytical Engines\)$/);
});
