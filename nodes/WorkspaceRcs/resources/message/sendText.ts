import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { forOperation } from '../../../shared/descriptions';
import { InputError } from '../../../shared/input';
import { requiredText } from '../../../shared/messaging/fields';
import { sendOperation } from '../../../shared/messaging/send';
import { paths } from '../../../shared/transport';
import type { RcsSendInput, Suggestions } from './fields';
import { buildSuggestions, rcsEnvelope, rcsOptionsField, suggestionsField } from './fields';

/** The vendor's limit on an RCS text ("Maximum length: 4096 characters"). */
export const MAX_RCS_TEXT_CHARACTERS = 4096;

export const sendTextFields: INodeProperties[] = forOperation('message', 'sendText', [
	{
		displayName: 'Text',
		name: 'text',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
		description: 'The message, up to 4,096 characters',
	},
	suggestionsField,
	rcsOptionsField,
]);

export interface RcsTextInput extends RcsSendInput {
	text?: unknown;
	suggestions?: Suggestions;
}

/** The text send body (docs/api.md §4.9, "RCS"). */
export function buildRcsTextBody(input: RcsTextInput): IDataObject {
	const text = requiredText(input.text, 'Text', 'Write the message to send.');
	const length = [...text].length;
	if (length > MAX_RCS_TEXT_CHARACTERS) {
		throw new InputError(
			'Text',
			`${length.toLocaleString('en-US')} characters, more than RCS's 4,096`,
			'Shorten the text, or send it as two messages.',
		);
	}
	return { ...rcsEnvelope(input), text, suggestions: buildSuggestions(input.suggestions) };
}

export const sendText = sendOperation({
	name: 'Send Text',
	value: 'sendText',
	action: 'Send an RCS text message',
	description:
		'Send text with suggestion buttons; a tapped reply reaches the Workspace WhatsApp Trigger',
	host: 'records',
	url: paths.rcs.text,
	parameters: {
		botId: 'value',
		recipient: 'value',
		text: 'value',
		suggestions: 'object',
		additionalFields: 'object',
	},
	body: buildRcsTextBody,
});
