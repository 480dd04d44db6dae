import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { fromInput } from '../input';
import { parameterId } from '../locators';
import type { DoorOptions } from './door';
import {
	asRead,
	DEFAULT_DOOR_OPTIONS,
	isRepeatable,
	labelOf,
	outcomeUnknown,
	sendWithRetries,
} from './door';
import { clock } from '../clock';
import { ID_PARAMETERS } from './errors';
import { withGate } from './gate';
import type { CreatedLookup } from './lostAnswer';
import { settleLostAnswer } from './lostAnswer';
import { segment } from './paths';
import { digestOf, itemKeyOf, runKeyOf, trackingDoubt, WriteMemory } from './writeMemory';

/** Path placeholders that are not one parameter: an attribute's list or collection. */
const DERIVED_PLACEHOLDERS: Record<string, (read: (name: string) => string) => string> = {
	targetId: (read) => read(read('target') === 'list' ? 'listId' : 'collectionId'),
};

/** The field a placeholder comes from, as the user sees it. */
const fieldOf = (name: string) =>
	ID_PARAMETERS[name] ??
	(name === 'targetId' ? 'Collection or List' : name === 'target' ? 'Target' : name);

/**
 * Fills a path's `{placeholders}` from the parameters, each a checked, encoded segment: in code,
 * as n8n evaluates a routing expression several times per item, at about a millisecond each.
 */
export function resolvePath(url: string, read: (name: string) => string): string {
	return url.replace(/\{(\w+)\}/g, (_, name: string) =>
		segment((DERIVED_PLACEHOLDERS[name] ?? ((r) => r(name)))(read), fieldOf(name)),
	);
}

/** Options: the knobs of the door, at the bottom of every action node, as n8n's own nodes keep such settings. */
export const optionsField: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	description:
		'How the node deals with rate limits and temporary failures; it retries them by itself',
	options: [
		{
			displayName: 'Max Concurrent Requests',
			name: 'maxConcurrency',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 100 },
			// The lint wants literals here; a description test checks they match DEFAULT_DOOR_OPTIONS.
			default: 10,
			description:
				'How many requests this node sends at once at most, for all its items. After a rate limit (HTTP 429) it also slows down by itself, to the pace the service accepts.',
		},
		{
			displayName: 'Give Up After (Seconds)',
			name: 'maxWaitSeconds',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 120,
			description:
				'How long one request may wait in all for retries after rate limits and temporary failures before its item fails',
		},
	],
};

export function doorOptions(context: IExecuteSingleFunctions): DoorOptions {
	const chosen = context.getNodeParameter('options', {}) as {
		maxConcurrency?: number;
		maxWaitSeconds?: number;
	};
	return {
		maxConcurrency: chosen.maxConcurrency ?? DEFAULT_DOOR_OPTIONS.maxConcurrency,
		maxWaitMs: (chosen.maxWaitSeconds ?? DEFAULT_DOOR_OPTIONS.maxWaitMs / 1000) * 1000,
	};
}

type OperationRun = (
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
) => Promise<INodeExecutionData[]>;

/** What each write of an execution became, for n8n's re-runs of the node (Retry On Fail). */
const writeMemory = new WriteMemory<INodeExecutionData[]>((items) => JSON.stringify(items).length);

/** The error of a write tried before in this execution whose outcome is unknown: it is not sent again. */
function stillUnknown(
	context: IExecutePaginationFunctions,
	label: string,
	reason: string,
): NodeApiError {
	return outcomeUnknown(
		context.getNode(),
		label,
		`${reason}; an earlier try of this item, not sent again`,
		context.getItemIndex(),
	);
}

/** A write done before in this execution whose answer is no longer held, or whose run overflowed the memory. */
function notResent(context: IExecutePaginationFunctions, label: string, why: string): NodeApiError {
	return new NodeApiError(
		context.getNode(),
		{},
		{
			message: `Item ${context.getItemIndex()}: not sent again (${label}): ${why}`,
			description:
				'n8n ran this node again (Retry On Fail) in the same execution. The node does not repeat writes it may have done; check the workspace, and run this item again on its own if it is missing.',
			itemIndex: context.getItemIndex(),
		},
	);
}

/**
 * Retry On Fail re-runs the node: a write done before returns its answer, an unknown one fails.
 * A create whose answer was lost is looked up first, where `lookUp` can tell its result apart.
 */
async function sendRememberingWrites(
	context: IExecutePaginationFunctions,
	gate: Parameters<typeof sendWithRetries>[0],
	options: DoorOptions,
	request: DeclarativeRestApiSettings.ResultOptions,
	lookUp?: CreatedLookup,
): Promise<INodeExecutionData[]> {
	const method = String(request.options.method ?? 'GET');
	const url = String(request.options.url ?? '');
	const label = labelOf(method, url);
	const repeatable = isRepeatable(method, request.options);
	let firstSentAt: number | undefined;
	const attempt = {
		send: async (timeoutMs: number) => {
			firstSentAt ??= clock.now();
			const timeout = Math.min(request.options.timeout ?? Infinity, timeoutMs);
			return await context.makeRoutingRequest({
				...request,
				options: { ...request.options, timeout },
			});
		},
		repeatable,
		label,
		node: context.getNode(),
		itemIndex: context.getItemIndex(),
		signal: context.getExecutionCancelSignal?.(),
	};
	// Reads, and requests outside an execution (a credential test), have nothing to protect.
	const isWrite =
		method !== 'GET' && !(repeatable && method === 'POST') && Boolean(context.getExecutionId());
	if (!isWrite) return await sendWithRetries(gate, attempt, options);

	const run = runKeyOf(context);
	const key = digestOf(
		run,
		String(context.getItemIndex()),
		method,
		String(request.options.baseURL ?? ''),
		url,
		JSON.stringify(request.options.body ?? null),
	);
	const earlier = writeMemory.get(key);
	if (earlier?.kind === 'done') return structuredClone(earlier.value);
	if (earlier?.kind === 'unknown') throw stillUnknown(context, label, earlier.reason);
	if (earlier?.kind === 'done-forgotten')
		throw notResent(context, label, 'it was done before, and its answer is no longer held');
	if (writeMemory.overflowed(run))
		throw notResent(context, label, "this run's writes outgrew the memory that tells them apart");

	return await trackingDoubt(itemKeyOf(context), async (doubt) => {
		const send = async (maxWaitMs: number): Promise<INodeExecutionData[]> =>
			await sendWithRetries(
				gate,
				{
					...attempt,
					onDoubt: () => doubt(method),
					onUnknown: (reason) => writeMemory.remember(key, run, { kind: 'unknown', reason }),
					settle:
						lookUp &&
						(async (unknown) =>
							await settleLostAnswer(
								{
									context,
									lookUp,
									body: (request.options.body ?? {}) as IDataObject,
									deadline: (firstSentAt ?? clock.now()) + options.maxWaitMs,
									resend: send,
								},
								unknown,
							)),
				},
				{ maxWaitMs },
			);
		const items = await send(options.maxWaitMs);
		writeMemory.remember(key, run, { kind: 'done', value: structuredClone(items) });
		return items;
	});
}

/** The pagination hook, routing's only way to hand over requests: each goes through the door. */
export function operationThroughDoor(
	run: OperationRun,
	{ repeatable = false, lookUp }: { repeatable?: boolean; lookUp?: CreatedLookup } = {},
): OperationRun {
	return async function (this: IExecutePaginationFunctions, requestData) {
		const options = doorOptions(this);
		// An empty, '.' or '..' ID would name another path: refused before anything is sent.
		requestData.options.url = fromInput(this, () =>
			resolvePath(String(requestData.options.url ?? ''), (name) => parameterId(this, name)),
		);
		if (repeatable) asRead(requestData.options);
		return await withGate(runKeyOf(this), options.maxConcurrency, async (gate) => {
			const makeRoutingRequest = async (request: DeclarativeRestApiSettings.ResultOptions) =>
				await sendRememberingWrites(this, gate, options, request, lookUp);
			return await run.call(
				Object.create(this, { makeRoutingRequest: { value: makeRoutingRequest } }),
				requestData,
			);
		});
	};
}

/** An operation of one request: it too goes through the door. */
export async function singleRequest(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	return await this.makeRoutingRequest(requestData);
}
