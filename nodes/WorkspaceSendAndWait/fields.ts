import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { SEND_AND_WAIT_OPERATION } from 'n8n-workflow';

import {
	answerLinkNotice,
	approvalOptionsField,
	responseTypeField,
	shownWhen,
} from '../shared/messaging/ask/fields';
import { emailRecipientField, messageField, phoneRecipientField } from '../shared/messaging/fields';
import { smsSenderProperties } from '../shared/messaging/smsSender';
import { accountAndRecipientFields } from '../shared/messaging/whatsAppAccount';
import { templateField } from '../shared/messaging/whatsAppTemplate';
import { timeLimitField, timeLimitUnitField } from '../shared/waiting';
import {
	linkVariableField,
	variablesBesideLinkField,
} from '../WorkspaceWhatsApp/resources/message/sendAndWait';

/** The hidden node's fields as saved workflows hold them, named as n8n's own (ask/fields.ts). */
export const sendAndWaitFields: INodeProperties[] = [
	{ ...answerLinkNotice, name: 'setupNotice' },
	{
		displayName: 'Channel',
		name: 'channel',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Email', value: 'email' },
			{ name: 'SMS', value: 'sms' },
			{
				name: 'WhatsApp',
				value: 'whatsApp',
				description: "In an open conversation: within 24 hours of the customer's last message",
			},
			{
				name: 'WhatsApp Template',
				value: 'whatsAppTemplate',
				description:
					'An approved template with a text variable for the link: reaches a customer who has not written in 24 hours',
			},
		],
		default: 'sms',
	},
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Send and Wait for Response',
				value: SEND_AND_WAIT_OPERATION,
				action: 'Send a message and wait for the response',
				description:
					'Send a message with a link; the execution waits until the person approves, declines or answers on the page it opens',
			},
		],
		default: SEND_AND_WAIT_OPERATION,
	},
	...shownWhen({ channel: ['sms'] }, [phoneRecipientField, ...smsSenderProperties]),
	...shownWhen({ channel: ['whatsApp', 'whatsAppTemplate'] }, accountAndRecipientFields),
	...shownWhen({ channel: ['whatsAppTemplate'] }, [
		templateField,
		linkVariableField,
		variablesBesideLinkField,
	]),
	...shownWhen({ channel: ['email'] }, [
		emailRecipientField,
		{ displayName: 'Subject', name: 'subject', type: 'string', required: true, default: '' },
	]),
	{
		...messageField,
		description:
			'What the person reads, as plain text; the link to answer is added after it, and the page it opens shows these words again. A WhatsApp template sends its own text: these words are shown on the page.',
	},
	{
		...responseTypeField,
		// Custom Form came with the operations; this node never offered it.
		options: (responseTypeField.options as INodePropertyOptions[]).filter(
			(option) => option.value !== 'customForm',
		),
	},
	approvalOptionsField,
	{
		...timeLimitField,
		default: 1,
		description:
			'How long to wait for the answer. When it passes, the execution goes on with the input item as it came, as n8n\'s own send-and-wait nodes do, and the link says "no action required".',
	},
	{ ...timeLimitUnitField, default: 'days' },
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'Link Label',
				name: 'messageButtonLabel',
				type: 'string',
				default: 'Respond',
				description:
					"The words before the link (text messages) or on the email's button, for a free text answer",
				// Inside a collection, a field outside it is named from the root.
				displayOptions: { show: { '/responseType': ['freeText'] } },
			},
		],
	},
];
