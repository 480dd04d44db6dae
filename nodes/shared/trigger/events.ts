import type {
	IDataObject,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
	IPollFunctions,
} from 'n8n-workflow';

import { fromInput } from '../input';
import { collectionLocator, listLocator, parameterId } from '../locators';
import { filterFields } from '../query/fields';
import { buildFilter, where } from '../query/filter';
import { filterParametersOf } from '../query/queryBody';
import { simplifyField, simplifyRecord } from '../simplify';
import { apiRequest } from '../transport/apiRequest';
import { Gate } from '../transport/gate';
import type { QueryEndpoint } from '../transport/paths';
import { queries, segment } from '../transport/paths';
import { digestOf } from '../transport/writeMemory';
import type { PollBounds, PollSource } from './poll';
import { latest, poll, POLL_BOUNDS, savedCursor } from './poll';
import type { Change, WatchSettings, WatchState } from './watch';
import { asIfJustSet, refuseOversized, WATCH_BOUNDS, watchPoll } from './watch';

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
	{
		displayName:
			'Each poll emits what was created since the last one, once, oldest first: at most 1,000 items a poll, so a larger backlog (after downtime) arrives over the next polls. The first activation starts from now; "Fetch Test Event" returns the newest item so you can map its fields.',
		name: 'pollingNotice',
		type: 'notice',
		default: '',
		displayOptions: showFor('newRecord', 'newActivity', 'newListEntry'),
	},
	{
		displayName:
			'Each activity is emitted once, oldest first, at most 1,000 a poll. The first activation starts from now: what was completed or due before it is not emitted. "Fetch Test Event" returns the latest one so you can map its fields.',
		name: 'activityNotice',
		type: 'notice',
		default: '',
		displayOptions: showFor('activityCompleted', 'activityDue'),
	},
	{
		displayName:
			'Each change is emitted once, with the entry as it is after the last change; entries only added are not (New List Entry has them). The first activation starts from now.',
		name: 'listEntryNotice',
		type: 'notice',
		default: '',
		displayOptions: showFor('listEntryUpdated'),
	},
	{
		displayName:
			'Records carry no modification time, so the trigger compares them with what it saw before: each poll reads up to 5,000 records, so a change shows within about one poll for each 5,000 records watched (two polls for 10,000). At most 20,000 records can be watched: narrow larger collections with a filter. Each record that changed comes once, with its latest values and "changes": the current value of each changed attribute (options and statuses by name), and its previous value when you choose Watched Attributes. New records are not emitted (New Record has them); the first activation only takes stock.',
		name: 'changesNotice',
		type: 'notice',
		default: '',
		displayOptions: showFor(...RECORD_CHANGES),
	},
];

export function triggerFields(events: Event[]): INodeProperties[] {
	const serves = (field: INodeProperties) => {
		const shownFor = field.displayOptions?.show?.event as Event[] | undefined;
		return !shownFor || shownFor.some((event) => events.includes(event));
	};
	return [...EVENT_FIELDS.filter(serves), ...filterFields, simplifyField];
}

export async function pollEvents(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const event = this.getNodeParameter('event') as Event;
	const source = await pollSource(this, event);
	const emit = (rows: IDataObject[]) => {
		if (!rows.length) return null;
		const simplify = this.getNodeParameter('simplify', false) as boolean;
		return [this.helpers.returnJsonArray(simplify ? rows.map(simplifyRecord) : rows)];
	};
	if (this.getMode() === 'manual') return emit(await testEvent(this, event, source));
	// One poll per trigger at a time: a poll n8n gave up on must not read beside the next.
	const self = `${this.getWorkflow().id}|${this.getNode().id}`;
	if (pollsRunning.has(self)) return null;
	pollsRunning.add(self);
	try {
		const staticData = this.getWorkflowStaticData('node');
		if (isRecordChange(event)) {
			const settings = watchSettingsOf(this, event);
			const bounds = boundsOf(this, WATCH_BOUNDS);
			const saved = staticData.watch as WatchState | undefined;
			const { changes, state } = await watchPoll(source, saved, settings, bounds);
			fromInput(this, () => refuseOversized(state, bounds));
			staticData.watch = state as unknown as IDataObject;
			return emit(changes.filter(wantedBy(this, event)).map(asItem));
		}
		const { rows, cursor } = await poll(
			source,
			savedCursor(staticData.cursor),
			boundsOf(this, POLL_BOUNDS),
		);
		staticData.cursor = cursor as unknown as IDataObject;
		// An entry's `updatedAt` is set when it is added too; adding is New List Entry's event.
		return emit(
			event === 'listEntryUpdated' ? rows.filter((row) => row.updatedAt !== row.createdAt) : rows,
		);
	} finally {
		pollsRunning.delete(self);
	}
}

const pollsRunning = new Set<string>();

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
		const dueBy = new Date(Date.now() + minutes * 60_000).toISOString();
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
	// The pages of one poll share a gate, so that they keep the pace the service set.
	const gate = new Gate(1);
	return {
		query: async (body, maxWaitMs) =>
			await apiRequest(context, 'POST', endpoint.path, {
				body: body as unknown as IDataObject,
				read: true,
				maxWaitMs,
				gate,
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
