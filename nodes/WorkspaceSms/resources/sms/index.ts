import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import { recipientField, senderFields } from './fields';
import { send, sendFields, sendOptions } from './send';
import { sendTemplate, sendTemplateOptions, templateFields } from './sendTemplate';
import { SMS_HINTS } from '../../hints';
import { sendAndWaitOption } from '../../../shared/messaging/ask/sendAndWait';
import { sendAndWaitDescription } from './sendAndWait';

/** In the order the editor shows them: recipient, what is sent, the sender, the options. */
export const smsDescription: INodeProperties[] = [
	operationSelector('sms', [send, sendAndWaitOption, sendTemplate], SMS_HINTS),
	...recipientField,
	...sendFields,
	...templateFields,
	...senderFields,
	...sendOptions,
	...sendTemplateOptions,
	...sendAndWaitDescription,
];
