import type { IExecuteSingleFunctions } from 'n8n-workflow';

import {
	deliveryMemory,
	STARTING_MS,
	inTurn,
	ledger,
	loadOnce,
	pollOutcome,
	reloadNext,
	RERUN_WINDOW_MS,
	runOf,
	wasInDoubt,
	doubt,
	writeKeyOf,
} from '../../../../nodes/shared/memory';
import { memoryKeys, restartMemory } from '../../../harness/memory';
import { useVirtualClock } from '../../../harness/virtualClock';

const time = useVirtualClock(Date.parse('2026-11-22T09:00:00.000Z'));
beforeEach(() => restartMemory());

test("a tool's writes are one run across n8n's tool calls; a node's runs are apart", () => {
	const context = (type: string, runIndex: number) =>
		({
			getNode: () => ({ name: 'Create Person', type }),
			getExecutionId: () => 'exec-1',
			runIndex,
		}) as unknown as IExecuteSingleFunctions;
	const tool = 'n8n-nodes-workspace-records.workspaceRecordsTool';
	const node = 'n8n-nodes-workspace-records.workspaceRecords';
	expect(runOf(context(tool, 3))).toBe(runOf(context(tool, 4)));
	expect(runOf(context(node, 0))).not.toBe(runOf(context(node, 1)));
});

describe("a run's ledger of writes", () => {
	afterEach(() => restartMemory());

	test('answers go first, then whole writes, and their run is marked', () => {
		const run = 'run|overflow-test|Node|0';
		restartMemory(2 * 200 + 100);
		ledger.done(`${run}#a`, 'x'.repeat(150));
		ledger.done(`${run}#b`, 'y');
		expect(ledger.recall(`${run}#a`)).toEqual({ kind: 'done-forgotten' });
		expect(ledger.outgrown(run)).toBe(false);
		ledger.unknown(`${run}#c`, 'HTTP 500');
		expect(ledger.outgrown(run)).toBe(true);
	});

	test('a write done without an answer body is kept as done (a send whose envelope has no data)', () => {
		const key = writeKeyOf('run|no-data|Node|0', 'POST', '/sms', '{}');
		ledger.done(key, undefined);
		expect(ledger.recall(key)).toEqual({ kind: 'done', answer: undefined });
	});

	test('an answer recalled is a copy: changing it changes nothing kept', () => {
		const key = writeKeyOf('run|copy|Node|0', 'POST', '/records', '{"name":"Ada"}');
		ledger.done(key, { name: 'Ada' });
		const first = ledger.recall(key) as { answer: { name: string } };
		first.answer.name = 'changed';
		expect(ledger.recall(key)).toEqual({ kind: 'done', answer: { name: 'Ada' } });
	});

	test("a write's key is its run and a digest of what it sends, never the body", () => {
		const key = writeKeyOf('run|x|Node|0', 'POST', '/records', '{"email":"ada@example.com"}');
		expect(key).toMatch(/^run\|x\|Node\|0#[\w-]{43}$/);
	});

	test('an item in doubt is told by its method, and no more once it ends', () => {
		doubt.begin('item-1', 'DELETE');
		expect([
			wasInDoubt('item-1'),
			wasInDoubt('item-1', 'DELETE'),
			wasInDoubt('item-1', 'POST'),
		]).toEqual([true, true, false]);
		doubt.end('item-1');
		expect(wasInDoubt('item-1')).toBe(false);
	});
});

test("the turns of Create or Update keep no value of the user's in a key", async () => {
	const email = 'ada.lovelace@example.com';
	const before = memoryKeys();
	let keysWhileWaiting: string[] = [];
	await inTurn(['run|x|Node|0', '/people', 'emails', JSON.stringify(email)], async () => {
		keysWhileWaiting = memoryKeys();
	});
	expect(keysWhileWaiting).toHaveLength(before.length + 1);
	expect(keysWhileWaiting.join()).not.toContain('ada');
});

describe("a webhook trigger's deliveries", () => {
	const scope = 'trigger|wf|node|webhook';
	/** The window its trigger gives (the WhatsApp trigger: its vendor's retries). */
	const KEPT_MS = 60 * 60_000;
	let deliveries = deliveryMemory(KEPT_MS);
	beforeEach(() => (deliveries = deliveryMemory(KEPT_MS)));

	test('one being started keeps its retries out at most STARTING_MS, then the static data decides', () => {
		deliveries.starting(scope, 'e1');
		time.tick(STARTING_MS - 1);
		expect(deliveries.statusOf(scope, 'e1')).toBe('starting');
		time.tick(1);
		expect(deliveries.statusOf(scope, 'e1')).toBeUndefined();
	});

	test('one taken is known for the time its trigger keeps it, then let go', () => {
		deliveries.taken(scope, 'e1');
		time.tick(KEPT_MS - 1);
		expect(deliveries.statusOf(scope, 'e1')).toBe('taken');
		time.tick(1);
		expect(deliveries.statusOf(scope, 'e1')).toBeUndefined();
	});

	test('one n8n failed to start is forgotten at once', () => {
		deliveries.starting(scope, 'e1');
		deliveries.failed(scope, 'e1');
		expect(deliveries.statusOf(scope, 'e1')).toBeUndefined();
	});

	test('bounded per trigger: the oldest go first; the newest taken come oldest first', () => {
		for (let i = 0; i < 2_010; i++) deliveries.taken(scope, `e${i}`);
		deliveries.starting(scope, 'being-started');
		expect(deliveries.statusOf(scope, 'e10')).toBeUndefined();
		expect(deliveries.statusOf(scope, 'e11')).toBe('taken');
		const taken = [...deliveries.takenSoFar(scope)].map(([event]) => event);
		expect([taken.length, taken[0], taken.at(-1)]).toEqual([1_999, 'e11', 'e2009']);
		expect(deliveries.statusOf('trigger|other|node|webhook', 'e2009')).toBeUndefined();
	});
});

describe("a polling trigger's reruns", () => {
	test('a poll from where an emitting poll started waits, within the window; from elsewhere it shows the first was kept', () => {
		pollOutcome.emitted('t1', 'start-a');
		expect(pollOutcome.awaited('t1', 'start-a')).toBe(true);
		expect(pollOutcome.awaited('t2', 'start-a')).toBe(false);
		expect(pollOutcome.awaited('t1', 'start-b')).toBe(false);
		expect(pollOutcome.awaited('t1', 'start-a')).toBe(false);
	});

	test('past the window, n8n is taken to have dropped the first: its rows come again', () => {
		pollOutcome.emitted('t1', 'start-a');
		time.tick(RERUN_WINDOW_MS);
		expect(pollOutcome.awaited('t1', 'start-a')).toBe(false);
	});
});

test('loadOnce loads once per key; a write to its topic makes the next caller load again', async () => {
	let loads = 0;
	const load = async () => ++loads;
	expect(await loadOnce('run-a|/attributes/collection/x', load, '/attributes/collection/x')).toBe(
		1,
	);
	expect(await loadOnce('run-a|/attributes/collection/x', load, '/attributes/collection/x')).toBe(
		1,
	);
	expect(await loadOnce('run-b|/attributes/collection/y', load, '/attributes/collection/y')).toBe(
		2,
	);
	reloadNext('/attributes/collection/x');
	expect(await loadOnce('run-a|/attributes/collection/x', load, '/attributes/collection/x')).toBe(
		3,
	);
	// Another topic is kept.
	expect(await loadOnce('run-b|/attributes/collection/y', load, '/attributes/collection/y')).toBe(
		2,
	);
});
