import type { INodeProperties } from 'n8n-workflow';
import { SEND_AND_WAIT_OPERATION } from 'n8n-workflow';

import { forOperation, operationSelector } from '../../../shared/descriptions';
import { accountAndRecipientFields } from '../../../shared/messaging/whatsAppAccount';
import { sendInConversation, sendInConversationFields } from './sendInConversation';
import { sendTemplate, sendTemplateFields } from './sendTemplate';
import { WHATSAPP_HINTS } from '../../hints';
import { sendAndWaitOption } from '../../../shared/messaging/ask/sendAndWait';
import { sendAndWaitDescription } from './sendAndWait';

/**
 * Templates reach anyone; other messages (the campaign path) only a customer who wrote in the last
 * 24 hours (WhatsApp's rule). Reply buttons are left out: not documented (README, "Messages").
 */
export const messageDescription: INodeProperties[] = [
	operationSelector(
		'message',
		[sendTemplate, sendInConversation, sendAndWaitOption],
		WHATSAPP_HINTS,
	),
	...forOperation(
		'message',
		['sendTemplate', 'sendInConversation', SEND_AND_WAIT_OPERATION],
		accountAndRecipientFields,
	),
	...sendTemplateFields,
	...sendInConversationFields,
	...sendAndWaitDescription,
];
