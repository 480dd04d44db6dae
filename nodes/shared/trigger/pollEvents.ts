import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { withCompletion } from '../activityOutput';
import { clock } from '../clock';
import { fromInput } from '../input';
import { parameterId } from '../locators';
import { digestOf, earlyPosition, pollAlone, pollOutcome, triggerOf } from '../memory';
import { buildFilter, where } from '../query/filter';
import { filterParametersOf } from '../query/queryBody';
import { simplifyRecord } from '../simplify';
import type { Hints, QueryEndpoint } from '../transport';
import { apiRequest, DEFAULT_HINTS, paceOfTrigger, queries, segment } from '../transport';
import type { DueState } from './due';
import { duePoll } from './due';
import type { Event } from './fields';
import { ACTIVITY_EVENTS, isRecordChange, LIST_EVENTS } from './fields';
import type { PollBounds, PollSource } from './poll';
import { latest, poll, POLL_BOUNDS, savedCursor } from './poll';
import type { Change, WatchSettings, WatchState } from './watch';
import { asIfJustSet, exceedsBound, refuseOversized, WATCH_BOUNDS, watchPoll } from './watch';

export async function pollEvents(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	if (this.getMode() === 'manual') return await pollOnce.call(this);
	// The node's own errors (NodeApiError, NodeOperationError), their message completed.
	return await pollOnce.call(this).catch((error: unknown) => {
		throw withFixInMessage(error);
	});
}

/**
 * An active trigger's refusal, with what to do in its message: n8n records only the message
 * of an error at activation (2.40.7's publication status and log drop the description). A
 * failure n8n waits out by itself (a rate limit, a service down) keeps its own.
 */
function withFixInMessage(error: unknown): unknown {
	if (!(error instanceof Error) || (error as { failure?: unknown }).failure) return error;
	const fix = (error as { description?: unknown }).description;
	if (typeof fix !== 'string' || !fix || error.message.includes(fix)) return error;
	error.message = `${error.message.replace(/[.:]?$/, '.')} ${fix}`;
	return error;
}

async function pollOnce(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const event = this.getNodeParameter('event') as Event;
	const source = await pollSource(this, event);
	const emit = (rows: IDataObject[]) => {
		if (!rows.length) return null;
		const simplify = this.getNodeParameter('simplify', false) as boolean;
		// As the Activities node outputs them; the positions above keep the service's values.
		const shown = ACTIVITY_EVENTS.includes(event) ? rows.map(withCompletion) : rows;
		return [this.helpers.returnJsonArray(simplify ? shown.map(simplifyRecord) : shown)];
	};
	if (this.getMode() === 'manual') return emit(await testEvent(this, event, source));
	const trigger = triggerOf(this);
	return await pollAlone(trigger, async () => {
		const position = positionOf(this, event);
		// n8n's durable scheduler may run a poll again from where it started: what the first
		// emitted from there is not emitted twice while n8n has not shown what became of it.
		const start = digestOf(JSON.stringify(position.saved ?? null));
		if (pollOutcome.awaited(trigger, start)) return null;
		const { rows, next } = await pollFrom(this, event, source, position.saved);
		position.save(next);
		if (rows.length) pollOutcome.emitted(trigger, start);
		return emit(rows);
	});
}

/** One poll of `event` from `saved`: the rows to emit, and where the next poll goes on from. */
async function pollFrom(
	context: IPollFunctions,
	event: Event,
	source: PollSource,
	saved: IDataObject | undefined,
): Promise<{ rows: IDataObject[]; next: object }> {
	if (isRecordChange(event)) {
		const settings = watchSettingsOf(context, event);
		const bounds = boundsOf(context, WATCH_BOUNDS);
		const stock = saved as WatchState | undefined;
		if (stock?.of !== settings.of && (await exceedsBound(source, bounds)))
			fromInput(context, () => refuseOversized(Infinity, bounds));
		const wanted = wantedBy(context, event);
		const { changes, state } = await watchPoll(source, stock, settings, bounds, wanted);
		fromInput(context, () => refuseOversized(Object.keys(state.prints).length, bounds));
		return { rows: changes.map(asItem), next: state };
	}
	if (event === 'activityDue') {
		const due = saved as DueState | undefined;
		const { rows, state } = await duePoll(source, due, boundsOf(context, POLL_BOUNDS));
		return { rows, next: state };
	}
	const { rows, cursor } = await poll(source, savedCursor(saved), boundsOf(context, POLL_BOUNDS));
	// An entry's `updatedAt` is set when it is added too; adding is New List Entry's event.
	return {
		rows:
			event === 'listEntryUpdated' ? rows.filter((row) => row.updatedAt !== row.createdAt) : rows,
		next: cursor,
	};
}

/** Where each kind of event keeps its position in the node's static data. */
const positionKey = (event: Event) =>
	isRecordChange(event) ? 'watch' : event === 'activityDue' ? 'due' : 'cursor';

/**
 * Where a trigger's polls go on from: the node's static data. n8n's durable scheduler drops what
 * the activation poll saves there but keeps the workflow's, so the stock taken at activation is
 * copied there (and in memory, for a poll before n8n saved it) until a poll finds the node's own.
 * The copy never moves on: n8n saves the workflow's static data even for a poll whose result it
 * refuses (its lease ran out), and a copy past that poll's items would lose them. A republish
 * resets the node's position, as for n8n's own triggers: the trigger takes stock again.
 */
function positionOf(context: IPollFunctions, event: Event) {
	const node = context.getWorkflowStaticData('node');
	const workflow = context.getWorkflowStaticData('global');
	const key = positionKey(event);
	const copyKey = `position:${context.getNode().id}`;
	const trigger = triggerOf(context);
	const own = node[key] as IDataObject | undefined;
	const copy = (workflow[copyKey] ?? earlyPosition.recall(trigger)) as
		| { event: Event; position: IDataObject }
		| undefined;
	const stock = copy?.event === event ? copy.position : undefined;
	return {
		saved: own ?? stock,
		save(position: object) {
			node[key] = position as IDataObject;
			if (own) {
				delete workflow[copyKey];
				// Where 1.0 kept the change events' copy.
				delete workflow[`watch:${context.getNode().id}`];
				earlyPosition.forget(trigger);
			} else if (!stock) {
				const taken = { event, position } as unknown as IDataObject;
				workflow[copyKey] = taken;
				earlyPosition.keep(trigger, taken);
			}
		},
	};
}

/** Our bounds, within the budget n8n grants a poll where it tells one (it abandons late polls). */
function boundsOf<T extends PollBounds>(context: IPollFunctions, bounds: T): T {
	const granted = (context as { getPollBudgetMs?: () => number }).getPollBudgetMs?.();
	return { ...bounds, budgetMs: Math.min(bounds.budgetMs, granted ?? Infinity) };
}

function queryEndpoint(context: IPollFunctions, event: Event): QueryEndpoint {
	if (ACTIVITY_EVENTS.includes(event)) return queries.activities;
	if (LIST_EVENTS.includes(event))
		return queries.listEntries(segment(parameterId(context, 'listId'), 'List'));
	return queries.records(segment(parameterId(context, 'collectionId'), 'Collection'));
}

/** The timestamp each event pages by, and what else its rows must meet. */
function orderOf(
	context: IPollFunctions,
	event: Event,
): Pick<PollSource, 'orderBy' | 'conditions'> {
	if (event === 'listEntryUpdated') return { orderBy: 'updatedAt' };
	if (event === 'activityCompleted') return { orderBy: 'completedTime' };
	if (event === 'activityDue') {
		const minutes = Number(context.getNodeParameter('minutesBefore', 0)) || 0;
		const dueBy = new Date(clock.now() + minutes * 60_000).toISOString();
		return {
			orderBy: 'scheduleAt',
			conditions: [where('scheduleAt', '$lte', dueBy), where('completedTime', '$eq', false)],
		};
	}
	return {};
}

/** Every trigger only queries: a refusal is its credential or its Filter. */
const TRIGGER_HINTS: Hints = {
	...DEFAULT_HINTS,
	rejected: "Check the trigger's Filter: each attribute must exist in the collection or list.",
};

async function pollSource(context: IPollFunctions, event: Event): Promise<PollSource> {
	const parameters = await filterParametersOf(context);
	const filter = fromInput(context, () => buildFilter(parameters));
	const endpoint = fromInput(context, () => queryEndpoint(context, event));
	const pace = paceOfTrigger(context);
	return {
		query: async (body, maxWaitMs) =>
			await apiRequest(context, 'POST', endpoint.path, {
				body: body as unknown as IDataObject,
				read: true,
				maxWaitMs,
				pace,
				hints: TRIGGER_HINTS,
			}),
		shape: endpoint.filterShape,
		filter,
		...orderOf(context, event),
	};
}

/** Record Removed compares no values: it keeps each record's name, to say which left. */
function watchSettingsOf(context: IPollFunctions, event: Event): WatchSettings {
	const watched =
		event === 'recordEnteredStatus'
			? [String(context.getNodeParameter('statusAttribute', ''))]
			: event === 'recordUpdated'
				? (context.getNodeParameter('watchedAttributes', []) as string[]).map(String).sort()
				: ['name'];
	const view = {
		collection: parameterId(context, 'collectionId'),
		filter: context.getNodeParameter('filterMode', 'none'),
		conditions: context.getNodeParameter('conditions', {}),
		shorthand: context.getNodeParameter('shorthand', {}),
		json: context.getNodeParameter('filterJson', ''),
		combine: context.getNodeParameter('combine', 'and'),
	};
	return { of: digestOf(JSON.stringify({ view, watched })), watched };
}

/** The changes the event is about: removals, or updates (to a chosen status). */
function wantedBy(context: IPollFunctions, event: Event): (change: Change) => boolean {
	if (event === 'recordRemoved') return (change) => change.removed === true;
	if (event === 'recordUpdated') return (change) => !change.removed;
	const key = String(context.getNodeParameter('statusAttribute', ''));
	const targets = new Set((context.getNodeParameter('statuses', []) as string[]).map(String));
	return (change) => {
		if (change.removed || !(key in change.changes)) return false;
		const status = change.record[key] as IDataObject | undefined;
		return [status?._id, status?.name].some((value) => targets.has(String(value)));
	};
}

const asItem = ({ record, changes, removed }: Change): IDataObject =>
	removed ? record : { ...record, changes };

/** "Fetch Test Event": the newest item; for record changes, as if its watched values were just set. */
async function testEvent(
	context: IPollFunctions,
	event: Event,
	source: PollSource,
): Promise<IDataObject[]> {
	const row = await latest(source);
	if (!row) return [];
	if (!isRecordChange(event) || event === 'recordRemoved') return [row];
	const { watched } = watchSettingsOf(context, event);
	// Said on the item: nothing changed, and without it the sample reads as a real update.
	return [{ ...row, changes: asIfJustSet(row, watched), testEvent: TEST_EVENT }];
}

/** What a change trigger's Fetch Test Event item says of itself (`testEvent`). */
export const TEST_EVENT =
	'A sample to map fields with, not a change: the newest record, its watched values as if just set (previous: null). Real changes come once the workflow is published.';
