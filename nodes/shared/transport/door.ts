import type { IDataObject, INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { clock } from '../clock';
import type { Gate } from './gate';
import { pause } from './gate';

/**
 * Every request of every node goes through here. Failures are classified by HTTP status, else by
 * transport code, never by message words. A 429 was not processed: any method is retried (after
 * Retry-After, else backoff) and the node run is paced (`Gate`). A 5xx or a drop may have been
 * processed: only repeatable requests are retried, so a create is never sent twice. One deadline
 * from the first attempt bounds retries, pacing and slow answers.
 */

export interface DoorOptions {
	/** Per node run. */
	maxConcurrency: number;
	/** From the first attempt, retries and waits included. */
	maxWaitMs: number;
}

export const DEFAULT_DOOR_OPTIONS: DoorOptions = { maxConcurrency: 10, maxWaitMs: 120_000 };

export interface Attempt<T> {
	/** `timeoutMs` is what is left of the deadline. */
	send: (timeoutMs: number) => Promise<T>;
	/** Sending it twice does no harm (reads, deletes, updates, queries). */
	repeatable: boolean;
	label: string;
	node: INode;
	itemIndex?: number;
	signal?: AbortSignal;
	/** Before retrying after a failure whose outcome is unknown (a 5xx, a drop). */
	onDoubt?: () => void;
	/** When such a failure is not retried. */
	onUnknown?: (reason: string) => void;
	/** Finds out what such a failure left, instead of failing with the doubt (lostAnswer.ts). */
	settle?: (doubt: Doubt) => Promise<T>;
}

/** A write left in doubt: the error its item fails with, and the failure behind it. */
export interface Doubt {
	error: NodeApiError;
	cause: unknown;
}

/** A query POST is a read, so it may be retried; copies of the options keep the mark. */
const READ = Symbol('read');

export const asRead = <T extends object>(options: T): T => Object.assign(options, { [READ]: true });

export const isRepeatable = (method: string, options: object) =>
	method !== 'POST' || (options as { [READ]?: boolean })[READ] === true;

/** Never the host, query, headers or body: a message must not carry the credential. */
export const labelOf = (method: string, url: string) => `${method} ${url.split('?')[0]}`;

/** However little is left of the deadline. */
const MIN_ANSWER_MS = 1_000;
const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30_000;

type RetryClass =
	/** Refused before any work (429): again, for any method. */
	| { kind: 'rate-limited'; retryAfterMs?: number }
	/** Nothing reached the service: again, for any method. */
	| { kind: 'not-sent' }
	/** It may have been done (a 5xx, or the connection dropped): again only if repeatable. */
	| { kind: 'in-doubt' }
	| { kind: 'final' };

const NOT_SENT_CODES = ['EAI_AGAIN'];
const IN_DOUBT_CODES = ['ECONNRESET', 'ETIMEDOUT', 'ECONNABORTED', 'EPIPE', 'ESOCKETTIMEDOUT'];

function codesOf(error: unknown): string[] {
	const codes: string[] = [];
	let current = error as IDataObject | undefined;
	for (let depth = 0; current && depth < 5; depth++) {
		for (const key of ['code', 'httpCode'])
			if (typeof current[key] === 'string') codes.push(current[key] as string);
		current = (current.cause ?? current.errorResponse) as IDataObject | undefined;
	}
	return codes;
}

/** Set by `throwIfFailed` when there was an answer. */
export const httpStatusOf = (error: unknown) =>
	(error as { context?: { httpStatus?: unknown } }).context?.httpStatus as number | undefined;

function classify(error: unknown): RetryClass {
	const status = httpStatusOf(error);
	if (status !== undefined) {
		if (status === 429) {
			return {
				kind: 'rate-limited',
				retryAfterMs: (error as { context: IDataObject }).context.retryAfterMs as
					| number
					| undefined,
			};
		}
		return status >= 500 ? { kind: 'in-doubt' } : { kind: 'final' };
	}
	const codes = codesOf(error);
	if (codes.some((code) => NOT_SENT_CODES.includes(code))) return { kind: 'not-sent' };
	if (codes.some((code) => IN_DOUBT_CODES.includes(code))) return { kind: 'in-doubt' };
	return { kind: 'final' };
}

const backoff = (attempt: number) => {
	const ceiling = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** attempt);
	return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
};

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

const NO_ANSWER_CODES = ['ECONNABORTED', 'ETIMEDOUT', 'ESOCKETTIMEDOUT'];

/** No answer came in time: unlike a 5xx or a drop, the service may still be working on it. */
export const answerNeverCame = (error: unknown) =>
	httpStatusOf(error) === undefined &&
	codesOf(error).some((code) => NO_ANSWER_CODES.includes(code));

const isTransportFailure = (error: unknown) =>
	httpStatusOf(error) === undefined &&
	codesOf(error).some((code) => TRANSPORT_WORDS[code] || TLS_CODE.test(code));

/** Nothing of the request: its headers carry the credential. */
function reasonOf(error: unknown): string {
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

export function outcomeUnknown(
	node: INode,
	label: string,
	reason: string,
	itemIndex?: number,
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

/** n8n reads `failure` (n8n-workflow's `Failure`): a failed poll waits as the service asked. */
function declared(error: NodeApiError, failure: RetryClass): NodeApiError {
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
function unreachable(attempt: Attempt<unknown>, error: unknown): NodeApiError {
	const rebuilt = new NodeApiError(
		attempt.node,
		{},
		{
			message: `The service could not be reached: ${reasonOf(error)} (${attempt.label})`,
			description:
				'Check the Base URL in the credential, and that n8n can reach that address; if the service was restarting, run the workflow again.',
			itemIndex: attempt.itemIndex,
		},
	);
	return declared(rebuilt, { kind: 'not-sent' });
}

function cancelled(attempt: Attempt<unknown>): NodeApiError {
	return new NodeApiError(
		attempt.node,
		{},
		{
			message: `The execution was cancelled while ${attempt.label} waited to be retried`,
			itemIndex: attempt.itemIndex,
		},
	);
}

export async function sendWithRetries<T>(
	gate: Gate,
	attempt: Attempt<T>,
	{ maxWaitMs }: Pick<DoorOptions, 'maxWaitMs'>,
): Promise<T> {
	const { signal } = attempt;
	let firstAttemptAt: number | undefined;
	let lastError: unknown;
	for (let tries = 1; ; tries++) {
		// The first attempt waits its turn however long; a retry only until the deadline.
		const request = await gate.enter(
			signal,
			firstAttemptAt === undefined ? Infinity : firstAttemptAt + maxWaitMs,
		);
		const now = clock.now();
		firstAttemptAt ??= now;
		if (request === undefined || now >= firstAttemptAt + maxWaitMs) {
			if (request !== undefined) gate.leave();
			throw signal?.aborted
				? cancelled(attempt)
				: gaveUp(attempt, lastError, tries - 1, now - firstAttemptAt);
		}
		let failure: RetryClass;
		try {
			// An answer that never comes ends at the deadline too (and counts as a drop).
			const result = await attempt.send(Math.max(MIN_ANSWER_MS, firstAttemptAt + maxWaitMs - now));
			gate.succeeded();
			return result;
		} catch (error) {
			lastError = error;
			failure = classify(error);
		} finally {
			gate.leave();
		}
		if (failure.kind === 'final')
			throw isTransportFailure(lastError) ? unreachable(attempt, lastError) : lastError;
		if (failure.kind === 'in-doubt' && !attempt.repeatable) {
			const reason = reasonOf(lastError);
			attempt.onUnknown?.(reason);
			const error = outcomeUnknown(
				attempt.node,
				attempt.label,
				reason,
				attempt.itemIndex,
				httpStatusOf(lastError),
			);
			if (attempt.settle) return await attempt.settle({ error, cause: lastError });
			throw error;
		}
		if (failure.kind === 'in-doubt') attempt.onDoubt?.();
		// A Retry-After of 0 or in the past still backs off: no request storms a refusing service.
		const retryAfterMs = failure.kind === 'rate-limited' ? failure.retryAfterMs : undefined;
		const waitMs = retryAfterMs ? retryAfterMs : backoff(tries - 1);
		const waited = clock.now() - firstAttemptAt;
		if (waited + waitMs > maxWaitMs) throw gaveUp(attempt, lastError, tries, waited);
		if (failure.kind === 'rate-limited') gate.refused(request, waitMs);
		await pause(waitMs, signal);
	}
}

function gaveUp(
	attempt: Attempt<unknown>,
	error: unknown,
	tries: number,
	waitedMs: number,
): NodeApiError {
	const seconds = Math.round(waitedMs / 1000);
	const status = httpStatusOf(error);
	const gaveUpError = new NodeApiError(
		attempt.node,
		{},
		{
			message: `${reasonOf(error)} — gave up after ${tries} attempt${tries === 1 ? '' : 's'} over ${seconds} s (${attempt.label})`,
			description:
				'The service kept refusing or failing. Lower Options → Max Concurrent Requests, raise Give Up After, or run the workflow again later.',
			...(status ? { httpCode: String(status) } : {}),
			itemIndex: attempt.itemIndex,
		},
	);
	if (status) gaveUpError.context.httpStatus = status;
	return error === undefined ? gaveUpError : declared(gaveUpError, classify(error));
}
