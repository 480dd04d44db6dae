import type { IDataObject } from 'n8n-workflow';

/**
 * The retry policy, as data and pure functions: what a failure says about the request that
 * failed, and how long to wait before the next try. Failures are classified by HTTP status,
 * else by transport code, never by the words of a message.
 */
export type Failure =
	/** Refused before any work (429): again, for any method, after the wait it asks. */
	| { kind: 'rate-limited'; retryAfterMs?: number }
	/** Nothing reached the service: again, for any method. */
	| { kind: 'not-sent' }
	/** It may have been done (a 5xx, or the connection dropped): again only if repeatable. */
	| { kind: 'in-doubt' }
	| { kind: 'final' };

export const RETRY_POLICY = {
	/** However little is left of the deadline, an answer gets this long. */
	minAnswerMs: 1_000,
	/** Backoff doubles from here up to `maxBackoffMs`, with jitter, when no wait was asked. */
	firstBackoffMs: 500,
	maxBackoffMs: 30_000,
	notSentCodes: ['EAI_AGAIN'],
	inDoubtCodes: ['ECONNRESET', 'ETIMEDOUT', 'ECONNABORTED', 'EPIPE', 'ESOCKETTIMEDOUT'],
	/** No answer came in time: unlike a 5xx or a drop, the service may still be working on it. */
	noAnswerCodes: ['ECONNABORTED', 'ETIMEDOUT', 'ESOCKETTIMEDOUT'],
};

/** The codes along an error's causes (n8n wraps axios's error in its own). */
export function codesOf(error: unknown): string[] {
	const codes: string[] = [];
	let current = error as IDataObject | undefined;
	for (let depth = 0; current && depth < 5; depth++) {
		for (const key of ['code', 'httpCode'])
			if (typeof current[key] === 'string') codes.push(current[key] as string);
		current = (current.cause ?? current.errorResponse) as IDataObject | undefined;
	}
	return codes;
}

/** Set by the error mapper (`throwIfFailed`) when there was an answer. */
export const httpStatusOf = (error: unknown) =>
	(error as { context?: { httpStatus?: unknown } } | undefined)?.context?.httpStatus as
		| number
		| undefined;

export function classify(error: unknown): Failure {
	const status = httpStatusOf(error);
	if (status === 429) {
		const { retryAfterMs } = (error as { context: IDataObject }).context;
		return { kind: 'rate-limited', retryAfterMs: retryAfterMs as number | undefined };
	}
	if (status !== undefined) return status >= 500 ? { kind: 'in-doubt' } : { kind: 'final' };
	const codes = codesOf(error);
	if (codes.some((code) => RETRY_POLICY.notSentCodes.includes(code))) return { kind: 'not-sent' };
	if (codes.some((code) => RETRY_POLICY.inDoubtCodes.includes(code))) return { kind: 'in-doubt' };
	return { kind: 'final' };
}

export const answerNeverCame = (error: unknown) =>
	httpStatusOf(error) === undefined &&
	codesOf(error).some((code) => RETRY_POLICY.noAnswerCodes.includes(code));

/**
 * How long to wait before try number `tries + 1`: the service's Retry-After, else backoff. A
 * Retry-After of 0 or in the past still backs off: no request storms a refusing service.
 */
export function waitBeforeRetry(failure: Failure, tries: number, random = Math.random): number {
	if (failure.kind === 'rate-limited' && failure.retryAfterMs) return failure.retryAfterMs;
	const ceiling = Math.min(
		RETRY_POLICY.maxBackoffMs,
		RETRY_POLICY.firstBackoffMs * 2 ** (tries - 1),
	);
	return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Defaults of Options → Max Concurrent Requests and Give Up After (descriptions check they match). */
export const DEFAULT_RUN_SETTINGS = { maxConcurrency: 10, maxWaitMs: 120_000 };

/** A query POST is a read, so it may be retried; copies of the options keep the mark. */
const READ = Symbol('read');

export const asRead = <T extends object>(options: T): T => Object.assign(options, { [READ]: true });

/** Sending it twice does no harm: every method but POST, and a POST marked as a read. */
export const isRepeatable = (method: string, options: object) =>
	method !== 'POST' || (options as { [READ]?: boolean })[READ] === true;
