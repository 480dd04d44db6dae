import {
	ACTIVITY_COLLECTION,
	paths,
	queries,
	segment,
} from '../../../../nodes/shared/transport/paths';

describe('segment: an id as one path segment', () => {
	test.each<[string, unknown, string]>([
		['an ObjectId as it is', '64f1c2a9e4b0a1b2c3d4e5f6', '64f1c2a9e4b0a1b2c3d4e5f6'],
		['trimmed', '  r9  ', 'r9'],
		['a whole number, as an expression may give it', 104898309288724, '104898309288724'],
		['a slash encoded, so that it names no other path', 'a/b', 'a%2Fb'],
		['a question mark and a hash encoded', 'a?b#c', 'a%3Fb%23c'],
		['a space inside encoded', 'a b', 'a%20b'],
		['a dot inside kept', 'v1.2', 'v1.2'],
		['three dots are a name', '...', '...'],
		['a letter beyond ASCII encoded', 'é', '%C3%A9'],
	])('%s', (_, id, expected) => {
		expect(segment(id)).toBe(expected);
	});

	test.each<[string, unknown, string | undefined, string, string]>([
		// [case, id, field, message, hint]
		[
			'nothing',
			undefined,
			'Record',
			'Record: no ID given',
			'Choose the Record from the list, or check the expression that gives its ID.',
		],
		[
			'spaces alone',
			'   ',
			'Collection',
			'Collection: no ID given',
			'Choose the Collection from the list, or check the expression that gives its ID.',
		],
		[
			'a dot, which names the path itself',
			'.',
			'Record',
			'Record: "." is not an ID',
			'Choose the Record from the list, or check the expression that gives its ID.',
		],
		[
			'two dots, which name the path above',
			' .. ',
			undefined,
			'ID: ".." is not an ID',
			'Choose the ID from the list, or check the expression that gives its ID.',
		],
		[
			'an object from an expression',
			{ id: 'r9' },
			'Record',
			'Record: got an object, expected an ID — check the expression',
			'Give the one value to send, such as {{ $json.id }}, not a whole object.',
		],
		[
			'an array from an expression',
			['r1', 'r2'],
			'Record',
			'Record: got an array, expected an ID — check the expression',
			'Give the one value to send, such as {{ $json.id }}, not a whole array.',
		],
		[
			'a fraction',
			1.5,
			'Account',
			'Account: got the number 1.5, expected an ID — check the expression',
			'An expression gives this field its value: make it give an ID.',
		],
		[
			'a whole document instead of its ID',
			'x'.repeat(201),
			'Record',
			'Record: 201 characters, longer than any ID (at most 200)',
			'Check the expression: it must give the ID alone, such as {{ $json._id }}.',
		],
	])('refused: %s', (_, id, field, message, hint) => {
		expect(() => segment(id, field)).toThrow(expect.objectContaining({ message, hint }));
	});
});

describe('paths: where each request goes (docs/api.md §4)', () => {
	test.each<[string, string, string]>([
		['collections', paths.collections, '/api/v1/collections'],
		['a collection', paths.collection('people'), '/api/v1/collections/people'],
		['its records', paths.records('people'), '/api/v1/collection-records/people'],
		['a record', paths.record('people', 'r9'), '/api/v1/collection-records/people/r9'],
		[
			'activities, records of their own collection',
			paths.activities,
			'/api/v1/collection-records/activity-list',
		],
		['an activity', paths.activity('a1'), '/api/v1/collection-records/activity-list/a1'],
		['lists', paths.lists, '/api/v1/lists'],
		['a list', paths.list('l1'), '/api/v1/lists/l1'],
		['its entries', paths.listEntries('l1'), '/api/v1/list-entries/l1'],
		['an entry', paths.listEntry('l1', 'e1'), '/api/v1/list-entries/l1/e1'],
		['members', paths.members, '/api/v1/workspace-members'],
		['a member', paths.member('m1'), '/api/v1/workspace-members/m1'],
		[
			'attributes of a collection',
			paths.attributes('collection', 'people'),
			'/api/v1/attributes/collection/people',
		],
		[
			'attributes by placeholder',
			paths.attributes('{target}', '{id}'),
			'/api/v1/attributes/{target}/{id}',
		],
		['an attribute', paths.attribute('list', 'l1', 'stage'), '/api/v1/attributes/list/l1/stage'],
		[
			"a select's options",
			paths.attributeChoices(paths.attributes('collection', 'people'), 'tier', 'options'),
			'/api/v1/attributes/collection/people/tier/options',
		],
		[
			"a status's statuses",
			paths.attributeChoices(paths.attributes('list', 'l1'), 'stage', 'status'),
			'/api/v1/attributes/list/l1/stage/status',
		],
		[
			'a WhatsApp message in a conversation',
			paths.whatsAppConversationSend,
			'/api/v1/campaign/whatsapp/message/send',
		],
		['an email attachment', paths.emailCampaign.upload, '/api/v1/campaign/email/upload'],
		['an email with attachments', paths.emailCampaign.send, '/api/v1/campaign/email/send'],
		['an RCS text', paths.rcs.text, '/api/v1/campaign/rcs/message/text'],
		['an RCS audio', paths.rcs.audio, '/api/v1/campaign/rcs/message/audio'],
		['an RCS template', paths.rcs.template, '/api/v1/campaign/rcs/message/template'],
		['user groups, on their own credential', paths.userGroups, '/api/user'],
		['an SMS', paths.messaging.smsSend, '/api/ingest/sms/v1/message/send'],
		['an SMS template', paths.messaging.smsTemplateSend, '/api/ingest/sms/v1/template/send'],
		[
			'a WhatsApp template',
			paths.messaging.whatsAppTemplateSend,
			'/api/ingest/whatsapp/v1/template/send',
		],
		['an email', paths.messaging.emailSend, '/api/ingest/email/v1/message/send'],
		['an email template', paths.messaging.emailTemplateSend, '/api/ingest/email/v1/template/send'],
		['WhatsApp accounts', paths.messaging.whatsAppAccounts, '/api/data/whatsapp/v1/accounts'],
		[
			"an account's templates",
			paths.messaging.whatsAppTemplates('104'),
			'/api/data/whatsapp/v1/104/templates',
		],
		[
			"a template's variables",
			paths.messaging.whatsAppVariableKeys('104'),
			'/api/data/whatsapp/v1/104/variable-keys',
		],
		['a delivery report', paths.messaging.deliveryReport, '/api/data/messages/v1/delivery-report'],
	])('%s', (_, path, expected) => {
		expect(path).toBe(expected);
	});

	test('an id made a segment first stays one segment of the path', () => {
		expect(paths.record('people', segment('../collections'))).toBe(
			'/api/v1/collection-records/people/..%2Fcollections',
		);
	});
});

describe('queries: where each query goes, and the shape of its filter', () => {
	test.each([
		['records', queries.records('people'), '/api/v1/collection-records/people/query', 'object'],
		[
			'activities, whose filter is an array',
			queries.activities,
			'/api/v1/collection-records/activity-list/query',
			'array',
		],
		['list entries', queries.listEntries('l1'), '/api/v1/list-entries/l1/query', 'object'],
	])('%s', (_, endpoint, path, filterShape) => {
		expect(endpoint).toEqual({ path, filterShape });
	});

	test('the activities are the records of the activity collection', () => {
		expect(queries.activities.path).toBe(queries.records(ACTIVITY_COLLECTION).path);
	});
});
