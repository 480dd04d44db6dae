import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { TextKind } from '../input';
import { InputError, requiredText, setOwn, textIn } from '../input';
import { toHttpUrl } from './recipients';

/** The recipient of a WhatsApp message or an SMS. */
export const phoneRecipientField: INodeProperties = {
	displayName: 'Recipient',
	name: 'recipient',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. +91 98765 43210',
	description:
		'Country code and number. Spaces, dashes, brackets and a leading + are removed before sending.',
};

/** The recipient of a WhatsApp or RCS message: the Workspace WhatsApp Trigger's sender fits. */
export const replyRecipientField: INodeProperties = {
	...phoneRecipientField,
	description: `${String(phoneRecipientField.description)} To answer a message from the Workspace WhatsApp Trigger, drag in its sender.number field.`,
};

export const emailRecipientField: INodeProperties = {
	displayName: 'Recipient',
	name: 'recipient',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. ada@example.com',
	description: 'One email address',
};

/** An SMS's Message, and what Send and Wait asks (each spreads in its own description). */
export const messageField: INodeProperties = {
	displayName: 'Message',
	name: 'message',
	type: 'string',
	typeOptions: { rows: 4 },
	required: true,
	default: '',
};

/** WhatsApp and RCS both take a text of up to 4,096 characters (each vendor's "text message" page). */
export const MAX_TEXT_CHARACTERS = 4096;

/** The Text of a WhatsApp conversation message or an RCS text. */
export const textMessageField: INodeProperties = {
	displayName: 'Text',
	name: 'text',
	type: 'string',
	typeOptions: { rows: 4 },
	required: true,
	default: '',
	description: 'The message, up to 4,096 characters',
};

/** Postback URL and Data, in the Additional Fields of every send. */
export const postBackOptions: INodeProperties[] = [
	{
		displayName: 'Postback Data',
		name: 'postBackData',
		type: 'string',
		default: '',
		description:
			'Your own text, sent back with each delivery status (such as an order number), to match the status to your data',
	},
	{
		displayName: 'Postback URL',
		name: 'postBackUrl',
		type: 'string',
		default: '',
		placeholder: 'e.g. https://example.com/delivery-status',
		description:
			"Where the host posts the message's delivery status (delivered, failed, read…) each time it changes. To start a workflow with them, paste the Workspace WhatsApp Trigger's URL ending in /delivery-status/…. To wait for them in this execution, put {{ $execution.resumeUrl }} here and add Workspace Wait for Delivery after this node.",
	},
];

export interface PostBackInput {
	postBackUrl?: unknown;
	postBackData?: unknown;
}

interface TextField {
	/** As the user sees it, for errors. */
	field: string;
	kind?: TextKind;
	/** Turns a given text into what the host takes, or says what to fix. */
	check?: (text: string, field: string) => string;
}

/** An optional text under the host's name, left out when empty so that the host applies its own default. */
export function optionalText(
	hostName: string,
	value: unknown,
	{ field, kind, check = (text) => text }: TextField,
): IDataObject {
	const text = textIn(value, field, kind);
	return text.trim() ? { [hostName]: check(text, field) } : {};
}

/** An optional switch: once added it is sent on or off as set; not added, the host decides. */
export const optionalSwitch = (hostName: string, value: boolean | undefined): IDataObject =>
	value !== undefined ? { [hostName]: value } : {};

/** `post_back_url` and `post_back_data`, only when given. */
export function postBackBody({ postBackUrl, postBackData }: PostBackInput): IDataObject {
	return {
		...optionalText('post_back_url', postBackUrl, { field: 'Postback URL', check: toHttpUrl }),
		...optionalText('post_back_data', postBackData, { field: 'Postback Data' }),
	};
}

/** Name and value pairs, for templates whose variables the host does not list (email, SMS). */
export const variablePairsField: INodeProperties = {
	displayName: 'Variables',
	name: 'variables',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Variable',
	default: {},
	description: "The template's variables, each by its name in the template",
	options: [
		{
			displayName: 'Variable',
			name: 'variable',
			values: [
				{
					displayName: 'Name',
					name: 'name',
					type: 'string',
					default: '',
					placeholder: 'e.g. first_name',
					description: "The variable's name, as the template writes it",
				},
				{
					displayName: 'Value',
					name: 'value',
					type: 'string',
					default: '',
				},
			],
		},
	],
};

export interface VariablePairs {
	variable?: Array<{ name?: string; value?: unknown }>;
}

/** The pairs as the `variables` object; a name given twice is a mistake, said before sending. */
export function variablesFromPairs(pairs: VariablePairs | undefined): IDataObject {
	const variables: IDataObject = {};
	for (const { name, value } of pairs?.variable ?? []) {
		const key = textIn(name, 'Variables', 'name').trim();
		if (!key) {
			throw new InputError(
				'Variables',
				'a variable has no name',
				'Give each variable its name in the template, or remove the empty one.',
			);
		}
		if (Object.hasOwn(variables, key)) {
			throw new InputError('Variables', `"${key}" is given twice`, 'Keep one value per variable.');
		}
		setOwn(variables, key, textIn(value, `Variables (${key})`));
	}
	return variables;
}

/** The Text, given and within 4,096 characters (emoji count as one); `channel` names whose limit it is. */
export function textWithin4096(value: unknown, channel: string): string {
	const text = requiredText(value, 'Text', 'Write the message to send.');
	const length = [...text].length;
	if (length > MAX_TEXT_CHARACTERS) {
		throw new InputError(
			'Text',
			`${length.toLocaleString('en-US')} characters, more than ${channel}'s 4,096`,
			'Shorten the text, or send it as two messages.',
		);
	}
	return text;
}
