import type { NodeApiError } from 'n8n-workflow';

import { clock } from '../clock';
import type { Described } from './failures';
import { cancelled, finalError, gaveUp, notResent, outcomeUnknown, reasonOf } from './failures';
import type { Pace } from './pace';
import { pause } from './pace';
import type { Failure } from './policy';
import { classify, httpStatusOf, RETRY_POLICY, waitBeforeRetry } from './policy';
import { doubt, ledger } from '../memory';

/**
 * The life of every request, top to bottom:
 *   recall → pace → attempt → classify → retry, settle or fail → remember.
 * What a write became is remembered for n8n's reruns of the node, which never send it twice. One
 * deadline from the first attempt bounds retries, pacing and slow answers.
 */

export interface Request<T> extends Described {
	/** One try: `timeoutMs` is what is left of the deadline. */
	attempt: (timeoutMs: number) => Promise<T>;
	/** Sending it twice does no harm (reads, deletes, updates, queries). */
	repeatable: boolean;
	pace: Pace;
	/** From the first attempt, retries and waits included. */
	maxWaitMs: number;
	signal?: AbortSignal;
	/** A write of an execution: what it became is remembered under `key` (the memory's ledger). */
	write?: { key: string; run: string; item: string; method: string };
	/** Finds out what a write in doubt left, instead of failing with the doubt (lostAnswer.ts). */
	settle?: (doubt: Doubt, resend: (maxWaitMs: number) => Promise<T>) => Promise<T>;
}

/** A write left in doubt: the error its item fails with, the failure behind it, its deadline. */
export interface Doubt {
	error: NodeApiError;
	cause: unknown;
	deadline: number;
	/** What settling learnt replaces the doubt: known not done, it may be sent again. */
	notDone: () => void;
}

export async function send<T>(request: Request<T>): Promise<T> {
	const { write } = request;
	if (!write) return await tryUntilSettled(request, request.maxWaitMs);
	const earlier = ledger.recall(write.key);
	if (earlier?.kind === 'done') return earlier.answer as T;
	if (earlier?.kind === 'unknown')
		throw outcomeUnknown(request, `${earlier.reason}; an earlier try of this item, not sent again`);
	if (earlier?.kind === 'done-forgotten')
		throw notResent(request, 'it was done before, and its answer is no longer held');
	if (ledger.outgrown(write.run))
		throw notResent(request, "this run's writes outgrew the memory that tells them apart");
	try {
		const answer = await tryUntilSettled(request, request.maxWaitMs);
		ledger.done(write.key, answer);
		return answer;
	} finally {
		doubt.end(write.item);
	}
}

/** `resent`: sent again after settling found it not done. */
async function tryUntilSettled<T>(
	request: Request<T>,
	maxWaitMs: number,
	resent = false,
): Promise<T> {
	const { pace, signal } = request;
	let firstAt: number | undefined;
	let lastError: unknown;
	for (let tries = 1; ; tries++) {
		// Pace: the first try waits its turn however long; a retry only until the deadline.
		const slot = await pace.enter(signal, firstAt === undefined ? Infinity : firstAt + maxWaitMs);
		const now = clock.now();
		firstAt ??= now;
		if (slot === undefined || now >= firstAt + maxWaitMs) {
			if (slot !== undefined) pace.leave();
			throw signal?.aborted
				? cancelled(request)
				: gaveUp(request, lastError, tries - 1, now - firstAt);
		}
		// Attempt: an answer that never comes ends at the deadline too (and counts as a drop).
		let failure: Failure;
		try {
			const timeoutMs = Math.max(RETRY_POLICY.minAnswerMs, firstAt + maxWaitMs - now);
			const answer = await request.attempt(timeoutMs);
			pace.succeeded();
			return answer;
		} catch (error) {
			lastError = error;
			failure = classify(error);
		} finally {
			pace.leave();
		}
		// Retry, settle or fail. The service's refusal of a resend proves the write not done.
		if (failure.kind === 'final' && resent && httpStatusOf(lastError)) forget(request);
		if (failure.kind === 'final') throw finalError(request, lastError);
		if (failure.kind === 'in-doubt' && !request.repeatable)
			return await settleOrFail(request, lastError, firstAt + maxWaitMs);
		if (failure.kind === 'in-doubt' && request.write)
			doubt.begin(request.write.item, request.write.method);
		const waitMs = waitBeforeRetry(failure, tries);
		const waited = clock.now() - firstAt;
		if (waited + waitMs > maxWaitMs) throw gaveUp(request, lastError, tries, waited);
		if (failure.kind === 'rate-limited') pace.refused(slot, waitMs);
		await pause(waitMs, signal);
	}
}

/** A write that may have been done is never sent blindly again: it is settled, or it fails. */
async function settleOrFail<T>(request: Request<T>, cause: unknown, deadline: number): Promise<T> {
	const reason = reasonOf(cause);
	if (request.write) ledger.unknown(request.write.key, reason);
	const error = outcomeUnknown(request, reason, httpStatusOf(cause));
	if (!request.settle) throw error;
	return await request.settle(
		{ error, cause, deadline, notDone: () => forget(request) },
		async (maxWaitMs) => await tryUntilSettled(request, maxWaitMs, true),
	);
}

/** A write known not done: n8n's rerun of the node may send it again. */
const forget = ({ write }: { write?: { key: string } }) => write && ledger.forget(write.key);
