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

/** A list of strings from a comma-separated text or an array given by an expression. */
export function toStringList(value: unknown): string[] {
	const parts = Array.isArray(value) ? value : String(value ?? '').split(',');
	return parts.map((part) => String(part).trim()).filter((part) => part !== '');
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

/** Runs a pure builder; what it throws becomes a node error, of the item where there is one. */
export function fromInput<T>(
	context: Pick<IExecuteSingleFunctions, 'getNode'> &
		Partial<Pick<IExecuteSingleFunctions, 'getItemIndex'>>,
	build: () => T,
): T {
	try {
		return build();
	} catch (error) {
		const hint = error instanceof InputError ? error.hint : undefined;
		throw new NodeOperationError(context.getNode(), (error as Error).message, {
			description: hint,
			itemIndex: context.getItemIndex?.(),
		});
	}
}

/**
 * A preSend whose body is what `build` makes of the item's parameters, given the body so far.
 * A builder reads through `fromInput`, so that what it throws names the field to fix.
 */
export function sendBody(
	build: (
		context: IExecuteSingleFunctions,
		body: IDataObject,
	) => Promise<IDataObject | string> | IDataObject | string,
): PreSendAction {
	return async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		const body = await build(this, { ...((options.body ?? {}) as IDataObject) });
		return { ...options, body };
	};
}
