import type { INodeProperties } from 'n8n-workflow';

import { InputError } from '../../../shared/input';
import { phoneRecipientField } from '../../../shared/messaging/fields';

/**
 * Who sends and who receives, for every WhatsApp send. The hints name the Workspace WhatsApp
 * Trigger's fields: an incoming message's `phoneId` and `sender.number` fit as they are.
 */
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
	{
		...phoneRecipientField,
		description: `${String(phoneRecipientField.description)} To answer a message from the Workspace WhatsApp Trigger, drag in its sender.number field.`,
	},
];

/** The account's phone ID, said before sending when none was chosen (or an expression gave none). */
export function requireAccount(phoneId: string): string {
	const id = phoneId.trim();
	if (!id)
		throw new InputError('Account', 'none chosen', 'Choose the WhatsApp account from the list.');
	return id;
}
