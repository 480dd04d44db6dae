import type { IDataObject, IExecuteSingleFunctions, PostReceiveAction } from 'n8n-workflow';

import type { Operation, OperationSpec } from '../descriptions';
import { operation } from '../descriptions';
import { fromInput } from '../input';
import type { ParameterSource } from '../locators';
import { parameterId, pickedId } from '../locators';
import { requestDefaults } from '../transport';
import { checkMessagingHost } from './host';

/**
 * How a send reads one of its parameters: `value` as stored (a missing one is n8n's error),
 * `object` (a collection or a mapper) as `{}` when nothing was added, `picker` as the chosen ID
 * (locators.ts), `picked` as the chosen ID with how it was given (an expression that gave
 * none is said so), `shown` as stored, or undefined while a choice hides it (Message Type).
 */
const READERS = {
	value: (context: ParameterSource, name: string) => context.getNodeParameter(name),
	object: (context: ParameterSource, name: string) => context.getNodeParameter(name, {}),
	picker: parameterId,
	picked: pickedId,
	shown: (context: ParameterSource, name: string) =>
		context.getNodeParameter(name, null) ?? undefined,
};

type ParameterKind = keyof typeof READERS;

export type ParameterKinds<Input> = { [Name in keyof Required<Input>]: ParameterKind };

/** A builder's input from the item's parameters: a send's, and its Send and Wait's. */
export function readInput<Input>(
	context: ParameterSource,
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
	parameters: ParameterKinds<Input>;
	/** The pure body builder (tested on its own); what it throws names the field to fix. */
	body: (input: Input) => IDataObject;
	/**
	 * `messaging` (the default): the messaging host, checked before sending. `records`: the
	 * credential's Base URL, where the vendor's campaign paths are (docs/api.md §4.9).
	 */
	host?: 'messaging' | 'records';
	readAnswer?: PostReceiveAction;
	/** Several requests in place of the one (uploads first): each through the door. */
	run?: OperationSpec['run'];
}

/**
 * A send: a write (POST, never repeated when its outcome is unknown), whose answer is the item
 * (`{success, message, request_id}` on the messaging host, `{status, message}` on the records
 * host). `success: false` or `status: false` is an error (transport/answers.ts).
 */
export function sendOperation<Input>({
	parameters,
	body,
	host = 'messaging',
	...spec
}: SendSpec<Input>): Operation {
	const where: Pick<OperationSpec, 'baseURL' | 'preSend'> =
		host === 'records' ? { baseURL: requestDefaults.baseURL } : { preSend: [checkMessagingHost] };
	return operation({
		...spec,
		baseURL: where.baseURL,
		method: 'POST',
		preSend: [
			...(where.preSend ?? []),
			async function (this: IExecuteSingleFunctions, options) {
				// Read inside fromInput too: a failing expression is then the item's error, as any other.
				return { ...options, body: fromInput(this, () => body(readInput(this, parameters))) };
			},
		],
		output: [],
	});
}
