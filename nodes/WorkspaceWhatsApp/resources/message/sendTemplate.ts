import type { INodeProperties } from 'n8n-workflow';

import { additionalFieldsCollection, forOperation } from '../../../shared/descriptions';
import { postBackOptions } from '../../../shared/messaging/fields';
import type { ParameterKinds } from '../../../shared/messaging/send';
import { sendOperation } from '../../../shared/messaging/send';
import type { WhatsAppTemplateInput } from '../../../shared/messaging/whatsAppTemplate';
import {
	buildWhatsAppTemplateBody,
	templateField,
	templateVariablesField,
} from '../../../shared/messaging/whatsAppTemplate';
import { paths } from '../../../shared/transport';

/** Send Template's options, which its Send and Wait for Response sends with too. */
export const templateOptionsField = additionalFieldsCollection([
	{
		displayName: 'Language',
		name: 'language',
		type: 'string',
		default: '',
		placeholder: 'e.g. en_US',
		description:
			'The language code of the template to send. By default the language chosen with the template.',
	},
	...postBackOptions,
]);

/** After Account and Recipient (shared/messaging/whatsAppAccount.ts), which the conversation's send shares. */
export const sendTemplateFields: INodeProperties[] = forOperation('message', 'sendTemplate', [
	templateField,
	templateVariablesField,
	templateOptionsField,
]);

export const TEMPLATE_PARAMETERS: ParameterKinds<WhatsAppTemplateInput> = {
	phoneId: 'picked',
	template: 'picker',
	recipient: 'value',
	variables: 'object',
	additionalFields: 'object',
};

export const sendTemplate = sendOperation({
	name: 'Send Template',
	value: 'sendTemplate',
	action:
		'Send an approved WhatsApp template: the one way to reach a customer who has not written in the last 24 hours',
	description:
		"Queue one of the account's approved templates with its variables; the answer carries a request ID",
	url: paths.messaging.whatsAppTemplateSend,
	parameters: TEMPLATE_PARAMETERS,
	body: buildWhatsAppTemplateBody,
});
