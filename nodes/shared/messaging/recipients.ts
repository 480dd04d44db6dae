import { describeValue, InputError, textIn, toStringList } from '../input';

/** Digits, as the host wants (§4.9): "+91 (98765) 43-210" → "919876543210"; 15 at most (E.164). */
export function toPhoneNumber(value: unknown, field = 'Recipient'): string {
	const given = textIn(value, field, 'name');
	const text = given
		.trim()
		.replace(/[\s\-()]/g, '')
		.replace(/^\+/, '');
	if (!/^\d{1,15}$/.test(text)) {
		throw new InputError(
			field,
			`${describeValue(given)} is not a phone number`,
			'Give the country code and number, such as 919876543210 or +91 98765 43210.',
		);
	}
	return text;
}

/** One address, trimmed; a name around it ("Ada <ada@example.com>") is not what the host takes. */
export function toEmailAddress(value: unknown, field: string): string {
	const text = textIn(value, field, 'name').trim();
	if (!/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(text)) {
		throw new InputError(
			field,
			`${describeValue(text)} is not an email address`,
			'Give one address alone, such as ada@example.com.',
		);
	}
	return text;
}

/** A public http(s) address: the host fetches it itself. */
export function toHttpUrl(value: unknown, field: string): string {
	const text = textIn(value, field, 'name').trim();
	let protocol = '';
	try {
		protocol = new URL(text).protocol;
	} catch {
		// Not a URL at all: said below.
	}
	if (protocol !== 'http:' && protocol !== 'https:') {
		throw new InputError(
			field,
			`"${text}" is not an http or https address`,
			'Give a full public address, such as https://example.com/file.pdf.',
		);
	}
	return text;
}

/** Addresses separated by commas or new lines, or an array from an expression. */
export function toUrlList(value: unknown, field: string): string[] {
	const parts = Array.isArray(value) ? value : textIn(value, field).split(/[,\n]/);
	return toStringList(parts, field).map((url) => toHttpUrl(url, field));
}

/** A coordinate as the host takes it: a string of a decimal number within ±`limit`. */
export function toCoordinate(value: unknown, field: string, limit: number): string {
	const text = textIn(value, field).trim();
	const number = Number(text);
	if (!/^[-+]?\d+(\.\d+)?$/.test(text) || Math.abs(number) > limit) {
		throw new InputError(
			field,
			text ? `"${text}" is not a number from -${limit} to ${limit}` : 'empty',
			'Give decimal degrees with a point as the decimal mark, such as 52.520008.',
		);
	}
	return text;
}
