import type { INodeProperties } from 'n8n-workflow';
import { SEND_AND_WAIT_OPERATION } from 'n8n-workflow';

import { forOperation } from '../../descriptions';
import { messageField } from '../fields';
import { customFormProperties } from './form';
import { limitWaitTimeOption } from './limit';

/**
 * Named as n8n's send-and-wait operations name what means the same (message, responseType,
 * approvalOptions.values, defineForm, formFields, options.limitWaitTime…): n8n derives an AI
 * agent's review tool by these names, and what users built on n8n's nodes reads the same here.
 */

const onResponse = (...responseTypes: string[]) => ({ show: { responseType: responseTypes } });

/** Each of `properties`, shown only where `show` holds too. */
export const shownWhen = (
	show: Record<string, string[]>,
	properties: INodeProperties[],
): INodeProperties[] =>
	properties.map((property) => ({
		...property,
		displayOptions: { show: { ...property.displayOptions?.show, ...show } },
	}));

/** The one setup outside the node, and the one that fails silently when missed. */
export const answerLinkNotice: INodeProperties = {
	displayName:
		"The link opens a page of this n8n: with n8n on localhost, set n8n's WEBHOOK_URL (N8N_WEBHOOK_URL on n8n 2) to an address the person's phone or mail can reach.",
	name: 'answerLinkNotice',
	type: 'notice',
	default: '',
};

export const approvalOptionsField: INodeProperties = {
	displayName: 'Approval Options',
	name: 'approvalOptions',
	type: 'fixedCollection',
	placeholder: 'Add option',
	default: {},
	displayOptions: onResponse('approval'),
	options: [
		{
			displayName: 'Values',
			name: 'values',
			values: [
				{
					displayName: 'Type of Approval',
					name: 'approvalType',
					type: 'options',
					options: [
						{ name: 'Approve Only', value: 'single' },
						{ name: 'Approve and Decline', value: 'double' },
					],
					default: 'double',
				},
				{
					displayName: 'Approve Button Label',
					name: 'approveLabel',
					type: 'string',
					default: 'Approve',
				},
				{
					displayName: 'Decline Button Label',
					name: 'disapproveLabel',
					type: 'string',
					default: 'Decline',
					displayOptions: { show: { approvalType: ['double'] } },
				},
			],
		},
	],
};

export const responseTypeField: INodeProperties = {
	displayName: 'Response Type',
	name: 'responseType',
	type: 'options',
	noDataExpression: true,
	options: [
		{
			name: 'Approval',
			value: 'approval',
			description: 'The person approves, or approves or declines',
		},
		{
			name: 'Custom Form',
			value: 'customForm',
			description: 'The person fills in a form of your fields',
		},
		{ name: 'Free Text', value: 'freeText', description: 'The person writes an answer' },
	],
	default: 'approval',
};

/** n8n's two Options collections: an approval's, and a form's (free text, custom form). */
const optionsFields: INodeProperties[] = [
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		displayOptions: onResponse('approval'),
		options: [limitWaitTimeOption],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		displayOptions: onResponse('freeText', 'customForm'),
		options: [
			limitWaitTimeOption,
			{
				displayName: 'Message Button Label',
				name: 'messageButtonLabel',
				type: 'string',
				default: 'Respond',
				description: "The words before the link (text messages) or on the email's button",
			},
			{
				displayName: 'Response Form Button Label',
				name: 'responseFormButtonLabel',
				type: 'string',
				default: 'Submit',
			},
			{
				displayName: 'Response Form Description',
				name: 'responseFormDescription',
				type: 'string',
				default: '',
				description: "The words above the form; by default the message's",
			},
			{
				displayName: 'Response Form Title',
				name: 'responseFormTitle',
				type: 'string',
				default: '',
				description: 'The form\'s title; by default the email\'s subject, or "Your answer"',
			},
		],
	},
];

/** On `resource`: the notice, the channel's fields, Message in its words, then n8n's own fields. */
export function sendAndWaitFields(
	resource: string,
	channelFields: INodeProperties[],
	messageDescription: string,
): INodeProperties[] {
	return forOperation(resource, SEND_AND_WAIT_OPERATION, [
		answerLinkNotice,
		...channelFields,
		{ ...messageField, description: messageDescription },
		responseTypeField,
		...shownWhen({ responseType: ['customForm'] }, customFormProperties),
		approvalOptionsField,
		...optionsFields,
	]);
}
