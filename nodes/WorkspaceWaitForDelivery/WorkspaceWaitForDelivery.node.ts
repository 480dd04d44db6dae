import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import {
	deliveryWaitFields,
	deliveryWaitWebhook,
	receiveDeliveryStatus,
	startDeliveryWait,
} from './deliveryWait';

export class WorkspaceWaitForDelivery implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Workspace Wait for Delivery',
		name: 'workspaceWaitForDelivery',
		icon: { light: 'file:../../icons/sms.svg', dark: 'file:../../icons/sms.dark.svg' },
		group: ['organization'],
		version: 1,
		subtitle: '={{ "until " + $parameter["resumeOnStatuses"] }}',
		description:
			"Pause the execution until the SMS, WhatsApp or email messages sent before it are delivered, read or failed, or a time limit passes. The send's Postback URL must be {{ $execution.resumeUrl }}.",
		defaults: { name: 'Wait for Delivery' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		// The delivery report of the other messages, when one of several gets its status.
		credentials: [{ name: 'workspaceRecordsApi', required: true }],
		webhooks: [deliveryWaitWebhook],
		properties: deliveryWaitFields,
	};

	execute = startDeliveryWait;

	webhook = receiveDeliveryStatus;
}
