import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	IWebhookDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { fromInput, InputError } from '../../input';
import type { ParameterSource } from '../../locators';
import { pickedId } from '../../locators';
import { MESSAGING_BASE_URL, requireMessagingHost } from '../host';
import { takesText, templateVariableKeys } from '../whatsApp';
import { apiRequest } from '../../transport';
import { toTimeLimitMs, warnIfLocal } from '../../waiting';
import { SEND_AND_WAIT_HINTS } from '../../../WorkspaceSendAndWait/hints';
import { ANSWERED_PAGE, PAGE_POLICY, questionPage } from './pages';
import type { AskInput, Choice, Links, Question } from './question';
import { linkVariableOf, toAskRequest, toQuestion } from './question';

/**
 * Send and Wait for Response (README, "Messages"), in the shape of n8n's own send-and-wait
 * nodes: the message carries links that n8n signs (`getSignedResumeUrl`: the execution, this
 * node and the query, under the instance's secret), the execution waits in n8n's waiting
 * state, and n8n itself refuses a forged or altered link and answers a link whose wait is over.
 * The person's answer resumes it with `{ data: { approved | text, respondedAt } }`.
 *
 * One person per execution, as in n8n's own nodes: the wait ends once, for the whole execution.
 */

/** n8n calls these at the links' address, `/webhook-waiting/<execution>/<node ID>`. */
export const answerWebhooks: IWebhookDescription[] = ['GET', 'POST'].map((httpMethod) => ({
	name: 'default',
	httpMethod,
	responseMode: 'onReceived',
	// Empty: else n8n answers a resume with the words "firstEntryJson", not the page.
	responseData: '',
	path: '={{ $nodeId }}',
	restartWebhook: true,
	isFullPath: true,
}));

const QUESTION_PARAMETERS = ['message', 'responseType', 'approvalOptions', 'options'] as const;

function questionOf(read: (name: string) => unknown): Question {
	const input: Record<string, unknown> = {};
	for (const name of QUESTION_PARAMETERS) input[name] = read(name);
	return toQuestion(input);
}

/** The item's parameters as the send reads them; a field the channel hides reads as empty. */
function askInputOf(context: IExecuteFunctions): AskInput {
	const read = (name: string) => context.getNodeParameter(name, 0, '');
	const source: ParameterSource = {
		getNodeParameter: (name, fallback, options) =>
			context.getNodeParameter(name, 0, fallback, options),
	};
	const channel = read('channel');
	const onWhatsApp = channel === 'whatsApp' || channel === 'whatsAppTemplate';
	return {
		channel,
		recipient: read('recipient'),
		senderId: read('senderId'),
		route: read('route'),
		subject: read('subject'),
		phoneId: onWhatsApp ? pickedId(source, 'phoneId') : undefined,
		...(channel === 'whatsAppTemplate' && {
			template: String(context.getNodeParameter('template', 0, '', { extractValue: true })),
			linkVariable: read('linkVariable'),
			variables: context.getNodeParameter('variables', 0, {}) as AskInput['variables'],
		}),
	};
}

/**
 * A template carries the link only in a text variable: said before sending, from the
 * template's variables as the host lists them.
 */
async function checkLinkVariable(context: IExecuteFunctions, input: AskInput): Promise<void> {
	const link = fromInput(context, () => linkVariableOf(input));
	const phoneId = typeof input.phoneId === 'string' ? input.phoneId : (input.phoneId?.id ?? '');
	const keys = await templateVariableKeys(context, phoneId, input.template ?? '');
	const texts = keys.filter(takesText).map((key) => key.keyName);
	if (texts.includes(link)) return;
	fromInput(context, () => {
		throw new InputError(
			'Link Variable',
			texts.length
				? `"${link}" is not a text variable of the template`
				: 'the template has no text variable to carry the link',
			texts.length
				? `Choose one of ${texts.join(', ')}.`
				: 'Choose a template with a text variable where the link goes (such as "Answer here: {{1}}"), or another channel.',
		);
	});
}

/** Sends the question to the one input item's person, then waits for the answer. */
export async function sendAndWaitForResponse(
	this: IExecuteFunctions,
): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	if (!items.length) return [[]];
	try {
		if (items.length > 1) {
			throw new NodeOperationError(
				this.getNode(),
				`Send and Wait asks one person per execution, and got ${items.length} items`,
				{
					description:
						'An execution waits once. To ask several people, run this node in a sub-workflow for each item (Execute Workflow, Mode: Run once for each item), or put Loop Over Items before it to ask them one after another.',
				},
			);
		}
		const question = fromInput(this, () =>
			questionOf((name) => this.getNodeParameter(name, 0, {})),
		);
		const timeLimitMs = fromInput(this, () =>
			toTimeLimitMs(
				this.getNodeParameter('waitTimeLimit', 0),
				this.getNodeParameter('waitTimeUnit', 0),
			),
		);
		const links: Links = {
			page: this.getSignedResumeUrl(),
			byChoice: {
				true: this.getSignedResumeUrl({ approved: 'true' }),
				false: this.getSignedResumeUrl({ approved: 'false' }),
			},
		};
		const input = askInputOf(this);
		const request = fromInput(this, () => toAskRequest(input, question, links));
		if (request.host === 'messaging') await requireMessagingHost(this);
		if (input.channel === 'whatsAppTemplate') await checkLinkVariable(this, input);
		await apiRequest<unknown>(this, 'POST', request.url, {
			body: request.body,
			hints: SEND_AND_WAIT_HINTS,
			...(request.host === 'messaging' && { baseURL: MESSAGING_BASE_URL }),
		});
		warnIfLocal(this, links.page, "the person's phone or mail app");
		await this.putExecutionToWait(new Date(Date.now() + timeLimitMs));
		return [items];
	} catch (error) {
		// Continue On Fail: each input item says why, and nothing waits.
		if (this.continueOnFail())
			return [
				items.map((_, item) => ({
					json: { error: (error as Error).message },
					pairedItem: { item },
				})),
			];
		throw error instanceof NodeApiError
			? error
			: new NodeOperationError(this.getNode(), error as Error, { itemIndex: 0 });
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
	if (question.responseType === 'freeText') {
		const text = typeof post.text === 'string' ? post.text.trim() : '';
		return text ? { answer: { text } } : { problem: 'Write your answer, then press Send.' };
	}
	const choice = offered.find(({ approved }) => String(approved) === String(post.approved));
	return choice
		? { answer: { approved: choice.approved } }
		: { problem: 'Press one of the buttons.' };
}

/**
 * The links' webhook. Opening a link shows the page; only its form's post answers, so a link
 * preview or a mail scanner resumes nothing. An email button's link names its choice in its
 * signed query, and its page offers that choice alone.
 */
export async function receiveAnswer(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const read = (name: string) => this.getNodeParameter(name, {});
	let question: Question;
	try {
		question = questionOf(read);
	} catch {
		return show(this, 500, questionPage({ title: 'Not available', message: '', choices: [] }));
	}
	const signed = this.getRequestObject().query.approved;
	const offered =
		typeof signed === 'string'
			? question.choices.filter(({ approved }) => String(approved) === signed)
			: question.choices;
	const subject = this.getNodeParameter('channel', '') === 'email' ? read('subject') : '';
	const view = {
		title: typeof subject === 'string' && subject.trim() ? subject : 'Your answer',
		message: question.message,
		choices: offered,
	};
	if (this.getRequestObject().method !== 'POST') return show(this, 200, questionPage(view));
	const result = answerOf(question, offered, this.getBodyData());
	if ('problem' in result) return show(this, 400, questionPage({ ...view, ...result }));
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
