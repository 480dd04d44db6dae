import {
	toCoordinate,
	toEmailAddress,
	toHttpUrl,
	toPhoneNumber,
	toUrlList,
} from '../../../../nodes/shared/messaging/recipients';

/** The error a user reads: the field and what is wrong, and the fix. */
const refusal = (message: string, hint: string) => expect.objectContaining({ message, hint });

describe('toPhoneNumber: digits only, as the messaging host wants them', () => {
	test.each<[string, unknown, string]>([
		['digits as they are', '919876543210', '919876543210'],
		['a plus, spaces, brackets and dashes dropped', '+91 (98765) 43-210', '919876543210'],
		['spaces around', '  +1 234 567 8900 ', '12345678900'],
		['a tab inside', '91\t98765', '9198765'],
		['a whole number from an expression', 919876543210, '919876543210'],
		['one digit', '1', '1'],
		['fifteen digits, the longest E.164 allows', '123456789012345', '123456789012345'],
	])('%s', (_, value, expected) => {
		expect(toPhoneNumber(value)).toBe(expected);
	});

	const hint = 'Give the country code and number, such as 919876543210 or +91 98765 43210.';

	test.each<[string, unknown, string | undefined, string]>([
		[
			'sixteen digits',
			'1234567890123456',
			undefined,
			'Recipient: "1234567890123456" is not a phone number',
		],
		['nothing', undefined, undefined, 'Recipient: "" is not a phone number'],
		['spaces alone', '   ', undefined, 'Recipient: "   " is not a phone number'],
		['a plus alone', '+', undefined, 'Recipient: "+" is not a phone number'],
		['two pluses', '++91 98765', undefined, 'Recipient: "++91 98765" is not a phone number'],
		['dots', '91.98765.43210', undefined, 'Recipient: "91.98765.43210" is not a phone number'],
		['letters', '1-800-FLOWERS', undefined, 'Recipient: "1-800-FLOWERS" is not a phone number'],
		[
			'an email address',
			'ada@example.com',
			'Phone',
			'Phone: "ada@example.com" is not a phone number',
		],
		[
			'a long text, cut where it is quoted',
			'call me on 919876543210 between nine and five please',
			undefined,
			'Recipient: "call me on 919876543210 between nine and…" is not a phone number',
		],
	])('refused: %s', (_, value, field, message) => {
		expect(() => toPhoneNumber(value, field)).toThrow(refusal(message, hint));
	});

	test.each<[string, unknown, string, string]>([
		[
			'a number too big to be whole',
			9.2e18,
			'Recipient: got the number 9200000000000000000, expected text — check the expression',
			'An expression gives this field its value: make it give text.',
		],
		[
			'a whole contact',
			{ name: 'Ada', phone: '91987' },
			'Recipient: got an object, expected text — check the expression',
			'Give the one value to send, such as {{ $json.id }}, not a whole object.',
		],
		[
			'several numbers',
			['919876543210', '12345678900'],
			'Recipient: got an array, expected text — check the expression',
			'Give the one value to send, such as {{ $json.id }}, not a whole array.',
		],
		[
			'a date',
			new Date(0),
			'Recipient: got a date, expected text — check the expression',
			'An expression gives this field its value: make it give text.',
		],
	])('refused from an expression: %s', (_, value, message, hint) => {
		expect(() => toPhoneNumber(value)).toThrow(refusal(message, hint));
	});
});

describe('toEmailAddress: one address alone', () => {
	test.each<[string, unknown, string]>([
		['as it is', 'ada@example.com', 'ada@example.com'],
		['trimmed', '  ada@example.com\n', 'ada@example.com'],
		[
			'a plus and dots',
			'ada.lovelace+n8n@mail.example.co.uk',
			'ada.lovelace+n8n@mail.example.co.uk',
		],
		['capitals kept', 'Ada@Example.COM', 'Ada@Example.COM'],
	])('%s', (_, value, expected) => {
		expect(toEmailAddress(value, 'To')).toBe(expected);
	});

	const hint = 'Give one address alone, such as ada@example.com.';

	test.each<[string, unknown, string]>([
		[
			'a name around it',
			'Ada <ada@example.com>',
			'To: "Ada <ada@example.com>" is not an email address',
		],
		[
			'two addresses',
			'ada@example.com, grace@example.com',
			'To: "ada@example.com, grace@example.com" is not an email address',
		],
		['no domain', 'ada@', 'To: "ada@" is not an email address'],
		['a domain without a dot', 'ada@localhost', 'To: "ada@localhost" is not an email address'],
		['no at sign', 'ada.example.com', 'To: "ada.example.com" is not an email address'],
		['two at signs', 'ada@@example.com', 'To: "ada@@example.com" is not an email address'],
		[
			'a space inside',
			'ada lovelace@example.com',
			'To: "ada lovelace@example.com" is not an email address',
		],
		['nothing', undefined, 'To: "" is not an email address'],
	])('refused: %s', (_, value, message) => {
		expect(() => toEmailAddress(value, 'To')).toThrow(refusal(message, hint));
	});
});

describe('toHttpUrl: a public http(s) address', () => {
	test.each<[string, unknown, string]>([
		['https', 'https://example.com/file.pdf', 'https://example.com/file.pdf'],
		['http', 'http://example.com/a.jpg', 'http://example.com/a.jpg'],
		['trimmed', ' https://example.com/a.jpg\n', 'https://example.com/a.jpg'],
		[
			'a query kept as given',
			'https://cdn.example.com/a.jpg?sig=a%2Fb&x=1',
			'https://cdn.example.com/a.jpg?sig=a%2Fb&x=1',
		],
		['capitals in the scheme', 'HTTPS://example.com/', 'HTTPS://example.com/'],
	])('%s', (_, value, expected) => {
		expect(toHttpUrl(value, 'Image URL')).toBe(expected);
	});

	const hint = 'Give a full public address, such as https://example.com/file.pdf.';

	test.each<[string, unknown, string]>([
		[
			'no scheme',
			'example.com/file.pdf',
			'Image URL: "example.com/file.pdf" is not an http or https address',
		],
		[
			'ftp',
			'ftp://example.com/file.pdf',
			'Image URL: "ftp://example.com/file.pdf" is not an http or https address',
		],
		[
			'a local file',
			'file:///etc/passwd',
			'Image URL: "file:///etc/passwd" is not an http or https address',
		],
		[
			'a script',
			'javascript:alert(1)',
			'Image URL: "javascript:alert(1)" is not an http or https address',
		],
		[
			'a data URL',
			'data:image/png;base64,AAAA',
			'Image URL: "data:image/png;base64,AAAA" is not an http or https address',
		],
		[
			'a scheme without a host',
			'https://',
			'Image URL: "https://" is not an http or https address',
		],
		['nothing', '', 'Image URL: "" is not an http or https address'],
	])('refused: %s', (_, value, message) => {
		expect(() => toHttpUrl(value, 'Image URL')).toThrow(refusal(message, hint));
	});
});

describe('toUrlList: addresses separated by commas or new lines, or an array', () => {
	test.each<[string, unknown, string[]]>([
		['one', 'https://a.example.com/1.pdf', ['https://a.example.com/1.pdf']],
		[
			'by commas',
			'https://a.example.com/1.pdf, https://a.example.com/2.pdf',
			['https://a.example.com/1.pdf', 'https://a.example.com/2.pdf'],
		],
		[
			'by lines',
			'https://a.example.com/1.pdf\nhttps://a.example.com/2.pdf\n',
			['https://a.example.com/1.pdf', 'https://a.example.com/2.pdf'],
		],
		[
			'both, empty ones left out',
			'https://a.example.com/1.pdf,\n,https://a.example.com/2.pdf',
			['https://a.example.com/1.pdf', 'https://a.example.com/2.pdf'],
		],
		[
			'an array from an expression',
			[' https://a.example.com/1.pdf ', 'http://b.example.com/2'],
			['https://a.example.com/1.pdf', 'http://b.example.com/2'],
		],
		[
			'an array with an empty one',
			['https://a.example.com/1.pdf', '', null],
			['https://a.example.com/1.pdf'],
		],
		['nothing', '', []],
	])('%s', (_, value, expected) => {
		expect(toUrlList(value, 'Attachments')).toEqual(expected);
	});

	test.each<[string, unknown, string, string]>([
		[
			'one of them no address',
			'https://a.example.com/1.pdf, report.pdf',
			'Attachments: "report.pdf" is not an http or https address',
			'Give a full public address, such as https://example.com/file.pdf.',
		],
		[
			'an object in the array',
			['https://a.example.com/1.pdf', { url: 'https://b.example.com' }],
			'Attachments: got an object, expected text — check the expression',
			'Give the one value to send, such as {{ $json.id }}, not a whole object.',
		],
	])('refused: %s', (_, value, message, hint) => {
		expect(() => toUrlList(value, 'Attachments')).toThrow(refusal(message, hint));
	});
});

describe('toCoordinate: a decimal number within ±limit, as text', () => {
	test.each<[string, unknown, number, string]>([
		['a latitude', '52.520008', 90, '52.520008'],
		['negative', '-33.8688', 90, '-33.8688'],
		['with a plus', '+13.404954', 180, '+13.404954'],
		['the limit itself', '90', 90, '90'],
		['minus the limit', '-180', 180, '-180'],
		['zero', '0', 90, '0'],
		['trimmed', ' 12.5 ', 90, '12.5'],
		['a number from an expression', 52.52, 90, '52.52'],
	])('%s', (_, value, limit, expected) => {
		expect(toCoordinate(value, 'Latitude', limit)).toBe(expected);
	});

	const hint = 'Give decimal degrees with a point as the decimal mark, such as 52.520008.';

	test.each<[string, unknown, number, string]>([
		['past the limit', '90.1', 90, 'Latitude: "90.1" is not a number from -90 to 90'],
		['below minus the limit', '-181', 180, 'Latitude: "-181" is not a number from -180 to 180'],
		[
			'a comma as the decimal mark',
			'52,52',
			90,
			'Latitude: "52,52" is not a number from -90 to 90',
		],
		['an exponent', '1e1', 90, 'Latitude: "1e1" is not a number from -90 to 90'],
		['no digit before the point', '.5', 90, 'Latitude: ".5" is not a number from -90 to 90'],
		['degrees and minutes', "52°31'", 90, `Latitude: "52°31'" is not a number from -90 to 90`],
		['hex', '0x10', 90, 'Latitude: "0x10" is not a number from -90 to 90'],
		['nothing', '', 90, 'Latitude: empty'],
		['spaces alone', '  ', 90, 'Latitude: empty'],
	])('refused: %s', (_, value, limit, message) => {
		expect(() => toCoordinate(value, 'Latitude', limit)).toThrow(refusal(message, hint));
	});
});
