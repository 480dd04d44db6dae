import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { describeValue, InputError, isDateLike, requiredText, textIn } from '../../../shared/input';
import type { CampaignOptions } from '../../../shared/messaging/campaign';
import { campaignOptions, campaignOptionsBody } from '../../../shared/messaging/campaign';
import { additionalFieldsCollection } from '../../../shared/descriptions';
import { replyRecipientField } from '../../../shared/messaging/fields';
import { toCoordinate, toHttpUrl, toPhoneNumber } from '../../../shared/messaging/recipients';

/** Who sends and receives: the host lists no bots, so the ID is typed, or the trigger's `botId`. */
export const botAndRecipientFields: INodeProperties[] = [
	{
		displayName: 'Bot ID',
		name: 'botId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. sandbox_bot',
		description:
			"The RCS bot that sends the message, from the workspace's RCS settings. To answer a message from the Workspace WhatsApp Trigger, drag in its botId field.",
	},
	replyRecipientField,
];

/** The documented kinds of suggestion, each with the fields it requires (docs/api.md §4.9). */
const SUGGESTION_TYPES = {
	reply: [],
	'open-url': ['url'],
	dialer: ['phoneNumber'],
	location: ['label', 'latitude', 'longitude'],
	'calendar-event': ['title', 'description', 'startTime', 'endTime'],
} as const;
type SuggestionType = keyof typeof SUGGESTION_TYPES;

const shownFor = (type: SuggestionType) => ({ show: { type: [type] } });

/** Buttons under a text or audio; no count or length documented, so the host's refusal says. */
export const suggestionsField: INodeProperties = {
	displayName: 'Suggestions',
	name: 'suggestions',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Suggestion',
	default: {},
	description:
		'Buttons under the message. A tap on a Reply button reaches the Workspace WhatsApp Trigger as an incoming RCS message of type reply.',
	options: [
		{
			displayName: 'Suggestion',
			name: 'suggestion',
			values: [
				{
					// "Action", not "Type": n8n's lint orders these fields by name, and it comes first.
					displayName: 'Action',
					name: 'type',
					type: 'options',
					description: 'What a tap on the button does',
					options: [
						{ name: 'Add to Calendar', value: 'calendar-event' },
						{ name: 'Dial', value: 'dialer' },
						{ name: 'Open URL', value: 'open-url' },
						{
							name: 'Reply',
							value: 'reply',
							description: 'Its text comes back to the Workspace WhatsApp Trigger',
						},
						{ name: 'Show Location', value: 'location' },
					],
					default: 'reply',
				},
				{
					displayName: 'Button Text',
					name: 'text',
					type: 'string',
					default: '',
					placeholder: 'e.g. Book a demo',
					description: 'What the button says',
				},
				{
					displayName: 'End Time',
					name: 'endTime',
					type: 'string',
					default: '',
					placeholder: 'e.g. 2026-11-30T15:00:00Z',
					description: 'With its offset (Z for UTC)',
					displayOptions: shownFor('calendar-event'),
				},
				{
					displayName: 'Event Description',
					name: 'description',
					type: 'string',
					default: '',
					displayOptions: shownFor('calendar-event'),
				},
				{
					displayName: 'Event Title',
					name: 'title',
					type: 'string',
					default: '',
					placeholder: 'e.g. Acme Appointment',
					displayOptions: shownFor('calendar-event'),
				},
				{
					displayName: 'Latitude',
					name: 'latitude',
					type: 'string',
					default: '',
					placeholder: 'e.g. 12.9363301',
					description: 'In decimal degrees, from -90 to 90',
					displayOptions: shownFor('location'),
				},
				{
					displayName: 'Longitude',
					name: 'longitude',
					type: 'string',
					default: '',
					placeholder: 'e.g. 77.6084231',
					description: 'In decimal degrees, from -180 to 180',
					displayOptions: shownFor('location'),
				},
				{
					displayName: 'Phone Number',
					name: 'phoneNumber',
					type: 'string',
					default: '',
					placeholder: 'e.g. +919876543210',
					description: 'With + and the country code',
					displayOptions: shownFor('dialer'),
				},
				{
					displayName: 'Place Label',
					name: 'label',
					type: 'string',
					default: '',
					placeholder: 'e.g. Office Location',
					displayOptions: shownFor('location'),
				},
				{
					displayName: 'Postback Data',
					name: 'postback',
					type: 'string',
					default: '',
					placeholder: 'e.g. book-demo',
					description: 'Your own text for tracking taps on this button',
				},
				{
					displayName: 'Start Time',
					name: 'startTime',
					type: 'string',
					default: '',
					placeholder: 'e.g. 2026-11-30T14:00:00Z',
					description: 'With its offset (Z for UTC)',
					displayOptions: shownFor('calendar-event'),
				},
				{
					displayName: 'URL',
					name: 'url',
					type: 'string',
					default: '',
					placeholder: 'e.g. https://example.com/pricing',
					displayOptions: shownFor('open-url'),
				},
			],
		},
	],
};

export interface SuggestionInput {
	type?: unknown;
	text?: unknown;
	postback?: unknown;
	url?: unknown;
	phoneNumber?: unknown;
	label?: unknown;
	latitude?: unknown;
	longitude?: unknown;
	title?: unknown;
	description?: unknown;
	startTime?: unknown;
	endTime?: unknown;
}

export interface Suggestions {
	suggestion?: SuggestionInput[];
}

const TYPE_NAMES = 'Reply, Open URL, Dial, Show Location or Add to Calendar';

/** "Start date and time in ISO format": an offset is required, else the server's zone would decide. */
function isoTime(value: unknown, field: string): string {
	if (isDateLike(value)) return textIn(value, field);
	const text = textIn(value, field).trim();
	const at = Date.parse(text);
	if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(text) || !at) {
		throw new InputError(
			field,
			text ? `${describeValue(text)} is not a date and time with its offset` : 'empty',
			'Give an ISO date and time with Z or an offset, such as 2026-11-30T14:00:00Z.',
		);
	}
	return new Date(at).toISOString().replace('.000Z', 'Z');
}

/** "With country code and + prefix" (the vendor's words); spaces, dashes and brackets go. */
function dialNumber(value: unknown, field: string): string {
	const text = textIn(value, field, 'name')
		.trim()
		.replace(/[\s\-()]/g, '');
	if (!/^\+\d{4,15}$/.test(text)) {
		throw new InputError(
			field,
			text ? `${describeValue(text)} is not a number with + and its country code` : 'empty',
			'Give + then the country code and number, such as +919876543210.',
		);
	}
	return text;
}

/** One suggestion in the host's names: the fields its type requires, and its postback if given. */
function buildSuggestion(input: SuggestionInput, position: number): IDataObject {
	const field = (name: string) => `Suggestions (${position}): ${name}`;
	const type = textIn(input.type ?? 'reply', field('Action'), 'name').trim() as SuggestionType;
	if (!Object.hasOwn(SUGGESTION_TYPES, type)) {
		throw new InputError(
			field('Action'),
			`"${type}" is not a suggestion action`,
			`Choose ${TYPE_NAMES}; an expression must give reply, open-url, dialer, location or calendar-event.`,
		);
	}
	const suggestion: IDataObject = {
		type,
		text: requiredText(input.text, field('Button Text'), 'Write what the button says.'),
	};
	const postback = textIn(input.postback, field('Postback Data'));
	if (postback.trim()) suggestion.postback = postback;
	if (type === 'open-url') suggestion.url = toHttpUrl(input.url, field('URL'));
	if (type === 'dialer')
		suggestion.phoneNumber = dialNumber(input.phoneNumber, field('Phone Number'));
	if (type === 'location') {
		suggestion.label = requiredText(input.label, field('Place Label'), 'Name the place.');
		suggestion.latitude = Number(toCoordinate(input.latitude, field('Latitude'), 90));
		suggestion.longitude = Number(toCoordinate(input.longitude, field('Longitude'), 180));
	}
	if (type === 'calendar-event') {
		suggestion.title = requiredText(input.title, field('Event Title'), 'Give the event a title.');
		suggestion.description = requiredText(
			input.description,
			field('Event Description'),
			'Describe the event.',
		);
		suggestion.startTime = isoTime(input.startTime, field('Start Time'));
		suggestion.endTime = isoTime(input.endTime, field('End Time'));
	}
	return suggestion;
}

/** Every suggestion added, in order; the host requires the array, so none gives `[]`. */
export const buildSuggestions = (suggestions: Suggestions | undefined): IDataObject[] =>
	(suggestions?.suggestion ?? []).map((input, index) => buildSuggestion(input, index + 1));

export const rcsOptionsField = additionalFieldsCollection(campaignOptions);

export interface RcsSendInput {
	botId?: unknown;
	recipient?: unknown;
	additionalFields?: CampaignOptions;
}

/** `to`, `botId` and the campaign options: what every RCS send body holds besides its message. */
export function rcsEnvelope(input: RcsSendInput): { to: string; botId: string } & IDataObject {
	return {
		to: toPhoneNumber(input.recipient),
		botId: requiredText(
			input.botId,
			'Bot ID',
			"Give the RCS bot's ID from the workspace's RCS settings.",
			'id',
		).trim(),
		...campaignOptionsBody(input.additionalFields ?? {}),
	};
}
