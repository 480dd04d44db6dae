// The guarantees of the request door when the network misbehaves, through n8n-core's real
// routing engine against the sandbox: no duplicate, no endless wait, no key sent elsewhere.
import { sleep } from 'n8n-workflow';

import { listSearch } from '../../../../nodes/shared/methods';
import { WorkspaceRecords } from '../../../../nodes/WorkspaceRecords/WorkspaceRecords.node';
import { WorkspaceSms } from '../../../../nodes/WorkspaceSms/WorkspaceSms.node';
import { WorkspaceUserGroups } from '../../../../nodes/WorkspaceUserGroups/WorkspaceUserGroups.node';
import { createSandbox } from '../../../sandbox/server';
import type { Sandbox } from '../../../sandbox/server';
import { ADA_RECORD, byId, mapperValue, PEOPLE } from '../../../harness/fixtures';
import { loadOptionsContext } from '../../../harness/loadOptions';
import type { RunOptions } from '../../../harness/runNode';
import { runNode } from '../../../harness/runNode';
import { useSandbox } from '../../../harness/sandbox';
import { useVirtualClock } from '../../../harness/virtualClock';

const env = useSandbox();
const records = new WorkspaceRecords();
const run = (parameters: object, options: Partial<RunOptions> = {}) =>
	runNode({
		nodeType: records,
		parameters: { resource: 'record', ...parameters },
		credentials: env.credentials,
		...options,
	});

const peoplePath = `/api/v1/collection-records/${PEOPLE}`;
const creates = () =>
	env.sandbox.requests.filter((r) => r.method === 'POST' && r.path === peoplePath);
const named = (name: string) =>
	[...env.sandbox.state.records.get(PEOPLE)!.values()].filter((r) => r.name === name);

const mapped = mapperValue;

describe('Create or Update: items with one new match value within a run', () => {
	test.each([10, 1])(
		'three items, one new email, Max Concurrent Requests %i: one record, created then updated twice',
		async (maxConcurrency) => {
			const { items, error } = await run(
				{
					operation: 'upsert',
					collectionId: byId(PEOPLE),
					upsertColumns: mapped('autoMapInputData', null, ['emails']),
					options: { maxConcurrency },
				},
				{
					items: [
						{ name: 'Repeat Once', emails: 'repeat@example.com', leadScore: 1 },
						{ name: 'Repeat Twice', emails: 'repeat@example.com', leadScore: 2 },
						{ name: 'Repeat Thrice', emails: 'repeat@example.com', leadScore: 3 },
					],
				},
			);
			expect(error).toBeUndefined();
			expect(items.map((i) => i.json.action)).toEqual(['created', 'updated', 'updated']);
			const withEmail = [...env.sandbox.state.records.get(PEOPLE)!.values()].filter((r) =>
				JSON.stringify(r.emails ?? '').includes('repeat@example.com'),
			);
			expect(withEmail).toHaveLength(1);
			expect(withEmail[0]).toMatchObject({ name: 'Repeat Thrice', leadScore: 3 });
			expect(creates()).toHaveLength(1);
		},
	);

	test('items with different values stay concurrent', async () => {
		await run(
			{
				operation: 'upsert',
				collectionId: byId(PEOPLE),
				upsertColumns: mapped('autoMapInputData', null, ['emails']),
			},
			{
				items: Array.from({ length: 6 }, (_, i) => ({
					name: `Other ${i}`,
					emails: `other${i}@example.com`,
				})),
			},
		);
		// All six look-ups leave before the first create: nobody waited for anybody.
		const firstCreate = env.sandbox.requests.findIndex(
			(r) => r.method === 'POST' && r.path === peoplePath,
		);
		const queriesBefore = env.sandbox.requests
			.slice(0, firstCreate)
			.filter((r) => r.path.endsWith('/query'));
		expect(queriesBefore).toHaveLength(6);
	});
});

describe('every wait ends', () => {
	const getAda = (extra: object = {}) =>
		run({ operation: 'get', collectionId: byId(PEOPLE), recordId: byId(ADA_RECORD), ...extra });

	// The door's own waits (Retry-After, backoff, pace) pass on a virtual clock, in no real time;
	// the slow answers below are real, as their timeouts are.
	describe('on a virtual clock', () => {
		const time = useVirtualClock(Date.parse('2026-11-22T09:00:00.000Z'));

		test('429 with Retry-After: 0 on everything, Give Up After 3 s: the item fails with "gave up" in time', async () => {
			env.sandbox.addFault({ kind: 'rate-limit', retryAfter: 0, times: 10_000 });
			const started = time.now();
			const { error } = await getAda({ options: { maxWaitSeconds: 3 } });
			expect(error?.message).toMatch(/gave up after \d+ attempts? over [0-3] s/);
			expect(time.now() - started).toBeLessThan(10_000);
			// Backing off, not storming: a handful of requests in three seconds.
			expect(env.sandbox.requests.length).toBeLessThan(10);
		});

		test('429 with a Retry-After date already past: backs off, and gives up in time', async () => {
			env.sandbox.addFault({
				kind: 'status',
				statusCode: 429,
				body: { status: false, message: 'Too many requests' },
				headers: { 'Retry-After': 'Sun, 01 Jan 2006 00:00:00 GMT' },
				times: 10_000,
			});
			const started = time.now();
			const { error } = await getAda({ options: { maxWaitSeconds: 2 } });
			expect(error?.message).toMatch(/gave up after/);
			expect(time.now() - started).toBeLessThan(8_000);
			expect(env.sandbox.requests.length).toBeLessThan(10);
		});

		test("a Retry-After of hours ends at Give Up After, the dropdowns' budget too", async () => {
			env.sandbox.addFault({ kind: 'rate-limit', retryAfter: 7200, times: 10 });
			const started = time.now();
			const { error } = await getAda({ options: { maxWaitSeconds: 5 } });
			expect(error?.message).toMatch(/gave up after 1 attempt over [01] s/);
			const search = listSearch.searchCollections.call(
				loadOptionsContext(records, {}, env.credentials),
			);
			await expect(search).rejects.toThrow(
				/gave up after 1 attempt over [01] s \(GET \/api\/v1\/collections\)/,
			);
			expect(time.now() - started).toBeLessThan(5_000);
		});

		test('the attribute schema of a mapped write keeps to Give Up After, not a budget of its own', async () => {
			env.sandbox.addFault({
				method: 'GET',
				path: `/api/v1/attributes/collection/${PEOPLE}`,
				kind: 'rate-limit',
				retryAfter: 60,
				times: 10,
			});
			const started = time.now();
			const { error } = await run(
				{
					operation: 'create',
					collectionId: byId(PEOPLE),
					columns: mapped('autoMapInputData', null),
					options: { maxWaitSeconds: 2 },
				},
				{ items: [{ name: 'Schema Waits' }] },
			);
			expect(error?.message).toMatch(
				/gave up after 1 attempt over [01] s \(GET \/api\/v1\/attributes\/collection\/a0+1\)/,
			);
			expect(time.now() - started).toBeLessThan(5_000);
			expect(creates()).toHaveLength(0);
		});
	});

	test('an answer slower than Give Up After ends at the deadline: a read gives up, a create is in doubt', async () => {
		env.sandbox.addFault({ method: 'GET', delayMs: 5_000, times: 10 });
		const started = Date.now();
		const { error } = await getAda({ options: { maxWaitSeconds: 2 } });
		expect(error?.message).toMatch(
			/^the answer took too long — gave up after 1 attempt over [2-4] s \(GET /,
		);
		expect(Date.now() - started).toBeLessThan(4_000);

		env.sandbox.addFault({ method: 'POST', path: peoplePath, delayMs: 5_000 });
		const create = await run({
			operation: 'create',
			collectionId: byId(PEOPLE),
			useJson: true,
			attributesJson: '{"name": "Too Slow"}',
			options: { maxWaitSeconds: 2 },
		});
		expect(create.error?.message).toBe(
			`Item 0: the write may or may not have happened (POST ${peoplePath}: the answer took too long)`,
		);
		// It did happen, later: exactly why the node could not say it had not.
		for (let waited = 0; named('Too Slow').length === 0 && waited < 8_000; waited += 100)
			await sleep(100);
		expect(named('Too Slow')).toHaveLength(1);
	}, 20_000);

	test('a slow answer is waited for, and counts once', async () => {
		env.sandbox.addFault({ method: 'POST', path: peoplePath, delayMs: 1_500, kind: undefined });
		const { items, error } = await run({
			operation: 'create',
			collectionId: byId(PEOPLE),
			useJson: true,
			attributesJson: '{"name": "Slow Answer"}',
		});
		expect(error).toBeUndefined();
		expect(items[0].json.name).toBe('Slow Answer');
		expect(named('Slow Answer')).toHaveLength(1);
	});
});

describe('the credential stays with the Base URL', () => {
	let elsewhere: Sandbox;
	let elsewhereUrl: string;
	beforeAll(async () => {
		elsewhere = createSandbox();
		elsewhereUrl = await elsewhere.start();
	});
	afterAll(async () => await elsewhere.stop());
	beforeEach(() => elsewhere.reset());

	test.each(['GET', 'POST'])(
		'a %s answered 302 to another origin: an error naming where it points; nothing reaches it',
		async (method) => {
			const target = `${elsewhereUrl}${peoplePath}`;
			env.sandbox.addFault({
				method,
				kind: 'status',
				statusCode: 302,
				headers: { Location: target },
				body: {},
			});
			const { error } =
				method === 'GET'
					? await run({ operation: 'get', collectionId: byId(PEOPLE), recordId: byId(ADA_RECORD) })
					: await run({
							operation: 'create',
							collectionId: byId(PEOPLE),
							useJson: true,
							attributesJson: '{"name": "Moved"}',
						});
			expect(error?.message).toBe(`The Base URL redirects to ${target}: use that address`);
			expect(elsewhere.requests).toHaveLength(0);
			expect(named('Moved')).toHaveLength(0);
		},
	);

	test('a 301 on a dropdown: the same, and the key is not sent on', async () => {
		env.sandbox.addFault({
			kind: 'status',
			statusCode: 301,
			headers: { Location: `${elsewhereUrl}/api/v1/collections` },
			body: {},
		});
		const search = listSearch.searchCollections.call(
			loadOptionsContext(records, {}, env.credentials),
		);
		await expect(search).rejects.toThrow(
			`The Base URL redirects to ${elsewhereUrl}/api/v1/collections: use that address`,
		);
		expect(elsewhere.requests).toHaveLength(0);
	});

	test('a service that cannot be reached: a clear error that holds nothing of the request', async () => {
		// The address of a sandbox that has stopped: nothing listens there any more.
		const gone = createSandbox();
		const goneUrl = await gone.start();
		await gone.stop();
		const credentials = {
			...env.credentials,
			workspaceRecordsApi: { ...env.credentials.workspaceRecordsApi, baseUrl: goneUrl },
		};
		const { error } = await runNode({
			nodeType: records,
			parameters: {
				resource: 'record',
				operation: 'get',
				collectionId: byId(PEOPLE),
				recordId: byId(ADA_RECORD),
			},
			credentials,
		});
		expect(error?.message).toBe(
			`The service could not be reached: the connection was refused (GET ${peoplePath}/${ADA_RECORD})`,
		);
		expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain(
			env.credentials.workspaceRecordsApi.apiKey,
		);
	});
});

describe('what may be repeated is declared, not guessed', () => {
	test('a 400 whose message says "timeout" is final, and a create with it is not "may or may not"', async () => {
		env.sandbox.addFault({
			method: 'POST',
			path: peoplePath,
			kind: 'status',
			statusCode: 400,
			body: { status: false, message: 'Unknown attribute: callTimeout' },
		});
		const started = Date.now();
		const { error } = await run({
			operation: 'create',
			collectionId: byId(PEOPLE),
			useJson: true,
			attributesJson: '{"callTimeout": 5}',
		});
		expect(error?.message).toBe('Unknown attribute: callTimeout');
		expect(creates()).toHaveLength(1);
		expect(Date.now() - started).toBeLessThan(5_000);
	});

	test('a create into a collection whose ID is "query" is a create: a 500 after the work is not retried', async () => {
		env.sandbox.addFault({
			method: 'POST',
			path: '/api/v1/collection-records/query',
			kind: 'server-error',
		});
		const { error } = await run({
			operation: 'create',
			collectionId: byId('query'),
			useJson: true,
			attributesJson: '{"name": "Q"}',
		});
		expect(error?.message).toMatch(
			/^Item 0: the write may or may not have happened \(POST \/api\/v1\/collection-records\/query:/,
		);
		// Sent once; then only the look-up for what it made (which finds no such collection).
		expect(env.sandbox.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
	});

	test.each([
		['..', 'get', 'Record: ".." is not an ID'],
		['.', 'get', 'Record: "." is not an ID'],
		// An expression that found nothing, as n8n hands it over.
		['={{ $json.nothing }}', 'delete', 'Record: no ID given'],
		['  ', 'delete', 'Record: no ID given'],
	])(
		'a record ID of %j on %s is refused before anything is sent',
		async (recordId, operation, message) => {
			const { error } = await run({
				operation,
				collectionId: byId(PEOPLE),
				recordId: byId(recordId),
			});
			expect(error?.message).toBe(message);
			expect(error?.description).toMatch(
				/^Choose the Record from the list, or check the expression/,
			);
			expect(env.sandbox.requests).toHaveLength(0);
		},
	);

	test('a collection ID of ".." is refused too, naming Collection', async () => {
		const { error } = await run({ operation: 'getAll', collectionId: byId('..') });
		expect(error?.message).toBe('Collection: ".." is not an ID');
		expect(env.sandbox.requests).toHaveLength(0);
	});
});

describe('writes retried after an answer that was lost', () => {
	test('a DELETE answered 500 after it was done: retried, and its 404 means done', async () => {
		env.sandbox.addFault({ method: 'DELETE', kind: 'server-error', afterHandling: true });
		const { items, error } = await run({
			operation: 'delete',
			collectionId: byId(PEOPLE),
			recordId: byId(ADA_RECORD),
		});
		expect(error).toBeUndefined();
		expect(env.sandbox.requests.map((r) => [r.method, r.status])).toEqual([
			['DELETE', 500],
			['DELETE', 404],
		]);
		expect(items.map((i) => i.json)).toEqual([
			{ deleted: true, _id: ADA_RECORD, collectionId: PEOPLE },
		]);
	});

	test('a DELETE of a record that never existed still fails as not found', async () => {
		const { error } = await run({
			operation: 'delete',
			collectionId: byId(PEOPLE),
			recordId: byId('f0000000000000000000ffff'),
		});
		expect(error?.message).toBe('The record with ID "f0000000000000000000ffff" was not found');
	});

	test('a user group PUT answered 500 after it created the group: created is unknown, not false', async () => {
		env.sandbox.addFault({
			method: 'PUT',
			path: '/api/user',
			kind: 'server-error',
			afterHandling: true,
		});
		const { items, error } = await runNode({
			nodeType: new WorkspaceUserGroups(),
			parameters: {
				resource: 'userGroup',
				operation: 'update',
				userGroupId: 'retried-group',
				name: 'Retried',
			},
			credentials: env.credentials,
		});
		expect(error).toBeUndefined();
		expect(env.sandbox.requests.map((r) => r.status)).toEqual([500, 200]);
		expect(items[0].json).toMatchObject({ provided_id: 'retried-group', created: null });
	});
});

describe("n8n's Retry On Fail never sends a write whose outcome is unknown again", () => {
	const retryOnFail = { retryOnFail: true, maxTries: 3, waitBetweenTries: 1 };

	test('an SMS answered 500 after it was queued: one SMS, and the item says so', async () => {
		env.sandbox.addFault({
			method: 'POST',
			path: '/api/ingest/sms/v1/message/send',
			kind: 'server-error',
			afterHandling: true,
		});
		const { error } = await runNode({
			nodeType: new WorkspaceSms(),
			parameters: {
				resource: 'sms',
				operation: 'send',
				recipient: '441234567890',
				message: 'Code 4711',
				senderId: 'WRKSPC',
				route: 'otp',
			},
			credentials: env.credentials,
			settings: retryOnFail,
		});
		expect(error?.message).toMatch(
			/^Item 0: the write may or may not have happened \(POST \/api\/ingest\/sms\/v1\/message\/send: .*not sent again\)$/,
		);
		expect(env.sandbox.state.sms).toHaveLength(1);
		expect(env.sandbox.requests).toHaveLength(1);
	});

	test('Create a New Group answered 500 after it was created: one group', async () => {
		const before = env.sandbox.state.userGroups.size;
		env.sandbox.addFault({
			method: 'POST',
			path: '/api/user',
			kind: 'server-error',
			afterHandling: true,
		});
		const { error } = await runNode({
			nodeType: new WorkspaceUserGroups(),
			parameters: { resource: 'userGroup', operation: 'createOrRotate', tokenAction: 'create' },
			credentials: env.credentials,
			settings: retryOnFail,
		});
		expect(error?.message).toMatch(/^Item 0: the write may or may not have happened/);
		expect(env.sandbox.state.userGroups.size).toBe(before + 1);
		expect(env.sandbox.requests).toHaveLength(1);
	});

	test('a dropped connection before the service answered: the create is not sent again either', async () => {
		env.sandbox.addFault({ method: 'POST', path: peoplePath, kind: 'reset' });
		const { error } = await run(
			{
				operation: 'create',
				collectionId: byId(PEOPLE),
				useJson: true,
				attributesJson: '{"name": "Dropped"}',
			},
			{ settings: retryOnFail },
		);
		expect(error?.message).toBe(
			`Item 0: the write may or may not have happened (POST ${peoplePath}: the connection dropped; an earlier try of this item, not sent again)`,
		);
		expect(creates()).toHaveLength(1);
	});
});
