import type { Failure } from '../../../../nodes/shared/transport/policy';
import {
	answerNeverCame,
	asRead,
	classify,
	codesOf,
	httpStatusOf,
	isRepeatable,
	RETRY_POLICY,
	waitBeforeRetry,
} from '../../../../nodes/shared/transport/policy';

/**
 * The retry policy alone, a row per case: what a failure says, how long to wait, what may be
 * sent twice. The pipeline's tests (pipeline.test.ts) show the same rules acting on requests.
 */

/** A failure as the error mapper builds it from an answer (errors.ts `apiError`). */
const answered = (httpStatus: number, retryAfterMs?: number) =>
	Object.assign(new Error(`HTTP ${httpStatus}`), {
		context: { httpStatus, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) },
	});

/** A failure without an answer, as axios gives it: a code, maybe on a cause n8n wraps it in. */
const coded = (code: string) => Object.assign(new Error(code), { code });
const wrapped = (inner: object) => Object.assign(new Error('wrapped'), { cause: inner });

describe('classify: what a failure says about the request', () => {
	test.each<[string, unknown, Failure]>([
		[
			'a 429 with the wait it asks',
			answered(429, 3_000),
			{ kind: 'rate-limited', retryAfterMs: 3_000 },
		],
		['a 429 asking no wait', answered(429), { kind: 'rate-limited', retryAfterMs: undefined }],
		['a 500', answered(500), { kind: 'in-doubt' }],
		['a 503', answered(503), { kind: 'in-doubt' }],
		['a 400', answered(400), { kind: 'final' }],
		['a 401', answered(401), { kind: 'final' }],
		['a 404', answered(404), { kind: 'final' }],
		['a redirect (302)', answered(302), { kind: 'final' }],
		[
			'a name that did not resolve for a moment (EAI_AGAIN)',
			coded('EAI_AGAIN'),
			{ kind: 'not-sent' },
		],
		['a dropped connection (ECONNRESET)', coded('ECONNRESET'), { kind: 'in-doubt' }],
		['a timeout (ETIMEDOUT)', coded('ETIMEDOUT'), { kind: 'in-doubt' }],
		['an aborted answer (ECONNABORTED)', coded('ECONNABORTED'), { kind: 'in-doubt' }],
		['a broken pipe (EPIPE)', coded('EPIPE'), { kind: 'in-doubt' }],
		['a socket timeout (ESOCKETTIMEDOUT)', coded('ESOCKETTIMEDOUT'), { kind: 'in-doubt' }],
		['a refused connection (ECONNREFUSED)', coded('ECONNREFUSED'), { kind: 'final' }],
		['a name that does not exist (ENOTFOUND)', coded('ENOTFOUND'), { kind: 'final' }],
		['a code on the cause n8n wraps around it', wrapped(coded('ECONNRESET')), { kind: 'in-doubt' }],
		[
			'the status of an answer, over a code beside it',
			Object.assign(answered(400), { code: 'ECONNRESET' }),
			{ kind: 'final' },
		],
		[
			'a message that names a code, without the code',
			new Error('socket hang up ECONNRESET'),
			{ kind: 'final' },
		],
		[
			'a 400 whose message sounds temporary',
			Object.assign(answered(400), { message: 'Service Unavailable, try later' }),
			{ kind: 'final' },
		],
		// Nothing was caught: the pipeline gives up before a first try when Give Up After is 0.
		['nothing at all', undefined, { kind: 'final' }],
		['a plain error', new Error('boom'), { kind: 'final' }],
	])('%s', (_, error, expected) => {
		expect(classify(error)).toEqual(expected);
	});
});

describe('codesOf: the codes along the causes', () => {
	test.each<[string, unknown, string[]]>([
		['none', new Error('x'), []],
		['its own code', coded('ECONNRESET'), ['ECONNRESET']],
		['its httpCode too, as n8n sets it', { httpCode: '503', code: 'X' }, ['X', '503']],
		['down the causes, outermost first', wrapped(wrapped(coded('EPIPE'))), ['EPIPE']],
		[
			'through errorResponse',
			{ code: 'OUTER', errorResponse: { code: 'INNER' } },
			['OUTER', 'INNER'],
		],
		[
			'a cause before an errorResponse',
			{ cause: { code: 'A' }, errorResponse: { code: 'B' } },
			['A'],
		],
		['a number is not a code', { code: 503 }, []],
		['five levels and no deeper', nest(6), ['L0', 'L1', 'L2', 'L3', 'L4']],
		[
			'a cause that is its own cause ends at five',
			loop(),
			['SELF', 'SELF', 'SELF', 'SELF', 'SELF'],
		],
		['undefined', undefined, []],
	])('%s', (_, error, expected) => {
		expect(codesOf(error)).toEqual(expected);
	});
});

/** `depth` errors, each the cause of the one before, coded L0, L1… */
function nest(depth: number): object {
	let error: object | undefined;
	for (let level = depth - 1; level >= 0; level--) error = { code: `L${level}`, cause: error };
	return error!;
}

function loop(): object {
	const error: { code: string; cause?: object } = { code: 'SELF' };
	error.cause = error;
	return error;
}

test.each<[string, unknown, number | undefined]>([
	['an answer', answered(404), 404],
	['no answer', coded('ECONNRESET'), undefined],
	['a status that is not the mapper’s', { status: 500 }, undefined],
	['nothing: no failure was caught yet', undefined, undefined],
])('httpStatusOf: %s', (_, error, expected) => {
	expect(httpStatusOf(error)).toBe(expected);
});

describe('answerNeverCame: no answer in time, the service may still be at work', () => {
	test.each<[string, unknown, boolean]>([
		['ETIMEDOUT', coded('ETIMEDOUT'), true],
		['ECONNABORTED', coded('ECONNABORTED'), true],
		['ESOCKETTIMEDOUT, on a cause', wrapped(coded('ESOCKETTIMEDOUT')), true],
		['a dropped connection is not one', coded('ECONNRESET'), false],
		['a broken pipe is not one', coded('EPIPE'), false],
		['a 504 came: an answer', Object.assign(answered(504), { code: 'ETIMEDOUT' }), false],
		['a plain error', new Error('timeout'), false],
	])('%s → %s', (_, error, expected) => {
		expect(answerNeverCame(error)).toBe(expected);
	});
});

describe('waitBeforeRetry: the Retry-After asked, else backoff with jitter', () => {
	const rateLimited = (retryAfterMs?: number): Failure => ({ kind: 'rate-limited', retryAfterMs });
	const inDoubt: Failure = { kind: 'in-doubt' };

	test.each<[string, Failure, number, number, number]>([
		// [case, failure, tries, random, wait]
		['the wait a 429 asked, whatever the try', rateLimited(7_000), 5, 0.5, 7_000],
		['a 429 asking no wait backs off', rateLimited(), 1, 1, 500],
		['a Retry-After of 0 still backs off', rateLimited(0), 1, 0, 250],
		['first try, least jitter: half the first backoff', inDoubt, 1, 0, 250],
		['first try, most jitter: the first backoff', inDoubt, 1, 1, 500],
		['second try: doubled', inDoubt, 2, 1, 1_000],
		['third try, half way: 1.5 s', inDoubt, 3, 0.5, 1_500],
		['seventh try: capped at the longest backoff', inDoubt, 7, 1, 30_000],
		['the hundredth try is no longer', inDoubt, 100, 1, 30_000],
		['capped, least jitter: half the longest', inDoubt, 100, 0, 15_000],
		['a try not sent is backed off alike', { kind: 'not-sent' }, 2, 0, 500],
	])('%s', (_, failure, tries, random, expected) => {
		expect(waitBeforeRetry(failure, tries, () => random)).toBe(expected);
	});

	test('without a random source given, every wait lies between half the ceiling and the ceiling', () => {
		for (let tries = 1; tries <= 10; tries++) {
			const ceiling = Math.min(
				RETRY_POLICY.maxBackoffMs,
				RETRY_POLICY.firstBackoffMs * 2 ** (tries - 1),
			);
			const wait = waitBeforeRetry(inDoubt, tries);
			expect(wait).toBeGreaterThanOrEqual(ceiling / 2);
			expect(wait).toBeLessThanOrEqual(ceiling);
		}
	});
});

describe('isRepeatable: what may be sent twice', () => {
	test.each<[string, string, () => object, boolean]>([
		['GET', 'GET', () => ({}), true],
		['DELETE', 'DELETE', () => ({}), true],
		['PATCH', 'PATCH', () => ({}), true],
		['PUT', 'PUT', () => ({}), true],
		['a POST (a create)', 'POST', () => ({}), false],
		['a POST marked as a read (a query)', 'POST', () => asRead({}), true],
		[
			'a copy of a read’s options keeps the mark',
			'POST',
			() => ({ ...asRead({ url: '/q' }) }),
			true,
		],
		[
			'a POST whose options only say read: true is not marked',
			'POST',
			() => ({ read: true }),
			false,
		],
	])('%s → %s', (_, method, options, expected) => {
		expect(isRepeatable(method, options())).toBe(expected);
	});

	test('asRead marks the options it is given, and gives them back', () => {
		const options = { url: '/api/v1/collection-records/people/query' };
		expect(asRead(options)).toBe(options);
		// The mark is no key a request would send: JSON and the options' keys know nothing of it.
		expect(Object.keys(options)).toEqual(['url']);
		expect(JSON.stringify(options)).toBe('{"url":"/api/v1/collection-records/people/query"}');
	});
});
