import { WorkspaceLists } from '../../../nodes/WorkspaceLists/WorkspaceLists.node';
import {
	ADA_RECORD,
	byId,
	COMPANIES,
	FIRST_COMPANY,
	FIRST_ENTRY,
	HOT_LEADS,
	recordsAuthHeaders,
} from '../../harness/fixtures';
import { runNode } from '../../harness/runNode';
import { useSandbox } from '../../harness/sandbox';

const env = useSandbox();
const run = (parameters: object) =>
	runNode({
		nodeType: new WorkspaceLists(),
		parameters: { resource: 'listEntry', ...parameters },
		credentials: env.credentials,
	});
const entriesPath = `/api/v1/list-entries/${HOT_LEADS}`;
const SEVENTH_PERSON = 'f00000000000000000000007';

test('List Entry → Create links a record, with list attribute values under data', async () => {
	const { items } = await run({
		operation: 'create',
		listId: byId(HOT_LEADS),
		recordId: byId(SEVENTH_PERSON),
		useJson: true,
		attributesJson: JSON.stringify({ priority: 'High', note: 'From the webinar' }),
	});
	expect(env.sandbox.requests).toHaveLength(1);
	expect(env.sandbox.requests[0]).toMatchObject({
		method: 'POST',
		path: entriesPath,
		headers: recordsAuthHeaders,
	});
	expect(env.sandbox.requests[0].body).toEqual({
		recordId: SEVENTH_PERSON,
		data: { priority: 'High', note: 'From the webinar' },
	});
	expect(items[0].json).toMatchObject({
		listId: HOT_LEADS,
		recordId: SEVENTH_PERSON,
		peopleId: SEVENTH_PERSON,
		note: 'From the webinar',
		priority: { name: 'High' },
	});
});

test("List Entry → Create with a record of another collection says whose it is and the list's", async () => {
	const { error } = await run({
		operation: 'create',
		listId: byId(HOT_LEADS),
		recordId: byId(FIRST_COMPANY),
	});
	expect(error?.message).toBe(
		`The record with ID "${FIRST_COMPANY}" belongs to Companies, not to People, the collection of the list "Hot Leads"`,
	);
	expect(error?.description).toBe(
		'Check the Record parameter: a list takes records of its own collection only. Choose a record of People (From List offers only those), or in List choose a list of Companies.',
	);
	// The refused create, the list, the collections, then each other collection until found.
	expect(env.sandbox.requests.map((r) => [r.method, r.path])).toEqual([
		['POST', entriesPath],
		['GET', `/api/v1/lists/${HOT_LEADS}`],
		['GET', '/api/v1/collections'],
		['GET', `/api/v1/collection-records/${COMPANIES}/${FIRST_COMPANY}`],
	]);
});

test('List Entry → Create with a record in no collection keeps "not found"', async () => {
	const missing = 'f9ffffffffffffffffffffff';
	const { error } = await run({
		operation: 'create',
		listId: byId(HOT_LEADS),
		recordId: byId(missing),
	});
	expect(error?.message).toBe(`The record with ID "${missing}" was not found`);
	expect(error?.description).toMatch(/^Check the Record parameter/);
});

test('List Entry → Create without attributes sends only the record id', async () => {
	await run({ operation: 'create', listId: byId(HOT_LEADS), recordId: byId(SEVENTH_PERSON) });
	expect(env.sandbox.requests[0].body).toEqual({ recordId: SEVENTH_PERSON });
});

test('List Entry → Create of a record already in a list without duplicates gives the server reason', async () => {
	const { error } = await run({
		operation: 'create',
		listId: byId(HOT_LEADS),
		recordId: byId(ADA_RECORD),
	});
	expect(error?.message).toBe(
		`Invalid data Provided: record ${ADA_RECORD} is already in this list`,
	);
});

test('List Entry → Get returns the entry', async () => {
	const { items } = await run({
		operation: 'get',
		listId: byId(HOT_LEADS),
		entryId: byId(FIRST_ENTRY),
	});
	expect(env.sandbox.requests.map((r) => [r.method, r.path])).toEqual([
		['GET', `${entriesPath}/${FIRST_ENTRY}`],
	]);
	expect(items.map((i) => i.json._id)).toEqual([FIRST_ENTRY]);
});

test('List Entry → Get Many queries with the filter builder', async () => {
	const { items } = await run({
		operation: 'getAll',
		listId: byId(HOT_LEADS),
		returnAll: true,
		filterMode: 'shorthand',
		shorthand: { pair: [{ attribute: 'note', value: 'Lead 2' }] },
	});
	// The value goes By Attribute Type: the list's attributes are read once, first.
	expect(env.sandbox.requests.map((r) => [r.method, r.path, r.body])).toEqual([
		['GET', `/api/v1/attributes/list/${HOT_LEADS}`, undefined],
		['POST', `${entriesPath}/query`, { filter: { note: 'Lead 2' }, limit: 100, offset: 0 }],
	]);
	expect(items.map((i) => i.json.note)).toEqual(['Lead 2']);
});

test("List Entry → Update sends the given data at the top level (the vendor SDK's reading) and outputs the entry", async () => {
	const { items } = await run({
		operation: 'update',
		listId: byId(HOT_LEADS),
		entryId: byId(FIRST_ENTRY),
		useJson: true,
		attributesJson: JSON.stringify({ note: 'Called back' }),
	});
	expect(env.sandbox.requests.map((r) => [r.method, r.path, r.body])).toEqual([
		['PATCH', `${entriesPath}/${FIRST_ENTRY}`, { note: 'Called back' }],
		['GET', `${entriesPath}/${FIRST_ENTRY}`, undefined],
	]);
	expect(items[0].json).toMatchObject({
		_id: FIRST_ENTRY,
		note: 'Called back',
		priority: { name: 'High' },
	});
});

test('List Entry → Delete returns deleted:true with the ids', async () => {
	const { items } = await run({
		operation: 'delete',
		listId: byId(HOT_LEADS),
		entryId: byId(FIRST_ENTRY),
	});
	expect(env.sandbox.requests.map((r) => [r.method, r.path])).toEqual([
		['DELETE', `${entriesPath}/${FIRST_ENTRY}`],
	]);
	expect(items.map((i) => i.json)).toEqual([
		{ deleted: true, _id: FIRST_ENTRY, listId: HOT_LEADS },
	]);
	expect(env.sandbox.state.records.size).toBeGreaterThan(0);
});

test('List Entry → Create takes the record from its picker', async () => {
	await run({
		operation: 'create',
		listId: byId(HOT_LEADS),
		recordId: { __rl: true, mode: 'list', value: SEVENTH_PERSON, cachedResultName: 'Ken Lovelace' },
	});
	expect(env.sandbox.requests[0].body).toEqual({ recordId: SEVENTH_PERSON });
});
