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
import { itemOf, wasInDoubt } from '../memory';
import type { IdParameter } from './notFound';
import { idParametersOf, notFound } from './notFound';
import { parseRetryAfter } from './retryAfter';

/** What an answer means: a refusal or failure in words (`describeFailure`), then an error (`apiError`). */

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

/** Outside a node's operations: dropdowns, schemas, look-ups, and requests given no hints. */
export const DEFAULT_HINTS: Hints = {
	credential: RECORDS_KEY_HINT,
	rejected: 'Check the values given to this node.',
};

const serverMessage = (body: unknown): string | undefined => {
	if (typeof body !== 'object' || body === null) return undefined;
	const message = (body as IDataObject).message;
	return typeof message === 'string' && message ? message : undefined;
};

/** "a record with this Emails already exists: <id>": a value the collection keeps unique. */
const DUPLICATE = /already exists\b:?\s*(\S+)?\s*$/i;

/** Whether `error` is the service refusing a write because another record holds a unique value. */
export function isDuplicateRefusal(error: unknown): boolean {
	if (!(error instanceof NodeApiError)) return false;
	const status = Number(error.context.httpStatus ?? error.httpCode);
	return status >= 400 && status < 500 && DUPLICATE.test(error.message);
}

/** Never looks at the request, so nothing of the credential can end up in a message. */
export function describeFailure(
	response: Pick<IN8nHttpFullResponse, 'statusCode' | 'body' | 'headers'>,
	options: { idParameters?: IdParameter[]; hints?: Hints } = {},
): ApiFailure | undefined {
	const words = explain(response, options);
	return words && { ...words, httpCode: String(response.statusCode) };
}

function explain(
	{ statusCode, body, headers }: Pick<IN8nHttpFullResponse, 'statusCode' | 'body' | 'headers'>,
	{ idParameters = [], hints = DEFAULT_HINTS }: { idParameters?: IdParameter[]; hints?: Hints },
): Omit<ApiFailure, 'httpCode'> | undefined {
	const said = serverMessage(body);

	if (statusCode >= 300 && statusCode < 400) {
		const location = String(headers?.location ?? '').trim();
		return {
			message: location
				? `The Base URL redirects to ${location}: use that address`
				: `The Base URL redirects elsewhere (HTTP ${statusCode}): use the address it moved to`,
			description:
				'The request was not followed, so the credential went nowhere else. Put the address the service moved to in the Base URL of the credential.',
		};
	}

	if (body !== undefined && body !== null && (typeof body !== 'object' || Buffer.isBuffer(body))) {
		const text = String(body).trim();
		return {
			message: `The service answered with something that is not JSON (HTTP ${statusCode})`,
			description: `Check the Base URL in the credential: it should be the API's address alone, with no path. The answer began: ${text.slice(0, 120)}`,
		};
	}

	if (statusCode === 401 || statusCode === 403) {
		return {
			message: `Authorization failed: ${said ?? 'the service refused the credential'}`,
			description: hints.credential,
		};
	}

	if (statusCode === 404) return notFound(said, idParameters);

	if (statusCode === 429) {
		const retryAfter = headers?.['retry-after'];
		return {
			message: `The service is limiting the rate of requests (HTTP 429)${retryAfter ? `: it asks to wait ${String(retryAfter)} s` : ''}`,
			description:
				'The node waits as the service asks and tries again by itself, until Options → Give Up After runs out. Lower Max Concurrent Requests, or raise Give Up After.',
		};
	}

	if (statusCode >= 400 && statusCode < 500) {
		// A duplicate's hint names the record that holds the value, not the value types.
		const duplicate = said ? DUPLICATE.exec(said) : null;
		return {
			message: said ?? `The service rejected the request (HTTP ${statusCode})`,
			description: duplicate && hints.duplicate ? hints.duplicate(duplicate[1]) : hints.rejected,
		};
	}

	if (statusCode >= 500) {
		return {
			message: `The service failed (HTTP ${statusCode})${said ? `: ${said}` : ''}`,
			description:
				'This is usually temporary. The node retries reads, updates and deletes by itself; run the workflow again later if it lasts.',
		};
	}

	// HTTP 200 can still be a failure (docs/api.md §7).
	const envelope = (body ?? {}) as IDataObject;
	if (envelope.status === false || envelope.success === 0 || envelope.success === false) {
		return {
			message: `The service rejected the request: ${said ?? 'no reason given'}`,
			description: hints.rejected,
		};
	}
	return undefined;
}

export function throwIfFailed(
	node: INode,
	response: IN8nHttpFullResponse,
	options: { idParameters?: IdParameter[]; hints?: Hints; itemIndex?: number } = {},
): void {
	const failure = describeFailure(response, options);
	if (failure) throw apiError(node, response, failure, options.itemIndex);
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

/** The postReceive every operation starts with (`operation`): refusals explained in its node's words. */
export function checkAnswer(hints: Hints) {
	return async function checkApiResponse(
		this: IExecuteSingleFunctions,
		items: INodeExecutionData[],
		response: IN8nHttpFullResponse,
	): Promise<INodeExecutionData[]> {
		// A DELETE sent again after an answer that was lost: its 404 says the first one did it.
		if (response.statusCode === 404 && wasInDoubt(itemOf(this), 'DELETE')) return items;
		throwIfFailed(this.getNode(), response, {
			idParameters: response.statusCode === 404 ? idParametersOf(this) : [],
			hints,
			itemIndex: this.getItemIndex(),
		});
		return items;
	};
}
