import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import { send, sendFields } from './send';
import { sendTemplate, sendTemplateFields } from './sendTemplate';
import { EMAIL_HINTS } from '../../hints';
import { sendAndWaitOption } from '../../../shared/messaging/ask/sendAndWait';
import { sendAndWaitDescription } from './sendAndWait';

export const messageDescription: INodeProperties[] = [
	operationSelector('message', [send, sendAndWaitOption, sendTemplate], EMAIL_HINTS),
	...sendFields,
	...sendTemplateFields,
	...sendAndWaitDescription,
];
