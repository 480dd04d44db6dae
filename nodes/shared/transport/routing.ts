import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	INodeExecutionData,
} from 'n8n-workflow';

import { checkedInput } from '../input';
import { idFieldOf, parameterId } from '../locators';
import { labelOf } from './failures';
import type { CreatedLookup } from './lostAnswer';
import { settleLostAnswer } from './lostAnswer';
import { segment } from './paths';
import type { Request } from './pipeline';
import { send } from './pipeline';
import { asRead, isRepeatable } from './policy';
import type { RunSettings } from './requests';
import { fromItem, itemWrite, runSettingsOf } from './requests';

/**
 * Routing hands a node its requests only through the pagination hook: `throughDoor` is that hook
 * for every operation, and each request it makes (pages, multi-step operations) goes through `send`.
 */

/** Path placeholders that are not one parameter: an attribute's list or collection. */
const DERIVED_PLACEHOLDERS: Record<string, (read: (name: string) => string) => string> = {
	targetId: (read) => read(read('target') === 'list' ? 'listId' : 'collectionId'),
};

/**
 * Fills a path's `{placeholders}` from the parameters, each a checked, encoded segment: in code,
 * as n8n evaluates a routing expression several times per item, at about a millisecond each.
 */
export function resolvePath(url: string, read: (name: string) => string): string {
	return url.replace(/\{(\w+)\}/g, (_, name: string) =>
		segment((DERIVED_PLACEHOLDERS[name] ?? ((r) => r(name)))(read), idFieldOf(name)),
	);
}

type RoutingRequest = DeclarativeRestApiSettings.ResultOptions;

export type OperationRun = (
	this: IExecutePaginationFunctions,
	requestData: RoutingRequest,
) => Promise<INodeExecutionData[]>;

/** One routing request as the door sends it: paced with its run, remembered if it is a write. */
function operationRequest(
	context: IExecutePaginationFunctions,
	settings: RunSettings,
	request: RoutingRequest,
	lookUp?: CreatedLookup,
): Request<INodeExecutionData[]> {
	const method = String(request.options.method ?? 'GET');
	const url = String(request.options.url ?? '');
	const repeatable = isRepeatable(method, request.options);
	const body = (request.options.body ?? {}) as IDataObject;
	// Reads, and requests outside an execution (a credential test), have nothing to protect.
	const isWrite =
		method !== 'GET' && !(repeatable && method === 'POST') && Boolean(context.getExecutionId());
	const baseURL = String(request.options.baseURL ?? '');
	const sent = [method, baseURL, url, JSON.stringify(request.options.body ?? null)];
	return {
		node: context.getNode(),
		label: labelOf(method, url),
		...fromItem(context, settings),
		repeatable,
		attempt: async (timeoutMs) =>
			await context.makeRoutingRequest({
				...request,
				options: {
					...request.options,
					timeout: Math.min(request.options.timeout ?? Infinity, timeoutMs),
				},
			}),
		...(isWrite && { write: itemWrite(context, method, sent) }),
		...(isWrite &&
			lookUp && {
				settle: async (doubt, resend) =>
					await settleLostAnswer({ context, lookUp, body, resend }, doubt),
			}),
	};
}

/** The pagination hook of every operation: each request `run` makes goes through the door. */
export function throughDoor(
	run: OperationRun,
	{ repeatable = false, lookUp }: { repeatable?: boolean; lookUp?: CreatedLookup } = {},
): OperationRun {
	return async function (this: IExecutePaginationFunctions, requestData) {
		// Bad input met on the way, wherever it is read, is this item's error, as the user can fix it.
		return await checkedInput(this, async () => {
			const settings = runSettingsOf(this);
			// An empty, '.' or '..' ID would name another path.
			requestData.options.url = resolvePath(String(requestData.options.url ?? ''), (name) =>
				parameterId(this, name),
			);
			if (repeatable) asRead(requestData.options);
			const makeRoutingRequest = async (request: RoutingRequest) =>
				await send(operationRequest(this, settings, request, lookUp));
			return await run.call(
				Object.create(this, { makeRoutingRequest: { value: makeRoutingRequest } }),
				requestData,
			);
		});
	};
}

/** An operation of one request. */
export async function singleRequest(
	this: IExecutePaginationFunctions,
	requestData: RoutingRequest,
): Promise<INodeExecutionData[]> {
	return await this.makeRoutingRequest(requestData);
}

/** A request's options without its body: for a GET that follows a write. */
export function withoutBody<T extends { body?: unknown }>(options: T): Omit<T, 'body'> {
	const copy = { ...options };
	delete copy.body;
	return copy;
}

/** Whether a request's items carry anything: an update's answer may have no `data`. */
const hasContent = (items: INodeExecutionData[]) =>
	items.some(({ json }) => json && Object.keys(json).length > 0);

/** Updates answer only `{status, message}` (docs/api.md §4.10): then the path is read with GET. */
export async function updateThenRead(
	this: IExecutePaginationFunctions,
	requestData: RoutingRequest,
): Promise<INodeExecutionData[]> {
	const updated = await this.makeRoutingRequest(requestData);
	if (hasContent(updated)) return updated;
	return await this.makeRoutingRequest({
		...requestData,
		options: { ...withoutBody(requestData.options), method: 'GET' },
	});
}
