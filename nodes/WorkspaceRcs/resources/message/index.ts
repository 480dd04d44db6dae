import type { INodeProperties } from 'n8n-workflow';
import { SEND_AND_WAIT_OPERATION } from 'n8n-workflow';

import { forOperation, operationSelector } from '../../../shared/descriptions';
import { botAndRecipientFields } from './fields';
import { sendAudio, sendAudioFields } from './sendAudio';
import { sendTemplate, sendTemplateFields } from './sendTemplate';
import { sendText, sendTextFields } from './sendText';
import { RCS_HINTS } from '../../hints';
import { sendAndWaitOption } from '../../../shared/messaging/ask/sendAndWait';
import { sendAndWaitDescription } from './sendAndWait';

/**
 * Text, audio and templates, on the records host's campaign paths (docs/api.md §4.9, "RCS").
 * Image, video and document sends are left out: the vendor's pages do not name their fields.
 */
export const messageDescription: INodeProperties[] = [
	operationSelector('message', [sendAudio, sendAndWaitOption, sendTemplate, sendText], RCS_HINTS),
	...forOperation(
		'message',
		['sendText', 'sendAudio', 'sendTemplate', SEND_AND_WAIT_OPERATION],
		botAndRecipientFields,
	),
	...sendTextFields,
	...sendAudioFields,
	...sendTemplateFields,
	...sendAndWaitDescription,
];
