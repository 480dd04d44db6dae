import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { InputError, requiredText, textIn } from '../input';
import { toPhoneNumber } from './recipients';

const ROUTES = [
	{ name: 'OTP', value: 'otp', description: 'One-time passwords' },
	{ name: 'Promotional', value: 'promotional', description: 'Marketing messages' },
	{
		name: 'Transactional',
		value: 'transactional',
		description: 'Messages about an account or an order',
	},
];

/** The route's API value, from the value or the label an expression may give ("OTP"). */
export function toRoute(value: unknown): string {
	const given = textIn(value, 'Route', 'name');
	const text = given.trim().toLowerCase();
	const route = ROUTES.find((r) => r.value === text || r.name.toLowerCase() === text);
	if (!route) {
		throw new InputError(
			'Route',
			`"${given}" is not a route`,
			`Choose ${ROUTES.map((r) => r.name)
				.join(', ')
				.replace(/, ([^,]+)$/, ' or $1')}.`,
		);
	}
	return route.value;
}

/** Who sends an SMS: every SMS send's (the SMS node's, Send and Wait's). */
export const smsSenderProperties: INodeProperties[] = [
	{
		displayName: 'Sender ID',
		name: 'senderId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. WRKSPC',
		description: 'A registered, approved sender name',
	},
	{
		displayName: 'Route',
		name: 'route',
		type: 'options',
		options: ROUTES,
		default: 'transactional',
	},
];

export interface SmsSender {
	recipient?: unknown;
	senderId?: unknown;
	route?: unknown;
}

/** What every SMS send starts with (docs/api.md §4.9). */
export const senderBody = (input: SmsSender): IDataObject => ({
	recipient: toPhoneNumber(input.recipient),
	sender_id: requiredText(
		input.senderId,
		'Sender ID',
		'Give your registered sender name.',
		'name',
	).trim(),
	route: toRoute(input.route),
});
