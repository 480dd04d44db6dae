import type { INodeProperties } from 'n8n-workflow';

import { forOperation } from '../../../shared/descriptions';
import { phoneRecipientField } from '../../../shared/messaging/fields';
import { smsSenderProperties } from '../../../shared/messaging/smsSender';

/** Both sends take them: declared once, as routing reads every copy of a field for every item. */
const BOTH = ['send', 'sendTemplate'];

export const recipientField = forOperation('sms', BOTH, [phoneRecipientField]);

export const senderFields: INodeProperties[] = forOperation('sms', BOTH, smsSenderProperties);

export const flashOption: INodeProperties = {
	displayName: 'Flash',
	name: 'isFlash',
	type: 'boolean',
	default: false,
	description: 'Whether to send a flash SMS, shown at once and not stored',
};
