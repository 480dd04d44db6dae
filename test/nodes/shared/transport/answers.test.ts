import type { IN8nHttpFullResponse } from 'n8n-workflow';

import { describeFailure } from '../../../../nodes/shared/transport/answers';
import { EMAIL_HINTS } from '../../../../nodes/WorkspaceEmail/hints';
import { LISTS_HINTS } from '../../../../nodes/WorkspaceLists/hints';
import { RECORDS_HINTS } from '../../../../nodes/WorkspaceRecords/hints';
import { SMS_HINTS } from '../../../../nodes/WorkspaceSms/hints';
import { USER_GROUPS_HINTS } from '../../../../nodes/WorkspaceUserGroups/hints';
import { WHATSAPP_HINTS } from '../../../../nodes/WorkspaceWhatsApp/hints';

const response = (statusCode: number, body: unknown, headers = {}) => ({
	statusCode,
	body: body as IN8nHttpFullResponse['body'],
	headers,
});

test.each<[string, ReturnType<typeof response>, RegExp | undefined]>([
	['success envelope', response(200, { status: true, message: 'ok', data: [] }), undefined],
	['user groups success', response(200, { success: 1, user_group: {} }), undefined],
	[
		'status:false on 200',
		response(200, { status: false, message: 'Invalid data Provided' }),
		/^The service rejected the request: Invalid data Provided$/,
	],
	[
		'success:0 (user groups)',
		response(200, { success: 0, message: 'Unknown token' }),
		/^The service rejected the request: Unknown token$/,
	],
	['success:false (SMS)', response(200, { success: false, message: 'bad route' }), /bad route/],
	[
		'401',
		response(401, { status: false, message: 'No token provided' }),
		/^Authorization failed: No token provided$/,
	],
	[
		'400',
		response(400, { status: false, message: 'Invalid data Provided: x' }),
		/^Invalid data Provided: x$/,
	],
	[
		'404 without id parameters',
		response(404, { status: false, message: 'No route' }),
		/^Not found: No route$/,
	],
	['429 with Retry-After', response(429, { status: false }, { 'retry-after': '3' }), /wait 3 s$/],
	['503', response(503, {}), /^The service failed \(HTTP 503\)$/],
	['HTML', response(502, '<html>Bad gateway</html>'), /not JSON \(HTTP 502\)/],
])('%s', (_, res, message) => {
	const failure = describeFailure(res);
	if (message) expect(failure?.message).toMatch(message);
	else expect(failure).toBeUndefined();
});

const COLLECTION_AND_RECORD = [
	{ label: 'Collection', value: 'c1' },
	{ label: 'Record', value: 'r9' },
];

test.each([
	[
		'the server names the kind',
		'Collection not found',
		'The collection with ID "c1" was not found',
		/^Check the Collection parameter/,
	],
	[
		'the server names the kind, not the last ID',
		'Record not found',
		'The record with ID "r9" was not found',
		/^Check the Record parameter/,
	],
	[
		'the server quotes the value',
		'No such thing: r9',
		'The record with ID "r9" was not found',
		/^Check the Record parameter/,
	],
	[
		'it cannot be told',
		'Not found',
		'Not found: Not found',
		/did not say which ID.*Collection "c1", Record "r9"/,
	],
])('404: %s', (_, said, message, description) => {
	const failure = describeFailure(response(404, { status: false, message: said }), {
		idParameters: COLLECTION_AND_RECORD,
	});
	expect(failure).toMatchObject({ message, httpCode: '404' });
	expect(failure?.description).toMatch(description);
});

test('404 on a list entry reads "List entry", not "List"', () => {
	const idParameters = [
		{ label: 'List', value: 'l1' },
		{ label: 'List Entry', value: 'e1' },
	];
	expect(
		describeFailure(response(404, { message: 'List entry not found' }), { idParameters })?.message,
	).toBe('The list entry with ID "e1" was not found');
	expect(
		describeFailure(response(404, { message: 'List not found' }), { idParameters })?.message,
	).toBe('The list with ID "l1" was not found');
});

test('404 with one ID given names that ID: there is no other it can mean', () => {
	const failure = describeFailure(response(404, { message: 'No message with this request_id' }), {
		idParameters: [{ label: 'Request ID', value: 'q7' }],
	});
	expect(failure?.message).toBe('The Request ID "q7" was not found');
	expect(failure?.description).toBe(
		'Check the Request ID parameter. The service said: No message with this request_id',
	);
	expect(
		describeFailure(response(404, { message: 'Not found' }), {
			idParameters: [{ label: 'Collection', value: 'c1' }],
		})?.message,
	).toBe('The collection with ID "c1" was not found');
});

test('a unique value already held: the hint names the record and Create or Update, not the value types', () => {
	const failure = describeFailure(
		response(400, { message: 'a record with this Emails already exists: 6650a1b2c3' }),
		{ hints: RECORDS_HINTS },
	);
	expect(failure?.message).toBe('a record with this Emails already exists: 6650a1b2c3');
	expect(failure?.description).toBe(
		'The record 6650a1b2c3 already has this value, which the collection keeps unique. To update that record instead of creating another, use the operation Create or Update, matching on this attribute.',
	);
	// Elsewhere (a list that holds a record once) the node's own hint stays.
	expect(
		describeFailure(response(400, { message: 'record r1 already exists in this list' }), {
			hints: LISTS_HINTS,
		})?.description,
	).toBe(LISTS_HINTS.rejected);
});

test('descriptions of 401 and 429 say what to do', () => {
	expect(describeFailure(response(401, {}))?.description).toMatch(/API key and the workspace ID/);
	expect(describeFailure(response(429, {}))?.description).toMatch(
		/tries again by itself.*Give Up After/,
	);
});

test("each node's hints speak of its own credential and fields", () => {
	const userGroups = { hints: USER_GROUPS_HINTS };
	expect(
		describeFailure(response(401, { message: 'Unauthorised' }), userGroups)?.description,
	).not.toMatch(/workspace ID/i);
	expect(describeFailure(response(401, {}), userGroups)?.description).toMatch(
		/User Groups API credential/,
	);
	const sms = { hints: SMS_HINTS };
	const smsFailure = describeFailure(
		response(400, { success: false, message: 'recipient must be digits' }),
		sms,
	);
	expect(smsFailure?.description).toMatch(
		/Recipient.*Sender ID.*Route \(OTP, Promotional or Transactional\)/,
	);
	expect(smsFailure?.description).not.toMatch(/attribute/);
	const whatsApp = describeFailure(
		response(400, { success: false, message: 'Template summer_sale is pending, not approved' }),
		{ hints: WHATSAPP_HINTS },
	);
	expect(whatsApp?.description).toMatch(/Account.*Template.*every variable/);
	const email = describeFailure(response(400, { success: false, message: 'bad' }), {
		hints: EMAIL_HINTS,
	});
	expect(email?.description).toMatch(/From Email and Reply-To Email.*Attachment URLs/);
});
