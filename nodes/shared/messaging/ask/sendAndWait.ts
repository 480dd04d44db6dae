import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodePropertyOptions,
	IWebhookDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, SEND_AND_WAIT_OPERATION } from 'n8n-workflow';

import { checkedInput, fromInput, isPlainObject } from '../../input';
import type { ParameterSource } from '../../locators';
import { MESSAGING_BASE_URL, requireMessagingHost } from '../host';
import type { Hints } from '../../transport';
import { apiRequest } from '../../transport';
import { resumeWebhook, warnIfLocal } from '../../waiting';
import { formAnswerOf } from './form';
import { waitTillOf } from './limit';
import { ANSWERED_PAGE, PAGE_POLICY, questionPage, UNAVAILABLE_PAGE } from './pages';
import type { Choice, Links, Question } from './question';
import { QUESTION_PARAMETERS, toQuestion } from './question';

/**
 * Send and Wait for Response (README, "Messages"), as n8n's own: the message carries links n8n
 * signs (`getSignedResumeUrl`: execution, node and query, under the instance's secret), so n8n
 * refuses a forged or altered link and answers one whose wait is over. The answer resumes the
 * execution with `{ data: { approved | text | <form fields>, respondedAt } }`. One person per
 * execution, as in n8n's nodes: the wait ends once.
 */

/** n8n calls these at the links' address, `/webhook-waiting/<execution>/<node ID>`. */
export const answerWebhooks: IWebhookDescription[] = ['GET', 'POST'].map((httpMethod) => ({
	...resumeWebhook,
	httpMethod,
	path: '={{ $nodeId }}',
	isFullPath: true,
}));

/** The send that carries the question, on one channel: the channel's own send, its link added. */
export interface AskSpec {
	url: string;
	/** `messaging` (the messaging host) or `records` (the credential's Base URL). */
	host: 'messaging' | 'records';
	hints: Hints;
	/** The send's body, by the send's own builder; what it throws names the field to fix. */
	body: (read: ParameterSource, question: Question, links: Links) => IDataObject;
	/** A check that needs the host (a template's variables), before anything is sent. */
	check?: (context: IExecuteFunctions, read: ParameterSource) => Promise<void>;
}

/** The operation, as n8n's Human review panel and its AI-agent review tools find it. */
export const sendAndWaitOption: INodePropertyOptions = {
	name: 'Send and Wait for Response',
	value: SEND_AND_WAIT_OPERATION,
	action: 'Send message and wait for response',
	description:
		'Send a message with a link; the execution waits until the person approves, declines or answers on the page it opens',
};

/** The first item's parameters, as a send's readers take them. */
const firstItem = (context: IExecuteFunctions): ParameterSource => ({
	getNodeParameter: (name, fallback, options) =>
		context.getNodeParameter(name, 0, fallback, options),
});

const questionOf = (read: ParameterSource): Question =>
	toQuestion(
		Object.fromEntries(QUESTION_PARAMETERS.map((name) => [name, read.getNodeParameter(name, '')])),
	);

const optionsDeadline = (context: IExecuteFunctions): Date =>
	waitTillOf(
		context.getNodeParameter('options.limitWaitTime.values', 0, {}),
		context.getTimezone(),
		Date.now(),
	);

/** Asks the item's person, then waits until Limit Wait Time (the hidden node: its Time Limit). */
export async function askAndWait(
	context: IExecuteFunctions,
	askOf: (read: ParameterSource) => AskSpec,
	deadline: (context: IExecuteFunctions) => Date = optionsDeadline,
): Promise<INodeExecutionData[][]> {
	const items = context.getInputData();
	if (!items.length) return [[]];
	try {
		if (items.length > 1) {
			throw new NodeOperationError(
				context.getNode(),
				`Send and Wait asks one person per execution, and got ${items.length} items`,
				{
					description:
						'An execution waits once. To ask several people, run this node in a sub-workflow for each item (Execute Workflow, Mode: Run once for each item), or put Loop Over Items before it to ask them one after another.',
				},
			);
		}
		const read = firstItem(context);
		const spec = fromInput(context, () => askOf(read));
		const question = fromInput(context, () => questionOf(read));
		const waitTill = fromInput(context, () => deadline(context));
		// n8n 1.x checks the links' signature only when asked to (2.x always does).
		(context as { setSignatureValidationRequired?: () => void }).setSignatureValidationRequired?.();
		const links: Links = {
			page: context.getSignedResumeUrl(),
			byChoice: {
				true: context.getSignedResumeUrl({ approved: 'true' }),
				false: context.getSignedResumeUrl({ approved: 'false' }),
			},
		};
		const body = fromInput(context, () => spec.body(read, question, links));
		if (spec.host === 'messaging') await requireMessagingHost(context);
		if (spec.check) await checkedInput(context, async () => await spec.check?.(context, read));
		await apiRequest<unknown>(context, 'POST', spec.url, {
			body,
			hints: spec.hints,
			...(spec.host === 'messaging' && { baseURL: MESSAGING_BASE_URL }),
		});
		warnIfLocal(context, links.page, "the person's phone or mail app");
		await context.putExecutionToWait(waitTill);
		return [items];
	} catch (error) {
		// Continue On Fail: each input item says why, and nothing waits.
		if (context.continueOnFail())
			return [
				items.map((_, item) => ({
					json: { error: (error as Error).message },
					pairedItem: { item },
				})),
			];
		throw error instanceof NodeApiError || error instanceof NodeOperationError
			? error
			: new NodeOperationError(context.getNode(), error as Error, { itemIndex: 0 });
	}
}

const show = (context: IWebhookFunctions, status: number, html: string): IWebhookResponseData => {
	const res = context.getResponseObject();
	res.setHeader('Content-Security-Policy', PAGE_POLICY);
	res.status(status).type('html').send(html);
	return { noWebhookResponse: true };
};

/** The answer a post gives, or what is wrong with it. */
function answerOf(
	question: Question,
	offered: Choice[],
	post: IDataObject,
): { answer: IDataObject } | { problem: string } {
	if (question.responseType === 'customForm') return formAnswerOf(question.fields ?? [], post);
	if (question.responseType === 'freeText') {
		const text = typeof post.text === 'string' ? post.text.trim() : '';
		return text ? { answer: { text } } : { problem: 'Write your answer, then press the button.' };
	}
	const choice = offered.find(({ approved }) => String(approved) === String(post.approved));
	return choice
		? { answer: { approved: choice.approved } }
		: { problem: 'Press one of the buttons.' };
}

/** A post's fields: n8n gives a multipart post's (a form's) under `data`, its files under `files`. */
function postedFields(context: IWebhookFunctions): IDataObject {
	const body = context.getBodyData();
	const multipart = context.getRequestObject().is?.('multipart/form-data');
	return multipart && isPlainObject(body.data) ? body.data : body;
}

/** The page's title: the form's own, else the email's subject, else "Your answer". */
function titleOf(context: IWebhookFunctions, question: Question): string {
	// The hidden Send and Wait node may keep a subject its other channels hide.
	const emailed = context.getNodeParameter('channel', 'email') === 'email';
	const subject = emailed ? context.getNodeParameter('subject', '') : '';
	const fallback = typeof subject === 'string' && subject.trim() ? subject : 'Your answer';
	return question.form?.title || fallback;
}

/**
 * The links' webhook: opening a link shows the page, only its form's post answers (a link preview
 * or mail scanner resumes nothing). An email button's signed query names the one choice it offers.
 */
export async function receiveAnswer(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	let question: Question;
	try {
		question = questionOf({
			getNodeParameter: (name, fallback) => this.getNodeParameter(name, fallback),
		});
	} catch {
		return show(this, 500, UNAVAILABLE_PAGE);
	}
	const signed = this.getRequestObject().query.approved;
	const offered =
		typeof signed === 'string'
			? question.choices.filter(({ approved }) => String(approved) === signed)
			: question.choices;
	const view = { title: titleOf(this, question), question, choices: offered };
	if (this.getRequestObject().method !== 'POST') return show(this, 200, questionPage(view));
	const post = postedFields(this);
	const result = answerOf(question, offered, post);
	if ('problem' in result) return show(this, 400, questionPage({ ...view, ...result, post }));
	this.getResponseObject().setHeader('Content-Security-Policy', PAGE_POLICY);
	return {
		webhookResponse: ANSWERED_PAGE,
		workflowData: [
			[
				{
					json: { data: { ...result.answer, respondedAt: new Date().toISOString() } },
					pairedItem: { item: 0 },
				},
			],
		],
	};
}
