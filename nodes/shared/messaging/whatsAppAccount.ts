import type { INodeProperties } from 'n8n-workflow';

import { InputError } from '../input';
import type { PickedId } from '../locators';
import { replyRecipientField } from './fields';

/** Who sends and receives, in each WhatsApp send: the trigger's `phoneId`, `sender.number` fit. */
export const accountAndRecipientFields: INodeProperties[] = [
	{
		displayName: 'Account',
		name: 'phoneId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description:
			'The WhatsApp account (business number) that sends the message. To answer a message from the Workspace WhatsApp Trigger, choose By Phone ID and drag in its phoneId field.',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: 'searchWhatsAppAccounts', searchable: true },
			},
			{
				displayName: 'By Phone ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 104898309288724',
			},
		],
	},
	replyRecipientField,
];

/** The phone ID, or what to fix as it was given (often an expression on a status: it has none). */
export function requireAccount(phoneId: string | PickedId): string {
	const { id, mode, byExpression } =
		typeof phoneId === 'string' ? { id: phoneId, mode: 'list', byExpression: false } : phoneId;
	if (id.trim()) return id.trim();
	if (byExpression)
		throw new InputError(
			'Account',
			'the expression gave no phone ID',
			'The expression under By Phone ID gives nothing for this item. An incoming message from the Workspace WhatsApp Trigger has phoneId, a delivery status has none: route statuses elsewhere (an If node on event), or choose the account from the list.',
		);
	if (mode === 'id')
		throw new InputError(
			'Account',
			'no phone ID entered',
			'Enter the phone ID under By Phone ID, or choose the account from the list.',
		);
	throw new InputError('Account', 'none chosen', 'Choose the WhatsApp account from the list.');
}
