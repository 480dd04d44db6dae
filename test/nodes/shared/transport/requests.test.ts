import type { IDataObject, IHttpRequestOptions, INodeParameters } from 'n8n-workflow';

import type { ApiRequestOptions } from '../../../../nodes/shared/transport/requests';
import {
	apiRequest,
	OUTSIDE_BUDGET_MS,
	RECORDS_CREDENTIAL,
	requestDefaults,
	runSettingsOf,
} from '../../../../nodes/shared/transport/requests';
import { nodeOfType } from '../../../harness/fixtures';
import { useVirtualClock } from '../../../harness/virtualClock';

/** Retries wait on a clock of their own: no test here waits real time. */
useVirtualClock(Date.parse('2026-11-22T09:00:00.000Z'));

/** What the fake service answers, in turn, the last one again and again. */
interface Answer {
	statusCode: number;
	body?: unknown;
	headers?: IDataObject;
}

const ok = (data: unknown): Answer => ({
	statusCode: 200,
	body: { status: true, message: 'ok', data },
});
const failing = (statusCode: number, message = `HTTP ${statusCode}`): Answer => ({
	statusCode,
	body: { status: false, message },
});

/** Each test its own execution: paces and the ledger are kept per node run. */
let execution = 0;

/** The service behind n8n's authenticated request: what each request was sent with, and its answers. */
function service(answers: Answer[]) {
	const sent: Array<{ credential: string; options: IHttpRequestOptions }> = [];
	const httpRequestWithAuthentication = jest.fn(
		async (credential: string, options: IHttpRequestOptions) => {
			sent.push({ credential, options });
			const {
				statusCode,
				body,
				headers = {},
			} = answers[Math.min(sent.length - 1, answers.length - 1)];
			return { statusCode, body, headers };
		},
	);
	return { sent, helpers: { httpRequestWithAuthentication } };
}

type Kind = 'dropdown' | 'item' | 'node run';

/**
 * A context of each kind apiRequest meets: a dropdown's (no item, no run of items), an
 * operation's item (routing's preSend), or a programmatic node's run (Send and Wait).
 */
function contextOf(
	kind: Kind,
	answers: Answer[],
	{ parameters = {}, options = {} }: { parameters?: INodeParameters; options?: IDataObject } = {},
) {
	const host = service(answers);
	const executionId = `execution-${++execution}`;
	const node = nodeOfType('workspaceRecords', parameters);
	const base = {
		getNode: () => node,
		getExecutionId: () => executionId,
		getNodeParameter: (name: string, fallback: unknown) =>
			name === 'options' ? options : (parameters[name] ?? fallback),
		helpers: host.helpers,
	};
	const context =
		kind === 'item'
			? { ...base, getItemIndex: () => 3, getExecutionCancelSignal: () => undefined }
			: kind === 'node run'
				? { ...base, getInputData: () => [{ json: {} }] }
				: base;
	return { context: context as unknown as Parameters<typeof apiRequest>[0], sent: host.sent };
}

describe('runSettingsOf: Options → Max Concurrent Requests and Give Up After', () => {
	const settingsOf = (options: IDataObject) =>
		runSettingsOf(contextOf('item', [], { options }).context as never);

	test.each<[string, IDataObject, { maxConcurrency: number; maxWaitMs: number }]>([
		['no option added: the defaults', {}, { maxConcurrency: 10, maxWaitMs: 120_000 }],
		['five at once', { maxConcurrency: 5 }, { maxConcurrency: 5, maxWaitMs: 120_000 }],
		['the most at once', { maxConcurrency: 100 }, { maxConcurrency: 100, maxWaitMs: 120_000 }],
		[
			'one at once, from an expression as text',
			{ maxConcurrency: '1' },
			{ maxConcurrency: 1, maxWaitMs: 120_000 },
		],
		[
			'seconds, made milliseconds',
			{ maxWaitSeconds: 30 },
			{ maxConcurrency: 10, maxWaitMs: 30_000 },
		],
		['a fraction of a second', { maxWaitSeconds: 2.5 }, { maxConcurrency: 10, maxWaitMs: 2_500 }],
		['no wait at all', { maxWaitSeconds: 0 }, { maxConcurrency: 10, maxWaitMs: 0 }],
		['both', { maxConcurrency: 2, maxWaitSeconds: '60' }, { maxConcurrency: 2, maxWaitMs: 60_000 }],
	])('%s', (_, options, expected) => {
		expect(settingsOf(options)).toEqual(expected);
	});

	const concurrencyHint =
		'Give how many requests may run at once, such as 10, or remove the option.';
	const waitHint =
		'Give how many seconds a request may wait in all, such as 120, or remove the option.';

	test.each<[string, IDataObject, string, string]>([
		[
			'none at once',
			{ maxConcurrency: 0 },
			'Max Concurrent Requests: got the number 0, expected a whole number from 1 to 100',
			concurrencyHint,
		],
		[
			'more than the most',
			{ maxConcurrency: 101 },
			'Max Concurrent Requests: got the number 101, expected a whole number from 1 to 100',
			concurrencyHint,
		],
		[
			'a fraction of a request',
			{ maxConcurrency: 2.5 },
			'Max Concurrent Requests: got the number 2.5, expected a whole number from 1 to 100',
			concurrencyHint,
		],
		[
			'words',
			{ maxConcurrency: 'ten' },
			'Max Concurrent Requests: got "ten", expected a whole number from 1 to 100',
			concurrencyHint,
		],
		[
			'an empty expression',
			{ maxConcurrency: null },
			'Max Concurrent Requests: got nothing, expected a whole number from 1 to 100',
			concurrencyHint,
		],
		[
			'a wait before now',
			{ maxWaitSeconds: -1 },
			'Give Up After (Seconds): got the number -1, expected a number from 0',
			waitHint,
		],
		[
			'a wait in words',
			{ maxWaitSeconds: 'two minutes' },
			'Give Up After (Seconds): got "two minutes", expected a number from 0',
			waitHint,
		],
		[
			'a wait of forever',
			{ maxWaitSeconds: Infinity },
			'Give Up After (Seconds): got Infinity, expected a number from 0',
			waitHint,
		],
	])('refused: %s', (_, options, message, hint) => {
		expect(() => settingsOf(options)).toThrow(expect.objectContaining({ message, hint }));
	});
});

describe('apiRequest: what it sends', () => {
	test.each<[string, Kind, ApiRequestOptions, Partial<IHttpRequestOptions>]>([
		[
			'a dropdown’s GET',
			'dropdown',
			{},
			{ method: 'GET', url: '/api/v1/lists', timeout: OUTSIDE_BUDGET_MS },
		],
		['with a query string', 'dropdown', { qs: { request_id: 'q7' } }, { qs: { request_id: 'q7' } }],
		['with a body', 'dropdown', { body: { limit: 1 } }, { body: { limit: 1 } }],
		['on another host', 'dropdown', { baseURL: '{aiBaseUrl}' }, { baseURL: '{aiBaseUrl}' }],
		['within a budget of its own', 'dropdown', { maxWaitMs: 5_000 }, { timeout: 5_000 }],
		['an item’s, within Give Up After', 'item', {}, { timeout: 120_000 }],
	])('%s', async (_, kind, options, expected) => {
		const { context, sent } = contextOf(kind, [ok([{ id: 'l1' }])]);
		await expect(apiRequest(context, 'GET', '/api/v1/lists', options)).resolves.toEqual([
			{ id: 'l1' },
		]);
		expect(sent).toHaveLength(1);
		expect(sent[0].credential).toBe(RECORDS_CREDENTIAL);
		expect(sent[0].options).toMatchObject({
			...requestDefaults,
			returnFullResponse: true,
			...expected,
		});
	});

	test('no body and no query string unless given', async () => {
		const { context, sent } = contextOf('dropdown', [ok([])]);
		await apiRequest(context, 'GET', '/api/v1/lists');
		expect(sent[0].options).not.toHaveProperty('body');
		expect(sent[0].options).not.toHaveProperty('qs');
	});

	test('an item’s Give Up After of 20 s is the first try’s timeout', async () => {
		const { context, sent } = contextOf('item', [ok([])], { options: { maxWaitSeconds: 20 } });
		await apiRequest(context, 'GET', '/api/v1/lists');
		expect(sent[0].options.timeout).toBe(20_000);
	});
});

describe('apiRequest: what is sent again after a failure', () => {
	test.each<[string, Kind, 'GET' | 'POST' | 'DELETE', boolean, number, string | undefined]>([
		// [case, context, method, read, requests sent, error]
		['a GET after a 503', 'dropdown', 'GET', false, 2, undefined],
		['a DELETE after a 503', 'item', 'DELETE', false, 2, undefined],
		['a query POST after a 503', 'dropdown', 'POST', true, 2, undefined],
		[
			'a create POST after a 503: never',
			'dropdown',
			'POST',
			false,
			1,
			'the write may or may not have happened (POST /api/v1/x: The service failed (HTTP 503): Unavailable)',
		],
		[
			'an item’s create POST after a 503: never',
			'item',
			'POST',
			false,
			1,
			'Item 3: the write may or may not have happened (POST /api/v1/x: The service failed (HTTP 503): Unavailable)',
		],
		[
			'a node run’s create POST after a 503: never',
			'node run',
			'POST',
			false,
			1,
			'the write may or may not have happened (POST /api/v1/x: The service failed (HTTP 503): Unavailable)',
		],
	])('%s', async (_, kind, method, read, count, error) => {
		const { context, sent } = contextOf(kind, [failing(503, 'Unavailable'), ok({ id: 'x1' })]);
		const request = apiRequest(context, method, '/api/v1/x', { read, body: { a: 1 } });
		if (error) await expect(request).rejects.toThrow(error);
		else await expect(request).resolves.toEqual({ id: 'x1' });
		expect(sent).toHaveLength(count);
	});

	test.each<[string, Answer, string]>([
		['a 400 is final', failing(400, 'Invalid data Provided: name'), 'Invalid data Provided: name'],
		[
			'a 401 names the credential',
			failing(401, 'No token provided'),
			'Authorization failed: No token provided',
		],
	])('%s, at once', async (_, answer, message) => {
		const { context, sent } = contextOf('dropdown', [answer, ok([])]);
		await expect(apiRequest(context, 'GET', '/api/v1/lists')).rejects.toThrow(message);
		expect(sent).toHaveLength(1);
	});
});

describe('apiRequest: what a refusal says', () => {
	test('a 404 names the ID parameter the node has', async () => {
		const { context } = contextOf('dropdown', [failing(404, 'Collection not found')], {
			parameters: { collectionId: 'c1' },
		});
		await expect(apiRequest(context, 'GET', '/api/v1/collections/c1')).rejects.toThrow(
			'The collection with ID "c1" was not found',
		);
	});

	test('hints given are the ones a refusal explains with', async () => {
		const { context } = contextOf('dropdown', [failing(400, 'bad sender')]);
		const error = (await apiRequest(context, 'GET', '/x', {
			hints: { credential: 'Check the key.', rejected: 'Check the Sender ID.' },
		}).catch((e: unknown) => e)) as { description?: string };
		expect(error.description).toContain('Check the Sender ID.');
	});

	test('the query string never shows in what an error names', async () => {
		const { context } = contextOf('dropdown', [failing(400, 'bad')]);
		const error = (await apiRequest(context, 'GET', '/x?token=secret').catch(
			(e: unknown) => e,
		)) as Error;
		expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain('secret');
	});
});

describe('apiRequest: a node run’s write is sent once, reruns included', () => {
	test.each<[string, IDataObject, IDataObject, number]>([
		['the same body twice: sent once, its answer given again', { name: 'Ada' }, { name: 'Ada' }, 1],
		['another body: sent too', { name: 'Ada' }, { name: 'Grace' }, 2],
	])('%s', async (_, first, second, count) => {
		const { context, sent } = contextOf('node run', [ok({ id: 'r1' }), ok({ id: 'r2' })]);
		await expect(apiRequest(context, 'POST', '/api/v1/x', { body: first })).resolves.toEqual({
			id: 'r1',
		});
		await expect(apiRequest(context, 'POST', '/api/v1/x', { body: second })).resolves.toEqual({
			id: count === 1 ? 'r1' : 'r2',
		});
		expect(sent).toHaveLength(count);
	});

	test('a dropdown’s POSTs are no node run’s writes: each is sent', async () => {
		const { context, sent } = contextOf('dropdown', [ok({ id: 'r1' })]);
		await apiRequest(context, 'POST', '/api/v1/x', { body: { name: 'Ada' } });
		await apiRequest(context, 'POST', '/api/v1/x', { body: { name: 'Ada' } });
		expect(sent).toHaveLength(2);
	});
});

// A wait of 0 s is allowed (Give Up After's minimum): nothing was tried, so no failure was caught.
test('Give Up After 0 s gives up before the first try, saying so', async () => {
	const { context, sent } = contextOf('item', [ok([])], { options: { maxWaitSeconds: 0 } });
	await expect(apiRequest(context, 'GET', '/api/v1/lists')).rejects.toThrow(
		'the request failed — gave up after 0 attempts over 0 s (GET /api/v1/lists)',
	);
	expect(sent).toHaveLength(0);
});
