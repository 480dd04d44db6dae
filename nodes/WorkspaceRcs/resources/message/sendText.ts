import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { forOperation } from '../../../shared/descriptions';
import { textMessageField, textWithin4096 } from '../../../shared/messaging/fields';
import { sendOperation } from '../../../shared/messaging/send';
import { paths } from '../../../shared/transport';
import type { RcsSendInput, Suggestions } from './fields';
import { buildSuggestions, rcsEnvelope, rcsOptionsField, suggestionsField } from './fields';

export const sendTextFields: INodeProperties[] = forOperation('message', 'sendText', [
	textMessageField,
	suggestionsField,
	rcsOptionsField,
]);

export interface RcsTextInput extends RcsSendInput {
	text?: unknown;
	suggestions?: Suggestions;
}

/** The text send body (docs/api.md §4.9, "RCS"). */
export function buildRcsTextBody(input: RcsTextInput): IDataObject {
	const text = textWithin4096(input.text, 'RCS');
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
