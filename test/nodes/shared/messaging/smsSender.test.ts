import type { SmsSender } from '../../../../nodes/shared/messaging/smsSender';
import {
	senderBody,
	smsSenderProperties,
	toRoute,
} from '../../../../nodes/shared/messaging/smsSender';

const refusal = (message: string, hint: string) => expect.objectContaining({ message, hint });

describe('toRoute: the API value, from the value or the label', () => {
	test.each<[unknown, string]>([
		['otp', 'otp'],
		['OTP', 'otp'],
		['promotional', 'promotional'],
		['Promotional', 'promotional'],
		['TRANSACTIONAL', 'transactional'],
		['  transactional\n', 'transactional'],
	])('%j → %s', (value, expected) => {
		expect(toRoute(value)).toBe(expected);
	});

	const hint = 'Choose OTP, Promotional or Transactional.';

	test.each<[string, unknown, string, string]>([
		['another word', 'marketing', 'Route: "marketing" is not a route', hint],
		[
			'a description instead of a label',
			'One-time passwords',
			'Route: "One-time passwords" is not a route',
			hint,
		],
		['nothing', undefined, 'Route: "" is not a route', hint],
		['a number', 1, 'Route: "1" is not a route', hint],
		[
			'an object',
			{ route: 'otp' },
			'Route: got an object, expected text — check the expression',
			'Give the one value to send, such as {{ $json.id }}, not a whole object.',
		],
	])('refused: %s', (_, value, message, expectedHint) => {
		expect(() => toRoute(value)).toThrow(refusal(message, expectedHint));
	});

	test('every route the dropdown offers is taken, by its value and by its label', () => {
		const route = smsSenderProperties.find((p) => p.name === 'route');
		for (const option of route?.options ?? []) {
			const { name, value } = option as { name: string; value: string };
			expect([toRoute(value), toRoute(name)]).toEqual([value, value]);
		}
	});
});

describe('senderBody: what every SMS send starts with', () => {
	test.each<[string, SmsSender, object]>([
		[
			'as the fields hold it',
			{ recipient: '919876543210', senderId: 'WRKSPC', route: 'transactional' },
			{ recipient: '919876543210', sender_id: 'WRKSPC', route: 'transactional' },
		],
		[
			'a number written as people do, a route by its label',
			{ recipient: '+91 (98765) 43-210', senderId: 'WRKSPC', route: 'OTP' },
			{ recipient: '919876543210', sender_id: 'WRKSPC', route: 'otp' },
		],
		[
			// As the email's Template Name: a registered name has no spaces, a pasted one may.
			'a sender ID with spaces around, trimmed',
			{ recipient: '919876543210', senderId: ' WRKSPC\n', route: 'otp' },
			{ recipient: '919876543210', sender_id: 'WRKSPC', route: 'otp' },
		],
		[
			'numbers from an expression',
			{ recipient: 919876543210, senderId: 123456, route: 'promotional' },
			{ recipient: '919876543210', sender_id: '123456', route: 'promotional' },
		],
	])('%s', (_, input, expected) => {
		expect(senderBody(input)).toEqual(expected);
	});

	const valid = { recipient: '919876543210', senderId: 'WRKSPC', route: 'otp' };

	test.each<[string, SmsSender, string, string]>([
		[
			'no recipient',
			{ ...valid, recipient: '' },
			'Recipient: "" is not a phone number',
			'Give the country code and number, such as 919876543210 or +91 98765 43210.',
		],
		[
			'no sender ID',
			{ ...valid, senderId: '' },
			'Sender ID: empty',
			'Give your registered sender name.',
		],
		[
			'a sender ID of spaces',
			{ ...valid, senderId: '   ' },
			'Sender ID: empty',
			'Give your registered sender name.',
		],
		[
			'a sender ID with a fraction',
			{ ...valid, senderId: 1.5 },
			'Sender ID: got the number 1.5, expected text — check the expression',
			'An expression gives this field its value: make it give text.',
		],
		[
			'a sender ID that is a date',
			{ ...valid, senderId: new Date(0) },
			'Sender ID: got a date, expected text — check the expression',
			'An expression gives this field its value: make it give text.',
		],
		[
			'no route',
			{ ...valid, route: undefined },
			'Route: "" is not a route',
			'Choose OTP, Promotional or Transactional.',
		],
	])('refused: %s', (_, input, message, hint) => {
		expect(() => senderBody(input)).toThrow(refusal(message, hint));
	});
});
