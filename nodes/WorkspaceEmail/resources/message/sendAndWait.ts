import type { INodeProperties } from 'n8n-workflow';

import { additionalFieldsCollection } from '../../../shared/descriptions';
import { sendAndWaitFields } from '../../../shared/messaging/ask/fields';
import { emailHtml } from '../../../shared/messaging/ask/question';
import type { AskSpec } from '../../../shared/messaging/ask/sendAndWait';
import { emailRecipientField } from '../../../shared/messaging/fields';
import { readInput } from '../../../shared/messaging/send';
import { paths } from '../../../shared/transport';
import { EMAIL_HINTS } from '../../hints';
import { emailOptions } from './fields';
import type { EmailInput } from './send';
import { buildEmailBody, EMAIL_PARAMETERS, subjectField } from './send';

/** Recipient, Subject and Send's options (From, Reply-To, attachments by URL) before the question. */
export const sendAndWaitDescription: INodeProperties[] = sendAndWaitFields(
	'message',
	[
		emailRecipientField,
		{
			...subjectField,
			placeholder: 'e.g. Approval required',
			description: 'The subject line of the email, and the title of the page its buttons open',
		},
		additionalFieldsCollection(emailOptions),
	],
	'What the person reads, as plain text; a button per answer follows it, and the page a button opens shows these words again',
);

/** The question goes as Send does, with its options; the message becomes HTML with the buttons. */
export const emailAsk: AskSpec = {
	host: 'messaging',
	url: paths.messaging.emailSend,
	hints: EMAIL_HINTS,
	body: (read, question, links) =>
		buildEmailBody({
			...readInput<EmailInput>(read, EMAIL_PARAMETERS),
			message: emailHtml(question, links),
		}),
};
