import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { InputError, isPlainObject, textIn } from '../input';
import { MESSAGING_BASE_URL } from './host';
import { clock } from '../clock';
import { apiRequest, paths } from '../transport';
import { timeLimitField, timeLimitUnitField, toTimeLimitMs, warnIfLocal } from '../waiting';

/**
 * Delivery Report → Wait for Status (README, "Messages"), and the hidden Workspace Wait for
 * Delivery node: after a send whose Postback URL is `{{ $execution.resumeUrl }}`, the execution
 * waits until each message reaches a status the user chose, or the time limit passes. It stands
 * after the send: a node that waits gets its input back when it resumes, not its output, so the
 * send's request ids must already be in its input.
 *
 * What is kept while waiting is that input, where n8n keeps a waiting execution (its database: it
 * outlasts a restart, and any process may take the post-back): each item becomes its pending
 * outcome. n8n hands these items on when the time limit passes (it runs the node as disabled) and
 * gives them to the webhook's expressions. n8n saves a waiting execution only when it resumes, so
 * a status that completes one of several items reads the others' delivery reports, and resumes
 * once every one has a chosen status.
 *
 * A status posted before the wait begins meets n8n's refusal (409 "is running already", or 500
 * before n8n stored the execution), and the vendor documents no retry: so the wait reads each
 * report as it begins, and again after 1 and 3 s while a status is missing, and does not wait when
 * every message has a chosen status by then. One posted between the last look and n8n storing the
 * wait is still lost.
 */

const DEFAULT_STATUSES = 'delivered, read, failed';

/**
 * The pauses before each look again (under load n8n takes seconds to store a wait); all the looks
 * take LOOKS_MS at most, as the execution meanwhile runs, refusing post-backs.
 */
const LOOKS_AGAIN_AFTER_MS = [1_000, 2_000];
const LOOKS_MS = 5_000;

/** The node's fields: which message each item is about, and what ends the wait. */
export const deliveryWaitFields: INodeProperties[] = [
	{
		// The one setup step outside this node, and the one that fails silently when missed.
		displayName:
			"Set the send's Postback URL to {{ $execution.resumeUrl }}. The host must reach it: with n8n on localhost, set n8n's WEBHOOK_URL (N8N_WEBHOOK_URL on n8n 2) to its public address.",
		name: 'setupNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Request ID',
		name: 'requestId',
		type: 'string',
		required: true,
		default: '={{ $json.request_id }}',
		description:
			"The request_id the send returned, for each item: by default the item's own, as the Workspace SMS, WhatsApp and Email sends output it",
	},
	{
		displayName: 'Resume On Statuses',
		name: 'resumeOnStatuses',
		type: 'string',
		default: DEFAULT_STATUSES,
		placeholder: 'e.g. delivered, read, failed',
		description:
			'The statuses that end the wait, separated by commas, as the host names them; other statuses (such as sent) are waited past',
	},
	{
		...timeLimitField,
		description:
			'How long to wait at most. When it passes, the execution goes on, with outcome noFinalStatus for each message still without a chosen status.',
	},
	timeLimitUnitField,
];

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

export interface SeenStatus {
	status: string;
	status_at: string | null;
	remark: string | null;
}

/** What an item outputs: its outcome, the final status (if any) and the statuses seen. */
export interface DeliveryOutcome extends IDataObject {
	outcome: 'finalStatus' | 'noFinalStatus';
	status: string | null;
	status_at: string | null;
	remark: string | null;
	statuses: SeenStatus[];
	request_id: string;
	/** The statuses that end the wait, as set when it began. */
	resume_on: string[];
}

/** The item before any chosen status: what the time limit hands on. */
export const pendingOutcome = (requestId: string, plan: WaitPlan): DeliveryOutcome => ({
	outcome: 'noFinalStatus',
	status: null,
	status_at: null,
	remark: null,
	statuses: [],
	request_id: requestId,
	resume_on: plan.statuses,
});

function requestIdOf(context: IExecuteFunctions, itemIndex: number): string {
	const id = textIn(context.getNodeParameter('requestId', itemIndex), 'Request ID', 'id').trim();
	if (id) return id;
	throw new InputError(
		'Request ID',
		'empty',
		"Put this node after a Workspace SMS or Email send or a WhatsApp Send Template, whose output has request_id (Send in Conversation returns none, so it cannot be waited on), or give the send's request_id.",
	);
}

/** Our sends whose Postback URL this wait needs (their output's request_id is what it waits on). */
const SENDS = ['workspaceSms', 'workspaceWhatsApp', 'workspaceEmail'].map(
	(name) => `n8n-nodes-workspace-records.${name}`,
);

/**
 * The send right before this node, as the user set it: without a Postback URL the wait could only
 * end at its time limit; another address (a relay of the user's may forward) is said in the output.
 */
function checkSendBefore(context: IExecuteFunctions): void {
	const previous = context.getInputSourceData()?.previousNode;
	const send = context
		.getParentNodes(context.getNode().name, { includeNodeParameters: true, depth: 1 })
		.find(
			(node) =>
				node.name === previous &&
				SENDS.includes(node.type) &&
				node.parameters?.resource !== 'deliveryReport',
		);
	if (!send) return;
	const extra = send.parameters?.additionalFields;
	const postBackUrl = isPlainObject(extra)
		? String((extra as IDataObject).postBackUrl ?? '').trim()
		: '';
	if (!postBackUrl) {
		throw new NodeOperationError(
			context.getNode(),
			`"${previous}" has no Postback URL: its statuses would not come here`,
			{
				description: `In "${previous}", under Additional Fields, set Postback URL to {{ $execution.resumeUrl }}. Without it this wait could only end at its time limit.`,
			},
		);
	}
	if (!/resumeUrl|resumeWebhookUrl/.test(postBackUrl))
		context.addExecutionHints({
			message: `"${previous}" posts its statuses to ${postBackUrl}, not to {{ $execution.resumeUrl }}: this wait resumes only if that address forwards them here.`,
			type: 'warning',
			location: 'outputPane',
		});
}

/** Items become pending outcomes in place, settled from reports; waits to the longest limit. */
export async function startDeliveryWait(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getExecuteData().data.main[0] ?? [];
	checkSendBefore(this);
	const began = clock.now();
	const waiting: Array<{ item: INodeExecutionData; pending: DeliveryOutcome; ends: number }> = [];
	for (const [itemIndex, item] of items.entries()) {
		item.pairedItem = { item: itemIndex };
		try {
			const plan = toWaitPlan({
				resumeOnStatuses: this.getNodeParameter('resumeOnStatuses', itemIndex),
				waitTimeLimit: this.getNodeParameter('waitTimeLimit', itemIndex),
				waitTimeUnit: this.getNodeParameter('waitTimeUnit', itemIndex),
			});
			const pending = pendingOutcome(requestIdOf(this, itemIndex), plan);
			item.json = pending;
			waiting.push({ item, pending, ends: began + plan.timeLimitMs });
		} catch (error) {
			// Continue On Fail: the item says why and is waited for by nobody; it goes on as it is.
			if (this.continueOnFail()) {
				item.json = { error: (error as Error).message };
				continue;
			}
			throw error instanceof InputError
				? new NodeOperationError(this.getNode(), error.message, {
						description: error.hint,
						itemIndex,
					})
				: new NodeOperationError(this.getNode(), error as Error, { itemIndex });
		}
	}
	// Each report read now, then again after each pause while a status is missing.
	for (const pause of [0, ...LOOKS_AGAIN_AFTER_MS]) {
		const unsettled = waiting.filter(({ item }) => isPending(item.json));
		const left = began + LOOKS_MS - clock.now() - pause;
		if (!unsettled.length || left <= 0) break;
		if (pause) await clock.sleep(pause);
		await Promise.all(
			unsettled.map(async ({ item, pending }) => {
				// A report that cannot be read leaves the wait to the post-backs: retrying it longer
				// would hold the execution running, refusing them meanwhile.
				const settled = await fromReport(this, pending, left).catch(() => undefined);
				if (settled) item.json = settled;
			}),
		);
	}
	const waitUntil = Math.max(
		0,
		...waiting.filter(({ item }) => isPending(item.json)).map(({ ends }) => ends),
	);
	if (!waitUntil) return [items];
	warnIfLocal(this, String(this.evaluateExpression('{{ $execution.resumeUrl }}', 0)), 'the host');
	await this.putExecutionToWait(new Date(waitUntil));
	return [items];
}

const isOutcome = (value: unknown): value is DeliveryOutcome =>
	isPlainObject(value) && typeof value.request_id === 'string' && Array.isArray(value.resume_on);

const isPending = (value: unknown) => isOutcome(value) && value.outcome === 'noFinalStatus';

const seenOf = (report: IDataObject, atKey: 'status_at' | 'statusAt'): SeenStatus => ({
	status: String(report.status ?? ''),
	status_at: typeof report[atKey] === 'string' ? (report[atKey] as string) : null,
	remark: typeof report.remark === 'string' ? report.remark : null,
});

/** The item once a chosen status arrived. */
const reached = (pending: DeliveryOutcome, seen: SeenStatus): DeliveryOutcome => ({
	...pending,
	outcome: 'finalStatus',
	...seen,
	statuses: [...pending.statuses, seen],
});

const chosen = (pending: DeliveryOutcome, status: string) =>
	pending.resume_on.includes(status.trim().toLowerCase());

/** A message's status, from the vendor's delivery report: undefined while none chosen. */
async function fromReport(
	context: IExecuteFunctions | IWebhookFunctions,
	pending: DeliveryOutcome,
	maxWaitMs?: number,
): Promise<DeliveryOutcome | undefined> {
	const report = await apiRequest<IDataObject>(context, 'GET', paths.messaging.deliveryReport, {
		baseURL: MESSAGING_BASE_URL,
		qs: { request_id: pending.request_id },
		maxWaitMs,
	});
	const seen = seenOf(isPlainObject(report) ? report : {}, 'statusAt');
	return chosen(pending, seen.status) ? reached(pending, seen) : undefined;
}

/** A refusal that resumes nothing: a post about none of this execution's messages. */
function refuse(context: IWebhookFunctions): IWebhookResponseData {
	context.getResponseObject().status(403).json({
		received: false,
		message: 'This address waits for the statuses of other messages.',
	});
	return { noWebhookResponse: true };
}

const answered = (message: string): IWebhookResponseData => ({
	webhookResponse: { received: true, message },
});

/** A post-back, found by its request id: it resumes once every item has a chosen status. */
export async function receiveDeliveryStatus(
	this: IWebhookFunctions,
): Promise<IWebhookResponseData> {
	const waiting = this.evaluateExpression('{{ $input.all().map(item => item.json) }}', 0);
	const items = Array.isArray(waiting) ? (waiting as unknown[]) : [];
	const post = this.getBodyData();
	const index = items.findIndex(
		(item) =>
			isOutcome(item) && typeof post.request_id === 'string' && item.request_id === post.request_id,
	);
	const pending = items[index];
	if (!isOutcome(pending)) return refuse(this);
	if (pending.outcome === 'finalStatus')
		return answered(`Noted; this message had status "${pending.status}" when the wait began.`);
	const seen = seenOf(post, 'status_at');
	if (!chosen(pending, seen.status))
		return answered(
			`Status "${seen.status}" noted; the execution waits for ${pending.resume_on.join(', ')}.`,
		);

	const outcomes: IDataObject[] = [];
	for (const [i, item] of items.entries()) {
		if (i === index) outcomes.push(reached(pending, seen));
		else if (!isOutcome(item)) outcomes.push(isPlainObject(item) ? item : {});
		// Settled from its report when the wait began.
		else if (item.outcome === 'finalStatus') outcomes.push(item);
		else {
			// The same message twice in the input: one status ends the wait of both.
			const outcome =
				item.request_id === pending.request_id ? reached(item, seen) : await fromReport(this, item);
			if (!outcome) return answered('Noted; the execution waits for the other messages.');
			outcomes.push(outcome);
		}
	}
	return {
		webhookResponse: { received: true, message: 'The execution resumes.' },
		workflowData: [outcomes.map((json, item) => ({ json, pairedItem: { item } }))],
	};
}
