import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INode,
	INodeExecutionData,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { RECORDS_KEY_HINT } from '../auth';
import { clock } from '../clock';
import { ID_FIELDS } from '../locators';
import type { Failure } from './policy';
import { classify, codesOf, httpStatusOf } from './policy';
import { itemOf, wasInDoubt } from '../memory';

/**
 * The one error mapper: what a user reads when a request fails, from the service's answer
 * (`describeFailure`) or from the door itself (gave up, in doubt, unreachable, cancelled).
 */

export interface ApiFailure {
	message: string;
	description: string;
	httpCode: string;
}

export interface Hints {
	/** After a 401 or 403. */
	credential: string;
	/** After a request rejected for its values. */
	rejected: string;
	/** After a create refused because a record already holds a unique value (by that record's ID). */
	duplicate?: (recordId: string | undefined) => string;
}

/** Outside a node's operations (dropdowns, schemas, look-ups), and for an operation given none. */
export const DEFAULT_HINTS: Hints = {
	credential: RECORDS_KEY_HINT,
	rejected: 'Check the values given to this node.',
};

export interface IdParameter {
	label: string;
	value: string;
}

const serverMessage = (body: unknown): string | undefined => {
	if (typeof body !== 'object' || body === null) return undefined;
	const message = (body as IDataObject).message;
	return typeof message === 'string' && message ? message : undefined;
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Named in the message (longest first: "List entry" is not "List"), else whose value it quotes. */
function missingParameter(
	said: string | undefined,
	idParameters: IdParameter[],
): IdParameter | undefined {
	if (!said) return undefined;
	const byName = [...idParameters]
		.sort((a, b) => b.label.length - a.label.length)
		.find((p) => new RegExp(`\\b${escapeRegExp(p.label)}\\b`, 'i').test(said));
	return byName ?? idParameters.find((p) => p.value && said.includes(p.value));
}

function notFound(
	said: string | undefined,
	idParameters: IdParameter[],
	httpCode: string,
): ApiFailure {
	// With one ID given there is no other it can mean.
	const named =
		missingParameter(said, idParameters) ??
		(idParameters.length === 1 ? idParameters[0] : undefined);
	if (named?.label.endsWith(' ID')) {
		return {
			message: `The ${named.label} "${named.value}" was not found`,
			description: `Check the ${named.label} parameter. The service said: ${said ?? 'not found'}`,
			httpCode,
		};
	}
	if (named) {
		return {
			message: `The ${named.label.toLowerCase()} with ID "${named.value}" was not found`,
			description: `Check the ${named.label} parameter: choose it from the list, or copy its ID from the dashboard. The service said: ${said}`,
			httpCode,
		};
	}
	const given = idParameters.map((p) => `${p.label} "${p.value}"`).join(', ');
	return {
		message: `Not found: ${said ?? 'the service has no such path'}`,
		description: given
			? `The service did not say which ID it means. Check each ID given to this node: ${given}.`
			: 'Check the Base URL in the credential: it should be the address of the API alone, with no path.',
		httpCode,
	};
}

/** "a record with this Emails already exists: <id>": a value the collection keeps unique. */
const DUPLICATE = /already exists\b:?\s*(\S+)?\s*$/i;

/** The hint names the record that holds the value, not the value types. */
function rejectedHint(said: string | undefined, hints: Hints): string {
	const duplicate = said ? DUPLICATE.exec(said) : null;
	return duplicate && hints.duplicate ? hints.duplicate(duplicate[1]) : hints.rejected;
}

/** Whether `error` is the service refusing a write because another record holds a unique value. */
export function isDuplicateRefusal(error: unknown): boolean {
	if (!(error instanceof NodeApiError)) return false;
	const status = Number(error.context.httpStatus ?? error.httpCode);
	return status >= 400 && status < 500 && DUPLICATE.test(error.message);
}

/** Never looks at the request, so nothing of the credential can end up in a message. */
export function describeFailure(
	response: Pick<IN8nHttpFullResponse, 'statusCode' | 'body' | 'headers'>,
	{
		idParameters = [],
		hints = DEFAULT_HINTS,
	}: { idParameters?: IdParameter[]; hints?: Hints } = {},
): ApiFailure | undefined {
	const { statusCode, body } = response;
	const httpCode = String(statusCode);
	const said = serverMessage(body);

	if (statusCode >= 300 && statusCode < 400) {
		const location = String(response.headers?.location ?? '').trim();
		return {
			message: location
				? `The Base URL redirects to ${location}: use that address`
				: `The Base URL redirects elsewhere (HTTP ${statusCode}): use the address it moved to`,
			description:
				'The request was not followed, so the credential went nowhere else. Put the address the service moved to in the Base URL of the credential.',
			httpCode,
		};
	}

	if (body !== undefined && body !== null && (typeof body !== 'object' || Buffer.isBuffer(body))) {
		const text = String(body).trim();
		return {
			message: `The service answered with something that is not JSON (HTTP ${statusCode})`,
			description: `Check the Base URL in the credential: it should be the API's address alone, with no path. The answer began: ${text.slice(0, 120)}`,
			httpCode,
		};
	}

	if (statusCode === 401 || statusCode === 403) {
		return {
			message: `Authorization failed: ${said ?? 'the service refused the credential'}`,
			description: hints.credential,
			httpCode,
		};
	}

	if (statusCode === 404) return notFound(said, idParameters, httpCode);

	if (statusCode === 429) {
		const retryAfter = response.headers?.['retry-after'];
		return {
			message: `The service is limiting the rate of requests (HTTP 429)${retryAfter ? `: it asks to wait ${String(retryAfter)} s` : ''}`,
			description:
				'The node waits as the service asks and tries again by itself, until Options → Give Up After runs out. Lower Max Concurrent Requests, or raise Give Up After.',
			httpCode,
		};
	}

	if (statusCode >= 400 && statusCode < 500) {
		return {
			message: said ?? `The service rejected the request (HTTP ${statusCode})`,
			description: rejectedHint(said, hints),
			httpCode,
		};
	}

	if (statusCode >= 500) {
		return {
			message: `The service failed (HTTP ${statusCode})${said ? `: ${said}` : ''}`,
			description:
				'This is usually temporary. The node retries reads, updates and deletes by itself; run the workflow again later if it lasts.',
			httpCode,
		};
	}

	// HTTP 200 can still be a failure (docs/api.md §7).
	const envelope = (body ?? {}) as IDataObject;
	if (envelope.status === false || envelope.success === 0 || envelope.success === false) {
		return {
			message: `The service rejected the request: ${said ?? 'no reason given'}`,
			description: hints.rejected,
			httpCode,
		};
	}
	return undefined;
}

/** Seconds, or an HTTP date read against the answer's own Date header (not this host's clock). */
export function parseRetryAfter(value: unknown, dateHeader?: unknown): number | undefined {
	const text = String(value ?? '').trim();
	if (!text) return undefined;
	if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text) * 1000);
	const at = Date.parse(text);
	if (Number.isNaN(at)) return undefined;
	const serverNow = Date.parse(String(dateHeader ?? ''));
	return Math.max(0, at - (Number.isNaN(serverNow) ? clock.now() : serverNow));
}

export function throwIfFailed(
	node: INode,
	response: IN8nHttpFullResponse,
	{
		idParameters = [],
		hints,
		itemIndex,
	}: { idParameters?: IdParameter[]; hints?: Hints; itemIndex?: number } = {},
): void {
	const failure = describeFailure(response, { idParameters, hints });
	if (failure) throw apiError(node, response, failure, itemIndex);
}

/** The one way an answer becomes a node's error: with what the door retries and waits by. */
export function apiError(
	node: INode,
	response: IN8nHttpFullResponse,
	failure: Pick<ApiFailure, 'message' | 'description'>,
	itemIndex?: number,
): NodeApiError {
	const body = typeof response.body === 'object' && response.body !== null ? response.body : {};
	const error = new NodeApiError(node, body as JsonObject, {
		httpCode: String(response.statusCode),
		...failure,
		itemIndex,
	});
	error.context.httpStatus = response.statusCode;
	const retryAfterMs = parseRetryAfter(response.headers?.['retry-after'], response.headers?.date);
	if (retryAfterMs !== undefined) error.context.retryAfterMs = retryAfterMs;
	return error;
}

/** The ID fields the node has, with their values: a 404 names the one it means. */
export function idParametersOf(
	context: Pick<IExecuteSingleFunctions, 'getNode' | 'getNodeParameter'>,
): IdParameter[] {
	const { parameters } = context.getNode();
	return Object.entries(ID_FIELDS)
		.filter(([name]) => parameters[name] !== undefined)
		.map(([name, label]) => ({
			label,
			value: String(context.getNodeParameter(name, '', { extractValue: true }) ?? ''),
		}));
}

/** The postReceive every operation starts with: refusals explained in its node's words. */
export function checkAnswer(hints: Hints) {
	return async function checkApiResponse(
		this: IExecuteSingleFunctions,
		items: INodeExecutionData[],
		response: IN8nHttpFullResponse,
	): Promise<INodeExecutionData[]> {
		// A DELETE sent again after an answer that was lost: its 404 says the first one did it.
		if (response.statusCode === 404 && wasInDoubt(itemOf(this), 'DELETE')) return items;
		const idParameters = response.statusCode === 404 ? idParametersOf(this) : [];
		throwIfFailed(this.getNode(), response, {
			idParameters,
			hints,
			itemIndex: this.getItemIndex(),
		});
		return items;
	};
}

/** What an operation checks with until its node gives its own hints (`operationSelector`). */
export const checkApiResponse = checkAnswer(DEFAULT_HINTS);

/** Words, not codes: n8n replaces a message that names a code (ECONNRESET) with its own. */
const TRANSPORT_WORDS: Record<string, string> = {
	ECONNRESET: 'the connection dropped',
	EPIPE: 'the connection dropped',
	ECONNABORTED: 'the answer took too long',
	ETIMEDOUT: 'the answer took too long',
	ESOCKETTIMEDOUT: 'the answer took too long',
	ECONNREFUSED: 'the connection was refused',
	ENOTFOUND: 'the host name is unknown',
	EAI_AGAIN: 'the host name did not resolve',
	EHOSTUNREACH: 'the host is unreachable',
	ENETUNREACH: 'the network is unreachable',
};

const TLS_CODE = /CERT|SSL|TLS|UNABLE_TO_VERIFY|EPROTO/;

const isTransportFailure = (error: unknown) =>
	httpStatusOf(error) === undefined &&
	codesOf(error).some((code) => TRANSPORT_WORDS[code] || TLS_CODE.test(code));

/** Nothing of the request: its headers carry the credential. */
export function reasonOf(error: unknown): string {
	if (httpStatusOf(error) !== undefined) return (error as Error).message;
	const codes = codesOf(error);
	const known = codes.find((code) => TRANSPORT_WORDS[code]);
	if (known) return TRANSPORT_WORDS[known];
	return codes.some((code) => TLS_CODE.test(code))
		? 'the TLS certificate was not accepted'
		: 'the request failed';
}

/** For the credential test: why nothing reached the service, or undefined. */
export const unreachableReason = (error: unknown): string | undefined =>
	isTransportFailure(error) ? reasonOf(error) : undefined;

/** Never the host, query, headers or body: a message must not carry the credential. */
export const labelOf = (method: string, url: string) => `${method} ${url.split('?')[0]}`;

/** What the door's own errors name: the request, by its `labelOf`. */
export interface Described {
	node: INode;
	label: string;
	itemIndex?: number;
}

export function outcomeUnknown(
	{ node, label, itemIndex }: Described,
	reason: string,
	httpStatus?: number,
): NodeApiError {
	return new NodeApiError(
		node,
		{},
		{
			message: `${itemIndex === undefined ? '' : `Item ${itemIndex}: `}the write may or may not have happened (${label}: ${reason})`,
			description:
				'It was not sent again, so that nothing is created twice, not even by Retry On Fail. Check in the workspace whether it exists before running this item again; with Continue On Fail on, this item goes to the error output.',
			...(httpStatus ? { httpCode: String(httpStatus) } : {}),
			itemIndex,
		},
	);
}

/** A write done before in this run whose answer is no longer held, or whose run overflowed the memory. */
export function notResent({ node, label, itemIndex }: Described, why: string): NodeApiError {
	return new NodeApiError(
		node,
		{},
		{
			message: `Item ${itemIndex}: not sent again (${label}): ${why}`,
			description:
				'n8n ran this node again (Retry On Fail) in the same execution. The node does not repeat writes it may have done; check the workspace, and run this item again on its own if it is missing.',
			itemIndex,
		},
	);
}

/** n8n reads `failure` (n8n-workflow's `Failure`): a failed poll waits as the service asked. */
function declared(error: NodeApiError, failure: Failure): NodeApiError {
	if (failure.kind === 'final') return error;
	const declaration =
		failure.kind === 'rate-limited'
			? {
					cause: 'rate-limited',
					...(failure.retryAfterMs ? { retryAfterMs: failure.retryAfterMs } : {}),
				}
			: { cause: 'temporarily-unavailable' };
	return Object.assign(error, { failure: declaration });
}

/** Rebuilt so that the request it carried (headers, credential) stays out of the error. */
export function finalError({ node, label, itemIndex }: Described, error: unknown): unknown {
	if (!isTransportFailure(error)) return error;
	const rebuilt = new NodeApiError(
		node,
		{},
		{
			message: `The service could not be reached: ${reasonOf(error)} (${label})`,
			description:
				'Check the Base URL in the credential, and that n8n can reach that address; if the service was restarting, run the workflow again.',
			itemIndex,
		},
	);
	return declared(rebuilt, { kind: 'not-sent' });
}

export function cancelled({ node, label, itemIndex }: Described): NodeApiError {
	return new NodeApiError(
		node,
		{},
		{ message: `The execution was cancelled while ${label} waited to be retried`, itemIndex },
	);
}

export function gaveUp(
	{ node, label, itemIndex }: Described,
	error: unknown,
	tries: number,
	waitedMs: number,
): NodeApiError {
	const seconds = Math.round(waitedMs / 1000);
	const status = httpStatusOf(error);
	const gaveUpError = new NodeApiError(
		node,
		{},
		{
			message: `${reasonOf(error)} — gave up after ${tries} attempt${tries === 1 ? '' : 's'} over ${seconds} s (${label})`,
			description:
				'The service kept refusing or failing. Lower Options → Max Concurrent Requests, raise Give Up After, or run the workflow again later.',
			...(status ? { httpCode: String(status) } : {}),
			itemIndex,
		},
	);
	if (status) gaveUpError.context.httpStatus = status;
	return error === undefined ? gaveUpError : declared(gaveUpError, classify(error));
}
