import type { IDataObject } from 'n8n-workflow';

import { WorkspaceAttributes } from '../../../nodes/WorkspaceAttributes/WorkspaceAttributes.node';
import { loadOnce } from '../../../nodes/shared/memory';
import {
	byId,
	COMPANIES,
	HOT_LEADS,
	LIFECYCLE_ATTRIBUTE,
	LIFECYCLE_CUSTOMER,
	NICKNAME_ATTRIBUTE,
	PEOPLE,
	recordsAuthHeaders,
} from '../../harness/fixtures';
import { runNode } from '../../harness/runNode';
import { useSandbox } from '../../harness/sandbox';

const env = useSandbox();
const run = (parameters: object) =>
	runNode({
		nodeType: new WorkspaceAttributes(),
		parameters: { resource: 'attribute', ...parameters },
		credentials: env.credentials,
	});

test('Attribute → Delete of a collection attribute', async () => {
	const { items } = await run({
		operation: 'delete',
		target: 'collection',
		collectionId: byId(PEOPLE),
		attributeId: NICKNAME_ATTRIBUTE,
	});
	expect(env.sandbox.requests.map((r) => [r.method, r.path])).toEqual([
		['DELETE', `/api/v1/attributes/collection/${PEOPLE}/${NICKNAME_ATTRIBUTE}`],
	]);
	expect(env.sandbox.requests[0].headers).toMatchObject(recordsAuthHeaders);
	expect(items.map((i) => i.json)).toEqual([
		{ deleted: true, _id: NICKNAME_ATTRIBUTE, target: 'collection' },
	]);
});

test('Attribute → Delete of a list attribute uses the list path', async () => {
	const { items } = await run({
		operation: 'delete',
		target: 'list',
		listId: byId(HOT_LEADS),
		attributeId: 'd0000000000000000000002b',
	});
	expect(env.sandbox.requests.map((r) => [r.method, r.path])).toEqual([
		['DELETE', `/api/v1/attributes/list/${HOT_LEADS}/d0000000000000000000002b`],
	]);
	expect(items[0].json).toEqual({ deleted: true, _id: 'd0000000000000000000002b', target: 'list' });
});

test('Attribute → Delete of a system attribute gives the server reason', async () => {
	const { error } = await run({
		operation: 'delete',
		target: 'collection',
		collectionId: byId(PEOPLE),
		attributeId: 'd00000000000000000000001',
	});
	expect(error?.message).toBe('Invalid data Provided: only custom attributes can be deleted');
});

test('Attribute → Get Many lists the attributes of a collection', async () => {
	const { items } = await run({
		operation: 'getAll',
		target: 'collection',
		collectionId: byId(PEOPLE),
	});
	expect(env.sandbox.requests.map((r) => [r.method, r.path])).toEqual([
		['GET', `/api/v1/attributes/collection/${PEOPLE}`],
	]);
	expect(items.map((i) => i.json.apiKeyName)).toContain('emails');
	expect(items.find((i) => i.json.apiKeyName === 'leadScore')?.json).toMatchObject({
		inputType: 'number',
		isSystem: false,
	});
});

describe('Attribute → Create', () => {
	const create = (
		parameters: object,
		options: { continueOnFail?: boolean; items?: IDataObject[] } = {},
	) =>
		runNode({
			nodeType: new WorkspaceAttributes(),
			parameters: {
				resource: 'attribute',
				operation: 'create',
				target: 'collection',
				collectionId: byId(PEOPLE),
				...parameters,
			},
			credentials: env.credentials,
			...options,
		});

	test('sends the definition with its type settings and outputs the new attribute', async () => {
		const { items } = await create({
			name: 'Deal Value',
			attributeKey: 'dealValue',
			inputType: 'currency',
			currencyCode: 'eur',
			currencyDisplayType: 'symbol',
			aiWizard: 'ignored: not a setting of currency',
			additionalFields: { description: 'Expected value', isRequired: false, validation: 'none' },
		});
		expect(env.sandbox.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			[
				'POST',
				`/api/v1/attributes/collection/${PEOPLE}`,
				{
					apiKeyName: 'dealValue',
					inputType: 'currency',
					name: 'Deal Value',
					config: { currencyDisplayType: 'symbol', currencyCode: 'EUR' },
					description: 'Expected value',
					isRequired: false,
					validation: 'none',
				},
			],
		]);
		expect(items[0].json).toMatchObject({
			apiKeyName: 'dealValue',
			inputType: 'currency',
			config: { currencyCode: 'EUR', currencyDisplayType: 'symbol', aiWizard: null },
		});
	});

	test('a record link sends the collections it links to as an array', async () => {
		await create({
			name: 'Employer',
			attributeKey: 'employer',
			inputType: 'record-reference',
			recordReference: [COMPANIES],
		});
		expect(env.sandbox.requests[0].body).toMatchObject({
			config: { recordReference: [COMPANIES] },
		});
	});

	test('an API Key Name already used answers clearly, naming the key and the fix', async () => {
		const { error } = await create({ name: 'Nick', attributeKey: 'nickname', inputType: 'text' });
		expect(error?.message).toBe(
			'The API Key Name "nickname" is already used by an attribute of this collection',
		);
		expect(error?.description).toMatch(
			/Choose another API Key Name, or change the existing attribute with the Update operation/,
		);
	});

	test('bad input is refused before sending, naming the field; Continue On Fail pairs each error with its item', async () => {
		const { items } = await create(
			{
				name: '={{ $json.name }}',
				attributeKey: '={{ $json.key }}',
				inputType: '={{ $json.type }}',
				currencyCode: '={{ $json.code }}',
				additionalFields: { isUnique: '={{ $json.unique }}' },
			},
			{
				continueOnFail: true,
				items: [
					{ name: '', key: 'a', type: 'text', unique: false },
					{ name: 'A', key: '', type: 'text', unique: false },
					{ name: 'A', key: 'a', type: 'colour', unique: false },
					{ name: 'A', key: 'a', type: 'currency', code: 'EURO', unique: false },
					{ name: 'A', key: 'a', type: 'text', unique: 'maybe' },
					{ name: 'Fine', key: 'fine', type: 'text', unique: true },
				],
			},
		);
		expect(items.map((i) => i.json.error ?? i.json.apiKeyName)).toEqual([
			'Name: empty',
			'API Key Name: empty',
			'Input Type: "colour" is not one of AI Wizard, Checkbox, Currency, Date, Date and Time, Domain, Email, File, Member, Multi-Select, Number, Phone, Rating, Record Link, Select, Status, Text',
			'Currency Code: "EURO" is not a three-letter currency code',
			'Unique: got "maybe", expected true or false',
			'fine',
		]);
		expect(items.map((i) => i.pairedItem)).toEqual([0, 1, 2, 3, 4, 5].map((item) => ({ item })));
		expect(env.sandbox.requests).toHaveLength(1);
	});
});

test('Attribute → Get reads one attribute by ID', async () => {
	const { items } = await run({
		operation: 'get',
		target: 'collection',
		collectionId: byId(PEOPLE),
		attributeId: NICKNAME_ATTRIBUTE,
	});
	expect(env.sandbox.requests.map((r) => [r.method, r.path])).toEqual([
		['GET', `/api/v1/attributes/collection/${PEOPLE}/${NICKNAME_ATTRIBUTE}`],
	]);
	expect(items[0].json).toMatchObject({ _id: NICKNAME_ATTRIBUTE, apiKeyName: 'nickname' });
});

test('Attribute → Update sends only the fields given and outputs the attribute', async () => {
	const { items } = await run({
		operation: 'update',
		target: 'collection',
		collectionId: byId(PEOPLE),
		attributeId: NICKNAME_ATTRIBUTE,
		updateFields: { name: 'Known As', isUnique: true },
	});
	expect(env.sandbox.requests.map((r) => [r.method, r.path, r.body])).toEqual([
		[
			'PATCH',
			`/api/v1/attributes/collection/${PEOPLE}/${NICKNAME_ATTRIBUTE}`,
			{ name: 'Known As', isUnique: true },
		],
	]);
	expect(items[0].json).toMatchObject({ apiKeyName: 'nickname', name: 'Known As', isUnique: true });
});

test('Attribute → Update with nothing to change is refused before sending', async () => {
	const { error } = await run({
		operation: 'update',
		target: 'collection',
		collectionId: byId(PEOPLE),
		attributeId: NICKNAME_ATTRIBUTE,
		updateFields: {},
	});
	expect(error?.message).toBe('Update Fields: nothing to change');
	expect(env.sandbox.requests).toEqual([]);
});

test('Attribute → Update to a key another attribute has answers clearly', async () => {
	const { error } = await run({
		operation: 'update',
		target: 'collection',
		collectionId: byId(PEOPLE),
		attributeId: NICKNAME_ATTRIBUTE,
		updateFields: { attributeKey: 'leadScore' },
	});
	expect(error?.message).toBe(
		'The API Key Name "leadScore" is already used by an attribute of this collection',
	);
});

test('Attribute → Create makes node runs that kept the schema read it again', async () => {
	const path = `/api/v1/attributes/collection/${PEOPLE}`;
	let loads = 0;
	const load = async () => ++loads;
	await loadOnce(`tool-run|${path}`, load, path);
	await run({
		operation: 'create',
		target: 'collection',
		collectionId: byId(PEOPLE),
		name: 'Score',
		attributeKey: 'score',
		inputType: 'number',
	});
	expect(await loadOnce(`tool-run|${path}`, load, path)).toBe(2);
});

describe('Status Option', () => {
	const status = (parameters: object) =>
		runNode({
			nodeType: new WorkspaceAttributes(),
			parameters: {
				resource: 'statusOption',
				target: 'collection',
				collectionId: byId(PEOPLE),
				attributeId: LIFECYCLE_ATTRIBUTE,
				...parameters,
			},
			credentials: env.credentials,
		});

	test('Get Many lists the options of a status attribute', async () => {
		const { items } = await status({ operation: 'getAll' });
		expect(env.sandbox.requests.map((r) => [r.method, r.path])).toEqual([
			['GET', `/api/v1/attributes/collection/${PEOPLE}/${LIFECYCLE_ATTRIBUTE}/status`],
		]);
		expect(items.map((i) => i.json.name)).toEqual(['Lead', 'Customer', 'Churned']);
	});

	test('Update sends the fields given, then outputs the option as read back', async () => {
		const { items } = await status({
			operation: 'update',
			optionId: LIFECYCLE_CUSTOMER,
			updateFields: { name: 'Client', color: '#16a34a', celebrationEnabled: true },
		});
		const optionPath = `/api/v1/attributes/collection/${PEOPLE}/${LIFECYCLE_ATTRIBUTE}/status`;
		expect(env.sandbox.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			[
				'PATCH',
				`${optionPath}/${LIFECYCLE_CUSTOMER}`,
				{ name: 'Client', color: '#16a34a', celebrationEnabled: true },
			],
			['GET', optionPath, undefined],
		]);
		expect(items.map((i) => i.json)).toEqual([
			expect.objectContaining({ _id: LIFECYCLE_CUSTOMER, name: 'Client', color: '#16a34a' }),
		]);
		// The sandbox's own copy was renamed, not the seed every sandbox of the process starts
		// from (a trigger watching people in another sandbox saw their status change).
		const people = () => [...env.sandbox.state.records.get(PEOPLE)!.values()];
		expect(people().some((p) => (p.lifecycle as IDataObject)?.name === 'Client')).toBe(true);
		env.sandbox.reset();
		expect(people().map((p) => (p.lifecycle as IDataObject)?.name)).not.toContain('Client');
	});

	test('Update refuses a color that is not a hex code, before sending', async () => {
		const { error } = await status({
			operation: 'update',
			optionId: LIFECYCLE_CUSTOMER,
			updateFields: { color: 'green' },
		});
		expect(error?.message).toBe('Color: "green" is not a hex color code');
		expect(env.sandbox.requests).toEqual([]);
	});
});

test('Status Option → Update with Continue On Fail: the bad item fails alone, paired with its item', async () => {
	const { items } = await runNode({
		nodeType: new WorkspaceAttributes(),
		parameters: {
			resource: 'statusOption',
			operation: 'update',
			target: 'collection',
			collectionId: byId(PEOPLE),
			attributeId: LIFECYCLE_ATTRIBUTE,
			optionId: LIFECYCLE_CUSTOMER,
			updateFields: { color: '={{ $json.color }}' },
		},
		items: [{ color: 'green' }, { color: '#16a34a' }],
		credentials: env.credentials,
		continueOnFail: true,
	});
	expect(items.map((i) => [i.json.error ?? i.json.color, i.pairedItem])).toEqual([
		['Color: "green" is not a hex color code', { item: 0 }],
		['#16a34a', { item: 1 }],
	]);
	expect(env.sandbox.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
});

test('Attribute → Create whose answer is lost after the work: found by its key, made once', async () => {
	env.sandbox.addFault({
		method: 'POST',
		path: `/api/v1/attributes/collection/${PEOPLE}`,
		kind: 'server-error',
		afterHandling: true,
	});
	const { items, error } = await run({
		operation: 'create',
		target: 'collection',
		collectionId: byId(PEOPLE),
		name: 'Score',
		attributeKey: 'score',
		inputType: 'number',
	});
	expect(error).toBeUndefined();
	expect(items.map((i) => [i.json.apiKeyName, i.json.lostAnswer])).toEqual([
		['score', 'confirmed by a look-up'],
	]);
	expect(env.sandbox.requests.map((r) => [r.method, r.status])).toEqual([
		['POST', 500],
		['GET', 200],
	]);
});
