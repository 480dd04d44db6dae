import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import { send, sendFields } from './send';
import { sendTemplate, sendTemplateFields } from './sendTemplate';

export const messageDescription: INodeProperties[] = [
	operationSelector('message', [send, sendTemplate]),
	...sendFields,
	...sendTemplateFields,
];
