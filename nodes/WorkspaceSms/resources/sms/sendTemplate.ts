import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { additionalFieldsCollection, forOperation } from '../../../shared/descriptions';
import type { PostBackInput, VariablePairs } from '../../../shared/messaging/fields';
import {
	optionalSwitch,
	postBackBody,
	postBackOptions,
	variablePairsField,
	variablesFromPairs,
} from '../../../shared/messaging/fields';
import { sendOperation } from '../../../shared/messaging/send';
import { paths } from '../../../shared/transport';
import type { SmsSender } from '../../../shared/messaging/smsSender';
import { senderBody } from '../../../shared/messaging/smsSender';
import { flashOption } from './fields';
import { requiredText } from '../../../shared/input';

export const templateFields: INodeProperties[] = forOperation('sms', 'sendTemplate', [
	{
		displayName: 'Template Name',
		name: 'templateName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. order_shipped',
		description: "The SMS template's name in the workspace",
	},
	variablePairsField,
]);

export const sendTemplateOptions: INodeProperties[] = forOperation('sms', 'sendTemplate', [
	additionalFieldsCollection([flashOption, ...postBackOptions]),
]);

export interface SmsTemplateInput extends SmsSender {
	templateName?: unknown;
	variables?: VariablePairs;
	additionalFields?: PostBackInput & { isFlash?: boolean };
}

/** The template send body (docs/api.md §4.9): `variables` always, as the host requires it. */
export function buildSmsTemplateBody(input: SmsTemplateInput): IDataObject {
	const extra = input.additionalFields ?? {};
	return {
		...senderBody(input),
		template_name: requiredText(
			input.templateName,
			'Template Name',
			"Give the SMS template's name, such as order_shipped.",
			'name',
		).trim(),
		variables: variablesFromPairs(input.variables),
		...optionalSwitch('is_flash', extra.isFlash),
		...postBackBody(extra),
	};
}

export const sendTemplate = sendOperation({
	name: 'Send Template',
	value: 'sendTemplate',
	action: 'Send an SMS template with its variables to a phone number given with its country code',
	description:
		'Queue an SMS made from a template and its variables; the answer carries a request ID',
	url: paths.messaging.smsTemplateSend,
	parameters: {
		recipient: 'value',
		templateName: 'value',
		variables: 'object',
		senderId: 'value',
		route: 'value',
		additionalFields: 'object',
	},
	body: buildSmsTemplateBody,
});
