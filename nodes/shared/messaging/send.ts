import type { IDataObject, IExecuteSingleFunctions, INodePropertyOptions } from 'n8n-workflow';

import { operation } from '../descriptions';
import { fromInput } from '../input';
import { parameterId } from '../locators';
import { checkMessagingHost } from './host';

/**
 * How a send reads one of its parameters: `value` as stored (a missing one is n8n's error),
 * `object` (a collection or a mapper) as `{}` when nothing was added, `picker` as the chosen ID
 * (locators.ts).
 */
const READERS = {
	value: (context: IExecuteSingleFunctions, name: string) => context.getNodeParameter(name),
	object: (context: IExecuteSingleFunctions, name: string) => context.getNodeParameter(name, {}),
	picker: parameterId,
};

type ParameterKind = keyof typeof READERS;

function readInput<Input>(
	context: IExecuteSingleFunctions,
	parameters: { [Name in keyof Input]: ParameterKind },
): Input {
	const input: IDataObject = {};
	for (const [name, kind] of Object.entries<ParameterKind>(parameters))
		input[name] = READERS[kind](context, name);
	return input as Input;
}

interface SendSpec<Input> {
	name: string;
	value: string;
	action: string;
	description: string;
	url: string;
	/** Every field of the body builder's input, by parameter name, and how to read it. */
	parameters: { [Name in keyof Required<Input>]: ParameterKind };
	/** The pure body builder (tested on its own); what it throws names the field to fix. */
	body: (input: Input) => IDataObject;
}

/**
 * A send on the messaging host: a write (POST, never repeated when its outcome is unknown), whose
 * answer `{success, message, request_id}` is the item. `success: false` is an error (errors.ts).
 */
export function sendOperation<Input>({
	parameters,
	body,
	...spec
}: SendSpec<Input>): INodePropertyOptions {
	return operation({
		...spec,
		method: 'POST',
		preSend: [
			checkMessagingHost,
			async function (this: IExecuteSingleFunctions, options) {
				// Read inside fromInput too: a failing expression is then the item's error, as any other.
				return { ...options, body: fromInput(this, () => body(readInput(this, parameters))) };
			},
		],
		output: [],
	});
}
