import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { messagingNodeParts } from '../shared/messaging/node';
import { credentialTest, listSearch, loadOptions, resourceMapping } from '../shared/methods';
import { messageDescription } from './resources/message';
import { rcsAsk } from './resources/message/sendAndWait';

const messaging = messagingNodeParts({ name: 'Message', value: 'message' }, messageDescription, {
	deliveryReport: false,
	ask: () => rcsAsk,
});

export class WorkspaceRcs implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Workspace RCS',
		name: 'workspaceRcs',
		icon: { light: 'file:../../icons/rcs.svg', dark: 'file:../../icons/rcs.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: messaging.subtitle,
		description:
			'Send RCS text with suggestion buttons, audio and templates, and ask with a button per answer and wait, through the Workspace Records campaign API',
		defaults: { name: 'Workspace RCS' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		...messaging.sharedDescription,
	};

	methods = { credentialTest, listSearch, loadOptions, resourceMapping };

	// Send and Wait for Response holds the execution in n8n's waiting state.
	customOperations = messaging.waiting.customOperations;

	webhook = messaging.waiting.webhook;

	webhookMethods = messaging.waiting.webhookMethods;
}
