import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { DELIVERY_STATUS, INCOMING_RCS, INCOMING_WHATSAPP } from './events';
import { mediaOptions } from './media';

/**
 * The workspace has no API to register a webhook: the user pastes this node's URLs there. Two
 * URLs, because only the workspace webhook can send the secret header; a send's post-back cannot.
 * Steps on lines of their own, each notice only for the events it is about.
 */
const setupNotice: INodeProperties = {
	// n8n's notices keep only <a>, <ul> and <li> of HTML: the steps are a list.
	displayName:
		"In the workspace, Settings → Developer → Webhook → Add:<ul><li>Endpoint: this node's Production URL ending in /webhook (click Webhook URLs above)</li><li>Events: incoming.whatsapp.message and/or incoming.rcs.message</li><li>Data Type: Event with Data</li><li>Advanced Settings: a custom header, the Secret Header Name and Value below</li></ul>",
	name: 'setupNotice',
	type: 'notice',
	default: '',
	displayOptions: { show: { events: [INCOMING_WHATSAPP, INCOMING_RCS] } },
};

/** A send's post-back carries no header: its URL of its own is the whole setup. */
const postBackNotice: INodeProperties = {
	displayName:
		"For delivery statuses:<ul><li>Publish this workflow first: until then n8n does not answer at the Production URL</li><li>Copy this node's Production URL ending in /delivery-status/… (click Webhook URLs above)</li><li>Paste it into the sends' Additional Fields → Postback URL (Workspace WhatsApp, SMS or Email)</li></ul>It is made from Secret Header Value and changes with it.",
	name: 'postBackNotice',
	type: 'notice',
	default: '',
	displayOptions: { show: { events: [DELIVERY_STATUS] } },
};

const eventsField: INodeProperties = {
	displayName: 'Events',
	name: 'events',
	type: 'multiOptions',
	required: true,
	options: [
		{
			name: 'Delivery Status',
			value: DELIVERY_STATUS,
			// n8n's node panel would say "On delivery status"; said here for the three alike.
			action: 'On delivery status',
			description:
				"A sent message's status changed (delivered, read, failed…): send it with this node's URL ending in /delivery-status/… as its Postback URL",
		},
		{
			name: 'Incoming RCS Message',
			value: INCOMING_RCS,
			// Else n8n's node panel makes "On incoming rcs message" of the name.
			action: 'On incoming RCS message',
			description: 'Someone sent an RCS message or tapped a quick reply to your RCS bot',
		},
		{
			name: 'Incoming WhatsApp Message',
			value: INCOMING_WHATSAPP,
			// Else n8n's node panel makes "On incoming whats app message" of the name.
			action: 'On incoming WhatsApp message',
			description: 'Someone sent a WhatsApp message to one of your WhatsApp numbers',
		},
	],
	default: [INCOMING_WHATSAPP],
	description:
		'Which events start the workflow; others are acknowledged and left out. Choose the incoming ones in the workspace webhook too.',
};

const secretHeaderFields: INodeProperties[] = [
	{
		displayName: 'Secret Header Name',
		name: 'headerName',
		type: 'string',
		required: true,
		default: 'X-Webhook-Secret',
		// Only the workspace webhook sends a header; a post-back's URL holds its token instead.
		displayOptions: { show: { events: [INCOMING_WHATSAPP, INCOMING_RCS] } },
		description:
			"The name of the custom header added in the workspace webhook's Advanced Settings. A request without it is refused.",
	},
	{
		displayName: 'Secret Header Value',
		name: 'headerValue',
		type: 'string',
		typeOptions: { password: true },
		required: true,
		default: '',
		// n8n marks a required field only once it was touched, and greys out its test button
		// without saying why in view: the hint below the field says it at once.
		hint: 'Required: the trigger listens for test events only once it is set',
		description:
			"A long random value, the same as the custom header's value in the workspace webhook. A request with another value is refused. The Postback URL is made from it: copy it again after changing this value.",
	},
];

export const triggerProperties: INodeProperties[] = [
	setupNotice,
	postBackNotice,
	eventsField,
	...secretHeaderFields,
	mediaOptions,
];

/** The canvas subtitle: the chosen events in the dropdown's words. */
export function eventsSubtitle(): string {
	const options = eventsField.options as INodePropertyOptions[];
	const names = Object.fromEntries(options.map(({ name, value }) => [value, name]));
	return `={{ ($parameter["events"] || []).map(e => (${JSON.stringify(names)})[e] || e).join(", ") }}`;
}
