import type {
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { credentialBaseUrl, RECORDS_CREDENTIAL } from '../transport';

/** The messaging host (docs/api.md §4.9): the credential's Messaging Host Base URL. */
export const MESSAGING_BASE_URL = credentialBaseUrl('aiBaseUrl');

/** Said before anything is sent: without the field a request would go to no host at all. */
export async function requireMessagingHost(
	context: IExecuteSingleFunctions | IExecuteFunctions | ILoadOptionsFunctions,
): Promise<void> {
	const credentials = await context.getCredentials(RECORDS_CREDENTIAL);
	if (String(credentials.aiBaseUrl ?? '').trim()) return;
	throw new NodeOperationError(context.getNode(), 'The credential has no Messaging Host Base URL', {
		description:
			'Open the Workspace Records API credential and fill in Messaging Host Base URL: the address of the host that sends SMS, WhatsApp and email.',
		itemIndex: 'getItemIndex' in context ? context.getItemIndex() : undefined,
	});
}

/** The same check as the first preSend of every messaging operation. */
export async function checkMessagingHost(
	this: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	await requireMessagingHost(this);
	return options;
}
