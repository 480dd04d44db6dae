import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	ResourceMapperTypeOptions,
} from 'n8n-workflow';

import { additionalFieldsCollection } from '../../../shared/descriptions';
import { InputError, textIn } from '../../../shared/input';
import type { ParameterSource } from '../../../shared/locators';
import { pickedId } from '../../../shared/locators';
import { campaignOptions } from '../../../shared/messaging/campaign';
import { sendAndWaitFields, shownWhen } from '../../../shared/messaging/ask/fields';
import type { Links, Question } from '../../../shared/messaging/ask/question';
import { whatsAppText } from '../../../shared/messaging/ask/question';
import type { AskSpec } from '../../../shared/messaging/ask/sendAndWait';
import { readInput } from '../../../shared/messaging/send';
import { takesText, templateVariableKeys } from '../../../shared/messaging/whatsApp';
import type { WhatsAppTemplateInput } from '../../../shared/messaging/whatsAppTemplate';
import {
	buildWhatsAppTemplateBody,
	templateField,
	templateVariablesField,
} from '../../../shared/messaging/whatsAppTemplate';
import { paths } from '../../../shared/transport';
import { WHATSAPP_HINTS } from '../../hints';
import { buildConversationMessageBody } from './sendInConversation';
import { TEMPLATE_PARAMETERS, templateOptionsField } from './sendTemplate';

/** As a conversation text, or a template with the link in a text variable: each by its send. */

const sendAsField: INodeProperties = {
	displayName: 'Send As',
	name: 'sendAs',
	type: 'options',
	noDataExpression: true,
	options: [
		{
			name: 'Template',
			value: 'template',
			description:
				'An approved template with a text variable for the link: reaches a customer who has not written in 24 hours',
		},
		{
			name: 'Text in Conversation',
			value: 'conversation',
			description: "In an open conversation: within 24 hours of the customer's last message",
		},
	],
	default: 'conversation',
};

/** The template's text variable that gets the link; the others are filled in as in Send Template. */
export const linkVariableField: INodeProperties = {
	displayName: 'Link Variable Name or ID',
	name: 'linkVariable',
	type: 'options',
	typeOptions: {
		loadOptionsMethod: 'getWhatsAppLinkVariables',
		loadOptionsDependsOn: ['phoneId.value', 'template.value'],
	},
	required: true,
	default: '',
	description:
		'The text variable of the template that gets the link, such as the one in "Answer here: {{1}}". Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

export const variablesBesideLinkField: INodeProperties = {
	...templateVariablesField,
	description: "The template's other variables, each a field of its own",
	typeOptions: {
		...templateVariablesField.typeOptions,
		loadOptionsDependsOn: ['phoneId.value', 'template.value', 'linkVariable'],
		resourceMapper: {
			...templateVariablesField.typeOptions?.resourceMapper,
			resourceMapperMethod: 'getWhatsAppTemplateVariablesBesideLink',
		} as ResourceMapperTypeOptions,
	},
};

/** After Account and Recipient (index.ts), which every WhatsApp send shares. */
export const sendAndWaitDescription: INodeProperties[] = sendAndWaitFields(
	'message',
	[
		sendAsField,
		...shownWhen({ sendAs: ['template'] }, [
			templateField,
			linkVariableField,
			variablesBesideLinkField,
			templateOptionsField,
		]),
		...shownWhen({ sendAs: ['conversation'] }, [additionalFieldsCollection(campaignOptions)]),
	],
	'What the person reads, as plain text; in a conversation the link to answer is added after it. A template sends its own text: these words are shown on the page the link opens.',
);

export function linkVariableOf(read: ParameterSource): string {
	const name = textIn(read.getNodeParameter('linkVariable', ''), 'Link Variable', 'name').trim();
	if (name) return name;
	throw new InputError(
		'Link Variable',
		'none chosen',
		'Choose the text variable of the template where the link goes.',
	);
}

/** The template send, with the link in its Link Variable (`templateVariables` takes it as given). */
function templateAsk(read: ParameterSource, links: Links): IDataObject {
	const input = readInput<WhatsAppTemplateInput>(read, TEMPLATE_PARAMETERS);
	const link = linkVariableOf(read);
	const schema = (input.variables?.schema ?? []).filter((field) => field.id !== link);
	const value = { ...(input.variables?.value ?? {}), [link]: links.page };
	return buildWhatsAppTemplateBody({ ...input, variables: { schema, value } });
}

/** The conversation's text send, the link at the end; a preview would fetch the page. */
function conversationAsk(read: ParameterSource, question: Question, links: Links): IDataObject {
	return buildConversationMessageBody({
		phoneId: pickedId(read, 'phoneId'),
		recipient: read.getNodeParameter('recipient', ''),
		messageType: 'text',
		text: whatsAppText(question, links),
		previewUrl: false,
		additionalFields: read.getNodeParameter('additionalFields', {}) as IDataObject,
	});
}

/** A template carries the link only in a text variable: checked with the host before sending. */
async function checkLinkVariable(context: IExecuteFunctions, read: ParameterSource): Promise<void> {
	const link = linkVariableOf(read);
	const { language } = read.getNodeParameter('additionalFields', {}) as { language?: string };
	const keys = await templateVariableKeys(
		context,
		pickedId(read, 'phoneId').id,
		String(read.getNodeParameter('template', '', { extractValue: true })),
		// The language sent (the send's Language, else the template's): its variables.
		typeof language === 'string' ? language : '',
	);
	const texts = keys.filter(takesText).map((key) => key.keyName);
	if (texts.includes(link)) return;
	throw new InputError(
		'Link Variable',
		texts.length
			? `"${link}" is not a text variable of the template`
			: 'the template has no text variable to carry the link',
		texts.length
			? `Choose one of ${texts.join(', ')}.`
			: 'Choose a template with a text variable where the link goes (such as "Answer here: {{1}}"), or another Send As.',
	);
}

export const whatsAppTemplateAsk: AskSpec = {
	host: 'messaging',
	url: paths.messaging.whatsAppTemplateSend,
	hints: WHATSAPP_HINTS,
	body: (read, _question, links) => templateAsk(read, links),
	check: checkLinkVariable,
};

/** A closed conversation is the refusal to expect here, and Send As Template its way out. */
const CONVERSATION_ASK_HINTS = {
	...WHATSAPP_HINTS,
	rejected:
		"Check Recipient (country code and number) and the Account. In a conversation the customer must have written to this account in the last 24 hours (WhatsApp's rule); to reach them now, choose Send As: Template.",
};

export const whatsAppConversationAsk: AskSpec = {
	host: 'records',
	url: paths.whatsAppConversationSend,
	hints: CONVERSATION_ASK_HINTS,
	body: conversationAsk,
};

/** Which ask: the template's on the messaging host, the conversation's on the records host. */
export const whatsAppAsk = (read: ParameterSource): AskSpec =>
	read.getNodeParameter('sendAs', '') === 'template'
		? whatsAppTemplateAsk
		: whatsAppConversationAsk;
