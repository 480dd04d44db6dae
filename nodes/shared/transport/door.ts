import type { IDataObject, INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { clock } from '../clock';
import type { Gate } from './gate';
import { pause } from './gate';

/**
 * The one door every request of every node goes through: operations, pages, the steps of
 * Create or Update, dropdowns, the attribute schema and the trigger. It owns waiting,
 * retrying and pacing, and how a request that failed is reported.
 *
 * - A failure is classified by the HTTP status when there is an answer, by the transport
 *   error's code only when there is none; never by the words of a message.
 * - A 429 means the request was not processed: it is retried for every method, no sooner
 *   than `Retry-After` asks (seconds or an HTTP date). A `Retry-After` of 0 or in the past,
 *   and none at all, get a capped, jittered, exponential backoff instead.
 * - A 429 also slows down every request of the node run: from then on they start at a
 *   paced rate, learnt from what the service accepted (see `Gate`).
 * - A 5xx or a dropped connection is retried only for a request that is safe to repeat. A
 *   create is never repeated blindly: its item fails, saying it may have happened.
 * - A name that did not resolve for a moment (EAI_AGAIN) reached nothing: retried for all.
 * - Every request has a wall-clock deadline from its first attempt (`maxWaitMs`), whatever
 *   `Retry-After` says; pacing counts too, and so does an answer that is slow to come.
 *   Cancelling the execution ends every wait.
 * - At most `maxConcurrency` requests are in flight per node run.
 */

export interface DoorOptions {
	/** Requests in flight at most, per node run. */
	maxConcurrency: number;
	/** How long one request may take in all, retries and waits included, from its first attempt. */
	maxWaitMs: number;
}

export const DEFAULT_DOOR_OPTIONS: DoorOptions = { maxConcurrency: 10, maxWaitMs: 120_000 };

/** What one attempt is: how to send it, whether it may be sent twice, and for whom. */
export interface Attempt<T> {
	/** Sends it once; the answer must come within `timeoutMs`, what is left of the deadline. */
	send: (timeoutMs: number) => Promise<T>;
	/** Reads, deletes, updates and queries: sending them twice does no harm. */
	repeatable: boolean;
	/** "POST /api/v1/…", for messages. */
	label: string;
	/** The node, for the errors the door builds itself. */
	node: INode;
	itemIndex?: number;
	/** n8n's cancellation of the execution. */
	signal?: AbortSignal;
	/** Called before a retry that follows a failure whose outcome is unknown (a 5xx, a drop). */
	onDoubt?: () => void;
	/** Called when it fails with an unknown outcome and is not sent again, with the reason. */
	onUnknown?: (reason: string) => void;
}

/** A request whose options carry this mark is a read, whatever its method (a query POST). */
const READ = Symbol('read');

/** Marks request options as a read: sending them twice does no harm. Copies keep the mark. */
export const asRead = <T extends object>(options: T): T => Object.assign(options, { [READ]: true });

/** Whether a request may be sent twice: by its method, or its mark as a read. */
export const isRepeatable = (method: string, options: object) =>
	method !== 'POST' || (options as { [READ]?: boolean })[READ] === true;

/** A request as "METHOD /path", for messages; never the host, the headers or the body. */
export const labelOf = (method: string, url: string) => `${method} ${url.split('?')[0]}`;

/** The least time an attempt is given to answer, however little is left of the deadline. */
const MIN_ANSWER_MS = 1_000;
const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30_000;

/** How a failed attempt failed, as far as retrying goes. */
type RetryClass =
	/** Refused before any work (429): again, for any method. */
	| { kind: 'rate-limited'; retryAfterMs?: number }
	/** Nothing reached the service: again, for any method. */
	| { kind: 'not-sent' }
	/** It may have been done (a 5xx, or the connection dropped): again only if repeatable. */
	| { kind: 'in-doubt' }
	| { kind: 'final' };

/** Transport codes that say nothing reached the service. */
const NOT_SENT_CODES = ['EAI_AGAIN'];
/** Transport codes after which the request may or may not have been processed. */
const IN_DOUBT_CODES = ['ECONNRESET', 'ETIMEDOUT', 'ECONNABORTED', 'EPIPE', 'ESOCKETTIMEDOUT'];

/** The codes an error carries anywhere in its chain of causes. */
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

/** The HTTP status the error mapper (errors.ts) read from an answer, if there was one. */
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

/**
 * Transport failures in words. The code itself stays out of messages: n8n replaces a message
 * that names one (ECONNRESET) with its own, which would lose what the node has to say.
 */
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

/** Codes of a TLS failure: a certificate refused, a handshake that failed. */
const TLS_CODE = /CERT|SSL|TLS|UNABLE_TO_VERIFY|EPROTO/;

/** A failure of the connection itself (refused, DNS, TLS): it carries the request it was making. */
const isTransportFailure = (error: unknown) =>
	httpStatusOf(error) === undefined &&
	codesOf(error).some((code) => TRANSPORT_WORDS[code] || TLS_CODE.test(code));

/** The reason a failure gives, without anything of the request (headers, credentials). */
function reasonOf(error: unknown): string {
	if (httpStatusOf(error) !== undefined) return (error as Error).message;
	const codes = codesOf(error);
	const known = codes.find((code) => TRANSPORT_WORDS[code]);
	if (known) return TRANSPORT_WORDS[known];
	return codes.some((code) => TLS_CODE.test(code))
		? 'the TLS certificate was not accepted'
		: 'the request failed';
}

/**
 * Why nothing reached the service (refused, DNS, timeout, TLS), in words, or undefined for
 * any other failure. For callers outside the door: the credential test.
 */
export const unreachableReason = (error: unknown): string | undefined =>
	isTransportFailure(error) ? reasonOf(error) : undefined;

/**
 * The error of a write that failed in a way that may have happened (a 5xx, a dropped
 * connection): it was not sent again, so that nothing is created twice.
 */
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

/**
 * Why a request failed, declared as recent n8n reads it (2.40.7 and 2.41 do): plain data on the error's
 * `failure` (n8n-workflow's `Failure`). A poll that failed so waits what the service asked
 * before n8n tries it again, instead of n8n's own backoff; older versions ignore it.
 */
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

/** An error of the transport (refused, DNS, TLS, dropped), rebuilt without the request it carried. */
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

/** Sends one request through `gate`, retrying as the header comment says. */
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
			throw outcomeUnknown(
				attempt.node,
				attempt.label,
				reason,
				attempt.itemIndex,
				httpStatusOf(lastError),
			);
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
