import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { credentialTest, listSearch, loadOptions, resourceMapping } from '../shared/methods';
import { NOTHING_TO_REGISTER } from '../shared/waiting';
import { sendAndWaitFields } from './fields';
import { answerWebhooks, receiveAnswer, sendAndWaitForResponse } from '../shared/messaging/ask/sendAndWait';

export class WorkspaceSendAndWait implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Workspace Send and Wait',
		name: 'workspaceSendAndWait',
		icon: {
			light: 'file:../../icons/sendAndWait.svg',
			dark: 'file:../../icons/sendAndWait.dark.svg',
		},
		group: ['output'],
		version: 1,
		subtitle:
			'={{ "Send and wait: " + $parameter["channel"] + ", " + $parameter["responseType"] }}',
		description:
			'Send an SMS, WhatsApp message or template, or email with a link, and wait until the person approves, declines or answers',
		defaults: { name: 'Send and Wait' },
		// n8n's lint requires it of action nodes; n8n also makes a human-review tool of this node
		// for AI Agents (docs/ai-agents.md).
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{ name: 'workspaceRecordsApi', required: true, testedBy: 'testRecordsCredential' },
		],
		webhooks: answerWebhooks,
		properties: sendAndWaitFields,
	};

	methods = { credentialTest, listSearch, loadOptions, resourceMapping };

	webhookMethods = { default: NOTHING_TO_REGISTER };

	execute = sendAndWaitForResponse;

	webhook = receiveAnswer;
}
