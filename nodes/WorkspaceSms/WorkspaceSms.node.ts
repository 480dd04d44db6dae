import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { messagingNodeParts } from '../shared/messaging/node';
import { credentialTest, listSearch, loadOptions, resourceMapping } from '../shared/methods';
import { smsDescription } from './resources/sms';
import { smsAsk } from './resources/sms/sendAndWait';

const messaging = messagingNodeParts({ name: 'SMS', value: 'sms' }, smsDescription, {
	ask: () => smsAsk,
});

export class WorkspaceSms implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Workspace SMS',
		name: 'workspaceSms',
		icon: { light: 'file:../../icons/sms.svg', dark: 'file:../../icons/sms.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: messaging.subtitle,
		description:
			'Send SMS and SMS templates, ask and wait for the answer, and read delivery reports, through the Workspace Records messaging host',
		defaults: { name: 'Workspace SMS' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		...messaging.sharedDescription,
	};

	methods = { credentialTest, listSearch, loadOptions, resourceMapping };

	// Send and Wait for Response and Delivery Report → Wait for Status hold the execution in n8n's waiting state.
	customOperations = messaging.waiting.customOperations;

	webhook = messaging.waiting.webhook;

	webhookMethods = messaging.waiting.webhookMethods;
}
