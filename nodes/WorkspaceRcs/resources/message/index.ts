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

/** Text, audio, templates (§4.9, "RCS"); the vendor names no fields for image, video, document. */
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
