import type { IDataObject } from 'n8n-workflow';

import { InputError, isPlainObject, requiredText, textIn } from '../../input';
import { MAX_TEXT_CHARACTERS } from '../fields';
import { MAX_SMS_SEGMENTS, smsLength } from '../smsLength';
import type { FormField } from './form';
import { escapeHtml, htmlOf } from './html';
import { toFormFields } from './form';

/** The question and its message; pure, so each mistake (even the link's SMS cost) is said first. */

/** One answer the person can give, and its word on the page and in the message. */
export interface Choice {
	label: string;
	approved: boolean;
}

export const DEFAULT_LABELS = {
	approve: 'Approve',
	disapprove: 'Decline',
	respond: 'Respond',
	submit: 'Submit',
};

export type ResponseType = 'approval' | 'freeText' | 'customForm';

/** A form's page (free text, custom form): n8n's Response Form Title, Description, Button Label. */
export interface FormPage {
	/** Empty: the page is titled by the email's subject, or "Your answer". */
	title: string;
	description: string;
	buttonLabel: string;
}

export interface Question {
	/** As the user wrote it: the message, and the page's words. */
	message: string;
	responseType: ResponseType;
	/** Approval: Approve, then Decline where offered. */
	choices: Choice[];
	/** Free text, custom form: the words before the link (empty for an approval). */
	linkLabel: string;
	/** Free text, custom form: the page's words. */
	form?: FormPage;
	/** Custom form: its fields. */
	fields?: FormField[];
}

/** The parameters a question is read from, by their names in n8n's send-and-wait operations. */
export const QUESTION_PARAMETERS = [
	'message',
	'responseType',
	'approvalOptions',
	'options',
	'defineForm',
	'formFields',
	'jsonOutput',
] as const;

export type QuestionInput = { [Name in (typeof QUESTION_PARAMETERS)[number]]?: unknown };

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

const optionalText = (value: unknown, field: string) => textIn(value, field).trim();

function formPageOf(options: IDataObject, message: string): FormPage {
	return {
		title: optionalText(options.responseFormTitle, 'Response Form Title'),
		description:
			optionalText(options.responseFormDescription, 'Response Form Description') || message,
		buttonLabel: labelIn(
			options.responseFormButtonLabel || undefined,
			'Response Form Button Label',
			DEFAULT_LABELS.submit,
		),
	};
}

export function toQuestion(input: QuestionInput): Question {
	const message = requiredText(input.message, 'Message', 'Write what the person is asked.');
	if (input.responseType === 'freeText' || input.responseType === 'customForm') {
		const options = isPlainObject(input.options) ? input.options : {};
		return {
			message,
			responseType: input.responseType,
			choices: [],
			linkLabel: labelIn(
				options.messageButtonLabel,
				'Message Button Label',
				DEFAULT_LABELS.respond,
			),
			form: formPageOf(options, message),
			...(input.responseType === 'customForm' && { fields: toFormFields(input) }),
		};
	}
	if (input.responseType !== 'approval') {
		throw new InputError(
			'Response Type',
			`"${String(input.responseType)}" is not a response type`,
			'Choose Approval, Free Text or Custom Form.',
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

/** A text's one page (both buttons on it), and an email's link per button, as n8n's nodes send. */
export interface Links {
	page: string;
	/** By `Choice.approved`: the email's buttons. */
	byChoice: Record<'true' | 'false', string>;
}

/** The words and address a text message ends with. */
function linkLine(question: Question, links: Links): string {
	const words =
		question.responseType === 'approval'
			? question.choices.map((choice) => choice.label).join(' or ')
			: question.linkLabel;
	return `${words}: ${links.page}`;
}

const BUTTON_STYLE =
	'display:inline-block;margin:4px 8px 4px 0;padding:10px 20px;border-radius:6px;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600';

/** A button per answer, each opening its own signed page; a form's one button opens the page. */
export const buttonsOf = (
	question: Question,
	links: Links,
): Array<{ label: string; url: string }> =>
	question.responseType === 'approval'
		? question.choices.map(({ label, approved }) => ({
				label,
				url: links.byChoice[String(approved) as 'true' | 'false'],
			}))
		: [{ label: question.linkLabel, url: links.page }];

export function emailHtml(question: Question, links: Links): string {
	const anchors = buttonsOf(question, links)
		.map(
			({ label, url }) =>
				`<a href="${escapeHtml(url)}" style="${BUTTON_STYLE}">${escapeHtml(label)}</a>`,
		)
		.join('\n');
	return `<p>${htmlOf(question.message)}</p>\n<p>${anchors}</p>`;
}

export function smsText(question: Question, links: Links): string {
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

export function whatsAppText(question: Question, links: Links): string {
	const text = `${question.message}\n\n${linkLine(question, links)}`;
	const length = characters(text);
	if (length <= MAX_TEXT_CHARACTERS) return text;
	throw new InputError(
		'Message',
		`with the link the text is ${length.toLocaleString('en-US')} characters, more than WhatsApp's 4,096`,
		`The link and its words add ${length - characters(question.message)} characters. Shorten the message.`,
	);
}
