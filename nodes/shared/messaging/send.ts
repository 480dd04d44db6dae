import type { IDataObject, IExecuteSingleFunctions, INodePropertyOptions } from 'n8n-workflow';

import { operation } from '../descriptions';
import { fromInput } from '../input';
import { checkMessagingHost } from './host';

interface SendSpec {
	name: string;
	value: string;
	action: string;
	description: string;
	url: string;
	/** The request body from the item's parameters; what it throws names the field to fix. */
	body: (context: IExecuteSingleFunctions) => IDataObject;
}

/**
 * A send on the messaging host: a write (POST, never repeated when its outcome is unknown), whose
 * answer `{success, message, request_id}` is the item. `success: false` is an error (errors.ts).
 */
export function sendOperation({ body, ...spec }: SendSpec): INodePropertyOptions {
	return operation({
		...spec,
		method: 'POST',
		preSend: [
			checkMessagingHost,
			async function (this: IExecuteSingleFunctions, options) {
				return { ...options, body: fromInput(this, () => body(this)) };
			},
		],
		output: [],
	});
}
