import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import { sendTemplate, sendTemplateFields } from './sendTemplate';

/**
 * Only template sends: the vendor documents WhatsApp text and interactive messages only in its
 * older form, or as empty skeletons (README, "Messages").
 */
export const messageDescription: INodeProperties[] = [
	operationSelector('message', [sendTemplate]),
	...sendTemplateFields,
];
