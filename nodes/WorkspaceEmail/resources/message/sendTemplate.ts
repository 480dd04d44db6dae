import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { additionalFieldsCollection, forOperation } from '../../../shared/descriptions';
import type { VariablePairs } from '../../../shared/messaging/fields';
import {
	emailRecipientField,
	optionalText,
	variablePairsField,
	variablesFromPairs,
} from '../../../shared/messaging/fields';
import { toEmailAddress } from '../../../shared/messaging/recipients';
import { sendOperation } from '../../../shared/messaging/send';
import { paths } from '../../../shared/transport';
import type { EmailOptions } from './fields';
import { emailOptions, emailOptionsBody } from './fields';
import { requiredText } from '../../../shared/input';

export const sendTemplateFields: INodeProperties[] = forOperation('message', 'sendTemplate', [
	emailRecipientField,
	{
		displayName: 'Template Name',
		name: 'templateName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. welcome_email',
		description: "The email template's name in the workspace",
	},
	variablePairsField,
	additionalFieldsCollection([
		...emailOptions,
		{
			displayName: 'Subject',
			name: 'subject',
			type: 'string',
			default: '',
			description: "The subject line. By default the template's own.",
		},
	]),
]);

export interface EmailTemplateInput {
	recipient?: unknown;
	templateName?: unknown;
	variables?: VariablePairs;
	additionalFields?: EmailOptions;
}

/** The template send body (docs/api.md §4.9). */
export function buildEmailTemplateBody(input: EmailTemplateInput): IDataObject {
	const extra = input.additionalFields ?? {};
	const variables = variablesFromPairs(input.variables);
	return {
		recipient: toEmailAddress(input.recipient, 'Recipient'),
		template_name: requiredText(
			input.templateName,
			'Template Name',
			"Give the email template's name, such as welcome_email.",
			'name',
		).trim(),
		...(Object.keys(variables).length ? { variables } : {}),
		...optionalText('subject', extra.subject, { field: 'Subject' }),
		...emailOptionsBody(extra),
	};
}

export const sendTemplate = sendOperation({
	name: 'Send Template',
	value: 'sendTemplate',
	action: 'Send an email template with its variables',
	description:
		'Queue an email made from a template and its variables; the answer carries a request ID',
	url: paths.messaging.emailTemplateSend,
	parameters: {
		recipient: 'value',
		templateName: 'value',
		variables: 'object',
		additionalFields: 'object',
	},
	body: buildEmailTemplateBody,
});
