// What holds when the network or the service misbehaves (issue 22), in a real n8n: rate limits
// waited out, nothing created twice when an answer is lost (a 500 before or after the work, a
// dropped connection, an answer too late), items with one match value taking turns, Retry On
// Fail that sends nothing twice, a redirect to another host refused with the key kept home.
import assert from 'node:assert/strict';

import { fromList } from './messageSends.mjs';
import {
	ADA,
	COMPANIES,
	createPeople,
	mapped,
	onAda,
	PEOPLE,
	peopleRecords,
} from './parameters.mjs';

export const networkGuaranteesCases = [
	{
		file: 'records-bulk-create-rate-limited',
		lines: 'every',
		title: 'Workspace Records: 200 people against a rate limit of 20 requests/s',
		node: 'workspaceRecords',
		items: 200,
		setup: (sandbox) => sandbox.rateLimit({ rate: 20, burst: 5 }),
		// Map Automatically: each item's "name" field is the attribute name.
		parameters: createPeople(mapped(null)),
		// With the default settings: refused requests are waited out, nothing is sent twice.
		requests: (requests) => {
			const created = requests.filter((r) => r.method === 'POST' && r.status === 200);
			assert.equal(created.length, 200, 'records created');
			assert.deepEqual([...new Set(requests.map((r) => r.status))].sort(), [200, 429]);
		},
		check: (items, sandbox) => {
			assert.equal(items.length, 200);
			assert.equal(items.filter((i) => i.error).length, 0, 'error items');
			assertEachImportedOnce(sandbox, 200);
		},
	},
	{
		file: 'records-bulk-create-retry-on-fail',
		lines: 'every',
		title: 'Workspace Records: 20 people, one 500, Retry On Fail',
		node: 'workspaceRecords',
		items: 20,
		nodeSettings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 0 },
		setup: faultOnCreate({ kind: 'server-error', skip: 7 }),
		// Map Automatically: each item's "name" field is the attribute name.
		parameters: createPeople(mapped(null)),
		// n8n runs the node again for all 20 items, and nothing is sent twice: the 19 creates
		// that were done keep their answers, and the one answered 500 (which may have been done)
		// fails again instead of being sent again.
		requests: (requests) =>
			assert.equal(requests.filter((r) => r.method === 'POST').length, 20, 'creates sent'),
		error:
			/^Item \d+: the write may or may not have happened \(POST \/api\/v1\/collection-records\/\w+: The service failed \(HTTP 500\).*not sent again\)$/,
		check: (items, sandbox) => assertEachImportedOnce(sandbox, 19),
	},
	lostAnswerCase({
		file: 'records-create-lost-answer-500-before',
		title: 'Workspace Records: 20 people, one create answered 500 before it was done',
		fault: { kind: 'server-error' },
		settled: 'not done, so sent again',
		creates: 21,
	}),
	lostAnswerCase({
		file: 'records-create-lost-answer-500-after',
		title: 'Workspace Records: 20 people, one create answered 500 after it was done',
		fault: { kind: 'server-error', afterHandling: true },
		settled: 'confirmed by a look-up',
		creates: 20,
	}),
	lostAnswerCase({
		file: 'records-create-lost-answer-dropped',
		lines: 'every',
		title: 'Workspace Records: 20 people, one connection dropped after the create was done',
		fault: { kind: 'reset', afterHandling: true },
		settled: 'confirmed by a look-up',
		creates: 20,
	}),
	{
		file: 'records-create-lost-answer-no-unique',
		lines: 'every',
		title: 'Workspace Records: companies, one create answered 500, nothing unique to look it up by',
		node: 'workspaceRecords',
		items: 3,
		nodeSettings: { onError: 'continueRegularOutput' },
		setup: faultOnCreate({ kind: 'server-error', afterHandling: true, skip: 1 }, COMPANIES),
		parameters: {
			resource: 'record',
			operation: 'create',
			collectionId: fromList(COMPANIES, 'Companies'),
			columns: mapped(null),
		},
		requests: (requests) =>
			assert.equal(
				requests.filter((r) => r.method === 'POST' && !r.path.endsWith('/query')).length,
				3,
				'creates sent',
			),
		// Exactly one error item, saying why the node could not settle it; nothing sent twice.
		check: (items) => {
			const failed = items.filter((i) => i.json.error);
			assert.equal(failed.length, 1, 'error items');
			assert.match(String(failed[0].json.error), /the write may or may not have happened/);
			assert.equal(items.length, 3);
		},
	},
	{
		file: 'records-create-lost-answer-too-late',
		title: 'Workspace Records: a create answered only after Give Up After',
		node: 'workspaceRecords',
		setup: faultOnCreate({ delayMs: 2_500 }),
		parameters: createPeople(mapped({ name: 'Too Late', emails: 'too.late@example.com' }), {
			options: { maxWaitSeconds: 1 },
		}),
		// No answer: the service may still be at it, so the create is never sent again.
		requests: (requests) =>
			assert.equal(
				requests.filter((r) => r.method === 'POST' && !r.path.endsWith('/query')).length,
				1,
				'creates sent',
			),
		error: /the write may or may not have happened .*the answer took too long/,
		check: (_, sandbox) =>
			assert.ok(recordsWhere(sandbox, (r) => r.name === 'Too Late').length <= 1, 'no duplicate'),
	},
	repeatedEmailCase({
		file: 'records-record-upsert-repeated-email',
		title: 'Workspace Records: one new email in three items, created once',
	}),
	repeatedEmailCase({
		file: 'records-record-upsert-repeated-email-one-at-a-time',
		title: 'Workspace Records: one new email in three items, one request at a time',
		maxConcurrency: 1,
	}),
	{
		file: 'records-record-get-rate-limited-gives-up',
		lines: 'every',
		title: 'Workspace Records: a service that only answers 429, Give Up After 3 s (error example)',
		node: 'workspaceRecords',
		// Retry-After: 0 on every answer: without a deadline of its own the node would retry forever.
		setup: (sandbox) => sandbox.addFault({ kind: 'rate-limit', retryAfter: 0, times: 10_000 }),
		parameters: onAda('get', { options: { maxWaitSeconds: 3 } }),
		// Backing off, not storming: a handful of requests, all refused; then it gives up (how many
		// seconds that took, on a busy machine, is not asserted: only that it ended with the error).
		requests: (requests) => {
			assert.ok(requests.length >= 1 && requests.length < 10, `${requests.length} requests`);
			assert.deepEqual(
				[...new Set(requests.map((r) => `${r.method} ${r.path} ${r.status}`))],
				[`GET /api/v1/collection-records/${PEOPLE}/${ADA} 429`],
			);
		},
		error: /gave up after \d+ attempts? over \d+ s/,
	},
	{
		file: 'records-record-create-lost-answer-retry-on-fail',
		title:
			'Workspace Records: a create answered 500 after it was done, Retry On Fail (error example)',
		node: 'workspaceRecords',
		nodeSettings: { retryOnFail: true, maxTries: 3, waitBetweenTries: 0 },
		setup: faultOnCreate({ kind: 'server-error', afterHandling: true }),
		parameters: createPeople(mapped({ name: 'Lost Answer' })),
		// n8n runs the node three times; the create whose outcome is unknown is sent once (the
		// attributes are read once for the execution).
		requests: (requests) =>
			assert.deepEqual(
				requests.map((r) => [r.method, r.path, r.status]),
				[
					['GET', `/api/v1/attributes/collection/${PEOPLE}`, 200],
					['POST', `/api/v1/collection-records/${PEOPLE}`, 500],
				],
			),
		error: /the write may or may not have happened .*not sent again/,
		check: peopleNamed('Lost Answer', 1),
	},
	{
		file: 'records-record-create-lost-answer-value-taken',
		lines: '2.x',
		title:
			'Workspace Records: a create answered 500 before the work, its email already taken, Retry On Fail (error example)',
		node: 'workspaceRecords',
		nodeSettings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 0 },
		setup: faultOnCreate({ kind: 'server-error', times: 1 }),
		parameters: createPeople(mapped({ name: 'Not Ada', emails: 'ada.lovelace0@example.com' })),
		// The look-up finds only the older record (not this create's), so the create is sent again
		// and refused: known not done, the second try sends it again and says the same.
		requests: (requests) =>
			assert.deepEqual(
				requests.map((r) => [r.method, r.path, r.status]),
				[
					['GET', `/api/v1/attributes/collection/${PEOPLE}`, 200],
					['POST', `/api/v1/collection-records/${PEOPLE}`, 500],
					['POST', `/api/v1/collection-records/${PEOPLE}/query`, 200],
					['POST', `/api/v1/collection-records/${PEOPLE}/query`, 200],
					['POST', `/api/v1/collection-records/${PEOPLE}`, 400],
					['POST', `/api/v1/collection-records/${PEOPLE}`, 400],
				],
			),
		error: /already exists/,
		check: peopleNamed('Not Ada', 0),
	},
	{
		file: 'records-record-get-redirected',
		lines: 'every',
		title: 'Workspace Records: a Base URL that redirects to another host (error example)',
		node: 'workspaceRecords',
		setup: (sandbox, elsewhere) =>
			sandbox.addFault({
				kind: 'status',
				statusCode: 302,
				headers: { Location: `${elsewhere.url}/api/v1/collection-records/${PEOPLE}/${ADA}` },
				body: {},
			}),
		parameters: onAda('get'),
		requests: [['GET', `/api/v1/collection-records/${PEOPLE}/${ADA}`]],
		error: (sandbox, elsewhere) =>
			exactly(
				`The Base URL redirects to ${elsewhere.url}/api/v1/collection-records/${PEOPLE}/${ADA}: use that address`,
			),
		// The key stays home: the other origin heard nothing.
		check: (items, sandbox, elsewhere) =>
			assert.equal(elsewhere.requests.length, 0, 'requests to the other origin'),
	},
];

/**
 * Create or Update with Map Automatically, three items naming one new email: items with one
 * match value take turns within the run, so it is created once, then updated twice.
 */
function repeatedEmailCase({ file, title, maxConcurrency }) {
	// One email per example: in the demo both write to one workspace (assertNoSharedData).
	const email = `${file.replace(/^records-record-upsert-/, '')}@example.com`;
	const field = (id, displayName, type, required = false) => ({
		id,
		displayName,
		required,
		defaultMatch: false,
		canBeUsedToMatch: true,
		display: true,
		type,
	});
	return {
		file,
		title,
		node: 'workspaceRecords',
		items: 3,
		itemsCode: `return [1, 2, 3].map((n) => ({ json: { name: 'Repeat ' + n, emails: '${email}', leadScore: n } }));`,
		parameters: peopleRecords('upsert', {
			upsertColumns: {
				mappingMode: 'autoMapInputData',
				value: null,
				matchingColumns: ['emails'],
				schema: [
					field('name', 'Name', 'string', true),
					field('emails', 'Emails', 'string'),
					field('leadScore', 'Lead Score', 'number'),
				],
			},
			...(maxConcurrency ? { options: { maxConcurrency } } : {}),
		}),
		requests: (requests) => {
			const creates = requests.filter(
				(r) => r.method === 'POST' && r.path === `/api/v1/collection-records/${PEOPLE}`,
			);
			assert.equal(creates.length, 1, 'creates sent');
			assert.ok(
				requests.every((r) => r.status === 200),
				'every request answered 200',
			);
		},
		check: (items, sandbox) => {
			assert.deepEqual(
				items.map((i) => i.json.action),
				['created', 'updated', 'updated'],
			);
			const records = recordsWhere(sandbox, (r) => JSON.stringify(r.emails ?? '').includes(email));
			assert.equal(records.length, 1, `records with ${email}`);
			assert.deepEqual([records[0].name, records[0].leadScore], ['Repeat 3', 3]);
			assert.deepEqual(new Set(items.map((i) => i.json._id)), new Set([records[0]._id]));
		},
	};
}

/**
 * Twenty people from a form, each with an email of their own (Emails is unique in the
 * workspace); the fifth create fails with `fault`. Every item succeeds, one of them settled by a
 * look-up, and each person exists once.
 */
function lostAnswerCase({ file, lines, title, fault, settled, creates }) {
	return {
		file,
		lines,
		title,
		node: 'workspaceRecords',
		items: 20,
		itemsCode:
			// Emails of this example's own (Emails is unique, and the demo's examples share a workspace).
			`return Array.from({ length: 20 }, (_, i) => ({ json: { name: 'Imported ' + i, emails: 'imported.' + i + '.${file.replace(/^records-create-/, '')}@example.com' } }));`,
		setup: faultOnCreate({ skip: 4, ...fault }),
		parameters: createPeople(mapped(null)),
		requests: (requests) =>
			assert.equal(
				requests.filter(
					(r) => r.method === 'POST' && r.path === `/api/v1/collection-records/${PEOPLE}`,
				).length,
				creates,
				'creates sent',
			),
		check: (items, sandbox) => {
			assert.equal(items.length, 20);
			assert.equal(items.filter((i) => i.json.error).length, 0, 'error items');
			assert.deepEqual(
				items.filter((i) => i.json.lostAnswer).map((i) => i.json.lostAnswer),
				[settled],
			);
			assertEachImportedOnce(sandbox, 20);
		},
	};
}

/** A case's setup: the creates in `collection` (People unless named) meet `fault`. */
function faultOnCreate(fault, collection = PEOPLE) {
	return (sandbox) =>
		sandbox.addFault({
			method: 'POST',
			path: `/api/v1/collection-records/${collection}`,
			...fault,
		});
}

/** The people in the sandbox for which `test` holds. */
const recordsWhere = (sandbox, test) =>
	[...sandbox.state.records.get(PEOPLE).values()].filter(test);

/** A case's check: `count` people named `name` in the sandbox. */
function peopleNamed(name, count) {
	return (items, sandbox) =>
		assert.equal(
			recordsWhere(sandbox, (r) => r.name === name).length,
			count,
			`records named ${name}`,
		);
}

/** A RegExp matching `text` exactly. */
const exactly = (text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** Every "Imported i" person exists exactly once in the sandbox. */
function assertEachImportedOnce(sandbox, count) {
	const names = [...sandbox.state.records.get(PEOPLE).values()]
		.map((r) => r.name)
		.filter((n) => n.startsWith('Imported '));
	assert.equal(names.length, count, 'records');
	assert.equal(new Set(names).size, count, 'distinct records');
}
