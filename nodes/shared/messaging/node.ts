import type {
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
} from 'n8n-workflow';
import { SEND_AND_WAIT_OPERATION } from 'n8n-workflow';

import { optionsField, resourceSelector, subtitleOf } from '../descriptions';
import { requestDefaults } from '../transport';
import { NOTHING_TO_REGISTER, resumeWebhook } from '../waiting';
import { deliveryReportDescription } from './deliveryReport';
import { receiveDeliveryStatus, startDeliveryWait } from './deliveryWait';
import { MESSAGING_BASE_URL } from './host';
import type { ParameterSource } from '../locators';
import type { AskSpec } from './ask/sendAndWait';
import { answerWebhooks, askAndWait, receiveAnswer } from './ask/sendAndWait';

/**
 * What the Email, RCS, SMS and WhatsApp nodes share: credential, host, Delivery Report, Options and
 * the waits. Each keeps its identity (name, icon…) as a literal in its class: lint reads it there.
 */
export function messagingNodeParts(
	resource: INodePropertyOptions,
	resourceDescription: INodeProperties[],
	{
		// A node whose sends return no request ID (RCS, on the campaign paths) has no report to read.
		deliveryReport = true,
		ask,
	}: {
		deliveryReport?: boolean;
		/** The resource's Send and Wait for Response: how its question is sent, by the item's parameters. */
		ask?: (read: ParameterSource) => AskSpec;
	} = {},
): {
	subtitle: string;
	sharedDescription: Pick<
		INodeTypeDescription,
		'credentials' | 'requestDefaults' | 'properties' | 'webhooks'
	>;
	/** Send and Wait for Response, Delivery Report → Wait for Status: what the node class adds. */
	waiting: Required<Pick<INodeType, 'customOperations' | 'webhook' | 'webhookMethods'>>;
} {
	const properties: INodeProperties[] = [
		resourceSelector(
			deliveryReport
				? [resource, { name: 'Delivery Report', value: 'deliveryReport' }]
				: [resource],
		),
		...resourceDescription,
		...(deliveryReport ? deliveryReportDescription : []),
		// An ask is one request; its Options are n8n's send-and-wait ones (ask/fields.ts).
		ask
			? { ...optionsField, displayOptions: { hide: { operation: [SEND_AND_WAIT_OPERATION] } } }
			: optionsField,
	];
	const webhooks = [...(deliveryReport ? [resumeWebhook] : []), ...(ask ? answerWebhooks : [])];
	return {
		subtitle: subtitleOf(properties),
		sharedDescription: {
			credentials: [
				{ name: 'workspaceRecordsApi', required: true, testedBy: 'testRecordsCredential' },
			],
			// Messages go to the API's second host (docs/api.md §4.9), not the records one.
			requestDefaults: { ...requestDefaults, baseURL: MESSAGING_BASE_URL },
			properties,
			...(webhooks.length ? { webhooks } : {}),
		},
		waiting: {
			customOperations: {
				...(deliveryReport && { deliveryReport: { waitForStatus: startDeliveryWait } }),
				...(ask && {
					[String(resource.value)]: {
						[SEND_AND_WAIT_OPERATION]: async function (this: IExecuteFunctions) {
							return await askAndWait(this, ask);
						},
					},
				}),
			},
			webhook: answerOrStatus,
			webhookMethods: { default: NOTHING_TO_REGISTER },
		},
	};
}

/** One webhook a node: the answer page of Send and Wait, or a status for Wait for Status. */
async function answerOrStatus(this: IWebhookFunctions) {
	return this.getNodeParameter('operation', '') === SEND_AND_WAIT_OPERATION
		? await receiveAnswer.call(this)
		: await receiveDeliveryStatus.call(this);
}
