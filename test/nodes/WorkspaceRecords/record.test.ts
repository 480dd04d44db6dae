import { ADA_RECORD, byId, PEOPLE, recordsAuthHeaders } from '../../harness/fixtures';
import { useSandbox } from '../../harness/sandbox';
import { recordRunner } from './recordRunner';

const env = useSandbox();
const run = recordRunner(env);

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
