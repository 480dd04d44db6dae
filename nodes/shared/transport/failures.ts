import type { INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { Failure } from './policy';
import { classify, codesOf, httpStatusOf } from './policy';

/** The door's own failures in words: not reached, gave up, cancelled, in doubt; the request by `labelOf`. */

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

/** An error of the door's own, naming the request by its label only. */
function doorError(
	{ node, itemIndex }: Described,
	message: string,
	description?: string,
	httpStatus?: number,
): NodeApiError {
	const httpCode = httpStatus ? String(httpStatus) : undefined;
	return new NodeApiError(node, {}, { message, description, httpCode, itemIndex });
}

export const outcomeUnknown = (request: Described, reason: string, httpStatus?: number) =>
	doorError(
		request,
		`${request.itemIndex === undefined ? '' : `Item ${request.itemIndex}: `}the write may or may not have happened (${request.label}: ${reason})`,
		'It was not sent again, so that nothing is created twice, not even by Retry On Fail. Check in the workspace whether it exists before running this item again; with Continue On Fail on, this item goes to the error output.',
		httpStatus,
	);

/** A write done before in this run whose answer is no longer held, or whose run overflowed the memory. */
export const notResent = (request: Described, why: string) =>
	doorError(
		request,
		`Item ${request.itemIndex}: not sent again (${request.label}): ${why}`,
		'n8n ran this node again (Retry On Fail) in the same execution. The node does not repeat writes it may have done; check the workspace, and run this item again on its own if it is missing.',
	);

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
export function finalError(request: Described, error: unknown): unknown {
	if (!isTransportFailure(error)) return error;
	const rebuilt = doorError(
		request,
		`The service could not be reached: ${reasonOf(error)} (${request.label})`,
		'Check the Base URL in the credential, and that n8n can reach that address; if the service was restarting, run the workflow again.',
	);
	return declared(rebuilt, { kind: 'not-sent' });
}

export const cancelled = (request: Described) =>
	doorError(request, `The execution was cancelled while ${request.label} waited to be retried`);

export function gaveUp(
	request: Described,
	error: unknown,
	tries: number,
	waitedMs: number,
): NodeApiError {
	const seconds = Math.round(waitedMs / 1000);
	const status = httpStatusOf(error);
	const gaveUpError = doorError(
		request,
		`${reasonOf(error)} — gave up after ${tries} attempt${tries === 1 ? '' : 's'} over ${seconds} s (${request.label})`,
		'The service kept refusing or failing. Lower Options → Max Concurrent Requests, raise Give Up After, or run the workflow again later.',
		status,
	);
	if (status) gaveUpError.context.httpStatus = status;
	return error === undefined ? gaveUpError : declared(gaveUpError, classify(error));
}
