import type { IDataObject } from 'n8n-workflow';

import { InputError, isPlainObject, textIn } from '../../input';
import { requiredText } from '../fields';
import { toEmailAddress, toPhoneNumber } from '../recipients';
import type { SmsSender } from '../smsSender';
import { senderBody } from '../smsSender';
import { MAX_SMS_SEGMENTS, smsLength } from '../smsLength';
import type { PickedId } from '../../locators';
import { requireAccount } from '../whatsAppAccount';
import type { MapperInput } from '../whatsAppTemplate';
import { buildWhatsAppTemplateBody } from '../whatsAppTemplate';
import { paths } from '../../transport';
import type { Channel } from '../../../WorkspaceSendAndWait/fields';
import { DEFAULT_LABELS } from '../../../WorkspaceSendAndWait/fields';

/**
 * What the person is asked and how it reaches them: pure, so that every mistake is said before
 * anything is sent, the link's cost in an SMS included.
 */

/** One answer the person can give, and its word on the page and in the message. */
export interface Choice {
	label: string;
	approved: boolean;
}

export interface Question {
	/** As the user wrote it: the message, and the page's words. */
	message: string;
	responseType: 'approval' | 'freeText';
	/** Approval: Approve, then Decline where offered. */
	choices: Choice[];
	/** Free text: the words before the link (empty for an approval). */
	linkLabel: string;
}

export interface QuestionInput {
	message?: unknown;
	responseType?: unknown;
	approvalOptions?: unknown;
	options?: unknown;
}

/** Long enough for "Confirm my order", short enough to stay a button on a phone. */
export const MAX_LABEL_CHARACTERS = 40;

const characters = (text: string) => [...text].length;

function labelIn(value: unknown, field: string, fallback: string): string {
	const label = (value === undefined ? fallback : textIn(value, field)).trim();
	if (!label) throw new InputError(field, 'empty', `Give the button's words, such as ${fallback}.`);
	if (characters(label) > MAX_LABEL_CHARACTERS) {
		throw new InputError(
			field,
			`${characters(label)} characters, more than ${MAX_LABEL_CHARACTERS}`,
			'Shorten it to a few words: it is a button on a phone.',
		);
	}
	return label;
}

const valuesOf = (collection: unknown): IDataObject =>
	isPlainObject(collection) && isPlainObject(collection.values) ? collection.values : {};

export function toQuestion(input: QuestionInput): Question {
	const message = requiredText(input.message, 'Message', 'Write what the person is asked.');
	if (input.responseType === 'freeText') {
		const options = isPlainObject(input.options) ? input.options : {};
		const linkLabel = labelIn(options.messageButtonLabel, 'Link Label', DEFAULT_LABELS.respond);
		return { message, responseType: 'freeText', choices: [], linkLabel };
	}
	if (input.responseType !== 'approval') {
		throw new InputError(
			'Response Type',
			`"${String(input.responseType)}" is not a response type`,
			'Choose Approval or Free Text.',
		);
	}
	const approval = valuesOf(input.approvalOptions);
	const approve = {
		label: labelIn(approval.approveLabel, 'Approve Button Label', DEFAULT_LABELS.approve),
		approved: true,
	};
	if (approval.approvalType === 'single')
		return { message, responseType: 'approval', choices: [approve], linkLabel: '' };
	const disapprove = {
		label: labelIn(approval.disapproveLabel, 'Decline Button Label', DEFAULT_LABELS.disapprove),
		approved: false,
	};
	if (disapprove.label === approve.label) {
		throw new InputError(
			'Decline Button Label',
			`the same words as Approve Button Label ("${approve.label}")`,
			'Give the two buttons different words, or choose Approve Only.',
		);
	}
	return { message, responseType: 'approval', choices: [approve, disapprove], linkLabel: '' };
}

/**
 * Where the person answers: one page for a text message (both buttons on it); for an email,
 * one address per button, as n8n's own nodes send them.
 */
export interface Links {
	page: string;
	/** By `Choice.approved`: the email's buttons. */
	byChoice: Record<'true' | 'false', string>;
}

/** The words and address a text message ends with. */
function linkLine(question: Question, links: Links): string {
	const words =
		question.responseType === 'freeText'
			? question.linkLabel
			: question.choices.map((choice) => choice.label).join(' or ');
	return `${words}: ${links.page}`;
}

const escapeHtml = (text: string) =>
	text
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;')
		.replace(/'/g, '&#39;');

/** The message as HTML: its words, escaped, line by line. */
export const htmlOf = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');

const BUTTON_STYLE =
	'display:inline-block;margin:4px 8px 4px 0;padding:10px 20px;border-radius:6px;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600';

function emailHtml(question: Question, links: Links): string {
	const buttons =
		question.responseType === 'freeText'
			? [{ label: question.linkLabel, url: links.page }]
			: question.choices.map(({ label, approved }) => ({
					label,
					url: links.byChoice[String(approved) as 'true' | 'false'],
				}));
	const anchors = buttons
		.map(
			({ label, url }) =>
				`<a href="${escapeHtml(url)}" style="${BUTTON_STYLE}">${escapeHtml(label)}</a>`,
		)
		.join('\n');
	return `<p>${htmlOf(question.message)}</p>\n<p>${anchors}</p>`;
}

export interface AskInput extends QuestionInput, SmsSender {
	channel?: unknown;
	phoneId?: string | PickedId;
	subject?: unknown;
	/** WhatsApp Template: the picker's value, the variable that gets the link, the others. */
	template?: string;
	linkVariable?: unknown;
	variables?: MapperInput;
}

/** The Link Variable, given. */
export function linkVariableOf(input: AskInput): string {
	const name = textIn(input.linkVariable, 'Link Variable', 'name').trim();
	if (name) return name;
	throw new InputError(
		'Link Variable',
		'none chosen',
		'Choose the text variable of the template where the link goes.',
	);
}

/** The template send, with the link in its Link Variable (`templateVariables` takes it as given). */
function templateAsk(input: AskInput, links: Links): IDataObject {
	const link = linkVariableOf(input);
	const schema = (input.variables?.schema ?? []).filter((field) => field.id !== link);
	const value = { ...(input.variables?.value ?? {}), [link]: links.page };
	return buildWhatsAppTemplateBody({
		phoneId: input.phoneId ?? '',
		template: input.template ?? '',
		recipient: input.recipient,
		variables: { schema, value },
	});
}

export interface AskRequest {
	/** The vendor's send: the messaging host's, or the records host's for a conversation. */
	host: 'messaging' | 'records';
	url: string;
	body: IDataObject;
}

/** The vendor's limit on a conversation's text (main-host "text message" page). */
const MAX_WHATSAPP_CHARACTERS = 4096;

function smsText(question: Question, links: Links): string {
	const text = `${question.message}\n\n${linkLine(question, links)}`;
	const whole = smsLength(text);
	if (whole.segments <= MAX_SMS_SEGMENTS) return text;
	const cost = whole.segments - smsLength(question.message).segments;
	throw new InputError(
		'Message',
		`with the link the SMS is ${whole.segments} segments, more than ${MAX_SMS_SEGMENTS}`,
		`The link and its words add ${characters(text) - characters(question.message)} characters (${cost} segment${cost === 1 ? '' : 's'} here). Shorten the message.`,
	);
}

function whatsAppText(question: Question, links: Links): string {
	const text = `${question.message}\n\n${linkLine(question, links)}`;
	const length = characters(text);
	if (length <= MAX_WHATSAPP_CHARACTERS) return text;
	throw new InputError(
		'Message',
		`with the link the text is ${length.toLocaleString('en-US')} characters, more than WhatsApp's 4,096`,
		`The link and its words add ${length - characters(question.message)} characters. Shorten the message.`,
	);
}

/** The send that carries the question (docs/api.md §4.9), by channel. */
export function toAskRequest(input: AskInput, question: Question, links: Links): AskRequest {
	switch (input.channel as Channel) {
		case 'sms':
			return {
				host: 'messaging',
				url: paths.messaging.smsSend,
				body: { ...senderBody(input), message: smsText(question, links) },
			};
		case 'whatsApp':
			return {
				host: 'records',
				url: paths.whatsAppConversationSend,
				body: {
					to: toPhoneNumber(input.recipient),
					phoneId: requireAccount(input.phoneId ?? ''),
					type: 'text',
					// A preview would fetch the page; the link stays a link.
					text: { body: whatsAppText(question, links), preview_url: false },
				},
			};
		case 'whatsAppTemplate':
			return {
				host: 'messaging',
				url: paths.messaging.whatsAppTemplateSend,
				body: templateAsk(input, links),
			};
		case 'email':
			return {
				host: 'messaging',
				url: paths.messaging.emailSend,
				body: {
					recipient: toEmailAddress(input.recipient, 'Recipient'),
					subject: requiredText(input.subject, 'Subject', 'Write the subject line of the email.'),
					message: emailHtml(question, links),
				},
			};
		default:
			throw new InputError(
				'Channel',
				`"${String(input.channel)}" is not a channel`,
				'Choose Email, SMS, WhatsApp or WhatsApp Template.',
			);
	}
}
