import type { IHookFunctions, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { eventsSubtitle, triggerProperties } from './fields';
import { INCOMING_PATH, POST_BACK_PATH_EXPRESSION, POST_BACK_WEBHOOK } from './postBackUrl';
import { readyToListen, receiveEvent } from './receive';

export class WorkspaceWhatsAppTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Workspace WhatsApp Trigger',
		name: 'workspaceWhatsAppTrigger',
		icon: {
			light: 'file:../../icons/whatsAppTrigger.svg',
			dark: 'file:../../icons/whatsAppTrigger.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: eventsSubtitle(),
		// n8n's node panel files this trigger under Workspace WhatsApp and shows this description
		// for both, so it speaks of the sends too.
		description:
			'Send WhatsApp template messages and get delivery reports, or start a workflow when a WhatsApp or RCS message comes in or a delivery status arrives',
		defaults: { name: 'Workspace WhatsApp Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		// Both are listed under Webhook URLs: incoming messages (checked by the secret header) and
		// post-backs (checked by the token in their path, derived from the same secret).
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				// Without it n8n's default 'firstEntryJson' is answered as the body, word for word;
				// empty, the caller gets n8n's {"message":"Workflow was started"}.
				responseData: '',
				path: INCOMING_PATH,
			},
			{
				name: POST_BACK_WEBHOOK,
				httpMethod: 'POST',
				responseMode: 'onReceived',
				responseData: '',
				path: POST_BACK_PATH_EXPRESSION,
			},
		],
		triggerPanel: {
			header: '',
			executionsHelp: {
				inactive:
					"While building: click 'Listen for test event', put the Test URL ending in /webhook in the workspace webhook for now, and send a message to your number (or send one with the Test URL ending in /delivery-status/… as its Postback URL). Once it works, publish the workflow and use the Production URLs instead.",
				active:
					'The workflow is published: every event the workspace posts to its Production URLs starts an execution, once per event even when the workspace retries.',
			},
			activationHint:
				"Publish the workflow, then paste this node's Production URL ending in /webhook as the Endpoint of a webhook in the workspace's Settings → Developer → Webhook, and the one ending in /delivery-status/… as the Postback URL of your sends",
		},
		properties: triggerProperties,
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await readyToListen.call(this);
			},
			create: async () => true,
			delete: async () => true,
		},
	};

	webhook = receiveEvent;
}
