import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { forOperation, operation, operationSelector } from '../descriptions';
import { fromInput } from '../input';
import { RECORDS_KEY_HINT } from '../auth';
import type { Hints } from '../transport';
import { paths } from '../transport';
import { checkMessagingHost } from './host';
import { requiredText } from './fields';
import { NOTHING_TO_REGISTER } from '../waiting';
import {
	deliveryWaitFields,
	deliveryWaitWebhook,
	receiveDeliveryStatus,
	startDeliveryWait,
} from './deliveryWait';

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

/**
 * Wait for Status: no request of its own to route. It waits in n8n's waiting state
 * (deliveryWait.ts), a custom operation with the node's webhook, as n8n's own send-and-wait
 * operations are; it stands after a send, whose request ids it is given.
 */
const waitForStatus: INodePropertyOptions = {
	name: 'Wait for Status',
	value: 'waitForStatus',
	action: 'Wait until messages sent before are delivered, read or failed',
	description:
		"Hold the execution until each message sent before it reaches a chosen status, or a time limit passes. The send's Postback URL must be {{ $execution.resumeUrl }}.",
};

/**
 * Delivery Report, in every messaging node whose sends return a request ID: Get (one read for
 * any channel, docs/api.md §4.9) and Wait for Status.
 */
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
			waitForStatus,
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

/**
 * What a node with Delivery Report needs besides its description to wait: the custom operation,
 * its webhook at n8n's resume address, and nothing to register with the workspace.
 */
export const deliveryWaitParts = {
	webhooks: [deliveryWaitWebhook],
	customOperations: { deliveryReport: { waitForStatus: startDeliveryWait } },
	webhook: receiveDeliveryStatus,
	webhookMethods: { default: NOTHING_TO_REGISTER },
};
