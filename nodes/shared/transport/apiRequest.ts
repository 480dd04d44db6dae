import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IPollFunctions,
} from 'n8n-workflow';

import { credentialBaseUrl } from './baseUrl';
import { asRead, isRepeatable, labelOf, sendWithRetries } from './door';
import { throwIfFailed } from './errors';
import { Gate, withGate } from './gate';
import { doorOptions } from './operationRequests';
import { runKeyOf } from './writeMemory';

export const RECORDS_CREDENTIAL = 'workspaceRecordsApi';

/** Status errors go to our error mapper: n8n's own 401 handling would only resend the same headers. */
export const requestDefaults = {
	baseURL: credentialBaseUrl(),
	headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
	json: true,
	ignoreHttpStatusErrors: true,
	// A redirect is reported (errors.ts), never followed: the credential stays with the Base URL.
	disableFollowRedirect: true,
};

/** How long a request outside an operation (a dropdown, a poll's page) may take in all. */
export const OUTSIDE_BUDGET_MS = 30_000;

export interface ApiRequestOptions {
	body?: IDataObject;
	/** A query POST: a read, safe to send twice. */
	read?: boolean;
	/** Wall-clock budget of this request, retries included (default `OUTSIDE_BUDGET_MS`). */
	maxWaitMs?: number;
	/** The gate of a series of requests (a poll's pages), so that they keep the pace they learnt. */
	gate?: Gate;
	/** The host: the records host unless another credential field is named (`credentialBaseUrl`). */
	baseURL?: string;
}

const inItem = (context: ApiContext): context is IExecuteSingleFunctions =>
	'getItemIndex' in context;

type ApiContext = ILoadOptionsFunctions | IPollFunctions | IExecuteSingleFunctions;

/** Requests outside routing (dropdowns, schemas, polls), through the same mapper and door. */
export async function apiRequest<T = IDataObject[]>(
	context: ApiContext,
	method: IHttpRequestMethods,
	url: string,
	{
		body,
		read = false,
		maxWaitMs = OUTSIDE_BUDGET_MS,
		gate = new Gate(1),
		baseURL = requestDefaults.baseURL,
	}: ApiRequestOptions = {},
): Promise<T> {
	const options: IHttpRequestOptions = {
		method,
		url,
		baseURL,
		headers: requestDefaults.headers,
		json: true,
		ignoreHttpStatusErrors: true,
		disableFollowRedirect: true,
		returnFullResponse: true,
		...(body ? { body } : {}),
	};
	if (read) asRead(options);
	const attempt = {
		send: async (timeout: number) => {
			const response = (await context.helpers.httpRequestWithAuthentication.call(
				context,
				RECORDS_CREDENTIAL,
				{
					...options,
					timeout,
				},
			)) as IN8nHttpFullResponse;
			throwIfFailed(context.getNode(), response);
			return (response.body as IDataObject).data as T;
		},
		repeatable: isRepeatable(method, options),
		label: labelOf(method, url),
		node: context.getNode(),
	};
	if (!inItem(context)) return await sendWithRetries(gate, attempt, { maxWaitMs });
	const door = doorOptions(context);
	const itemAttempt = {
		...attempt,
		itemIndex: context.getItemIndex(),
		signal: context.getExecutionCancelSignal?.(),
	};
	return await withGate(
		runKeyOf(context),
		door.maxConcurrency,
		async (gate) => await sendWithRetries(gate, itemAttempt, door),
	);
}
