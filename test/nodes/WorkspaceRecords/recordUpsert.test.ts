import { ADA_RECORD, byId, mapperValue, PEOPLE } from '../../harness/fixtures';
import { useSandbox } from '../../harness/sandbox';
import { recordRunner } from './recordRunner';

const env = useSandbox();
const run = recordRunner(env);

describe('Record → Create or Update', () => {
	const upsert = (emails: string, extra: object = {}) =>
		run({
			operation: 'upsert',
			collectionId: byId(PEOPLE),
			matchAttribute: 'emails',
			useJson: true,
			attributesJson: JSON.stringify({
				emails: emails.split(',').map((e) => e.trim()),
				jobTitle: 'Mathematician',
			}),
			...extra,
		});

	test('one match: it is updated, and the output is the record afterwards, saying so', async () => {
		const { items } = await upsert('ada.lovelace0@example.com');
		expect(env.sandbox.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			[
				'POST',
				`/api/v1/collection-records/${PEOPLE}/query`,
				{ filter: { emails: { $eq: 'ada.lovelace0@example.com' } }, limit: 2, offset: 0 },
			],
			[
				'PATCH',
				`/api/v1/collection-records/${PEOPLE}/${ADA_RECORD}`,
				{ emails: ['ada.lovelace0@example.com'], jobTitle: 'Mathematician' },
			],
			['GET', `/api/v1/collection-records/${PEOPLE}/${ADA_RECORD}`, undefined],
		]);
		expect(items.map((i) => [i.json.action, i.json._id, i.json.jobTitle, i.json.name])).toEqual([
			['updated', ADA_RECORD, 'Mathematician', 'Ada Lovelace'],
		]);
	});

	test('no match: it is created', async () => {
		const { items } = await upsert('new.person@example.com');
		expect(env.sandbox.requests.map((r) => [r.method, r.path])).toEqual([
			['POST', `/api/v1/collection-records/${PEOPLE}/query`],
			['POST', `/api/v1/collection-records/${PEOPLE}`],
		]);
		expect(items[0].json).toMatchObject({ action: 'created', emails: ['new.person@example.com'] });
	});

	test('another run creates the same value between look-up and create: its record is updated', async () => {
		// The other run's record appears as this create arrives, after the look-up found none.
		const { requests } = env.sandbox;
		const log = requests.push.bind(requests);
		requests.push = (...logged) => {
			if (logged[0]?.method === 'POST' && logged[0].path === `/api/v1/collection-records/${PEOPLE}`)
				env.sandbox.state.records.get(PEOPLE)!.set('f000000000000000000000aa', {
					_id: 'f000000000000000000000aa',
					name: 'Other Run',
					emails: ['race@example.com'],
				});
			return log(...logged);
		};
		const { items } = await upsert('race@example.com');
		expect(requests.map((r) => [r.method, r.path, r.status])).toEqual([
			['POST', `/api/v1/collection-records/${PEOPLE}/query`, 200],
			['POST', `/api/v1/collection-records/${PEOPLE}`, 400],
			['POST', `/api/v1/collection-records/${PEOPLE}/query`, 200],
			['PATCH', `/api/v1/collection-records/${PEOPLE}/f000000000000000000000aa`, 200],
			['GET', `/api/v1/collection-records/${PEOPLE}/f000000000000000000000aa`, 200],
		]);
		expect(items.map((i) => [i.json.action, i.json._id, i.json.jobTitle])).toEqual([
			['updated', 'f000000000000000000000aa', 'Mathematician'],
		]);
	});

	test('a create refused as a duplicate that the look-up still cannot find says what happened', async () => {
		env.sandbox.addFault({
			method: 'POST',
			path: `/api/v1/collection-records/${PEOPLE}`,
			skip: 1,
			kind: 'status',
			statusCode: 400,
			body: {
				status: false,
				message: 'a record with this Emails already exists: f000000000000000000000bb',
			},
		});
		const { error } = await upsert('race@example.com');
		expect([error?.message, error?.description]).toEqual([
			'Another run created a record with emails = race@example.com a moment ago, and it cannot be read yet',
			expect.stringMatching(/Run this item again: Create or Update then finds that record/),
		]);
	});

	test('several matches: an error, unless Update All Matches is on', async () => {
		// Emails are unique in the workspace: twins share a nickname.
		const people = env.sandbox.state.records.get(PEOPLE)!;
		people.get('f00000000000000000000002')!.nickname = 'Twin';
		people.get('f00000000000000000000003')!.nickname = 'Twin';
		const byNickname = (extra: object = {}) =>
			run({
				operation: 'upsert',
				collectionId: byId(PEOPLE),
				matchAttribute: 'nickname',
				useJson: true,
				attributesJson: JSON.stringify({ nickname: 'Twin', jobTitle: 'Mathematician' }),
				...extra,
			});
		const refused = await byNickname();
		expect(refused.error?.message).toBe('Several records have nickname = Twin');
		expect(env.sandbox.requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);

		const { items } = await byNickname({ updateAllMatches: true });
		expect(items.map((i) => [i.json.action, i.json._id])).toEqual([
			['updated', 'f00000000000000000000002'],
			['updated', 'f00000000000000000000003'],
		]);
	});

	test('Update All Matches pages through every match, not only the first 100', async () => {
		env.sandbox.reset({ people: 250 });
		for (const person of env.sandbox.state.records.get(PEOPLE)!.values())
			person.jobTitle = 'Engineer';
		const { items } = await run({
			operation: 'upsert',
			collectionId: byId(PEOPLE),
			matchAttribute: 'jobTitle',
			updateAllMatches: true,
			useJson: true,
			attributesJson: JSON.stringify({ jobTitle: 'Engineer', nickname: 'all' }),
		});
		const queries = env.sandbox.requests
			.filter((r) => r.path.endsWith('/query'))
			.map((r) => r.body);
		expect(queries.map((b) => [b?.limit, b?.offset])).toEqual([
			[100, 0],
			[100, 100],
			[100, 200],
		]);
		expect(items).toHaveLength(250);
		expect(new Set(items.map((i) => i.json._id)).size).toBe(250);
		expect(
			[...env.sandbox.state.records.get(PEOPLE)!.values()].every((p) => p.nickname === 'all'),
		).toBe(true);
	});

	test('the match attribute must be among the attributes sent', async () => {
		const { error } = await run({
			operation: 'upsert',
			collectionId: byId(PEOPLE),
			matchAttribute: 'emails',
			useJson: true,
			attributesJson: JSON.stringify({ name: 'X' }),
		});
		expect(error?.message).toBe('Match On: the attributes give no value for "emails"');
		expect(env.sandbox.requests).toHaveLength(0);
	});
});

describe('Record → Create / Update / Create or Update with the attribute mapper', () => {
	/** The resource mapper's value as the editor stores it, with the schema it loaded. */
	const SCHEMA = [
		{
			id: 'name',
			displayName: 'Name',
			required: true,
			defaultMatch: false,
			display: true,
			type: 'string',
		},
		{
			id: 'emails',
			displayName: 'Emails',
			required: false,
			defaultMatch: false,
			display: true,
			type: 'string',
		},
		{
			id: 'leadScore',
			displayName: 'Lead Score',
			required: false,
			defaultMatch: false,
			display: true,
			type: 'number',
		},
		{
			id: 'newsletter',
			displayName: 'Newsletter',
			required: false,
			defaultMatch: false,
			display: true,
			type: 'boolean',
		},
		{
			id: 'lastInteraction',
			displayName: 'Last Interaction',
			required: false,
			defaultMatch: false,
			display: true,
			type: 'dateTime',
		},
		{
			id: 'lifecycle',
			displayName: 'Lifecycle',
			required: false,
			defaultMatch: false,
			display: true,
			type: 'options',
			options: [{ name: 'Customer', value: 'c10000000000000000000002' }],
		},
	];
	const columns = (
		mappingMode: 'defineBelow' | 'autoMapInputData',
		value: object | null,
		matchingColumns: string[] = [],
	) => mapperValue(mappingMode, value, matchingColumns, SCHEMA);

	const attributeReads = () =>
		env.sandbox.requests.filter((r) => r.path === `/api/v1/attributes/collection/${PEOPLE}`);

	test('Map Each Attribute Below: each value is sent in its attribute type; the workflow time zone applies', async () => {
		const { items, error } = await run(
			{
				operation: 'create',
				collectionId: byId(PEOPLE),
				columns: columns('defineBelow', {
					name: '={{ $json.fullName }}',
					emails: 'ada@example.com, countess@example.com',
					leadScore: 97,
					newsletter: true,
					lastInteraction: '2026-11-23T10:30:00',
					lifecycle: 'c10000000000000000000002',
				}),
			},
			{ items: [{ fullName: 'Ada Byron' }], timezone: 'Europe/Berlin' },
		);
		expect(error).toBeUndefined();
		expect(env.sandbox.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['GET', `/api/v1/attributes/collection/${PEOPLE}`, undefined],
			[
				'POST',
				`/api/v1/collection-records/${PEOPLE}`,
				{
					name: 'Ada Byron',
					emails: ['ada@example.com', 'countess@example.com'],
					leadScore: 97,
					newsletter: true,
					lastInteraction: '2026-11-23T09:30:00.000Z',
					lifecycle: 'c10000000000000000000002',
				},
			],
		]);
		expect(items[0].json).toMatchObject({
			name: 'Ada Byron',
			lifecycle: { name: 'Customer' },
			leadScore: 97,
		});
	});

	test('Map Automatically: the input fields named as attributes are sent, typed; others are left out; the schema is read once', async () => {
		const { items, error } = await run(
			{
				operation: 'create',
				collectionId: byId(PEOPLE),
				columns: columns('autoMapInputData', null),
			},
			{
				items: [
					{ name: 'Grace', leadScore: '42', newsletter: 'yes', formId: 'contact-us' },
					{ name: 'Alan', emails: 'alan@example.com', submittedAt: '2026-11-23' },
				],
			},
		);
		expect(error).toBeUndefined();
		expect(attributeReads()).toHaveLength(1);
		expect(creates().map((r) => r.body)).toEqual([
			{ name: 'Grace', leadScore: 42, newsletter: true },
			{ name: 'Alan', emails: ['alan@example.com'] },
		]);
		expect(items).toHaveLength(2);
	});

	test('Update sends only what is mapped, and outputs the record afterwards', async () => {
		const { items } = await run({
			operation: 'update',
			collectionId: byId(PEOPLE),
			recordId: byId(ADA_RECORD),
			updateColumns: columns('defineBelow', { leadScore: '12' }),
		});
		expect(env.sandbox.requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
			{ leadScore: 12 },
		]);
		expect(items[0].json).toMatchObject({ _id: ADA_RECORD, leadScore: 12, name: 'Ada Lovelace' });
	});

	test("Create or Update matches on the mapper's attribute to match on", async () => {
		const { items } = await run({
			operation: 'upsert',
			collectionId: byId(PEOPLE),
			upsertColumns: columns(
				'defineBelow',
				{ emails: 'ada.lovelace0@example.com', leadScore: 99 },
				['emails'],
			),
		});
		expect(env.sandbox.requests.find((r) => r.path.endsWith('/query'))?.body?.filter).toEqual({
			emails: { $eq: 'ada.lovelace0@example.com' },
		});
		expect(items.map((i) => [i.json.action, i.json._id, i.json.leadScore])).toEqual([
			['updated', ADA_RECORD, 99],
		]);
	});

	test('a value that does not fit its attribute fails that item, naming the attribute', async () => {
		const { items } = await run(
			{
				operation: 'create',
				collectionId: byId(PEOPLE),
				columns: columns('autoMapInputData', null),
			},
			{ items: [{ name: 'Ok' }, { name: 'Bad', leadScore: 'high' }], continueOnFail: true },
		);
		expect(items.map((i) => i.error?.message)).toEqual([
			undefined,
			'Attributes (leadScore): "high" is not a number',
		]);
		expect(creates()).toHaveLength(1);
	});

	const creates = () =>
		env.sandbox.requests.filter(
			(r) => r.method === 'POST' && r.path === `/api/v1/collection-records/${PEOPLE}`,
		);
});
