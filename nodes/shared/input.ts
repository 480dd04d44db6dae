import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	PreSendAction,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** Bad input, naming the field as the user sees it and how to fix it; see `fromInput`. */
export class InputError extends Error {
	constructor(
		readonly field: string,
		message: string,
		readonly hint: string,
	) {
		super(`${field}: ${message}`);
	}
}

export const isPlainObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** An own property whatever the key: `constructor` and even `__proto__` are attribute keys too. */
export function setOwn(target: IDataObject, key: string, value: unknown): void {
	Object.defineProperty(target, key, {
		value,
		enumerable: true,
		writable: true,
		configurable: true,
	});
}

/** A Date, or a Luxon DateTime as n8n's `$now` gives it. */
export const isDateLike = (value: unknown): value is Date | { toMillis(): number } =>
	value instanceof Date || (isPlainObject(value) && typeof value.toMillis === 'function');

/** What an expression gave, in words: "an object", "an array", "true", "NaN", "the number 1.5". */
export function describeValue(value: unknown): string {
	if (typeof value === 'string') return `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
	if (Array.isArray(value)) return 'an array';
	if (isDateLike(value)) return 'a date';
	if (value === null || value === undefined) return 'nothing';
	if (typeof value === 'object') return 'an object';
	if (typeof value === 'number' && Number.isFinite(value)) return `the number ${value}`;
	if (typeof value === 'boolean' || typeof value === 'number') return String(value);
	return `a ${typeof value}`;
}

/** IDs the API gives are 24-character ObjectIds, UUIDs or phone IDs: 200 leaves room for any, not for a document. */
export const MAX_ID_LENGTH = 200;

/**
 * What each kind of text field takes besides text. An object, an array, NaN or true/false is
 * never meant as text (it would be sent as "[object Object]"): every kind refuses them.
 * - text (a message, a title, a variable): any number, and a date as ISO 8601, read as text;
 * - name (a sender ID, a template, an attribute key, a phone number): a whole number, no date;
 * - id: as a name, and no longer than any ID the API gives.
 */
const TEXT_KINDS = {
	text: { expected: 'text', number: Number.isFinite, dates: true, maxLength: Infinity },
	name: { expected: 'text', number: Number.isSafeInteger, dates: false, maxLength: Infinity },
	id: { expected: 'an ID', number: Number.isSafeInteger, dates: false, maxLength: MAX_ID_LENGTH },
};

export type TextKind = keyof typeof TEXT_KINDS;

const isoOf = (date: Date | { toMillis(): number }) =>
	new Date(date instanceof Date ? date.getTime() : date.toMillis()).toISOString();

/** A field's text from what it holds ('' for nothing); what its kind cannot take is refused, naming the field. */
export function textIn(value: unknown, field: string, kind: TextKind = 'text'): string {
	const { expected, number, dates, maxLength } = TEXT_KINDS[kind];
	let text: string | undefined;
	if (value === undefined || value === null) text = '';
	else if (typeof value === 'string') text = value;
	else if (typeof value === 'number' && number(value)) text = String(value);
	else if (dates && isDateLike(value)) text = isoOf(value);
	if (text === undefined) {
		throw new InputError(
			field,
			`got ${describeValue(value)}, expected ${expected} — check the expression`,
			Array.isArray(value) || (isPlainObject(value) && !isDateLike(value))
				? `Give the one value to send, such as {{ $json.id }}, not a whole ${Array.isArray(value) ? 'array' : 'object'}.`
				: `An expression gives this field its value: make it give ${expected}.`,
		);
	}
	if (text.trim().length > maxLength) {
		throw new InputError(
			field,
			`${text.trim().length.toLocaleString('en-US')} characters, longer than any ID (at most ${maxLength})`,
			'Check the expression: it must give the ID alone, such as {{ $json._id }}.',
		);
	}
	return text;
}

/** A text the operation cannot do without: empty, it is refused with `hint`. */
export function requiredText(value: unknown, field: string, hint: string, kind: TextKind = 'text') {
	const text = textIn(value, field, kind);
	if (!text.trim()) throw new InputError(field, 'empty', hint);
	return text;
}

/** Only what was given: undefined entries left out (an update changes nothing else). */
export const givenOnly = (entries: Record<string, unknown>) =>
	Object.fromEntries(
		Object.entries(entries).filter(([, value]) => value !== undefined),
	) as IDataObject;

/** An Update's body: what was given, refused when that is nothing. */
export function changesIn(entries: Record<string, unknown>): IDataObject {
	const body = givenOnly(entries);
	if (Object.keys(body).length) return body;
	throw new InputError(
		'Update Fields',
		'nothing to change',
		'Add at least one field to Update Fields, with its new value.',
	);
}

/** Items of a comma-separated text, or of an array given by an expression, as given; empty ones left out. */
export function listIn(value: unknown, field: string): unknown[] {
	const parts = Array.isArray(value) ? value : textIn(value, field).split(',');
	return parts
		.map((part) => (typeof part === 'string' ? part.trim() : part))
		.filter((part) => part !== '' && part !== null && part !== undefined);
}

/** A list of strings from a comma-separated text or an array given by an expression. */
export const toStringList = (value: unknown, field: string): string[] =>
	listIn(value, field).map((part) => textIn(part, field).trim());

/**
 * A switch's value: true or false, or that as text from an expression ("true", "false");
 * undefined when the field was not added. Anything else would be sent as it is: refused.
 */
export function booleanIn(value: unknown, field: string): boolean | undefined {
	if (value === undefined || typeof value === 'boolean') return value;
	const text = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
	if (text === 'true' || text === 'false') return text === 'true';
	throw new InputError(
		field,
		`got ${describeValue(value)}, expected true or false`,
		'Turn the switch on or off, or make the expression give true or false.',
	);
}

interface NumberField {
	min?: number;
	max?: number;
	whole?: boolean;
	hint: string;
}

/**
 * A number a field bounds, such as Limit: whole unless said, from `min`, or as digits in text.
 * -1, '', null, NaN, 1.5 or an object would page nothing or send `limit: null`: refused.
 */
export function numberIn(value: unknown, field: string, bounds: NumberField): number {
	const { min = 1, max = Infinity, whole = true, hint } = bounds;
	const given = typeof value === 'string' && value.trim() ? Number(value) : value;
	const number = typeof given === 'number' ? given : NaN;
	const fits = whole ? Number.isInteger(number) : Number.isFinite(number);
	if (fits && number >= min && number <= max) return number;
	const range = max === Infinity ? `from ${min}` : `from ${min} to ${max}`;
	const expected = `${whole ? 'a whole number' : 'a number'} ${range}`;
	throw new InputError(field, `got ${describeValue(value)}, expected ${expected}`, hint);
}

/** Parses JSON text; the error says where it broke (the parser's message gives the position). */
export function parseJsonText(text: string, field: string): unknown {
	let problem: string | undefined;
	try {
		return JSON.parse(text);
	} catch (error) {
		problem = (error as Error).message;
	}
	throw new InputError(
		field,
		`not valid JSON (${problem})`,
		'Check the quotes, commas and braces around the place named. Keys and strings need double quotes.',
	);
}

/** A JSON object from a JSON parameter: text typed in the editor, or an object from an expression. */
export function parseJsonObject(value: unknown, field: string): IDataObject {
	const parsed = typeof value === 'string' ? parseJsonText(value, field) : value;
	if (!isPlainObject(parsed)) {
		throw new InputError(
			field,
			'must be a JSON object, in braces',
			'Give an object such as {"name": "Ada"}.',
		);
	}
	return parsed;
}

type InputContext = Pick<IExecuteSingleFunctions, 'getNode'> &
	Partial<Pick<IExecuteSingleFunctions, 'getItemIndex'>>;

/** What the user reads: the item's error, with the fix as its description where it is bad input. */
const nodeErrorOf = (context: InputContext, error: Error) =>
	new NodeOperationError(context.getNode(), error.message, {
		description: error instanceof InputError ? error.hint : undefined,
		itemIndex: context.getItemIndex?.(),
	});

/** Runs a pure builder; what it throws becomes a node error, of the item where there is one. */
export function fromInput<T>(context: InputContext, build: () => T): T {
	try {
		return build();
	} catch (error) {
		throw nodeErrorOf(context, error as Error);
	}
}

/** As `fromInput` for work that also makes requests: bad input becomes the item's error, any other error stays as it is. */
export const checkedInput = async <T>(context: InputContext, work: () => Promise<T>): Promise<T> =>
	await work().catch((error: unknown) => {
		throw error instanceof InputError ? nodeErrorOf(context, error) : error;
	});

/**
 * A preSend whose body is what `build` makes of the item's parameters, given the body so far.
 * Bad input it meets, wherever it is read, names the field to fix (`checkedInput`).
 */
export function sendBody(
	build: (
		context: IExecuteSingleFunctions,
		body: IDataObject,
	) => Promise<IDataObject | string> | IDataObject | string,
): PreSendAction {
	return async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		const body = await checkedInput(
			this,
			async () => await build(this, { ...((options.body ?? {}) as IDataObject) }),
		);
		return { ...options, body };
	};
}

/** Checks what a field's `routing.send` put in the body, which routing sends as it is: each as its kind of text. */
export const checkSentText = (fields: Record<string, [field: string, kind: TextKind]>) =>
	sendBody((_context, body) => {
		for (const [key, [field, kind]] of Object.entries(fields))
			if (Object.hasOwn(body, key)) body[key] = textIn(body[key], field, kind);
		return body;
	});
