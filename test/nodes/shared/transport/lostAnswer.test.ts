// A create whose answer is lost (transport/lostAnswer.ts): looked up by what identifies it, then
// confirmed, sent again, or left in doubt; through n8n-core's routing engine against the sandbox.
import type { INodeParameters } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { WorkspaceLists } from '../../../../nodes/WorkspaceLists/WorkspaceLists.node';
import { WorkspaceRecords } from '../../../../nodes/WorkspaceRecords/WorkspaceRecords.node';
import { SECOND_LOOK_AFTER_MS } from '../../../../nodes/shared/transport/lostAnswer';
import { byId, COMPANIES, HOT_LEADS, PEOPLE, PIPELINE } from '../../../harness/fixtures';
import type { RunOptions } from '../../../harness/runNode';
import { runNode } from '../../../harness/runNode';
import { useSandbox } from '../../../harness/sandbox';
import type { Fault } from '../../../sandbox/server';
import { productTime, useVirtualClock } from '../../../harness/virtualClock';

const env = useSandbox({ clock: productTime });
const peoplePath = `/api/v1/collection-records/${PEOPLE}`;

const run = (
	nodeType: WorkspaceRecords | WorkspaceLists,
	parameters: INodeParameters,
	options: Partial<RunOptions>,
) => runNode({ nodeType, parameters, credentials: env.credentials, ...options });

/** Twenty new people, each with an email of their own (Emails is unique in the workspace). */
const PEOPLE_ITEMS = Array.from({ length: 20 }, (_, i) => ({
	name: `Settled ${i}`,
	email: `settled.${i}@example.com`,
}));

const createPeople = (options: Partial<RunOptions> = {}, operation = 'create') =>
	run(
		new WorkspaceRecords(),
		{
			resource: 'record',
			operation,
			collectionId: byId(PEOPLE),
			useJson: true,
			matchAttribute: 'emails',
			attributesJson: '={{ JSON.stringify({ name: $json.name, emails: [$json.email] }) }}',
		},
		{ items: PEOPLE_ITEMS, ...options },
	);

const creates = (path = peoplePath) =>
	env.sandbox.requests.filter((r) => r.method === 'POST' && r.path === path);

/** How often each of the twenty exists in the workspace. */
function settledCounts(): number[] {
	const people = [...env.sandbox.state.records.get(PEOPLE)!.values()];
	return PEOPLE_ITEMS.map((p) => people.filter((r) => r.name === p.name).length);
}

const ONCE_EACH = PEOPLE_ITEMS.map(() => 1);

/** The fifth create fails with `fault`. */
const fifthCreate = (fault: Partial<Fault>) =>
	env.sandbox.addFault({ method: 'POST', path: peoplePath, skip: 4, ...fault });

describe('on a virtual clock', () => {
	useVirtualClock(Date.parse('2026-11-22T09:00:00.000Z'));

	test('a 500 before the work: looked up twice, found nowhere, sent again: 20 records, none twice, no failed item', async () => {
		fifthCreate({ kind: 'server-error' });
		const { items, error } = await createPeople();
		expect(error).toBeUndefined();
		expect(items).toHaveLength(20);
		expect(settledCounts()).toEqual(ONCE_EACH);
		expect(creates()).toHaveLength(21);
		const again = items.filter((item) => item.json.lostAnswer);
		expect(again.map((item) => [item.json.name, item.json.lostAnswer])).toEqual([
			['Settled 4', 'not done, so sent again'],
		]);
		// Two look-ups by the unique email, the second after the wait, then the create again.
		const looks = env.sandbox.requests.filter(
			(r) => r.path === `${peoplePath}/query` && JSON.stringify(r.body).includes('settled.4@'),
		);
		expect(looks).toHaveLength(2);
		expect(looks[1].at - looks[0].at).toBeGreaterThanOrEqual(SECOND_LOOK_AFTER_MS);
		expect(looks[0].body).toEqual({
			filter: { emails: { $eq: 'settled.4@example.com' } },
			limit: 2,
			offset: 0,
		});
	});

	test.each([
		['a 500', 'server-error'],
		['a dropped connection', 'reset'],
	])(
		'%s after the work: the record is found and the item confirmed: 20 records, none twice',
		async (_, kind) => {
			fifthCreate({ kind: kind as Fault['kind'], afterHandling: true });
			const { items, error } = await createPeople();
			expect(error).toBeUndefined();
			expect(settledCounts()).toEqual(ONCE_EACH);
			expect(creates()).toHaveLength(20);
			const confirmed = items.filter((item) => item.json.lostAnswer);
			expect(confirmed).toHaveLength(1);
			expect(confirmed[0].json).toMatchObject({
				name: 'Settled 4',
				lostAnswer: 'confirmed by a look-up',
			});
			expect(confirmed[0].json._id).toEqual(expect.any(String));
		},
	);

	test('a 502 while the service is still at it: the second look-up, after a wait, finds it', async () => {
		fifthCreate({
			kind: 'server-error',
			afterHandling: true,
			workLaterMs: SECOND_LOOK_AFTER_MS / 2,
		});
		const { items, error } = await createPeople();
		expect(error).toBeUndefined();
		expect(settledCounts()).toEqual(ONCE_EACH);
		expect(creates()).toHaveLength(20);
		expect(items.filter((item) => item.json.lostAnswer === 'confirmed by a look-up')).toHaveLength(
			1,
		);
	});

	test('Create or Update: a lost answer to its create is settled by the match attribute', async () => {
		// One item: its query (a POST under the same path) goes through, its create fails.
		env.sandbox.addFault({
			method: 'POST',
			path: peoplePath,
			kind: 'server-error',
			afterHandling: true,
			skip: 1,
		});
		const { items, error } = await createPeople({ items: PEOPLE_ITEMS.slice(0, 1) }, 'upsert');
		expect(error).toBeUndefined();
		expect(settledCounts()[0]).toBe(1);
		expect(creates()).toHaveLength(1);
		expect(items.map((item) => [item.json.action, item.json.lostAnswer])).toEqual([
			['created', 'confirmed by a look-up'],
		]);
	});

	test('a record that holds the email but other values was there before: sent again, the service says why', async () => {
		const people = env.sandbox.state.records.get(PEOPLE)!;
		const [first] = people.values();
		first.emails = ['settled.4@example.com'];
		fifthCreate({ kind: 'server-error' });
		const { items } = await createPeople({ continueOnFail: true });
		const failed = items.filter((item) => item.error);
		expect(failed).toHaveLength(1);
		expect(failed[0].error?.message).toMatch(/a record with this Emails already exists/);
		expect(settledCounts()[4]).toBe(0);
	});

	test('Retry On Fail after that: the outcome is known (not created, the value is taken), so the item says so again', async () => {
		const people = env.sandbox.state.records.get(PEOPLE)!;
		const [first] = people.values();
		first.emails = ['settled.4@example.com'];
		fifthCreate({ kind: 'server-error' });
		const { error } = await createPeople({
			settings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 1 },
			continueOnFail: false,
		});
		// Not "may or may not have happened": the settle step learnt it was not done.
		expect(error?.message).toMatch(/a record with this Emails already exists/);
		expect(settledCounts()[4]).toBe(0);
	});

	test('nothing sent identifies the record (no unique attribute): the item fails as before, saying why', async () => {
		const companiesPath = `/api/v1/collection-records/${COMPANIES}`;
		env.sandbox.addFault({
			method: 'POST',
			path: companiesPath,
			kind: 'server-error',
			afterHandling: true,
			skip: 1,
		});
		const { items } = await run(
			new WorkspaceRecords(),
			{
				resource: 'record',
				operation: 'create',
				collectionId: byId(COMPANIES),
				useJson: true,
				attributesJson: '={{ JSON.stringify({ name: $json.name }) }}',
			},
			{ items: [{ name: 'Acme A' }, { name: 'Acme B' }, { name: 'Acme C' }], continueOnFail: true },
		);
		const failed = items.filter((item) => item.error);
		expect(failed).toHaveLength(1);
		expect(failed[0].error?.message).toMatch(/^Item 1: the write may or may not have happened/);
		expect(failed[0].error?.description).toMatch(
			/^The node could not look it up: none of the attributes sent is one the collection keeps unique\. It was not sent again/,
		);
		expect(creates(companiesPath)).toHaveLength(3);
	});

	test('a list entry: found by its record in a list that holds each record once; a list that allows twice fails as before', async () => {
		const inHotLeads = new Set(
			[...env.sandbox.state.entries.get(HOT_LEADS)!.values()].map((e) => e.recordId),
		);
		const outside = [...env.sandbox.state.records.get(PEOPLE)!.keys()].filter(
			(id) => !inHotLeads.has(id),
		);
		const addToList = (listId: string, recordIds: string[]) =>
			run(
				new WorkspaceLists(),
				{
					resource: 'listEntry',
					operation: 'create',
					listId: byId(listId),
					recordId: '={{ $json.id }}',
				},
				{ items: recordIds.map((id) => ({ id })), continueOnFail: true },
			);

		env.sandbox.addFault({
			method: 'POST',
			path: `/api/v1/list-entries/${HOT_LEADS}`,
			kind: 'reset',
			afterHandling: true,
			skip: 2,
		});
		const hot = await addToList(HOT_LEADS, outside.slice(0, 5));
		expect(hot.items.filter((item) => item.error)).toHaveLength(0);
		expect(
			hot.items.filter((item) => item.json.lostAnswer === 'confirmed by a look-up'),
		).toHaveLength(1);
		const entries = [...env.sandbox.state.entries.get(HOT_LEADS)!.values()];
		for (const id of outside.slice(0, 5))
			expect(entries.filter((e) => e.recordId === id)).toHaveLength(1);

		const companies = [...env.sandbox.state.records.get(COMPANIES)!.keys()].slice(0, 3);
		env.sandbox.addFault({
			method: 'POST',
			path: `/api/v1/list-entries/${PIPELINE}`,
			kind: 'server-error',
			afterHandling: true,
			skip: 1,
		});
		const pipeline = await addToList(PIPELINE, companies);
		const failed = pipeline.items.filter((item) => item.error);
		expect(failed).toHaveLength(1);
		expect(failed[0].error?.description).toMatch(/may hold a record more than once/);
	});

	test('Retry On Fail: a write settled by a look-up is remembered as done, not sent or looked up again', async () => {
		fifthCreate({ kind: 'server-error', afterHandling: true });
		// A 400 on another item makes n8n run the node again for all of them.
		env.sandbox.addFault({
			method: 'POST',
			path: peoplePath,
			kind: 'status',
			statusCode: 400,
			body: { status: false, message: 'Try again' },
			skip: 8,
		});
		const { items, error } = await createPeople({
			settings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 1 },
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(20);
		expect(settledCounts()).toEqual(ONCE_EACH);
		// 20 in the first run (one refused with a 400), then only the refused one again.
		expect(creates()).toHaveLength(21);
		const looks = env.sandbox.requests.filter((r) => r.path === `${peoplePath}/query`);
		expect(looks).toHaveLength(1);
		expect(items.filter((item) => item.json.lostAnswer === 'confirmed by a look-up')).toHaveLength(
			1,
		);
	});
});

test('an answer that comes only after Give Up After: the item fails, it is not sent again, the record exists once', async () => {
	// Real time: the answer's deadline is a socket timeout.
	env.sandbox.addFault({ method: 'POST', path: peoplePath, delayMs: 2_500 });
	const { items } = await run(
		new WorkspaceRecords(),
		{
			resource: 'record',
			operation: 'create',
			collectionId: byId(PEOPLE),
			useJson: true,
			attributesJson: '{"name": "Too Late", "emails": ["too.late@example.com"]}',
			options: { maxWaitSeconds: 1 },
		},
		{ continueOnFail: true },
	);
	expect(items[0].error?.message).toMatch(
		/^Item 0: the write may or may not have happened .*the answer took too long/,
	);
	expect(items[0].error?.description).toMatch(/may still be working on it/);
	expect(creates()).toHaveLength(1);
	for (let waited = 0; waited < 5_000; waited += 100) {
		if ([...env.sandbox.state.records.get(PEOPLE)!.values()].some((r) => r.name === 'Too Late'))
			break;
		await sleep(100);
	}
	expect(
		[...env.sandbox.state.records.get(PEOPLE)!.values()].filter((r) => r.name === 'Too Late'),
	).toHaveLength(1);
}, 20_000);
