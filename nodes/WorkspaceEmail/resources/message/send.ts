import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { additionalFieldsCollection, forOperation } from '../../../shared/descriptions';
import { emailRecipientField } from '../../../shared/messaging/fields';
import { toEmailAddress } from '../../../shared/messaging/recipients';
import type { ParameterKinds } from '../../../shared/messaging/send';
import { sendOperation } from '../../../shared/messaging/send';
import { paths } from '../../../shared/transport';
import type { AttachmentOptions } from './attachments';
import {
	attachmentNames,
	attachmentsField,
	buildCampaignEmailBody,
	sendWithAttachments,
} from './attachments';
import { emailOptions, emailOptionsBody } from './fields';
import { requiredText } from '../../../shared/input';

/** Attachments from binary data beside Attachment URLs, in Send's Additional Fields alone. */
const sendOptions = emailOptions.flatMap((option) =>
	option.name === 'attachments' ? [option, attachmentsField] : [option],
);

export const subjectField: INodeProperties = {
	displayName: 'Subject',
	name: 'subject',
	type: 'string',
	required: true,
	default: '',
};

export const sendFields: INodeProperties[] = forOperation('message', 'send', [
	emailRecipientField,
	subjectField,
	{
		displayName: 'Message',
		name: 'message',
		type: 'string',
		typeOptions: { rows: 6 },
		required: true,
		default: '',
		description: 'The content of the email, in HTML or plain text',
	},
	additionalFieldsCollection(sendOptions),
]);

export interface EmailInput {
	recipient?: unknown;
	subject?: unknown;
	message?: unknown;
	additionalFields?: AttachmentOptions;
}

/** The send body (docs/api.md §4.9); with Attachments, the body of the send that takes them. */
export function buildEmailBody(input: EmailInput): IDataObject {
	if (attachmentNames(input.additionalFields?.binaryAttachments).length)
		return buildCampaignEmailBody(input);
	return {
		recipient: toEmailAddress(input.recipient, 'Recipient'),
		subject: requiredText(input.subject, 'Subject', 'Write the subject line of the email.'),
		message: requiredText(input.message, 'Message', 'Write the content of the email.'),
		...emailOptionsBody(input.additionalFields ?? {}),
	};
}

export const EMAIL_PARAMETERS: ParameterKinds<EmailInput> = {
	recipient: 'value',
	subject: 'value',
	message: 'value',
	additionalFields: 'object',
};

export const send = sendOperation({
	name: 'Send',
	value: 'send',
	action: 'Send an email',
	description: 'Queue an email for sending; the answer carries a request ID',
	url: paths.messaging.emailSend,
	parameters: EMAIL_PARAMETERS,
	body: buildEmailBody,
	run: sendWithAttachments,
});
