import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { messagingNodeParts } from '../shared/messaging/node';
import { credentialTest, listSearch, loadOptions, resourceMapping } from '../shared/methods';
import { messageDescription } from './resources/message';
import { whatsAppAsk } from './resources/message/sendAndWait';

const messaging = messagingNodeParts({ name: 'Message', value: 'message' }, messageDescription, {
	ask: whatsAppAsk,
});

export class WorkspaceWhatsApp implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Workspace WhatsApp',
		name: 'workspaceWhatsApp',
		icon: { light: 'file:../../icons/whatsApp.svg', dark: 'file:../../icons/whatsApp.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: messaging.subtitle,
		description:
			'Send WhatsApp templates, reply in open conversations with text, images and locations, and read delivery reports',
		defaults: { name: 'Workspace WhatsApp' },
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
