import { optionalSwitch, optionalText } from '../../../../nodes/shared/messaging/fields';
import {
	toEmailAddress,
	toHttpUrl,
	toPhoneNumber,
	toUrlList,
} from '../../../../nodes/shared/messaging/recipients';
import { toTemplateChoice, templateValue } from '../../../../nodes/shared/messaging/whatsApp';

test.each([
	['+91 98765 43210', '919876543210'],
	['+1 (202) 555-0143', '12025550143'],
])('phone %s is sent as %s', (input, expected) => {
	expect(toPhoneNumber(input)).toBe(expected);
});

test.each(['', 'ada@', 'Ada <ada@example.com>', 'a b@example.com'])(
	'email %j is refused',
	(input) => {
		expect(() => toEmailAddress(input, 'Recipient')).toThrow(/^Recipient: /);
	},
);

test('web addresses: http and https only; lists by commas, new lines or an array', () => {
	expect(toHttpUrl(' https://example.com/a.pdf ', 'X')).toBe('https://example.com/a.pdf');
	expect(() => toHttpUrl('ftp://example.com/a.pdf', 'X')).toThrow('X: "ftp://example.com/a.pdf"');
	expect(toUrlList('https://a.test/1,\nhttps://a.test/2\n', 'X')).toEqual([
		'https://a.test/1',
		'https://a.test/2',
	]);
	expect(toUrlList(['https://a.test/1'], 'X')).toEqual(['https://a.test/1']);
	expect(toUrlList('', 'X')).toEqual([]);
});

test('a template value carries its language; a name alone has none', () => {
	expect(templateValue({ name: 'welcome_message', language: 'en_US' })).toBe(
		'welcome_message|en_US',
	);
	expect(toTemplateChoice('welcome_message|en_US')).toEqual({
		name: 'welcome_message',
		language: 'en_US',
	});
	expect(toTemplateChoice(' welcome_message ')).toEqual({ name: 'welcome_message' });
	expect(toTemplateChoice('')).toEqual({ name: '' });
});

test('optional fields: text only when not empty, a switch whenever it was added', () => {
	const field = 'From Name';
	expect(optionalText('from_name', undefined, { field })).toEqual({});
	expect(optionalText('from_name', '', { field })).toEqual({});
	expect(optionalText('from_name', 'Acme', { field })).toEqual({ from_name: 'Acme' });
	expect(optionalText('post_back_url', 'x', { field, check: () => 'checked' })).toEqual({
		post_back_url: 'checked',
	});
	expect(optionalSwitch('is_flash', undefined)).toEqual({});
	expect(optionalSwitch('is_flash', false)).toEqual({ is_flash: false });
});
