// Filter values go in the type of their attribute by default (Compare Value As: Attribute's
// Type), read from the schema: the service compares typed values, so "97" never equals 97.
import { WorkspaceRecords } from '../../../../nodes/WorkspaceRecords/WorkspaceRecords.node';
import { ADA_RECORD, byId, PEOPLE } from '../../../harness/fixtures';
import { runNode } from '../../../harness/runNode';
import { useSandbox } from '../../../harness/sandbox';

const env = useSandbox();
const getMany = (filter: object) =>
	runNode({
		nodeType: new WorkspaceRecords(),
		parameters: {
			resource: 'record',
			operation: 'getAll',
			collectionId: byId(PEOPLE),
			returnAll: true,
			...filter,
		},
		credentials: env.credentials,
	});
const query = () => env.sandbox.requests.find((r) => r.path.endsWith('/query'))!;
const ada = () => env.sandbox.state.records.get(PEOPLE)!.get(ADA_RECORD)!;

describe.each([
	[
		'conditions',
		(attribute: string, value: unknown) => ({
			filterMode: 'conditions',
			conditions: { condition: [{ attribute, operator: 'eq', value }] },
		}),
	],
	[
		'shorthand',
		(attribute: string, value: unknown) => ({
			filterMode: 'shorthand',
			shorthand: { pair: [{ attribute, value }] },
		}),
	],
])('%s at the default settings', (_, filterOn) => {
	test('a number attribute: the text "97" goes as the number 97, and finds its record', async () => {
		ada().leadScore = 9731;
		const { items, error } = await getMany(filterOn('leadScore', '9731'));
		expect(error).toBeUndefined();
		expect(JSON.stringify(query().body?.filter)).toContain('9731');
		expect(JSON.stringify(query().body?.filter)).not.toContain('"9731"');
		expect(items.map((i) => i.json._id)).toEqual([ADA_RECORD]);
	});

	test('a checkbox: "yes" goes as true', async () => {
		const { items } = await getMany(filterOn('newsletter', 'yes'));
		expect(JSON.stringify(query().body?.filter)).toMatch(/"newsletter":(\{"\$eq":)?true/);
		expect(items.length).toBeGreaterThan(0);
		expect(items.every((i) => i.json.newsletter === true)).toBe(true);
	});

	test("a timestamp: a date without an offset, in the workflow's time zone, goes as the service writes it", async () => {
		const createdAt = String(ada().createdAt);
		const { items } = await getMany(
			filterOn('createdAt', createdAt.replace('Z', '').replace('.000', '')),
		);
		expect(JSON.stringify(query().body?.filter)).toContain(createdAt);
		expect(items.map((i) => i.json._id)).toEqual([ADA_RECORD]);
	});

	test('a list attribute (emails): one address goes as text, and matches the list that holds it', async () => {
		const { items } = await getMany(filterOn('emails', 'ada.lovelace0@example.com'));
		expect(JSON.stringify(query().body?.filter)).toContain('"ada.lovelace0@example.com"');
		expect(items.map((i) => i.json._id)).toEqual([ADA_RECORD]);
	});

	test('a text attribute stays text, even when it looks like a number', async () => {
		ada().nickname = '1815';
		const { items } = await getMany(filterOn('nickname', '1815'));
		expect(JSON.stringify(query().body?.filter)).toContain('"1815"');
		expect(items.map((i) => i.json._id)).toEqual([ADA_RECORD]);
	});

	test('an attribute the schema does not know goes as text, as before', async () => {
		await getMany(filterOn('notAnAttribute', '42'));
		expect(JSON.stringify(query().body?.filter)).toContain('"42"');
	});

	test('a value that does not fit its attribute names it, before the query', async () => {
		const { error } = await getMany(filterOn('leadScore', 'high'));
		expect(error?.message).toMatch(/\(leadScore\): "high" is not a number$/);
		expect(error?.description).toBe(
			'Give a number, such as 42 or 9.5. Or set Compare Value As to Text.',
		);
		expect(env.sandbox.requests.filter((r) => r.path.endsWith('/query'))).toHaveLength(0);
	});
});

test('Is One Of: each value of the list in the type of its attribute', async () => {
	const { items } = await getMany({
		filterMode: 'conditions',
		conditions: { condition: [{ attribute: 'leadScore', operator: 'in', values: '0, 7, 14' }] },
	});
	expect(query().body?.filter).toEqual({ leadScore: { $in: [0, 7, 14] } });
	expect(items.length).toBeGreaterThan(0);
	expect(items.every((i) => [0, 7, 14].includes(i.json.leadScore as number))).toBe(true);
});

test('Compare Value As still overrides: Text sends text, and the schema is not read', async () => {
	await getMany({
		filterMode: 'shorthand',
		shorthand: { pair: [{ attribute: 'leadScore', value: '97', valueType: 'text' }] },
	});
	expect(query().body?.filter).toEqual({ leadScore: '97' });
	expect(env.sandbox.requests.filter((r) => r.path.startsWith('/api/v1/attributes'))).toHaveLength(
		0,
	);
});

test('the schema is read once per run, whatever the number of items', async () => {
	await runNode({
		nodeType: new WorkspaceRecords(),
		parameters: {
			resource: 'record',
			operation: 'getAll',
			collectionId: byId(PEOPLE),
			limit: 1,
			filterMode: 'shorthand',
			shorthand: { pair: [{ attribute: 'leadScore', value: '={{ $json.score }}' }] },
		},
		credentials: env.credentials,
		items: [{ score: 7 }, { score: 14 }, { score: 21 }],
	});
	expect(env.sandbox.requests.filter((r) => r.path.startsWith('/api/v1/attributes'))).toHaveLength(
		1,
	);
	expect(
		env.sandbox.requests.filter((r) => r.path.endsWith('/query')).map((r) => r.body?.filter),
	).toEqual([{ leadScore: 7 }, { leadScore: 14 }, { leadScore: 21 }]);
});
