import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { SEND_AND_WAIT_OPERATION } from 'n8n-workflow';

import { additionalFieldsCollection, forOperation } from '../../../shared/descriptions';
import type { PostBackInput } from '../../../shared/messaging/fields';
import {
	messageField,
	optionalSwitch,
	optionalText,
	postBackBody,
	postBackOptions,
} from '../../../shared/messaging/fields';
import type { ParameterKinds } from '../../../shared/messaging/send';
import { sendOperation } from '../../../shared/messaging/send';
import { paths } from '../../../shared/transport';
import type { SmsSender } from '../../../shared/messaging/smsSender';
import { senderBody } from '../../../shared/messaging/smsSender';
import { flashOption } from './fields';
import { requiredText } from '../../../shared/input';

export const sendFields: INodeProperties[] = forOperation('sms', 'send', [messageField]);

/** Send's options; a Send and Wait for Response sends with them too. */
export const sendOptions: INodeProperties[] = forOperation(
	'sms',
	['send', SEND_AND_WAIT_OPERATION],
	[
		additionalFieldsCollection([
			{
				displayName: 'DLT Entity ID',
				name: 'dltEntityId',
				type: 'string',
				default: '',
				description: "The sender's entity ID in India's DLT registry",
			},
			{
				displayName: 'DLT Template ID',
				name: 'dltTemplateId',
				type: 'string',
				default: '',
				description: "The message template's ID in India's DLT registry",
			},
			flashOption,
			...postBackOptions,
		]),
	],
);

export interface SmsInput extends SmsSender {
	message?: unknown;
	additionalFields?: PostBackInput & {
		isFlash?: boolean;
		dltEntityId?: unknown;
		dltTemplateId?: unknown;
	};
}

/** The send body (docs/api.md §4.9): required fields, then the optional ones given. */
export function buildSmsBody(input: SmsInput): IDataObject {
	const extra = input.additionalFields ?? {};
	const sender = senderBody(input);
	return {
		recipient: sender.recipient,
		message: requiredText(input.message, 'Message', 'Write the text of the SMS.'),
		sender_id: sender.sender_id,
		route: sender.route,
		...optionalSwitch('is_flash', extra.isFlash),
		...optionalText('dlt_entity_id', extra.dltEntityId, { field: 'DLT Entity ID', kind: 'id' }),
		...optionalText('dlt_template_id', extra.dltTemplateId, {
			field: 'DLT Template ID',
			kind: 'id',
		}),
		...postBackBody(extra),
	};
}

export const SMS_PARAMETERS: ParameterKinds<SmsInput> = {
	recipient: 'value',
	message: 'value',
	senderId: 'value',
	route: 'value',
	additionalFields: 'object',
};

export const send = sendOperation({
	name: 'Send',
	value: 'send',
	action: 'Send an SMS to a phone number given with its country code',
	description: 'Queue an SMS for sending; the answer carries a request ID',
	url: paths.messaging.smsSend,
	parameters: SMS_PARAMETERS,
	body: buildSmsBody,
});
