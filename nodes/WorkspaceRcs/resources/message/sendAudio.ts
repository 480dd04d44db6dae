import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { forOperation } from '../../../shared/descriptions';
import { toHttpUrl } from '../../../shared/messaging/recipients';
import { sendOperation } from '../../../shared/messaging/send';
import { paths } from '../../../shared/transport';
import type { RcsSendInput, Suggestions } from './fields';
import { buildSuggestions, rcsEnvelope, rcsOptionsField, suggestionsField } from './fields';
import { requiredText } from '../../../shared/input';

export const sendAudioFields: INodeProperties[] = forOperation('message', 'sendAudio', [
	{
		displayName: 'Audio URL',
		name: 'audioUrl',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. https://example.com/welcome.mp3',
		description: 'A public http or https address of the audio file: the host fetches it from there',
	},
	suggestionsField,
	rcsOptionsField,
]);

export interface RcsAudioInput extends RcsSendInput {
	audioUrl?: unknown;
	suggestions?: Suggestions;
}

/** The audio send body (docs/api.md §4.9, "RCS"). */
export function buildRcsAudioBody(input: RcsAudioInput): IDataObject {
	const audioUrl = toHttpUrl(
		requiredText(input.audioUrl, 'Audio URL', 'Give the public address of the audio file.'),
		'Audio URL',
	);
	return { ...rcsEnvelope(input), audioUrl, suggestions: buildSuggestions(input.suggestions) };
}

export const sendAudio = sendOperation({
	name: 'Send Audio',
	value: 'sendAudio',
	action: 'Send an RCS audio message',
	description: 'Send an audio file from a public address, with suggestion buttons',
	host: 'records',
	url: paths.rcs.audio,
	parameters: {
		botId: 'value',
		recipient: 'value',
		audioUrl: 'value',
		suggestions: 'object',
		additionalFields: 'object',
	},
	body: buildRcsAudioBody,
});
