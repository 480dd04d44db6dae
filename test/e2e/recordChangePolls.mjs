// The Records Trigger's events about existing records, active and polled by n8n: a deal entering
// a status, people whose watched attributes changed (a few, a bulk edit of 2,500, 8,000 watched
// behind a slow rate limit, a change made while it takes stock of 12,000), a view too large to
// watch refused at activation, people deleted. Each change is emitted once.
import assert from 'node:assert/strict';

import { fromList } from './messageSends.mjs';
import { ADA, DEALS, PEOPLE, WON } from './parameters.mjs';
import {
	activeTrigger,
	addPeople,
	assertEmittedOnce,
	changePerson,
	isPeopleQuery,
	passesOver,
	peopleTrigger,
	seconds,
	throughApi,
	until,
} from './pollParts.mjs';

export const recordChangePollsCases = [
	{
		file: 'trigger-deal-won',
		title: 'Workspace Records Trigger: a deal moved to Won',
		...activeTrigger('workspaceRecordsTrigger', {
			event: 'recordEnteredStatus',
			collectionId: fromList(DEALS, 'Deals'),
			statusAttribute: 'stage',
			statuses: [WON],
		}),
		// Others in the workspace win two deals and change the value of a third, through the API.
		during: async (sandbox) => {
			const deals = [...sandbox.state.records.get(DEALS).values()];
			const [first, , third, fourth] = deals;
			await throughApi(sandbox, 'PATCH', `/collection-records/${DEALS}/${first._id}`, {
				stage: WON,
			});
			await throughApi(sandbox, 'PATCH', `/collection-records/${DEALS}/${third._id}`, {
				stage: WON,
			});
			await throughApi(sandbox, 'PATCH', `/collection-records/${DEALS}/${fourth._id}`, {
				value: fourth.value + 1000,
			});
			return { expected: [first._id, third._id] };
		},
		withinSeconds: 60,
		check: (runs, sandbox, { expected }) => {
			const emitted = assertEmittedOnce(runs, expected);
			const items = runs.flatMap((run) => run.items);
			for (const item of items) {
				assert.equal(item.stage, 'Won');
				assert.equal(item.changes.stage.previous === 'Won', false, 'entered from another stage');
				assert.equal(item.changes.stage.current, 'Won');
			}
			return `${emitted} deals emitted, each once: ${items.map((i) => `${i.changes.stage.previous} → ${i.changes.stage.current}`).join(', ')}`;
		},
	},
	{
		file: 'trigger-record-updated',
		lines: 'every',
		title: 'Workspace Records Trigger: people whose job title or lead score changed',
		...peopleTrigger('recordUpdated', { watchedAttributes: ['jobTitle', 'leadScore'] }),
		// Through the API: Ada's job title changes twice before a poll can see it, another
		// person's lead score changes, a third person's nickname (not watched) changes.
		during: async (sandbox) => {
			const people = [...sandbox.state.records.get(PEOPLE).values()];
			const [second, third] = people.filter((person) => person._id !== ADA);
			const previousScore = second.leadScore ?? null;
			await changePerson(sandbox, ADA, { jobTitle: 'Analyst' });
			await changePerson(sandbox, ADA, { jobTitle: 'Countess of Lovelace' });
			await changePerson(sandbox, second._id, { leadScore: (previousScore ?? 0) + 5 });
			await changePerson(sandbox, third._id, { nickname: 'Not watched' });
			return { expected: [ADA, second._id], previousScore };
		},
		withinSeconds: 60,
		check: (runs, sandbox, { expected, previousScore }) => {
			const emitted = assertEmittedOnce(runs, expected);
			const [ada, second] = expected.map((id) =>
				runs.flatMap((run) => run.items).find((item) => item._id === id),
			);
			assert.deepEqual(Object.keys(ada.changes), ['jobTitle']);
			assert.equal(ada.changes.jobTitle.current, 'Countess of Lovelace');
			assert.equal(ada.jobTitle, 'Countess of Lovelace');
			assert.deepEqual(second.changes, {
				leadScore: { previous: previousScore, current: (previousScore ?? 0) + 5 },
			});
			return `${emitted} people emitted, each once: ${ada.changes.jobTitle.previous} → ${ada.changes.jobTitle.current}; lead score ${previousScore} → ${second.changes.leadScore.current}`;
		},
	},
	{
		file: 'trigger-record-updated-bulk',
		title: 'Workspace Records Trigger: 2,500 of 3,000 people changed at once, behind 2 requests/s',
		...peopleTrigger('recordUpdated', { watchedAttributes: ['leadScore'] }),
		// The activation poll takes stock of the 3,000 (31 pages, within its 25 s).
		setup: (sandbox) => {
			addPeople(sandbox, 3000, 'e9', 'Bulk');
			sandbox.rateLimit({ rate: 2, burst: 1 });
		},
		// A bulk edit through the API, around the limit (it counts per API key, as the trigger's).
		during: async (sandbox) => {
			const bulk = [...sandbox.state.records.get(PEOPLE).values()]
				.filter((person) => String(person.name).startsWith('Bulk'))
				.slice(0, 2500);
			sandbox.rateLimit({ rate: 0 });
			for (const [i, person] of bulk.entries())
				await changePerson(sandbox, person._id, { leadScore: -1 - i });
			sandbox.rateLimit({ rate: 2, burst: 1 });
			return { expected: bulk.map((person) => person._id) };
		},
		withinSeconds: 150,
		// At most 1,000 a poll, each once.
		check: (runs, sandbox, { expected }) => {
			const emitted = assertEmittedOnce(runs, expected);
			const sizes = runs.map((run) => run.items.length);
			assert.ok(
				sizes.every((size) => size <= 1000),
				`items a poll: ${sizes.join(', ')}`,
			);
			return `${emitted} people in ${runs.length} polls (${sizes.join(', ')})`;
		},
	},
	{
		file: 'trigger-record-updated-paced',
		title: 'Workspace Records Trigger: 8,000 people watched behind 2 requests/s, no burst',
		...peopleTrigger('recordUpdated'),
		// The first pass (81 pages) spans two polls; one person changed through the API (around
		// the limit, which counts per API key) comes in the second pass.
		setup: (sandbox) => {
			addPeople(sandbox, 8000, 'eb', 'Paced');
			sandbox.rateLimit({ rate: 2, burst: 1 });
		},
		during: async (sandbox) => {
			const [person] = [...sandbox.state.records.get(PEOPLE).values()];
			sandbox.rateLimit({ rate: 0 });
			await changePerson(sandbox, person._id, { leadScore: 4242 });
			sandbox.rateLimit({ rate: 2, burst: 1 });
			return { expected: [person._id] };
		},
		withinSeconds: 180,
		// Each poll reads for 25 s: at the pace the service accepts that is about 50 pages, and
		// the trigger keeps the pace it learnt from poll to poll.
		check: (runs, sandbox, { expected }) => {
			const polls = [[]];
			for (const page of sandbox.requests.filter(isPeopleQuery)) {
				const last = polls.at(-1).at(-1);
				if (last && page.at - (last.doneAt ?? last.at) > 2000) polls.push([]);
				polls.at(-1).push(page);
			}
			const read = polls.map((poll) => poll.filter((r) => r.status === 200).length);
			const refused = polls.map((poll) => poll.filter((r) => r.status === 429).length);
			const said = `pages a poll ${read.join(', ')}, refused ${refused.join(', ')}`;
			const emitted = (() => {
				try {
					return assertEmittedOnce(runs, expected);
				} catch (error) {
					throw new Error(`${error.message}; ${said}`);
				}
			})();
			// How many pages fit in a poll depends on the machine, and polls a few seconds apart
			// cannot be told apart here: the pages are reported; the bound of a poll is pinned on
			// the virtual clock (test/nodes/shared/trigger/pace.test.ts).
			return `${emitted} change emitted once; ${said}`;
		},
	},
	{
		file: 'trigger-record-updated-too-many',
		lines: 'every',
		title: 'Workspace Records Trigger: a view of 20,500 people is refused at activation',
		...peopleTrigger('recordUpdated'),
		durable: true,
		refusedAtActivation: true,
		setup: (sandbox) => addPeople(sandbox, 20_500, 'ea', 'Many'),
		// n8n's activation poll fails: the editor shows "Problem activating" with the fix, which
		// is in the message (n8n 2.40.7's publication status and log keep nothing else).
		check: (runs, sandbox, { refusal }) => {
			assert.match(
				String(refusal),
				/more than 20,000 records match, more than the trigger can watch\. Narrow them with a filter/,
			);
			assert.equal(runs.length, 0, 'executions');
			// Each try (n8n tries an activation again by itself) asks one question past the bound
			// and reads no page.
			const queries = sandbox.requests.filter(isPeopleQuery);
			const probes = queries.filter((r) => r.body?.limit === 1 && r.body?.offset === 20_000);
			assert.equal(probes.length, queries.length, 'pages read besides the probes');
			return `activation refused, ${probes.length} probe(s) and no page read: ${refusal}`;
		},
	},
	{
		file: 'trigger-record-stock-taking',
		lines: '2.x',
		title:
			'Workspace Records Trigger: 12,000 people watched; a change made as it takes stock comes once',
		...peopleTrigger('recordUpdated', { watchedAttributes: ['leadScore'] }),
		durable: true,
		setup: (sandbox) => addPeople(sandbox, 12_000, 'ed', 'Stock'),
		// As soon as n8n has the activation poll's state: the newest person (the last a pass
		// reads) and one in the middle change, through the API. When taking stock stopped at
		// 5,000 records a poll, the activation poll had read neither, the next polls took the
		// changed values as their starting point and never emitted them.
		during: async (sandbox) => {
			const passesByActivation = passesOver(sandbox).length;
			// On a busy machine the activation poll may end before its pass does: the change is
			// made once a pass has ended, whenever that is (a change to a record not yet read
			// becomes its starting point, as the node page says).
			await until(() => passesOver(sandbox).length > 0, 240_000, 'no pass over the people ended');
			const since = sandbox.requests.length;
			const people = [...sandbox.state.records.get(PEOPLE).values()].sort((a, b) =>
				String(a.createdAt).localeCompare(String(b.createdAt)),
			);
			const changed = [people.at(-1), people[6_000]];
			for (const person of changed) await changePerson(sandbox, person._id, { leadScore: 4242 });
			return { expected: changed.map((person) => person._id), since, passesByActivation };
		},
		withinSeconds: 60,
		// What happened, never how long it took (that is the benchmark's): stock was taken once,
		// before the change, and the change came once. The window in which a change is lost (from
		// the activation poll's first query to the end of the last pass that took stock) is
		// reported.
		check: (runs, sandbox, { expected, since, passesByActivation }) => {
			const emitted = assertEmittedOnce(runs, expected);
			const passes = passesOver(sandbox);
			const index = (request) => sandbox.requests.indexOf(request);
			// Made once stock was taken (by no pass that took stock after it).
			const stock = passes.filter((pass) => pass.start.body?.offset > 0);
			assert.ok(index(stock.at(-1).last) < since, 'stock was taken again after the change');
			const spans = passes.map((pass) => pass.doneAt - pass.at);
			const window = stock.at(-1).doneAt - passes[0].at;
			return `${emitted} changes emitted once; taking stock of 12,000 took ${stock.length} pass(es), ${seconds(window)} from the activation poll's first query to the end of the last (${stock.map((pass) => `${pass.queries} queries in ${seconds(pass.doneAt - pass.at)}`).join(', ')}), the activation poll ${passesByActivation ? 'ended' : 'did not end'} a pass; passes ${spans.map(seconds).join(', ')}`;
		},
	},
	{
		file: 'trigger-record-removed',
		title: 'Workspace Records Trigger: people deleted',
		...peopleTrigger('recordRemoved'),
		during: async (sandbox) => {
			const gone = [...sandbox.state.records.get(PEOPLE).values()]
				.filter((person) => person._id !== ADA)
				.slice(0, 2);
			for (const person of gone)
				await throughApi(sandbox, 'DELETE', `/collection-records/${PEOPLE}/${person._id}`);
			return { expected: gone.map((person) => person._id), names: gone.map((p) => p.name) };
		},
		withinSeconds: 60,
		check: (runs, sandbox, { expected, names }) => {
			const emitted = assertEmittedOnce(runs, expected);
			const items = runs.flatMap((run) => run.items);
			assert.deepEqual(items.map((item) => item.name).sort(), [...names].sort());
			return `${emitted} people emitted once each, with their ID and name as last seen`;
		},
	},
];
