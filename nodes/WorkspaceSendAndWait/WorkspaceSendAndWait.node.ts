import type { IExecuteFunctions, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { credentialTest, listSearch, loadOptions, resourceMapping } from '../shared/methods';
import { answerWebhooks, askAndWait, receiveAnswer } from '../shared/messaging/ask/sendAndWait';
import { NOTHING_TO_REGISTER, toTimeLimitMs } from '../shared/waiting';
import { askOf } from './channels';
import { sendAndWaitFields } from './fields';

const timeLimit = (context: IExecuteFunctions) =>
	new Date(
		Date.now() +
			toTimeLimitMs(
				context.getNodeParameter('waitTimeLimit', 0),
				context.getNodeParameter('waitTimeUnit', 0),
			),
	);

/** Kept, hidden, for saved workflows: now an operation of the messaging nodes (CHANGELOG 2.0). */
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
		hidden: true,
		subtitle:
			'={{ "Send and wait: " + $parameter["channel"] + ", " + $parameter["responseType"] }}',
		description:
			'Replaced by Send and Wait for Response in Workspace SMS, WhatsApp and Email: send a message with a link and wait until the person approves, declines or answers',
		defaults: { name: 'Send and Wait' },
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

	async execute(this: IExecuteFunctions) {
		return await askAndWait(this, askOf, timeLimit);
	}

	webhook = receiveAnswer;
}
