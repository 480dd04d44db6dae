import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { forOperation, operation, operationSelector } from '../descriptions';
import { fromInput, requiredText } from '../input';
import { RECORDS_KEY_HINT } from '../auth';
import type { Hints } from '../transport';
import { paths } from '../transport';
import { checkMessagingHost } from './host';
import { deliveryWaitFields } from './deliveryWait';

async function sendRequestId(
	this: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const requestId = fromInput(this, () =>
		requiredText(
			this.getNodeParameter('requestId', ''),
			'Request ID',
			'Give the request_id a send returned, such as {{ $json.request_id }}.',
			'id',
		).trim(),
	);
	return { ...options, qs: { ...options.qs, request_id: requestId } };
}

const DELIVERY_REPORT_HINTS: Hints = {
	credential: RECORDS_KEY_HINT,
	rejected: 'Check Request ID: the request_id that a send of this workspace returned.',
};

/** Delivery Report: Get (one read for any channel, docs/api.md §4.9) and Wait for Status. */
export const deliveryReportDescription: INodeProperties[] = [
	operationSelector(
		'deliveryReport',
		[
			operation({
				name: 'Get',
				value: 'get',
				action: 'Get the delivery report of a message by the request ID its send returned',
				description: 'The delivery status of a message, by the request ID its send returned',
				method: 'GET',
				url: paths.messaging.deliveryReport,
				preSend: [checkMessagingHost, sendRequestId],
			}),
			// No request to route: a custom operation that waits in n8n's waiting state, as n8n's
			// own send-and-wait operations do (deliveryWait.ts), after a send whose ids it is given.
			{
				name: 'Wait for Status',
				value: 'waitForStatus',
				action: 'Wait until messages sent before are delivered, read or failed',
				description:
					"Hold the execution until each message sent before it reaches a chosen status, or a time limit passes. The send's Postback URL must be {{ $execution.resumeUrl }}.",
			},
		],
		DELIVERY_REPORT_HINTS,
	),
	...forOperation('deliveryReport', 'waitForStatus', deliveryWaitFields),
	...forOperation('deliveryReport', 'get', [
		{
			displayName: 'Request ID',
			name: 'requestId',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. f8df74d1-11fa-4485-b164-b9a65358f4fc',
			description:
				"The request_id that a send of any channel returned: drag it in from the send node's output",
		},
	]),
];
