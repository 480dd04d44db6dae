import type { INodeProperties } from 'n8n-workflow';

import { DELIVERY_STATUS, INCOMING_RCS, INCOMING_WHATSAPP } from './events';

/**
 * The workspace has no API to register a webhook: the user pastes this node's URLs there. Two
 * URLs, because only the workspace webhook can send the secret header; a send's post-back cannot.
 */
const setupNotice: INodeProperties = {
	displayName:
		'This node has two URLs (Webhook URLs above). Incoming messages: in the workspace, Settings → Developer → Webhook → Add, Endpoint: the Production URL ending in /webhook. Events: incoming.whatsapp.message and/or incoming.rcs.message. Data Type: Event with Data. Advanced Settings: add a custom header with the Secret Header Name and Value below. Delivery statuses: the Production URL ending in /delivery-status/… as the Postback URL of your sends (it is made from Secret Header Value and changes with it).',
	name: 'setupNotice',
	type: 'notice',
	default: '',
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
			description:
				"A sent message's status changed (delivered, read, failed…): send it with this node's URL ending in /delivery-status/… as its Postback URL",
		},
		{
			name: 'Incoming RCS Message',
			value: INCOMING_RCS,
			description: 'Someone sent an RCS message or tapped a quick reply to your RCS bot',
		},
		{
			name: 'Incoming WhatsApp Message',
			value: INCOMING_WHATSAPP,
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
		description:
			"A long random value, the same as the custom header's value in the workspace webhook. A request with another value is refused. The Postback URL is made from it: copy it again after changing this value.",
	},
];

export const triggerProperties: INodeProperties[] = [
	setupNotice,
	eventsField,
	...secretHeaderFields,
];

/** The canvas subtitle: the chosen events in the dropdown's words. */
export function eventsSubtitle(): string {
	const names = Object.fromEntries(
		(eventsField.options ?? []).map((option) => [
			String((option as { value: string }).value),
			(option as { name: string }).name,
		]),
	);
	return `={{ ($parameter["events"] || []).map(e => (${JSON.stringify(names)})[e] || e).join(", ") }}`;
}
