import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { collectionLocator, listLocator } from '../locators';
import { filterFields } from '../query/fields';
import { simplifyField } from '../simplify';

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

export const isRecordChange = (event: Event) => RECORD_CHANGES.includes(event);
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
			loadOptionsMethod: 'getWatchableAttributes',
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
