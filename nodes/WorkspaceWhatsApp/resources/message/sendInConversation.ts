import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { additionalFieldsCollection, forOperation } from '../../../shared/descriptions';
import { InputError, requiredText } from '../../../shared/input';
import type { CampaignOptions } from '../../../shared/messaging/campaign';
import { campaignOptions, campaignOptionsBody } from '../../../shared/messaging/campaign';
import {
	optionalSwitch,
	optionalText,
	textMessageField,
	textWithin4096,
} from '../../../shared/messaging/fields';
import { toCoordinate, toHttpUrl, toPhoneNumber } from '../../../shared/messaging/recipients';
import { sendOperation } from '../../../shared/messaging/send';
import { paths } from '../../../shared/transport';
import type { PickedId } from '../../../shared/locators';
import { requireAccount } from '../../../shared/messaging/whatsAppAccount';
import { explainConversationRefusal } from './conversationRefusal';

const show = (messageType: string) => ({ show: { messageType: [messageType] } });

/** After Account and Recipient (shared/messaging/whatsAppAccount.ts), which the template send shares. */
export const sendInConversationFields: INodeProperties[] = forOperation(
	'message',
	'sendInConversation',
	[
		{
			displayName: 'Message Type',
			name: 'messageType',
			type: 'options',
			// Reply buttons are left out: the vendor documents their header and body, not the buttons.
			options: [
				{ name: 'Text', value: 'text' },
				{ name: 'Image', value: 'image', description: 'A picture from a public address' },
				{ name: 'Location', value: 'location', description: 'A pin on the map' },
			],
			default: 'text',
		},
		{ ...textMessageField, displayOptions: show('text') },
		{
			displayName: 'Link Preview',
			name: 'previewUrl',
			type: 'boolean',
			default: false,
			description: 'Whether WhatsApp shows a preview of the first web address in the text',
			displayOptions: show('text'),
		},
		{
			displayName: 'Image URL',
			name: 'imageUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. https://example.com/photo.jpg',
			description: 'A public http or https address of the image: WhatsApp fetches it from there',
			displayOptions: show('image'),
		},
		{
			displayName: 'Caption',
			name: 'caption',
			type: 'string',
			default: '',
			description: 'Text shown under the image',
			displayOptions: show('image'),
		},
		{
			displayName: 'Latitude',
			name: 'latitude',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. 52.520008',
			description: 'In decimal degrees, from -90 to 90, with a point as the decimal mark',
			displayOptions: show('location'),
		},
		{
			displayName: 'Longitude',
			name: 'longitude',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. 13.404954',
			description: 'In decimal degrees, from -180 to 180, with a point as the decimal mark',
			displayOptions: show('location'),
		},
		{
			displayName: 'Place Name',
			name: 'locationName',
			type: 'string',
			default: '',
			placeholder: 'e.g. Acme Store Berlin',
			displayOptions: show('location'),
		},
		{
			displayName: 'Address',
			name: 'locationAddress',
			type: 'string',
			default: '',
			placeholder: 'e.g. Alexanderplatz 1, 10178 Berlin',
			displayOptions: show('location'),
		},
		additionalFieldsCollection(campaignOptions),
	],
);

export type ConversationMessageType = 'text' | 'image' | 'location';

export interface ConversationMessageInput {
	phoneId: string | PickedId;
	recipient: unknown;
	messageType: ConversationMessageType;
	text?: unknown;
	previewUrl?: boolean;
	imageUrl?: unknown;
	caption?: unknown;
	latitude?: unknown;
	longitude?: unknown;
	locationName?: unknown;
	locationAddress?: unknown;
	additionalFields?: CampaignOptions;
}

const trimmed = (text: string) => text.trim();

function textMessage(input: ConversationMessageInput): IDataObject {
	const body = textWithin4096(input.text, 'WhatsApp');
	return { body, ...optionalSwitch('preview_url', input.previewUrl) };
}

function imageMessage(input: ConversationMessageInput): IDataObject {
	const link = toHttpUrl(
		requiredText(input.imageUrl, 'Image URL', 'Give the public address of the image.'),
		'Image URL',
	);
	return { link, ...optionalText('caption', input.caption, { field: 'Caption' }) };
}

function locationMessage(input: ConversationMessageInput): IDataObject {
	return {
		latitude: toCoordinate(input.latitude, 'Latitude', 90),
		longitude: toCoordinate(input.longitude, 'Longitude', 180),
		...optionalText('name', input.locationName, { field: 'Place Name', check: trimmed }),
		...optionalText('address', input.locationAddress, { field: 'Address', check: trimmed }),
	};
}

const MESSAGES: Record<ConversationMessageType, (input: ConversationMessageInput) => IDataObject> =
	{ text: textMessage, image: imageMessage, location: locationMessage };

/** The send body (docs/api.md §4.9): `to`, `phoneId`, `type` and the object that type names. */
export function buildConversationMessageBody(input: ConversationMessageInput): IDataObject {
	const phoneId = requireAccount(input.phoneId);
	const to = toPhoneNumber(input.recipient);
	const build = Object.hasOwn(MESSAGES, input.messageType)
		? MESSAGES[input.messageType]
		: undefined;
	if (!build) {
		throw new InputError(
			'Message Type',
			`"${String(input.messageType)}" is not one of Text, Image or Location`,
			'Choose the Message Type from the list; an expression must give text, image or location.',
		);
	}
	return {
		to,
		phoneId,
		type: input.messageType,
		[input.messageType]: build(input),
		...campaignOptionsBody(input.additionalFields ?? {}),
	};
}

export const sendInConversation = sendOperation({
	name: 'Send in Conversation',
	value: 'sendInConversation',
	action:
		"Send a message in a WhatsApp conversation: only within 24 hours of the customer's last message, else use Send Template",
	description:
		"Reply with text, an image or a location inside an open conversation: only within 24 hours of the customer's last message to this account. Outside that window use Send Template.",
	host: 'records',
	url: paths.whatsAppConversationSend,
	parameters: {
		phoneId: 'picked',
		recipient: 'value',
		messageType: 'value',
		text: 'shown',
		previewUrl: 'shown',
		imageUrl: 'shown',
		caption: 'shown',
		latitude: 'shown',
		longitude: 'shown',
		locationName: 'shown',
		locationAddress: 'shown',
		additionalFields: 'object',
	},
	body: buildConversationMessageBody,
	readAnswer: explainConversationRefusal,
});
