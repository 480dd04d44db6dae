import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { forOperation } from '../../../shared/descriptions';
import { InputError, textIn } from '../../../shared/input';
import { phoneRecipientField, requiredText } from '../../../shared/messaging/fields';
import { toPhoneNumber } from '../../../shared/messaging/recipients';

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

/** Both sends take them: declared once, as routing reads every copy of a field for every item. */
const BOTH = ['send', 'sendTemplate'];

export const recipientField = forOperation('sms', BOTH, [phoneRecipientField]);

export const senderFields: INodeProperties[] = forOperation('sms', BOTH, [
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
]);

export const flashOption: INodeProperties = {
	displayName: 'Flash',
	name: 'isFlash',
	type: 'boolean',
	default: false,
	description: 'Whether to send a flash SMS, shown at once and not stored',
};

export interface SmsSender {
	recipient?: unknown;
	senderId?: unknown;
	route?: unknown;
}

/** What both sends start with (docs/api.md §4.9). */
export const senderBody = (input: SmsSender): IDataObject => ({
	recipient: toPhoneNumber(input.recipient),
	sender_id: requiredText(input.senderId, 'Sender ID', 'Give your registered sender name.', 'name'),
	route: toRoute(input.route),
});
