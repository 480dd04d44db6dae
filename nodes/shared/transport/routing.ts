import type {
	DeclarativeRestApiSettings,
	IExecutePaginationFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { parameterId } from '../locators';
import type { DoorOptions } from './door';
import { DEFAULT_DOOR_OPTIONS, isRepeatable, labelOf, sendWithRetries } from './door';
import { withGate } from './gate';
import { segment } from './paths';
import { WriteMemory } from './writeMemory';

/** Path placeholders that are not one parameter: an attribute's list or collection. */
const DERIVED_PLACEHOLDERS: Record<string, (read: (name: string) => string) => string> = {
	targetId: (read) => read(read('target') === 'list' ? 'listId' : 'collectionId'),
};

/**
 * Fills the placeholders of an operation's path ("/api/v1/collection-records/{collectionId}")
 * from the node's parameters, each encoded. Done in code rather than as a routing expression:
 * n8n evaluates expressions several times per item, at about a millisecond each.
 */
export function resolvePath(url: string, read: (name: string) => string): string {
	return url.replace(/\{(\w+)\}/g, (_, name: string) => segment((DERIVED_PLACEHOLDERS[name] ?? ((r) => r(name)))(read)));
}

/** Request Handling: the options of the door, on every action node. */
export const requestHandlingField: INodeProperties = {
	displayName: 'Request Handling',
	name: 'requestHandling',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	description: 'How the node deals with rate limits and temporary failures; it retries them by itself',
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

function doorOptions(context: IExecutePaginationFunctions): DoorOptions {
	const chosen = context.getNodeParameter('requestHandling', {}) as { maxConcurrency?: number; maxWaitSeconds?: number };
	return {
		maxConcurrency: chosen.maxConcurrency ?? DEFAULT_DOOR_OPTIONS.maxConcurrency,
		maxWaitMs: (chosen.maxWaitSeconds ?? DEFAULT_DOOR_OPTIONS.maxWaitMs / 1000) * 1000,
	};
}

/**
 * The run of the node that an item belongs to. n8n's Retry On Fail runs a node again with
 * the same run index, a loop with the next one. The execution contexts of n8n-core keep it
 * as `runIndex` (node-execution-context.js) without a getter on the item contexts.
 */
const runIndexOf = (context: IExecutePaginationFunctions) =>
	(context as unknown as { runIndex?: number }).runIndex ?? 0;

type OperationRun = (
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
) => Promise<INodeExecutionData[]>;

const writeMemory = new WriteMemory<INodeExecutionData[]>();

function ambiguousWrite(context: IExecutePaginationFunctions, error: unknown, label: string): Error {
	const itemIndex = context.getItemIndex();
	const reason = (error as Error).message;
	// Only an HTTP status: n8n would replace this message with its own for a code like ECONNRESET.
	const httpCode = String((error as { httpCode?: unknown }).httpCode ?? '');
	return new NodeApiError(context.getNode(), {}, {
		message: `Item ${itemIndex}: the write may or may not have happened (${label}: ${reason})`,
		description:
			'It was not sent again, so that nothing is created twice. Check in the workspace whether it exists before running this item again; with Continue On Fail on, this item goes to the error output.',
		...(/^\d{3}$/.test(httpCode) ? { httpCode } : {}),
		itemIndex,
	});
}

/**
 * The pagination hook of every operation: routing hands a declarative node its requests
 * only here. Each request of `run` (one, the pages of a Get Many, the steps of Create or
 * Update) goes through the door of this node run; a write that already succeeded for this
 * item in this run (before n8n's Retry On Fail ran the node again) is not sent again.
 */
export function operationThroughDoor(run: OperationRun): OperationRun {
	return async function (this: IExecutePaginationFunctions, requestData) {
		const options = doorOptions(this);
		requestData.options.url = resolvePath(String(requestData.options.url ?? ''), (name) => parameterId(this, name));
		const runKey = `${this.getExecutionId()}|${this.getNode().name}|${runIndexOf(this)}`;
		return await withGate(runKey, options.maxConcurrency, async (gate) => {
			const makeRoutingRequest = async (request: DeclarativeRestApiSettings.ResultOptions) => {
				const method = String(request.options.method ?? 'GET');
				const url = String(request.options.url ?? '');
				const repeatable = isRepeatable(method, url);
				// Without an execution (a credential test) there is no re-run to protect.
				const writeKey =
					method === 'GET' || url.endsWith('/query') || !this.getExecutionId()
						? undefined
						: `${runKey}|${this.getItemIndex()}|${method} ${String(request.options.baseURL ?? '')}${url} ${JSON.stringify(request.options.body ?? null)}`;
				const earlier = writeKey ? writeMemory.get(writeKey) : undefined;
				if (earlier) return structuredClone(earlier);
				const items = await sendWithRetries(
					gate,
					{ send: async () => await this.makeRoutingRequest(request), repeatable, label: labelOf(method, url) },
					options,
					(error) => ambiguousWrite(this, error, labelOf(method, url)),
				);
				if (writeKey) writeMemory.set(writeKey, structuredClone(items));
				return items;
			};
			return await run.call(Object.create(this, { makeRoutingRequest: { value: makeRoutingRequest } }), requestData);
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
