import type { INodeProperties } from 'n8n-workflow';

import { operation, operationSelector } from '../../../shared/descriptions';
import { paths } from '../../../shared/transport/paths';
import { sendFields, sendSms } from './send';

export const smsDescription: INodeProperties[] = [
	operationSelector('sms', [
		operation({
			name: 'Send',
			value: 'send',
			action: 'Send an SMS',
			description: 'Queue an SMS for sending; the answer carries a request ID',
			method: 'POST',
			url: paths.smsSend,
			preSend: [sendSms],
			output: [],
		}),
	]),
	...sendFields,
];
