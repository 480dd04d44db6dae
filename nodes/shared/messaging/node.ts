import type {
	INodeProperties,
	INodePropertyOptions,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import { optionsField, resourceSelector, subtitleOf } from '../descriptions';
import { requestDefaults } from '../transport';
import { deliveryReportDescription, deliveryWaitParts } from './deliveryReport';
import { MESSAGING_BASE_URL } from './host';

/**
 * What the Email, RCS, SMS and WhatsApp nodes share: the credential, the messaging host, and their
 * fields (the node's own resource, then Delivery Report and Request Options). Each node keeps its
 * identity (name, icon, usableAsTool…) as a literal in its class: lint reads them only there.
 */
export function messagingNodeParts(
	resource: INodePropertyOptions,
	resourceDescription: INodeProperties[],
	// A node whose sends return no request ID (RCS, on the campaign paths) has no report to read.
	{ deliveryReport = true }: { deliveryReport?: boolean } = {},
): {
	subtitle: string;
	sharedDescription: Pick<
		INodeTypeDescription,
		'credentials' | 'requestDefaults' | 'properties' | 'webhooks'
	>;
	/** Delivery Report → Wait for Status: what the node class adds (deliveryReport.ts). */
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
		optionsField,
	];
	return {
		subtitle: subtitleOf(properties),
		sharedDescription: {
			credentials: [
				{ name: 'workspaceRecordsApi', required: true, testedBy: 'testRecordsCredential' },
			],
			// Messages go to the API's second host (docs/api.md §4.9), not the records one.
			requestDefaults: { ...requestDefaults, baseURL: MESSAGING_BASE_URL },
			properties,
			...(deliveryReport ? { webhooks: deliveryWaitParts.webhooks } : {}),
		},
		waiting: {
			customOperations: deliveryReport ? deliveryWaitParts.customOperations : {},
			webhook: deliveryWaitParts.webhook,
			webhookMethods: deliveryWaitParts.webhookMethods,
		},
	};
}
