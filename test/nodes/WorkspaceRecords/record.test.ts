import { WorkspaceRecords } from '../../../nodes/WorkspaceRecords/WorkspaceRecords.node';
import { ADA_RECORD, byId, mapperValue, PEOPLE, recordsAuthHeaders } from '../../harness/fixtures';
import type { RunOptions } from '../../harness/runNode';
import { runNode } from '../../harness/runNode';
import { useSandbox } from '../../harness/sandbox';

const env = useSandbox();
const nodeType = new WorkspaceRecords();
/** A recognisable key, to prove it never appears in an error. */
const LEAK_PROBE = 'probe-value-7f3a91';
const run = (
	parameters: object,
	options: Pick<RunOptions, 'items' | 'continueOnFail' | 'timezone'> = {},
) =>
	runNode({
		nodeType,
		parameters: { resource: 'record', ...parameters },
		credentials: env.credentials,
		...options,
	});

describe('Record → Create', () => {
	test('sends each attribute with its type and returns the created record', async () => {
		const { items, error } = await run({
			operation: 'create',
			collectionId: byId(PEOPLE),
			useJson: true,
			attributesJson: JSON.stringify({
				name: 'Katherine Johnson',
				leadScore: 97,
				newsletter: true,
				emails: ['kj@example.com', 'katherine@nasa.example'],
				owner: 'e00000000000000000000001',
			}),
		});
		expect(error).toBeUndefined();
		expect(env.sandbox.requests).toHaveLength(1);
		const [request] = env.sandbox.requests;
		expect(request).toMatchObject({
			method: 'POST',
			path: `/api/v1/collection-records/${PEOPLE}`,
			headers: recordsAuthHeaders,
		});
		expect(request.body).toEqual({
			name: 'Katherine Johnson',
			leadScore: 97,
			newsletter: true,
			emails: ['kj@example.com', 'katherine@nasa.example'],
			owner: 'e00000000000000000000001',
		});
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			name: 'Katherine Johnson',
			leadScore: 97,
			owner: { name: 'Ada Lovelace' },
		});
		expect(env.sandbox.state.records.get(PEOPLE)?.get(String(items[0].json._id))).toBeDefined();
	});

	test('JSON mode sends the object as the body', async () => {
		const { items } = await run({
			operation: 'create',
			collectionId: byId(PEOPLE),
			useJson: true,
			attributesJson: '{"name": "Mary Jackson", "jobTitle": "Engineer"}',
		});
		expect(env.sandbox.requests[0].body).toEqual({ name: 'Mary Jackson', jobTitle: 'Engineer' });
		expect(items[0].json).toMatchObject({ name: 'Mary Jackson', jobTitle: 'Engineer' });
	});

	test('invalid JSON fails before any request, naming the field and where it broke', async () => {
		const { error } = await run({
			operation: 'create',
			collectionId: byId(PEOPLE),
			useJson: true,
			attributesJson: '{"name": "Mary",}',
		});
		expect(error?.message).toMatch(/^JSON: not valid JSON \(.*position 16/);
		expect(env.sandbox.requests).toHaveLength(0);
	});

	test("the server's 400 message reaches the user", async () => {
		const { error } = await run({
			operation: 'create',
			collectionId: byId(PEOPLE),
			useJson: true,
			attributesJson: JSON.stringify({ leadScore: 'high' }),
		});
		expect(error?.message).toBe('Invalid data Provided: leadScore expects a number, got "high"');
	});

	test('run twice with the same email: the error names the record that has it and Create or Update', async () => {
		const create = {
			operation: 'create',
			collectionId: byId(PEOPLE),
			useJson: true,
			attributesJson: JSON.stringify({ name: 'Twice', emails: ['twice@example.com'] }),
		};
		const first = await run(create);
		expect(first.error).toBeUndefined();
		const id = String(first.items[0].json._id);
		const { error } = await run(create);
		expect(error?.message).toBe(
			`Invalid data Provided: a record with this Emails already exists: ${id}`,
		);
		expect(error?.description).toBe(
			`The record ${id} already has this value, which the collection keeps unique. To update that record instead of creating another, use the operation Create or Update, matching on this attribute.`,
		);
	});
});

describe('Record → Get', () => {
	test('returns the data object of one record', async () => {
		const { items } = await run({
			operation: 'get',
			collectionId: byId(PEOPLE),
			recordId: byId(ADA_RECORD),
		});
		expect(env.sandbox.requests[0]).toMatchObject({
			method: 'GET',
			path: `/api/v1/collection-records/${PEOPLE}/${ADA_RECORD}`,
			headers: recordsAuthHeaders,
		});
		expect(items.map((i) => i.json)).toEqual([
			expect.objectContaining({ _id: ADA_RECORD, name: 'Ada Lovelace' }),
		]);
	});

	test('a missing record is named in the error', async () => {
		const { error } = await run({
			operation: 'get',
			collectionId: byId(PEOPLE),
			recordId: byId('nope123'),
		});
		expect(error?.message).toBe('The record with ID "nope123" was not found');
		expect(error?.description).toMatch(/Check the Record parameter/);
	});

	test('a missing collection is named as the collection, not the record', async () => {
		const { error } = await run({
			operation: 'get',
			collectionId: byId('gone-collection'),
			recordId: byId(ADA_RECORD),
		});
		expect(error?.message).toBe('The collection with ID "gone-collection" was not found');
		expect(error?.description).toMatch(/^Check the Collection parameter/);
	});

	test('with Continue On Fail, 5 items of which 2 miss give 3 results and 2 errors, paired', async () => {
		const ids = [
			ADA_RECORD,
			'missing-1',
			'f00000000000000000000002',
			'missing-2',
			'f00000000000000000000003',
		];
		const { items } = await run(
			{ operation: 'get', collectionId: byId(PEOPLE), recordId: byId('={{ $json.id }}') },
			{ items: ids.map((id) => ({ id })), continueOnFail: true },
		);
		expect(items).toHaveLength(5);
		expect(items.map((i) => i.pairedItem)).toEqual([0, 1, 2, 3, 4].map((item) => ({ item })));
		expect(items.map((i) => (i.json.error ? 'error' : i.json._id))).toEqual([
			ADA_RECORD,
			'error',
			'f00000000000000000000002',
			'error',
			'f00000000000000000000003',
		]);
		expect(String(items[1].json.error)).toMatch(/missing-1/);
	});
});

describe('Record → Get Many', () => {
	test('Limit sends one page of that size and returns one item per record', async () => {
		const { items } = await run({
			operation: 'getAll',
			collectionId: byId(PEOPLE),
			returnAll: false,
			limit: 5,
		});
		expect(env.sandbox.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', `/api/v1/collection-records/${PEOPLE}/query`, { limit: 5, offset: 0 }],
		]);
		expect(items).toHaveLength(5);
		expect(items[0].json._id).toBe(ADA_RECORD);
	});

	test('Return All pages by 100 until a short page, keeping filter and sort on every page', async () => {
		env.sandbox.reset({ people: 250 });
		const { items } = await run({
			operation: 'getAll',
			collectionId: byId(PEOPLE),
			returnAll: true,
			filterMode: 'conditions',
			combine: 'and',
			conditions: { condition: [{ attribute: 'leadScore', operator: 'gte', compareValue: '0' }] },
			sort: { key: [{ attribute: 'createdAt', direction: 'desc' }] },
		});
		const filter = { leadScore: { $gte: 0 } };
		const sort = [{ attribute: 'createdAt', direction: 'desc' }];
		expect(env.sandbox.requests.map((r) => r.body)).toEqual([
			{ filter, sort, limit: 100, offset: 0 },
			{ filter, sort, limit: 100, offset: 100 },
			{ filter, sort, limit: 100, offset: 200 },
		]);
		expect(items).toHaveLength(250);
		expect(new Set(items.map((i) => i.json._id)).size).toBe(250);
		expect(items[0].json._id).toBe('f000000000000000000000fa');
	});

	test('a filter is evaluated by the server: OR of two names', async () => {
		const { items } = await run({
			operation: 'getAll',
			collectionId: byId(PEOPLE),
			returnAll: true,
			filterMode: 'conditions',
			combine: 'or',
			conditions: {
				condition: [
					{ attribute: 'firstName', operator: 'eq', value: 'Grace' },
					{ attribute: 'firstName', operator: 'eq', value: 'Ken' },
				],
			},
		});
		expect(env.sandbox.requests.find((r) => r.path.endsWith('/query'))?.body).toEqual({
			filter: { $or: [{ firstName: { $eq: 'Grace' } }, { firstName: { $eq: 'Ken' } }] },
			limit: 100,
			offset: 0,
		});
		expect(new Set(items.map((i) => i.json.firstName))).toEqual(new Set(['Grace', 'Ken']));
		expect(items).toHaveLength(6);
	});

	test('a date without an offset in a condition is read in the workflow time zone, and the server selects by it', async () => {
		// Seeded people are created an hour apart from 2026-01-01T00:00Z: the 11th at 10:00Z.
		const { items } = await run(
			{
				operation: 'getAll',
				collectionId: byId(PEOPLE),
				returnAll: true,
				filterMode: 'conditions',
				conditions: {
					condition: [
						{ attribute: 'createdAt', operator: 'gte', compareValue: '2026-01-01T11:00:00' },
					],
				},
			},
			{ timezone: 'Europe/Berlin' },
		);
		expect(env.sandbox.requests[0].body?.filter).toEqual({
			createdAt: { $gte: '2026-01-01T10:00:00.000Z' },
		});
		expect(items).toHaveLength(20);
		expect(items[0].json.createdAt).toBe('2026-01-01T10:00:00.000Z');
	});

	test('Shorthand sends a number as a number, so a number attribute matches', async () => {
		const { items } = await run({
			operation: 'getAll',
			collectionId: byId(PEOPLE),
			returnAll: true,
			filterMode: 'shorthand',
			shorthand: { pair: [{ attribute: 'leadScore', valueType: 'number', value: '35' }] },
		});
		expect(env.sandbox.requests[0].body?.filter).toEqual({ leadScore: 35 });
		expect(items.map((i) => i.json._id)).toEqual(['f00000000000000000000006']);
	});

	test('an unknown operator in JSON mode is sent as it is and the server says why it failed', async () => {
		const { error } = await run({
			operation: 'getAll',
			collectionId: byId(PEOPLE),
			filterMode: 'json',
			filterJson: '{"name": {"$regex": "^A"}}',
		});
		expect(env.sandbox.requests[0].body?.filter).toEqual({ name: { $regex: '^A' } });
		expect(error?.message).toBe('Invalid data Provided: unknown operator $regex');
	});

	test('a server that ignores offset stops the loop with an error instead of looping', async () => {
		env.sandbox.reset({ people: 250 });
		env.sandbox.addFault({ kind: 'ignore-offset', path: '/api/v1/collection-records', times: 10 });
		const { error } = await run({
			operation: 'getAll',
			collectionId: byId(PEOPLE),
			returnAll: true,
		});
		expect(error?.message).toMatch(/same page again at offset 100/);
		expect(env.sandbox.requests).toHaveLength(2);
	});
});

describe('failures of the service', () => {
	const get = () =>
		run({ operation: 'get', collectionId: byId(PEOPLE), recordId: byId(ADA_RECORD) });

	test('status:false on HTTP 200 is an error with the server message', async () => {
		env.sandbox.addFault({ kind: 'status-false', message: 'Invalid data Provided' });
		const { error } = await get();
		expect(error?.message).toBe('The service rejected the request: Invalid data Provided');
	});

	test('a 429 is waited out as asked, then the record comes', async () => {
		env.sandbox.addFault({ kind: 'rate-limit', retryAfter: 1 });
		const { items, error } = await get();
		expect(error).toBeUndefined();
		expect(env.sandbox.requests.map((r) => r.status)).toEqual([429, 200]);
		expect(items).toHaveLength(1);
	});

	test('a 500 that lasts is an error that says it is usually temporary', async () => {
		env.sandbox.addFault({ kind: 'server-error', times: 100 });
		const { error } = await run({
			operation: 'get',
			collectionId: byId(PEOPLE),
			recordId: byId(ADA_RECORD),
			options: { maxWaitSeconds: 1 },
		});
		expect(error?.message).toMatch(
			/^The service failed \(HTTP 500\): Internal server error — gave up after \d attempts/,
		);
	});

	test('a body that is not JSON says to check the Base URL', async () => {
		env.sandbox.addFault({ kind: 'non-json', statusCode: 200 });
		const { error } = await get();
		expect(error?.message).toBe('The service answered with something that is not JSON (HTTP 200)');
		expect(error?.description).toMatch(/Check the Base URL/);
	});

	test('a wrong key says to check the credential, and the key appears nowhere in the error', async () => {
		const { error } = await runNode({
			nodeType,
			parameters: {
				resource: 'record',
				operation: 'get',
				collectionId: byId(PEOPLE),
				recordId: byId(ADA_RECORD),
			},
			credentials: {
				workspaceRecordsApi: { ...env.credentials.workspaceRecordsApi, apiKey: LEAK_PROBE },
			},
		});
		expect(error?.message).toBe('Authorization failed: Unauthorised');
		expect(error?.description).toMatch(
			/Check the API key and the workspace ID in the Workspace Records API credential/,
		);
		expect(JSON.stringify(error)).not.toContain(LEAK_PROBE);
		expect(JSON.stringify({ ...error, stack: error?.stack })).not.toContain(LEAK_PROBE);
	});

	test('an unreachable host fails without leaking the key', async () => {
		const { error } = await runNode({
			nodeType,
			parameters: {
				resource: 'record',
				operation: 'get',
				collectionId: byId(PEOPLE),
				recordId: byId(ADA_RECORD),
			},
			credentials: {
				workspaceRecordsApi: {
					...env.credentials.workspaceRecordsApi,
					baseUrl: 'http://127.0.0.1:9',
					apiKey: LEAK_PROBE,
				},
			},
		});
		expect(error?.message).toMatch(/ECONNREFUSED|refused/i);
		expect(JSON.stringify(error)).not.toContain(LEAK_PROBE);
	});

	test('a trailing slash on the Base URL is tolerated', async () => {
		const { items } = await runNode({
			nodeType,
			parameters: { resource: 'collection', operation: 'getAll' },
			credentials: {
				workspaceRecordsApi: { ...env.credentials.workspaceRecordsApi, baseUrl: `${env.url}//` },
			},
		});
		expect(env.sandbox.requests[0].path).toBe('/api/v1/collections');
		expect(items).toHaveLength(4);
	});
});

describe('Record → Update and Delete', () => {
	test('Update sends only the attributes given, with PATCH, and outputs the record as it is afterwards', async () => {
		const { items } = await run({
			operation: 'update',
			collectionId: byId(PEOPLE),
			recordId: byId(ADA_RECORD),
			useJson: true,
			attributesJson: JSON.stringify({ jobTitle: 'Countess' }),
		});
		expect(env.sandbox.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['PATCH', `/api/v1/collection-records/${PEOPLE}/${ADA_RECORD}`, { jobTitle: 'Countess' }],
			// The service answers an update with no `data` (docs/api.md §4.10): the record is read back.
			['GET', `/api/v1/collection-records/${PEOPLE}/${ADA_RECORD}`, undefined],
		]);
		expect(env.sandbox.requests[0].headers).toMatchObject(recordsAuthHeaders);
		expect(items[0].json).toMatchObject({
			_id: ADA_RECORD,
			jobTitle: 'Countess',
			name: 'Ada Lovelace',
		});
	});

	test('Delete returns deleted:true with the ids', async () => {
		const { items } = await run({
			operation: 'delete',
			collectionId: byId(PEOPLE),
			recordId: byId(ADA_RECORD),
		});
		expect(env.sandbox.requests.map((r) => [r.method, r.path])).toEqual([
			['DELETE', `/api/v1/collection-records/${PEOPLE}/${ADA_RECORD}`],
		]);
		expect(items.map((i) => i.json)).toEqual([
			{ deleted: true, _id: ADA_RECORD, collectionId: PEOPLE },
		]);
		expect(env.sandbox.state.records.get(PEOPLE)?.has(ADA_RECORD)).toBe(false);
	});
});

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
