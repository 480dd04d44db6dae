import type { INodeProperties } from 'n8n-workflow';
import { SEND_AND_WAIT_OPERATION } from 'n8n-workflow';

import { forOperation } from '../../../shared/descriptions';
import { phoneRecipientField } from '../../../shared/messaging/fields';
import { smsSenderProperties } from '../../../shared/messaging/smsSender';

/** Every send takes them: declared once, as routing reads every copy of a field for every item. */
const SENDS = ['send', 'sendTemplate', SEND_AND_WAIT_OPERATION];

export const recipientField = forOperation('sms', SENDS, [phoneRecipientField]);

export const senderFields: INodeProperties[] = forOperation('sms', SENDS, smsSenderProperties);

export const flashOption: INodeProperties = {
	displayName: 'Flash',
	name: 'isFlash',
	type: 'boolean',
	default: false,
	description: 'Whether to send a flash SMS, shown at once and not stored',
};
