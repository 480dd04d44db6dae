import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
	IWebhookDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { forOperation } from '../descriptions';
import { fromInput, InputError, isPlainObject, numberIn, textIn } from '../input';
import { apiRequest, paths } from '../transport';
import { MESSAGING_BASE_URL } from './host';

/**
 * Wait for Delivery (README, "Messages"): the send's `post_back_url` is this execution's own
 * resume address, and the execution waits in n8n's waiting state until each message reaches a
 * status the user chose, or the time limit passes.
 *
 * What is kept while waiting lives where n8n keeps a waiting execution, in its database, so that
 * it outlasts a restart and any process (main, webhook, worker) can take the post-back: each
 * input item of the waiting node becomes the item's pending outcome (`pendingOutcome`), holding
 * the request id its send returned and the statuses that resume it. n8n hands exactly these
 * items on when the time limit passes (it runs the waiting node as disabled, passing its input
 * through), and gives them to the node's webhook when a status arrives.
 *
 * n8n saves a waiting execution only when it resumes, so a status that resumes nothing is not
 * kept: with several items, a status that completes one item asks the vendor's delivery report
 * (by request id) for the others, and resumes once every one has a chosen status.
 */

export const WAIT_FOR_DELIVERY = 'waitForDelivery';
const DEFAULT_STATUSES = 'delivered, read, failed';

const UNITS: Record<string, number> = {
	seconds: 1000,
	minutes: 60_000,
	hours: 3_600_000,
	days: 86_400_000,
};

/** The fields, once per node for the sends that take a post-back address. */
export function deliveryWaitFields(resource: string, operations: string[]): INodeProperties[] {
	const whenWaiting = { show: { [WAIT_FOR_DELIVERY]: [true] } };
	return forOperation(resource, operations, [
		{
			displayName: 'Wait for Delivery',
			name: WAIT_FOR_DELIVERY,
			type: 'boolean',
			default: false,
			description:
				"Whether the execution pauses after sending until each message reaches one of the statuses below, or the time limit passes. The host posts the statuses to n8n's webhook address, which it must be able to reach.",
		},
		{
			displayName: 'Resume On Statuses',
			name: 'resumeOnStatuses',
			type: 'string',
			default: DEFAULT_STATUSES,
			placeholder: 'e.g. delivered, read, failed',
			description:
				'The statuses that end the wait, separated by commas, as the host names them; other statuses (such as sent) are awaited past',
			displayOptions: whenWaiting,
		},
		{
			displayName: 'Time Limit',
			name: 'waitTimeLimit',
			type: 'number',
			default: 10,
			typeOptions: { minValue: 0 },
			description:
				'How long to wait for the statuses. When it passes, the execution goes on with outcome noFinalStatus for each message still without one.',
			displayOptions: whenWaiting,
		},
		{
			displayName: 'Time Limit Unit',
			name: 'waitTimeUnit',
			type: 'options',
			options: [
				{ name: 'Seconds', value: 'seconds' },
				{ name: 'Minutes', value: 'minutes' },
				{ name: 'Hours', value: 'hours' },
				{ name: 'Days', value: 'days' },
			],
			default: 'minutes',
			displayOptions: whenWaiting,
		},
	]);
}

/** The statuses a user listed, lower-cased: the vendor names no list, so any word goes. */
export function toStatusList(value: unknown): string[] {
	const statuses = textIn(value, 'Resume On Statuses')
		.split(/[,\n]/)
		.map((status) => status.trim().toLowerCase())
		.filter(Boolean);
	if (!statuses.length) {
		throw new InputError(
			'Resume On Statuses',
			'empty',
			'List the statuses that end the wait, such as delivered, read, failed.',
		);
	}
	return [...new Set(statuses)];
}

/** The time limit in milliseconds: a positive duration. */
export function toTimeLimitMs(amount: unknown, unit: unknown): number {
	const perUnit = UNITS[String(unit)];
	if (!perUnit) {
		throw new InputError(
			'Time Limit Unit',
			`"${String(unit)}" is not a unit`,
			'Choose Seconds, Minutes, Hours or Days.',
		);
	}
	const number = numberIn(amount, 'Time Limit', {
		min: 0,
		whole: false,
		hint: 'Give how long to wait, a number above 0, such as 10.',
	});
	if (number <= 0) {
		throw new InputError(
			'Time Limit',
			'0 waits for nothing',
			'Give how long to wait, a number above 0, such as 10, or turn off Wait for Delivery.',
		);
	}
	return number * perUnit;
}

export interface WaitPlan {
	statuses: string[];
	timeLimitMs: number;
}

export interface WaitInput {
	resumeOnStatuses?: unknown;
	waitTimeLimit?: unknown;
	waitTimeUnit?: unknown;
}

/** The wait as the user set it, said before sending when it cannot be. */
export const toWaitPlan = (input: WaitInput): WaitPlan => ({
	statuses: toStatusList(input.resumeOnStatuses ?? DEFAULT_STATUSES),
	timeLimitMs: toTimeLimitMs(input.waitTimeLimit ?? 10, input.waitTimeUnit ?? 'minutes'),
});

const waits = (context: IExecuteSingleFunctions) =>
	context.getNodeParameter(WAIT_FOR_DELIVERY, false) === true;

const waitPlanOf = (context: IExecuteSingleFunctions): WaitPlan =>
	toWaitPlan({
		resumeOnStatuses: context.getNodeParameter('resumeOnStatuses', DEFAULT_STATUSES),
		waitTimeLimit: context.getNodeParameter('waitTimeLimit', 10),
		waitTimeUnit: context.getNodeParameter('waitTimeUnit', 'minutes'),
	});

/** The query parameter of the resume address that says which item a post-back is about. */
const ITEM_PARAMETER = 'item';

/**
 * This execution's resume address (n8n's `$execution.resumeUrl`, which carries n8n's resume
 * token in `signature`: n8n itself refuses a post without it) with the item's index.
 */
export function resumeAddressOf(resumeUrl: string, itemIndex: number): string {
	const url = new URL(resumeUrl);
	url.searchParams.set(ITEM_PARAMETER, String(itemIndex));
	return url.toString();
}

/**
 * A preSend, after the body is built: the send's post-back address becomes this execution's,
 * and a Postback URL of the user's is refused, since the host takes one address per message.
 */
export async function postBackToThisExecution(
	this: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	if (!waits(this)) return options;
	const body = (options.body ?? {}) as IDataObject;
	return fromInput(this, () => {
		waitPlanOf(this);
		if (body.post_back_url !== undefined) {
			throw new InputError(
				'Postback URL',
				'given with Wait for Delivery',
				"The host posts a message's statuses to one address: with Wait for Delivery it is this execution's. Remove Postback URL, or turn off Wait for Delivery and start another workflow from the statuses.",
			);
		}
		const resumeUrl = String(
			this.evaluateExpression('{{ $execution.resumeUrl }}', this.getItemIndex()),
		);
		return {
			...options,
			body: { ...body, post_back_url: resumeAddressOf(resumeUrl, this.getItemIndex()) },
		};
	});
}

export interface SeenStatus {
	status: string;
	status_at: string | null;
	remark: string | null;
}

/** What an item outputs: its outcome, the final status (if any) and every status seen. */
export interface DeliveryOutcome extends IDataObject {
	outcome: 'finalStatus' | 'noFinalStatus';
	status: string | null;
	status_at: string | null;
	remark: string | null;
	statuses: SeenStatus[];
	request_id: string;
	recipient: string | null;
	/** The statuses that end the wait, as set when it began. */
	resume_on: string[];
}

/** The item before any chosen status: what the time limit hands on. */
export const pendingOutcome = (
	requestId: string,
	recipient: unknown,
	plan: WaitPlan,
): DeliveryOutcome => ({
	outcome: 'noFinalStatus',
	status: null,
	status_at: null,
	remark: null,
	statuses: [],
	request_id: requestId,
	recipient: typeof recipient === 'string' ? recipient : null,
	resume_on: plan.statuses,
});

/** n8n's waiting state, which its typings offer only to programmatic nodes (it is on every run context). */
interface Waitable {
	putExecutionToWait?: (waitTill: Date) => Promise<void>;
}

/**
 * A postReceive after a send's answer was checked: the item becomes its pending outcome, and
 * the execution waits until the time limit at most.
 */
export async function startDeliveryWait(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	if (!waits(this)) return items;
	const plan = waitPlanOf(this);
	const answer = isPlainObject(response.body) ? response.body : {};
	const requestId = typeof answer.request_id === 'string' ? answer.request_id : '';
	const itemIndex = this.getItemIndex();
	const input = this.getExecuteData().data.main[0]?.[itemIndex];
	const wait = (this as unknown as Waitable).putExecutionToWait;
	if (!requestId || !input || typeof wait !== 'function') return items;
	const sent = (this.getNodeParameter('recipient', '') as unknown) ?? '';
	input.json = pendingOutcome(requestId, recipientOf(sent), plan);
	await wait.call(this, new Date(Date.now() + plan.timeLimitMs));
	return items;
}

const recipientOf = (value: unknown) => (typeof value === 'string' ? value.trim() : null);

/** The webhook n8n calls at the resume address, only while the execution waits. */
export const deliveryWaitWebhook: IWebhookDescription = {
	name: 'default',
	httpMethod: 'POST',
	responseMode: 'onReceived',
	path: '',
	restartWebhook: true,
	ndvHideUrl: true,
	ndvHideMethod: true,
};

const isOutcome = (value: unknown): value is DeliveryOutcome =>
	isPlainObject(value) && typeof value.request_id === 'string' && Array.isArray(value.resume_on);

const seenOf = (report: IDataObject, atKey: 'status_at' | 'statusAt'): SeenStatus => ({
	status: String(report.status ?? ''),
	status_at: typeof report[atKey] === 'string' ? (report[atKey] as string) : null,
	remark: typeof report.remark === 'string' ? report.remark : null,
});

/** The item once a chosen status arrived. */
function reached(pending: DeliveryOutcome, seen: SeenStatus): DeliveryOutcome {
	const statuses = pending.statuses.some(
		(s) => s.status === seen.status && s.status_at === seen.status_at,
	)
		? pending.statuses
		: [...pending.statuses, seen];
	return { ...pending, outcome: 'finalStatus', ...seen, statuses };
}

const chosen = (pending: DeliveryOutcome, status: string) =>
	pending.resume_on.includes(status.trim().toLowerCase());

/** Another item's status, from the vendor's delivery report: undefined while none chosen. */
async function fromReport(
	context: IWebhookFunctions,
	pending: DeliveryOutcome,
): Promise<DeliveryOutcome | undefined> {
	if (pending.outcome === 'finalStatus') return pending;
	const report = await apiRequest<IDataObject>(context, 'GET', paths.messaging.deliveryReport, {
		baseURL: MESSAGING_BASE_URL,
		qs: { request_id: pending.request_id },
	});
	const seen = seenOf(isPlainObject(report) ? report : {}, 'statusAt');
	return chosen(pending, seen.status) ? reached(pending, seen) : undefined;
}

/** A refusal that resumes nothing: a post that is not about this execution's messages. */
function refuse(context: IWebhookFunctions, why: string): IWebhookResponseData {
	context.getResponseObject().status(403).json({ received: false, message: why });
	return { noWebhookResponse: true };
}

const answered = (message: string): IWebhookResponseData => ({
	webhookResponse: { received: true, message },
});

/**
 * The node's webhook: a post-back for one of the waiting items. It resumes the execution once
 * every item has a chosen status; anything else is answered and resumes nothing.
 */
export async function receiveDeliveryStatus(
	this: IWebhookFunctions,
): Promise<IWebhookResponseData> {
	const waiting = this.evaluateExpression('{{ $input.all().map(item => item.json) }}', 0);
	const items = Array.isArray(waiting) ? (waiting as unknown[]) : [];
	const query = this.getQueryData() as IDataObject;
	const index = Number(query[ITEM_PARAMETER]);
	const pending = Number.isInteger(index) ? items[index] : undefined;
	const post = this.getBodyData();
	if (!isOutcome(pending) || typeof post.request_id !== 'string')
		return refuse(this, 'This address waits for the statuses of other messages.');
	if (post.request_id !== pending.request_id)
		return refuse(
			this,
			'This status is about another message than the one this address waits for.',
		);
	const seen = seenOf(post, 'status_at');
	if (!chosen(pending, seen.status))
		return answered(
			`Status "${seen.status}" noted; the execution waits for ${pending.resume_on.join(', ')}.`,
		);

	const outcomes: IDataObject[] = [];
	for (const [i, item] of items.entries()) {
		if (i === index) outcomes.push(reached(pending, seen));
		else if (!isOutcome(item)) outcomes.push(isPlainObject(item) ? item : {});
		else {
			const outcome = await fromReport(this, item);
			if (!outcome) return answered('Noted; the execution waits for the other messages.');
			outcomes.push(outcome);
		}
	}
	return {
		webhookResponse: { received: true, message: 'The execution resumes.' },
		workflowData: [outcomes.map((json, item) => ({ json, pairedItem: { item } }))],
	};
}
