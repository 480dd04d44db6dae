import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import { send, sendFields } from './send';
import { sendTemplate, sendTemplateFields } from './sendTemplate';
import { EMAIL_HINTS } from '../../hints';

export const messageDescription: INodeProperties[] = [
	operationSelector('message', [send, sendTemplate], EMAIL_HINTS),
	...sendFields,
	...sendTemplateFields,
];
