import { mappedAttributes } from '../../../../nodes/shared/attributes/attributesBody';
import { ATTRIBUTE_TYPES, typeInWords, typeOf } from '../../../../nodes/shared/attributes/types';
import { getAttributeFields } from '../../../../nodes/shared/methods/resourceMapping';
import { WorkspaceLists } from '../../../../nodes/WorkspaceLists/WorkspaceLists.node';
import { WorkspaceRecords } from '../../../../nodes/WorkspaceRecords/WorkspaceRecords.node';
import { byId, HOT_LEADS, PEOPLE } from '../../../harness/fixtures';
import { loadOptionsContext } from '../../../harness/loadOptions';
import { useSandbox } from '../../../harness/sandbox';

const env = useSandbox();
const convert = (inputType: string, value: unknown, timeZone = 'Europe/Berlin') =>
	typeOf(inputType).toWire(value, { timeZone, field: 'Attributes (x)' });

describe('the table of attribute types: what each vendor input type shows and sends', () => {
	test.each<[string, string, unknown, unknown]>([
		['text', 'string', 'Ada', 'Ada'],
		['text', 'string', 42, '42'],
		['number', 'number', '42.5', 42.5],
		['currency', 'number', 1200, 1200],
		['rating', 'number', '4', 4],
		['checkbox', 'boolean', 'yes', true],
		['checkbox', 'boolean', false, false],
		['date', 'dateTime', '2026-11-23', '2026-11-23'],
		['date', 'dateTime', '2026-11-23T23:30:00Z', '2026-11-24'],
		['timestamp', 'dateTime', '2026-11-23T10:30:00', '2026-11-23T09:30:00.000Z'],
		['timestamp', 'dateTime', '2026-11-23T10:30:00Z', '2026-11-23T10:30:00.000Z'],
		['status', 'options', 'c1000000000000000000000002', 'c1000000000000000000000002'],
		['select', 'options', { _id: 'b2', name: 'Referral' }, 'b2'],
		['multiselect', 'string', 'b1, b2', ['b1', 'b2']],
		['multiselect', 'string', ['b1', { _id: 'b2', name: 'Referral' }], ['b1', 'b2']],
		['record-reference', 'string', { _id: 'f1', name: 'Acme' }, 'f1'],
		['actor-reference', 'options', 'e00000000000000000000001', 'e00000000000000000000001'],
		['domain', 'string', 'a.example, b.example', ['a.example', 'b.example']],
		['email-address', 'string', 'ada@example.com', ['ada@example.com']],
		['phone-number', 'string', ['+44 20 7000'], ['+44 20 7000']],
		['file', 'string', 'https://example.com/a.pdf', 'https://example.com/a.pdf'],
	])('%s: a %s field; %j is sent as %j', (inputType, field, value, sent) => {
		expect(ATTRIBUTE_TYPES[inputType].field).toBe(field);
		expect(convert(inputType, value)).toEqual(sent);
	});

	test('every input type the vendor names is in the table, but ai-wizard, which is never written', () => {
		const vendor = [
			'text',
			'number',
			'checkbox',
			'currency',
			'date',
			'timestamp',
			'rating',
			'status',
			'select',
			'multiselect',
			'record-reference',
			'actor-reference',
			'domain',
			'file',
			'email-address',
			'phone-number',
		];
		expect(Object.keys(ATTRIBUTE_TYPES).sort()).toEqual(vendor.sort());
	});

	test('a value that does not fit its type names the attribute', () => {
		expect(() => convert('number', 'lots')).toThrow('Attributes (x): "lots" is not a number');
		expect(() => convert('checkbox', 'maybe')).toThrow(
			'Attributes (x): "maybe" is not true or false',
		);
		expect(() => convert('timestamp', 'soon')).toThrow('Attributes (x): "soon" is not a date');
	});

	test('only attribute keys are sent; empty values and other fields are left out', () => {
		const types = new Map([
			['name', 'text'],
			['leadScore', 'number'],
		]);
		expect(
			mappedAttributes(
				{ name: 'Ada', leadScore: '7', orderId: 'A-1', nickname: '' },
				{ types },
				'UTC',
			),
		).toEqual({ name: 'Ada', leadScore: 7 });
	});

	test("Map Automatically takes an attribute's name too, where it is unambiguous; a key given beside it wins", () => {
		const types = new Map([
			['name', 'text'],
			['leadScore', 'number'],
			['source', 'text'],
		]);
		const keyOfName = new Map([['lead score', 'leadScore']]);
		expect(
			mappedAttributes(
				{ Name: 'Ada', 'Lead Score': '9', formId: 'x' },
				{ types, keyOfName },
				'UTC',
			),
		).toEqual({ leadScore: 9 });
		expect(
			mappedAttributes({ 'lead score': '9', leadScore: '7' }, { types, keyOfName }, 'UTC'),
		).toEqual({ leadScore: 7 });
	});
});

test('each type is named in the words of the workspace, an unknown one from its key', () => {
	expect(
		['actor-reference', 'record-reference', 'email-address', 'phone-number', 'timestamp'].map(
			typeInWords,
		),
	).toEqual(['Member', 'Record link', 'Email', 'Phone', 'Date and time']);
	for (const inputType of Object.keys(ATTRIBUTE_TYPES))
		expect(typeInWords(inputType)).not.toBe(inputType);
	expect(typeInWords('due-date')).toBe('Due date');
});

describe('the fields the editor shows (resource mapping method, through LoadOptionsContext)', () => {
	test('People: one typed field per writable attribute, required ones marked, choices loaded', async () => {
		const context = loadOptionsContext(
			new WorkspaceRecords(),
			{ resource: 'record', operation: 'create', collectionId: byId(PEOPLE) },
			env.credentials,
		);
		const { fields } = await getAttributeFields.call(context);
		const byKey = Object.fromEntries(fields.map((f) => [f.id, f]));
		expect(byKey.createdAt).toBeUndefined();
		// A label is the attribute's name (Map Automatically matches on it too), short enough not to be cut.
		expect(byKey.name).toMatchObject({
			displayName: 'Name',
			type: 'string',
			required: true,
			display: true,
		});
		expect(byKey.leadScore).toMatchObject({
			displayName: 'Lead Score',
			type: 'number',
			required: false,
		});
		// Short: what a value takes is said in full in the notice below the mapper, not cut in a label.
		expect(
			['emails', 'phoneNumbers', 'company', 'owner'].map((key) => byKey[key].displayName),
		).toEqual(['Emails', 'Phone Numbers', 'Company', 'Owner']);
		// Create or Update: Emails preselected; only attributes that can identify a record offered.
		expect(fields.filter((f) => f.defaultMatch).map((f) => f.id)).toEqual(['emails']);
		expect(
			fields
				.filter((f) => f.canBeUsedToMatch)
				.map((f) => f.id)
				.sort(),
		).toEqual([
			'description',
			'emails',
			'firstName',
			'jobTitle',
			'lastName',
			'leadScore',
			'name',
			'nickname',
			'phoneNumbers',
		]);
		// A switch left untouched is no value (n8n would store false, and false would be sent).
		expect(byKey.newsletter).toMatchObject({
			type: 'boolean',
			canBeUsedToMatch: false,
			defaultValue: null,
		});
		expect(fields.filter((f) => 'defaultValue' in f).map((f) => f.id)).toEqual(['newsletter']);
		// Create shows every attribute, and says so: n8n would fill in `removed: false` itself after
		// a Map Automatically run, and count that as a change of the parameters.
		expect(fields.filter((f) => f.removed !== false)).toEqual([]);
		expect(byKey.lastInteraction.type).toBe('dateTime');
		expect(byKey.lifecycle).toMatchObject({
			type: 'options',
			options: [
				{ name: 'Lead', value: 'c10000000000000000000001' },
				{ name: 'Customer', value: 'c10000000000000000000002' },
				{ name: 'Churned', value: 'c10000000000000000000003' },
			],
		});
		expect(byKey.source.options?.map((o) => o.name)).toEqual(['Website', 'Referral', 'Event']);
		expect(byKey.owner.options?.[0]).toEqual({
			name: 'Ada Lovelace <ada@example.com>',
			value: 'e00000000000000000000001',
		});
		expect(env.sandbox.requests.map((r) => r.path)).toContain(
			`/api/v1/attributes/collection/${PEOPLE}`,
		);
	});

	test("a list entry's fields are the list's attributes", async () => {
		const context = loadOptionsContext(
			new WorkspaceLists(),
			{ resource: 'listEntry', operation: 'create', listId: byId(HOT_LEADS) },
			env.credentials,
		);
		const { fields } = await getAttributeFields.call(context);
		expect(fields.map((f) => [f.id, f.type, f.displayName])).toEqual([
			['priority', 'options', 'Priority'],
			['note', 'string', 'Note'],
		]);
	});
});

test('before a collection is chosen there are no fields, and nothing is asked of the service', async () => {
	const context = loadOptionsContext(
		new WorkspaceRecords(),
		{
			resource: 'record',
			operation: 'create',
			collectionId: { __rl: true, mode: 'list', value: '' },
		},
		env.credentials,
	);
	expect(await getAttributeFields.call(context)).toEqual({ fields: [] });
	expect(env.sandbox.requests).toHaveLength(0);
});

test('Create or Update starts with the required attributes and Emails, which it matches on; the rest can be added', async () => {
	const context = loadOptionsContext(
		new WorkspaceRecords(),
		{ resource: 'record', operation: 'upsert', collectionId: byId(PEOPLE) },
		env.credentials,
	);
	const { fields } = await getAttributeFields.call(context);
	expect(fields.filter((f) => f.removed === false).map((f) => f.id)).toEqual(['name', 'emails']);
	expect(fields.filter((f) => f.removed === true).length).toBe(fields.length - 2);
});
