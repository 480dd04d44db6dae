import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import type { Operation, OperationSpec } from '../descriptions';
import { operation } from '../descriptions';
import { fromInput } from '../input';
import type { ParameterSource } from '../locators';
import { parameterId, pickedId } from '../locators';
import { requestDefaults } from '../transport';
import { checkMessagingHost } from './host';

/**
 * How a send reads a parameter: `value` as stored (a missing one is n8n's error), `object` as `{}`
 * when nothing was added, `picker` the chosen ID (locators.ts), `picked` with how it was given (an
 * expression that gave none is said so), `shown` undefined while a choice hides it (Message Type).
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

interface SendSpec<Input>
	extends Pick<
		OperationSpec,
		'name' | 'value' | 'action' | 'description' | 'url' | 'readAnswer' | 'run'
	> {
	/** Every field of the body builder's input, by parameter name, and how to read it. */
	parameters: ParameterKinds<Input>;
	/** The pure body builder (tested on its own); what it throws names the field to fix. */
	body: (input: Input) => IDataObject;
	/** `messaging` (the default, checked before sending) or `records` (Base URL: campaign paths). */
	host?: 'messaging' | 'records';
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
	const onRecords = host === 'records';
	return operation({
		...spec,
		baseURL: onRecords ? requestDefaults.baseURL : undefined,
		method: 'POST',
		preSend: [
			...(onRecords ? [] : [checkMessagingHost]),
			async function (this: IExecuteSingleFunctions, options) {
				// Read inside fromInput too: a failing expression is then the item's error, as any other.
				return { ...options, body: fromInput(this, () => body(readInput(this, parameters))) };
			},
		],
		output: [],
	});
}
