import { buildSmsBody } from '../../../nodes/WorkspaceSms/resources/sms/send';
import { toPhoneNumber as toRecipient } from '../../../nodes/shared/messaging/recipients';

test.each([
	['+91 98765 43210', '919876543210'],
	['+1 (202) 555-0143', '12025550143'],
	['447700900123', '447700900123'],
])('recipient %s is sent as %s', (input, expected) => {
	expect(toRecipient(input)).toBe(expected);
});

test.each(['', '+44 call me', '12.34', '++44123'])('recipient %j is refused', (input) => {
	expect(() => toRecipient(input)).toThrow(/^Recipient: /);
});

test('required fields, then only the optional ones given', () => {
	expect(
		buildSmsBody({
			recipient: '+91 98765 43210',
			message: 'Hi',
			senderId: 'WRKSPC',
			route: 'otp',
			additionalFields: { isFlash: false, dltTemplateId: '1107' },
		}),
	).toEqual({
		recipient: '919876543210',
		message: 'Hi',
		sender_id: 'WRKSPC',
		route: 'otp',
		is_flash: false,
		dlt_template_id: '1107',
	});
	expect(() =>
		buildSmsBody({ recipient: '1234567890', message: ' ', senderId: 'X', route: 'otp' }),
	).toThrow('Message: empty');
	expect(() =>
		buildSmsBody({ recipient: '1234567890', message: 'Hi', senderId: '', route: 'otp' }),
	).toThrow('Sender ID: empty');
});
