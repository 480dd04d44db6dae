import type { INodeProperties } from 'n8n-workflow';

import type { AskSpec } from '../../../shared/messaging/ask/sendAndWait';
import { sendAndWaitFields } from '../../../shared/messaging/ask/fields';
import { smsText } from '../../../shared/messaging/ask/question';
import { readInput } from '../../../shared/messaging/send';
import { paths } from '../../../shared/transport';
import { SMS_HINTS } from '../../hints';
import type { SmsInput } from './send';
import { buildSmsBody, SMS_PARAMETERS } from './send';

/** After Recipient and the sender (fields.ts), which every SMS send shares. */
export const sendAndWaitDescription: INodeProperties[] = sendAndWaitFields(
	'sms',
	[],
	'What the person reads, as plain text; the link to answer is added after it, and the page it opens shows these words again',
);

/** The question goes as Send does, its options (DLT IDs, Flash, Postback) included; the link ends the text. */
export const smsAsk: AskSpec = {
	host: 'messaging',
	url: paths.messaging.smsSend,
	hints: SMS_HINTS,
	body: (read, question, links) =>
		buildSmsBody({
			...readInput<SmsInput>(read, SMS_PARAMETERS),
			message: smsText(question, links),
		}),
};
