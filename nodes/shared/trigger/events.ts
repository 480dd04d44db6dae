import type {
	IDataObject,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
	IPollFunctions,
} from 'n8n-workflow';

import { withCompletion } from '../activityOutput';
import { clock } from '../clock';
import { fromInput } from '../input';
import { collectionLocator, listLocator, parameterId } from '../locators';
import { filterFields } from '../query/fields';
import { buildFilter, where } from '../query/filter';
import { filterParametersOf } from '../query/queryBody';
import { simplifyField, simplifyRecord } from '../simplify';
import type { QueryEndpoint } from '../transport';
import {
	apiRequest,
	digestOf,
	paceOfTrigger,
	queries,
	segment,
	state,
	triggerOf,
} from '../transport';
import type { DueState } from './due';
import { duePoll } from './due';
import type { PollBounds, PollSource } from './poll';
import { latest, poll, POLL_BOUNDS, savedCursor } from './poll';
import type { Change, WatchSettings, WatchState } from './watch';
import { asIfJustSet, exceedsBound, refuseOversized, WATCH_BOUNDS, watchPoll } from './watch';

/** n8n's node panel files a trigger under its action node, so each offers that node's events. */

export type Event =
	| 'newRecord'
	| 'newActivity'
	| 'newListEntry'
	| 'recordUpdated'
	| 'recordEnteredStatus'
	| 'recordRemoved'
	| 'listEntryUpdated'
	| 'activityCompleted'
	| 'activityDue';

/** The events found by comparing passes over a collection (watch.ts); the others page a timestamp (poll.ts). */
const RECORD_CHANGES: Event[] = ['recordUpdated', 'recordEnteredStatus', 'recordRemoved'];
export const RECORD_EVENTS: Event[] = ['newRecord', ...RECORD_CHANGES];
export const LIST_EVENTS: Event[] = ['newListEntry', 'listEntryUpdated'];
export const ACTIVITY_EVENTS: Event[] = ['newActivity', 'activityCompleted', 'activityDue'];

const isRecordChange = (event: Event) => RECORD_CHANGES.includes(event);
const showFor = (...event: Event[]) => ({ show: { event } });

const EVENT_OPTIONS: Record<Event, INodePropertyOptions> = {
	activityCompleted: {
		name: 'Activity Completed',
		value: 'activityCompleted',
		description: 'An activity (task) was marked as completed',
	},
	activityDue: {
		name: 'Activity Due',
		value: 'activityDue',
		description: 'An open activity (task) reached its due time, or is about to',
	},
	listEntryUpdated: {
		name: 'List Entry Updated',
		value: 'listEntryUpdated',
		description: "A list entry's values were changed",
	},
	newActivity: {
		name: 'New Activity',
		value: 'newActivity',
		description: 'An activity (task) was created',
	},
	newListEntry: {
		name: 'New List Entry',
		value: 'newListEntry',
		description: 'A record was added to a list',
	},
	newRecord: {
		name: 'New Record',
		value: 'newRecord',
		description: 'A record was created in a collection',
	},
	recordEnteredStatus: {
		name: 'Record Entered a Status',
		value: 'recordEnteredStatus',
		description: 'A record moved to one of the chosen statuses, such as a deal to Won',
	},
	recordRemoved: {
		name: 'Record Removed',
		value: 'recordRemoved',
		description: 'A record was deleted, or no longer matches the filter',
	},
	recordUpdated: {
		name: 'Record Updated',
		value: 'recordUpdated',
		description: 'A value of a record was changed',
	},
};

/** The Event dropdown of a trigger that offers `events` (alphabetical, as n8n's scanner wants), the first the default. */
export function eventField(events: Event[]): INodeProperties {
	const [first] = events;
	return {
		displayName: 'Event',
		name: 'event',
		type: 'options',
		noDataExpression: true,
		options: events
			.map((event) => EVENT_OPTIONS[event])
			.sort((a, b) => a.name.localeCompare(b.name)),
		default: first,
	};
}

/**
 * What each event does, in a sentence about that event alone. How often, how many and what the
 * first activation does are on the node's Docs page (docs/nodes/*Trigger.md), not on screen.
 */
const NOTICES: Record<Event, string> = {
	newRecord: 'Starts the workflow once for each record created after the workflow is activated.',
	newActivity:
		'Starts the workflow once for each activity created after the workflow is activated.',
	newListEntry:
		'Starts the workflow once for each record added to the list after the workflow is activated.',
	listEntryUpdated:
		'Starts the workflow once for each change to an entry, with the entry as it is after the change.',
	activityCompleted:
		'Starts the workflow once for each activity completed after the workflow is activated.',
	activityDue:
		'Starts the workflow once for each open activity, when it is due or Minutes Before Due.',
	recordUpdated: 'Starts the workflow once for each changed record, with what changed.',
	recordEnteredStatus:
		'Starts the workflow each time a record moves to one of the chosen statuses.',
	recordRemoved:
		'Starts the workflow once for each record deleted or no longer matching the filter, with its ID and name.',
};

const EVENT_FIELDS: INodeProperties[] = [
	{ ...collectionLocator, displayOptions: showFor('newRecord', ...RECORD_CHANGES) },
	{ ...listLocator, displayOptions: showFor('newListEntry', 'listEntryUpdated') },
	{
		displayName: 'Watched Attribute Names or IDs',
		name: 'watchedAttributes',
		type: 'multiOptions',
		typeOptions: {
			loadOptionsMethod: 'getAttributes',
			loadOptionsDependsOn: ['collectionId.value'],
		},
		default: [],
		description:
			'The attributes whose changes start the workflow; none chosen means all of them. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: showFor('recordUpdated'),
	},
	{
		displayName: 'Status Attribute Name or ID',
		name: 'statusAttribute',
		type: 'options',
		typeOptions: {
			loadOptionsMethod: 'getStatusAttributes',
			loadOptionsDependsOn: ['collectionId.value'],
		},
		default: '',
		required: true,
		description:
			'The status or pipeline attribute, such as Stage. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: showFor('recordEnteredStatus'),
	},
	{
		displayName: 'Status Names or IDs',
		name: 'statuses',
		type: 'multiOptions',
		typeOptions: {
			loadOptionsMethod: 'getStatusesOfAttribute',
			loadOptionsDependsOn: ['collectionId.value', 'statusAttribute'],
		},
		default: [],
		required: true,
		description:
			'The workflow starts when a record moves to one of these (by ID or name). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: showFor('recordEnteredStatus'),
	},
	{
		displayName: 'Minutes Before Due',
		name: 'minutesBefore',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 0,
		description:
			'Start the workflow this many minutes before the due time; 0 starts it when the activity is due',
		displayOptions: showFor('activityDue'),
	},
	...Object.entries(NOTICES).map(([event, notice]) => ({
		displayName: notice,
		name: `${event}Notice`,
		type: 'notice' as const,
		default: '',
		displayOptions: showFor(event as Event),
	})),
];

export function triggerFields(events: Event[]): INodeProperties[] {
	const serves = (field: INodeProperties) => {
		const shownFor = field.displayOptions?.show?.event as Event[] | undefined;
		return !shownFor || shownFor.some((event) => events.includes(event));
	};
	return [...EVENT_FIELDS.filter(serves), ...filterFields, simplifyField];
}

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
	// One poll per trigger at a time: a poll n8n gave up on must not read beside the next.
	const self = triggerOf(this);
	if (state.polling.get(self)) return null;
	state.polling.set(self, true);
	try {
		if (isRecordChange(event)) {
			const settings = watchSettingsOf(this, event);
			const bounds = boundsOf(this, WATCH_BOUNDS);
			const watch = watchStateOf(this);
			if (watch.saved?.of !== settings.of && (await exceedsBound(source, bounds)))
				fromInput(this, () => refuseOversized(Infinity, bounds));
			const wanted = wantedBy(this, event);
			const { changes, state } = await watchPoll(source, watch.saved, settings, bounds, wanted);
			fromInput(this, () => refuseOversized(Object.keys(state.prints).length, bounds));
			watch.save(state);
			return emit(changes.map(asItem));
		}
		if (event === 'activityDue') {
			const position = positionOf<DueState>(this, 'due', event);
			const { rows, state } = await duePoll(source, position.saved, boundsOf(this, POLL_BOUNDS));
			position.save(state);
			return emit(rows);
		}
		const position = positionOf<IDataObject>(this, 'cursor', event);
		const saved = savedCursor(position.saved);
		const { rows, cursor } = await poll(source, saved, boundsOf(this, POLL_BOUNDS));
		position.save(cursor as unknown as IDataObject);
		// An entry's `updatedAt` is set when it is added too; adding is New List Entry's event.
		return emit(
			event === 'listEntryUpdated' ? rows.filter((row) => row.updatedAt !== row.createdAt) : rows,
		);
	} finally {
		state.polling.delete(self);
	}
}

/**
 * A poll's position, in the node's static data, and a copy in the workflow's. n8n's durable
 * poll scheduler drops what the activation poll saves in the node's (and a republish resets
 * it) but keeps the workflow's: a poll that finds the node's empty goes on from the copy
 * instead of taking stock again, so nothing created in between is missed.
 */
function positionOf<T extends object>(
	context: IPollFunctions,
	key: 'cursor' | 'due',
	event: Event,
) {
	const node = context.getWorkflowStaticData('node');
	const workflow = context.getWorkflowStaticData('global');
	const copyKey = `position:${context.getNode().id}`;
	const copy = workflow[copyKey] as { event: Event; position: T } | undefined;
	return {
		saved: (node[key] as T | undefined) ?? (copy?.event === event ? copy.position : undefined),
		save(position: T) {
			node[key] = position as IDataObject;
			workflow[copyKey] = { event, position } as unknown as IDataObject;
		},
	};
}

/**
 * The change events' state, in the node's static data. The durable poll scheduler drops what
 * the activation poll saves there, so a copy goes in the workflow's, and in memory for a
 * scheduled poll that comes before n8n has saved the workflow's, until a poll finds the node's
 * own: the stock taken at activation is not taken again (a copy kept longer would double the
 * static data, up to 2 MB).
 */
function watchStateOf(context: IPollFunctions) {
	const node = context.getWorkflowStaticData('node');
	const workflow = context.getWorkflowStaticData('global');
	const copyKey = `watch:${context.getNode().id}`;
	const trigger = triggerOf(context);
	const own = node.watch as WatchState | undefined;
	const inMemory = state.stockTaken.get(trigger) as WatchState | undefined;
	return {
		saved: own ?? (workflow[copyKey] as WatchState | undefined) ?? inMemory,
		save(taken: WatchState) {
			node.watch = taken as unknown as IDataObject;
			if (own) {
				delete workflow[copyKey];
				state.stockTaken.delete(trigger);
			} else {
				workflow[copyKey] = taken as unknown as IDataObject;
				state.stockTaken.set(trigger, taken as unknown as IDataObject);
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
	return [asItem({ record: row, changes: asIfJustSet(row, watched) })];
}
