import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { messagingNodeParts } from '../shared/messaging/node';
import { credentialTest, listSearch, loadOptions, resourceMapping } from '../shared/methods';
import { messageDescription } from './resources/message';
import { emailAsk } from './resources/message/sendAndWait';

const messaging = messagingNodeParts({ name: 'Message', value: 'message' }, messageDescription, {
	ask: () => emailAsk,
});

export class WorkspaceEmail implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Workspace Email',
		name: 'workspaceEmail',
		icon: { light: 'file:../../icons/email.svg', dark: 'file:../../icons/email.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: messaging.subtitle,
		description:
			'Send emails and email templates, and read delivery reports, through the Workspace Records messaging host',
		defaults: { name: 'Workspace Email' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		...messaging.sharedDescription,
	};

	methods = { credentialTest, listSearch, loadOptions, resourceMapping };

	// Delivery Report → Wait for Status holds the execution in n8n's waiting state.
	customOperations = messaging.waiting.customOperations;

	webhook = messaging.waiting.webhook;

	webhookMethods = messaging.waiting.webhookMethods;
}
