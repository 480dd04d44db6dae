import type {
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

import { credentialBaseUrl } from '../auth';
import { numberIn } from '../input';
import type { Hints } from './answers';
import { throwIfFailed } from './answers';
import { labelOf } from './failures';
import { idParametersOf } from './notFound';
import { Pace } from './pace';
import { send } from './pipeline';
import { asRead, DEFAULT_RUN_SETTINGS, isRepeatable } from './policy';
import { itemOf, paceUnder, runOf, triggerOf, writeKeyOf } from '../memory';

export const RECORDS_CREDENTIAL = 'workspaceRecordsApi';

/** Status errors go to our error mapper: n8n's own 401 handling would only resend the same headers. */
export const requestDefaults = {
	baseURL: credentialBaseUrl(),
	headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
	json: true,
	ignoreHttpStatusErrors: true,
	// A redirect is reported (answers.ts), never followed: the credential stays with the Base URL.
	disableFollowRedirect: true,
};

/** How long a request outside an operation (a dropdown, a poll's page) may take in all. */
export const OUTSIDE_BUDGET_MS = 30_000;

export interface RunSettings {
	/** Per node run, for all its items. */
	maxConcurrency: number;
	/** From a request's first attempt, retries and waits included. */
	maxWaitMs: number;
}

/** Options → Max Concurrent Requests and Give Up After, as the user set them. */
export function runSettingsOf(context: IExecuteSingleFunctions): RunSettings {
	const { maxConcurrency, maxWaitSeconds } = context.getNodeParameter('options', {}) as {
		maxConcurrency?: number;
		maxWaitSeconds?: number;
	};
	return {
		maxConcurrency:
			maxConcurrency === undefined
				? DEFAULT_RUN_SETTINGS.maxConcurrency
				: numberIn(maxConcurrency, 'Max Concurrent Requests', {
						max: 100,
						hint: 'Give how many requests may run at once, such as 10, or remove the option.',
					}),
		maxWaitMs:
			maxWaitSeconds === undefined
				? DEFAULT_RUN_SETTINGS.maxWaitMs
				: numberIn(maxWaitSeconds, 'Give Up After (Seconds)', {
						min: 0,
						whole: false,
						hint: 'Give how many seconds a request may wait in all, such as 120, or remove the option.',
					}) * 1000,
	};
}

/** An operation item's request: the pace of its node run, shared by all its items, and its Give Up After. */
export function fromItem(context: IExecuteSingleFunctions, settings = runSettingsOf(context)) {
	return {
		itemIndex: context.getItemIndex(),
		signal: context.getExecutionCancelSignal?.(),
		pace: paceUnder(runOf(context), () => new Pace(settings.maxConcurrency)),
		maxWaitMs: settings.maxWaitMs,
	};
}

/** An item's write, remembered under its node run and a digest of `sent` (the memory's ledger). */
export function itemWrite(context: IExecuteSingleFunctions, method: string, sent: string[]) {
	const run = runOf(context);
	const key = writeKeyOf(run, String(context.getItemIndex()), ...sent);
	return { key, run, item: itemOf(context), method };
}

/** A trigger's pages, poll after poll, share one pace: the rate the service accepts is learnt once. */
export const paceOfTrigger = (context: IPollFunctions) =>
	paceUnder(triggerOf(context), () => new Pace(1));

export interface ApiRequestOptions {
	body?: IDataObject;
	/** The query string, such as a delivery report's `request_id`. */
	qs?: IDataObject;
	/** A query POST: a read, safe to send twice. */
	read?: boolean;
	/** Outside an operation: the budget of this request, retries included (default `OUTSIDE_BUDGET_MS`). */
	maxWaitMs?: number;
	/** Outside an operation: the pace of a series of requests (`paceOfTrigger`); else its own. */
	pace?: Pace;
	/** The host: the records host unless another credential field is named (`credentialBaseUrl`). */
	baseURL?: string;
	/** How a refusal is explained: a trigger's own words, else the defaults (answers.ts). */
	hints?: Hints;
}

/** Also a waiting node's webhook (deliveryWait.ts), and Send and Wait's run, whose write is remembered. */
type ApiContext =
	| ILoadOptionsFunctions
	| IPollFunctions
	| IExecuteSingleFunctions
	| IExecuteFunctions
	| IWebhookFunctions;

const inItem = (context: ApiContext): context is IExecuteSingleFunctions =>
	'getItemIndex' in context;

const inNodeRun = (context: ApiContext): context is IExecuteFunctions => 'getInputData' in context;

/** Requests outside routing (dropdowns, schemas, polls, look-ups): the envelope's `data`. */
export async function apiRequest<T = IDataObject[]>(
	context: ApiContext,
	method: IHttpRequestMethods,
	url: string,
	{
		body,
		qs,
		read = false,
		maxWaitMs,
		pace,
		baseURL = requestDefaults.baseURL,
		hints,
	}: ApiRequestOptions = {},
): Promise<T> {
	const options: IHttpRequestOptions = {
		...requestDefaults,
		method,
		url,
		baseURL,
		returnFullResponse: true,
		...(body ? { body } : {}),
		...(qs ? { qs } : {}),
	};
	if (read) asRead(options);
	const node = context.getNode();
	const attempt = async (timeout: number) => {
		const response = (await context.helpers.httpRequestWithAuthentication.call(
			context,
			RECORDS_CREDENTIAL,
			{ ...options, timeout },
		)) as IN8nHttpFullResponse;
		const idParameters = response.statusCode === 404 ? idParametersOf(context) : [];
		throwIfFailed(node, response, { idParameters, hints });
		return (response.body as IDataObject).data as T;
	};
	const request = {
		node,
		label: labelOf(method, url),
		attempt,
		repeatable: isRepeatable(method, options),
	};
	if (inNodeRun(context) && !request.repeatable) {
		// Its first item's write: n8n's rerun of the node (Retry On Fail) finds it in the ledger.
		const run = runOf(context);
		const key = writeKeyOf(run, '0', method, baseURL, url, JSON.stringify(body ?? null));
		return await send({
			...request,
			pace: new Pace(1),
			maxWaitMs: maxWaitMs ?? OUTSIDE_BUDGET_MS,
			write: { key, run, item: `${run}|0`, method },
		});
	}
	if (!inItem(context))
		return await send({
			...request,
			pace: pace ?? new Pace(1),
			maxWaitMs: maxWaitMs ?? OUTSIDE_BUDGET_MS,
		});
	return await send({ ...request, ...fromItem(context) });
}
