import type { INodeParameters, INodeType } from 'n8n-workflow';
import { WorkspaceActivities } from '../../../nodes/WorkspaceActivities/WorkspaceActivities.node';
import { WorkspaceAttributes } from '../../../nodes/WorkspaceAttributes/WorkspaceAttributes.node';
import { WorkspaceEmail } from '../../../nodes/WorkspaceEmail/WorkspaceEmail.node';
import { WorkspaceLists } from '../../../nodes/WorkspaceLists/WorkspaceLists.node';
import { WorkspaceMembers } from '../../../nodes/WorkspaceMembers/WorkspaceMembers.node';
import { WorkspaceRecords } from '../../../nodes/WorkspaceRecords/WorkspaceRecords.node';
import { WorkspaceSms } from '../../../nodes/WorkspaceSms/WorkspaceSms.node';
import { WorkspaceUserGroups } from '../../../nodes/WorkspaceUserGroups/WorkspaceUserGroups.node';
import { WorkspaceWhatsApp } from '../../../nodes/WorkspaceWhatsApp/WorkspaceWhatsApp.node';
import { numberIn, textIn } from '../../../nodes/shared/input';
import {
	byId,
	FIRST_ACTIVITY,
	fromList,
	HOT_LEADS,
	mapperValue,
	PEOPLE,
	WHATSAPP_ACCOUNT,
} from '../../harness/fixtures';
import { runNode } from '../../harness/runNode';
import { useSandbox } from '../../harness/sandbox';
import { BAD, records, sms } from './inputCases';

/**
 * Inputs are what they seem (issue 44, item 4): what an expression gives a field is refused
 * before anything is sent when the field cannot mean it, naming the field as the editor shows it.
 */
const env = useSandbox();

describe('textIn: one rule per kind of field', () => {
	test.each([
		['text', 42, '42'],
		['text', 9.5, '9.5'],
		['text', new Date('2026-01-02T03:04:05Z'), '2026-01-02T03:04:05.000Z'],
		['name', 919876543210, '919876543210'],
		['id', 104898309288724, '104898309288724'],
		['id', null, ''],
		['id', undefined, ''],
	] as const)('%s takes %p as %j', (kind, value, expected) => {
		expect(textIn(value, 'Field', kind)).toBe(expected);
	});

	test.each([
		['text', { a: 1 }, 'an object', 'text'],
		['text', ['a'], 'an array', 'text'],
		['text', Number.NaN, 'NaN', 'text'],
		['text', Infinity, 'Infinity', 'text'],
		['text', true, 'true', 'text'],
		['name', 1.5, 'the number 1.5', 'text'],
		['name', 2 ** 64, 'the number 18446744073709552000', 'text'],
		['id', new Date(0), 'a date', 'an ID'],
		['id', false, 'false', 'an ID'],
	] as const)('%s refuses %p, saying what it got', (kind, value, got, expected) => {
		expect(() => textIn(value, 'Field', kind)).toThrow(
			`Field: got ${got}, expected ${expected} — check the expression`,
		);
	});

	test('an ID longer than 200 characters is refused; 200 pass', () => {
		expect(textIn('a'.repeat(200), 'Record', 'id')).toHaveLength(200);
		expect(() => textIn('a'.repeat(201), 'Record', 'id')).toThrow(
			'Record: 201 characters, longer than any ID (at most 200)',
		);
		expect(textIn('a'.repeat(201), 'Message')).toHaveLength(201);
	});
});

describe('numberIn: limits are positive whole numbers', () => {
	const limit = (value: unknown) => numberIn(value, 'Limit', { hint: 'h' });
	test.each([
		[-1, 'got the number -1'],
		[0, 'got the number 0'],
		[null, 'got nothing'],
		['', 'got ""'],
		[Number.NaN, 'got NaN'],
		[1.5, 'got the number 1.5'],
		[{}, 'got an object'],
		['ten', 'got "ten"'],
	])('%p is refused', (value, got) => {
		expect(() => limit(value)).toThrow(`Limit: ${got}, expected a whole number from 1`);
	});

	test('a whole number, or its digits as text, pass', () => {
		expect(limit(5)).toBe(5);
		expect(limit(' 10 ')).toBe(10);
		expect(numberIn(0.5, 'Give Up After (Seconds)', { min: 0, whole: false, hint: '' })).toBe(0.5);
	});
});

const LONG_ID = '={{ "f".repeat(102400) }}';

interface FieldCase {
	node: string;
	nodeType: INodeType;
	/** The field as the editor shows it. */
	field: string;
	expected: 'text' | 'an ID';
	parameters: (bad: string) => INodeParameters;
}

const email = (parameters: INodeParameters) => ({
	resource: 'message',
	operation: 'send',
	recipient: 'ada@example.com',
	subject: 'Hello',
	message: 'Hi Ada',
	...parameters,
});
const whatsAppTemplate = (parameters: INodeParameters) => ({
	resource: 'message',
	operation: 'sendTemplate',
	phoneId: fromList(WHATSAPP_ACCOUNT),
	template: fromList('welcome_message|en'),
	recipient: '919876543210',
	variables: mapperValue(
		'defineBelow',
		{ customer_name: 'Ada' },
		[],
		[{ id: 'customer_name', displayName: 'Customer Name', type: 'string', display: true }],
	) as unknown as INodeParameters[string],
	...parameters,
});
const conversation = (parameters: INodeParameters) => ({
	resource: 'message',
	operation: 'sendInConversation',
	phoneId: byId(WHATSAPP_ACCOUNT),
	recipient: '919876543210',
	messageType: 'text',
	text: 'Hi',
	...parameters,
});
const report = (bad: string) => ({
	resource: 'deliveryReport',
	operation: 'get',
	requestId: bad,
});

/** Text and ID fields, at least one per node, each read by the shared helpers. */
const TEXT_FIELDS: FieldCase[] = [
	{
		node: 'Workspace Records → Get',
		nodeType: new WorkspaceRecords(),
		field: 'Record',
		expected: 'an ID',
		parameters: (bad) =>
			records({ operation: 'get', collectionId: byId(PEOPLE), recordId: byId(bad) }),
	},
	{
		node: 'Workspace Records → Get Many',
		nodeType: new WorkspaceRecords(),
		field: 'Collection',
		expected: 'an ID',
		parameters: (bad) => records({ operation: 'getAll', collectionId: byId(bad) }),
	},
	{
		node: 'Workspace Records → Create',
		nodeType: new WorkspaceRecords(),
		field: 'Collection',
		expected: 'an ID',
		parameters: (bad) =>
			records({
				operation: 'create',
				collectionId: byId(bad),
				columns: mapperValue('defineBelow', { name: 'Ada' }) as unknown as INodeParameters[string],
			}),
	},
	{
		node: 'Workspace Lists → Create',
		nodeType: new WorkspaceLists(),
		field: 'Record',
		expected: 'an ID',
		parameters: (bad) => ({
			resource: 'listEntry',
			operation: 'create',
			listId: byId(HOT_LEADS),
			recordId: byId(bad),
		}),
	},
	{
		node: 'Workspace Lists → Get',
		nodeType: new WorkspaceLists(),
		field: 'List Entry',
		expected: 'an ID',
		parameters: (bad) => ({
			resource: 'listEntry',
			operation: 'get',
			listId: byId(HOT_LEADS),
			entryId: byId(bad),
		}),
	},
	{
		node: 'Workspace Activities → Create',
		nodeType: new WorkspaceActivities(),
		field: 'Title',
		expected: 'text',
		parameters: (bad) => ({
			resource: 'activity',
			operation: 'create',
			name: bad,
			scheduleAt: '2026-12-01T09:00:00Z',
			timeZone: 'UTC',
		}),
	},
	{
		node: 'Workspace Activities → Update',
		nodeType: new WorkspaceActivities(),
		field: 'Associated Record',
		expected: 'an ID',
		parameters: (bad) => ({
			resource: 'activity',
			operation: 'update',
			activityId: byId(FIRST_ACTIVITY),
			updateFields: { associatedRecord: byId(bad) },
		}),
	},
	{
		node: 'Workspace Members → Get',
		nodeType: new WorkspaceMembers(),
		field: 'Member',
		expected: 'an ID',
		parameters: (bad) => ({ resource: 'member', operation: 'get', memberId: byId(bad) }),
	},
	{
		node: 'Workspace Attributes → Delete',
		nodeType: new WorkspaceAttributes(),
		field: 'Attribute',
		expected: 'an ID',
		parameters: (bad) => ({
			resource: 'attribute',
			operation: 'delete',
			target: 'collection',
			collectionId: byId(PEOPLE),
			attributeId: bad,
		}),
	},
	{
		node: 'Workspace User Groups → Update',
		nodeType: new WorkspaceUserGroups(),
		field: 'User Group ID',
		expected: 'an ID',
		parameters: (bad) => ({ resource: 'userGroup', operation: 'update', userGroupId: bad }),
	},
	{
		node: 'Workspace User Groups → Delete',
		nodeType: new WorkspaceUserGroups(),
		field: 'User Group ID',
		expected: 'an ID',
		parameters: (bad) => ({
			resource: 'userGroup',
			operation: 'delete',
			userGroupId: bad,
			currentToken: 'token',
		}),
	},
	{
		node: 'Workspace SMS → Send',
		nodeType: new WorkspaceSms(),
		field: 'Recipient',
		expected: 'text',
		parameters: (bad) => sms({ recipient: bad }),
	},
	{
		node: 'Workspace SMS → Send',
		nodeType: new WorkspaceSms(),
		field: 'Message',
		expected: 'text',
		parameters: (bad) => sms({ message: bad }),
	},
	{
		node: 'Workspace SMS → Send',
		nodeType: new WorkspaceSms(),
		field: 'Sender ID',
		expected: 'text',
		parameters: (bad) => sms({ senderId: bad }),
	},
	{
		node: 'Workspace SMS → Send Template',
		nodeType: new WorkspaceSms(),
		field: 'Variables (name)',
		expected: 'text',
		parameters: (bad) =>
			sms({
				operation: 'sendTemplate',
				templateName: 'order_shipped',
				variables: { variable: [{ name: 'name', value: bad }] },
			}),
	},
	{
		node: 'Workspace WhatsApp → Send Template',
		nodeType: new WorkspaceWhatsApp(),
		field: 'Variables (Customer Name)',
		expected: 'text',
		parameters: (bad) =>
			whatsAppTemplate({
				variables: mapperValue(
					'defineBelow',
					{ customer_name: bad },
					[],
					[{ id: 'customer_name', displayName: 'Customer Name', type: 'string', display: true }],
				) as unknown as INodeParameters[string],
			}),
	},
	{
		node: 'Workspace WhatsApp → Send in Conversation',
		nodeType: new WorkspaceWhatsApp(),
		field: 'Text',
		expected: 'text',
		parameters: (bad) => conversation({ text: bad }),
	},
	{
		node: 'Workspace WhatsApp → Send in Conversation',
		nodeType: new WorkspaceWhatsApp(),
		field: 'Account',
		expected: 'an ID',
		parameters: (bad) => conversation({ phoneId: byId(bad) }),
	},
	{
		node: 'Workspace Email → Send',
		nodeType: new WorkspaceEmail(),
		field: 'Recipient',
		expected: 'text',
		parameters: (bad) => email({ recipient: bad }),
	},
	{
		node: 'Workspace Email → Send',
		nodeType: new WorkspaceEmail(),
		field: 'Subject',
		expected: 'text',
		parameters: (bad) => email({ subject: bad }),
	},
	{
		node: 'Workspace Email → Delivery Report',
		nodeType: new WorkspaceEmail(),
		field: 'Request ID',
		expected: 'an ID',
		parameters: report,
	},
];

const run = (nodeType: INodeType, parameters: INodeParameters) =>
	runNode({ nodeType, parameters, credentials: env.credentials });

describe.each(Object.entries(BAD))('%s from an expression', (_, [expression, got]) => {
	test.each(TEXT_FIELDS.map((c) => [c.node, c.field, c] as const))(
		'%s: %s refuses it before sending',
		async (_node, field, { nodeType, expected, parameters }) => {
			const { error } = await run(nodeType, parameters(expression));
			expect(error?.message).toBe(
				`${field}: got ${got}, expected ${expected} — check the expression`,
			);
			expect(error?.description).toMatch(/^(Give the one value|An expression gives)/);
			expect(JSON.stringify(error)).not.toContain(env.sandbox.config.apiKey);
			expect(env.sandbox.requests).toHaveLength(0);
		},
	);
});

test.each(
	TEXT_FIELDS.filter((c) => c.expected === 'an ID').map((c) => [c.node, c.field, c] as const),
)('a 100 KB ID: %s refuses %s before sending', async (_node, field, { nodeType, parameters }) => {
	const { error } = await run(nodeType, parameters(LONG_ID));
	expect(error?.message).toBe(`${field}: 102,400 characters, longer than any ID (at most 200)`);
	expect(error?.description).toMatch(/the ID alone/);
	expect(env.sandbox.requests).toHaveLength(0);
});

test.each([
	[
		'a phone number given as a number',
		sms({ recipient: '={{ 919876543210 }}' }),
		'recipient',
		'919876543210',
	],
	['a message given as a number', sms({ message: '={{ 4711 }}' }), 'message', '4711'],
	[
		'a message given as a date, in ISO 8601',
		sms({ message: '={{ DateTime.fromISO("2026-01-02T03:04:05Z") }}' }),
		'message',
		'2026-01-02T03:04:05.000Z',
	],
])('numbers and dates are text where the field says so: %s', async (_, parameters, key, sent) => {
	const { error } = await run(new WorkspaceSms(), parameters);
	expect(error).toBeUndefined();
	expect(env.sandbox.requests[0].body?.[key]).toBe(sent);
});

test('a date is no ID: refused, naming the field', async () => {
	const { error } = await run(new WorkspaceUserGroups(), {
		resource: 'userGroup',
		operation: 'update',
		userGroupId: '={{ $now }}',
	});
	expect(error?.message).toBe('User Group ID: got a date, expected an ID — check the expression');
	expect(env.sandbox.requests).toHaveLength(0);
});
