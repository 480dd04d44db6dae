import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { credentialTest } from '../shared/methods';
import { NOTHING_TO_REGISTER, resumeWebhook } from '../shared/waiting';
import {
	deliveryWaitFields,
	receiveDeliveryStatus,
	startDeliveryWait,
} from '../shared/messaging/deliveryWait';

/** Kept, hidden, for saved workflows: n8n's verification refuses a flow-control node of its own. */
export class WorkspaceWaitForDelivery implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Workspace Wait for Delivery',
		name: 'workspaceWaitForDelivery',
		icon: {
			light: 'file:../../icons/waitForDelivery.svg',
			dark: 'file:../../icons/waitForDelivery.dark.svg',
		},
		group: ['organization'],
		version: 1,
		hidden: true,
		subtitle: '={{ "until " + $parameter["resumeOnStatuses"] }}',
		description:
			"Pause the execution until the SMS, WhatsApp or email messages sent before it are delivered, read or failed, or a time limit passes. The send's Postback URL must be {{ $execution.resumeUrl }}.",
		defaults: { name: 'Wait for Delivery' },
		// n8n's lint requires it of action nodes (its type allows only true); as an agent's tool it
		// would hold the agent's execution, which docs/ai-agents.md advises against.
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		// The delivery report of the other messages, when one of several gets its status.
		credentials: [
			{ name: 'workspaceRecordsApi', required: true, testedBy: 'testRecordsCredential' },
		],
		webhooks: [resumeWebhook],
		properties: deliveryWaitFields,
	};

	methods = { credentialTest };

	webhookMethods = { default: NOTHING_TO_REGISTER };

	execute = startDeliveryWait;

	webhook = receiveDeliveryStatus;
}
