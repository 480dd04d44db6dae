import type { INodeProperties } from 'n8n-workflow';

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

/**
 * Each event's option in the Event dropdown, and its notice: what it does, in a sentence about
 * that event alone. How often, how many and what the first activation does are on the node's
 * Docs page (docs/nodes/*Trigger.md), not on screen.
 */
const EVENTS: Record<Event, { name: string; description: string; notice: string }> = {
	newRecord: {
		name: 'New Record',
		description: 'A record was created in a collection',
		notice: 'Starts the workflow once for each record created after the workflow is activated.',
	},
	newActivity: {
		name: 'New Activity',
		description: 'An activity (task) was created',
		notice: 'Starts the workflow once for each activity created after the workflow is activated.',
	},
	newListEntry: {
		name: 'New List Entry',
		description: 'A record was added to a list',
		notice:
			'Starts the workflow once for each record added to the list after the workflow is activated.',
	},
	listEntryUpdated: {
		name: 'List Entry Updated',
		description: "A list entry's values were changed",
		notice:
			'Starts the workflow once for each change to an entry, with the entry as it is after the change.',
	},
	activityCompleted: {
		name: 'Activity Completed',
		description: 'An activity (task) was marked as completed',
		notice: 'Starts the workflow once for each activity completed after the workflow is activated.',
	},
	activityDue: {
		name: 'Activity Due',
		description: 'An open activity (task) reached its due time, or is about to',
		notice:
			'Starts the workflow once for each open activity, when it is due or Minutes Before Due.',
	},
	recordUpdated: {
		name: 'Record Updated',
		description: 'A value of a record was changed',
		notice: 'Starts the workflow once for each changed record, with what changed.',
	},
	recordEnteredStatus: {
		name: 'Record Entered a Status',
		description: 'A record moved to one of the chosen statuses, such as a deal to Won',
		notice: 'Starts the workflow each time a record moves to one of the chosen statuses.',
	},
	recordRemoved: {
		name: 'Record Removed',
		description: 'A record was deleted, or no longer matches the filter',
		notice:
			'Starts the workflow once for each record deleted or no longer matching the filter, with its ID and name.',
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
			.map((event) => ({
				name: EVENTS[event].name,
				value: event,
				description: EVENTS[event].description,
			}))
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
	...Object.entries(EVENTS).map(([event, { notice }]) => ({
		displayName: notice,
		name: `${event}Notice`,
		type: 'notice' as const,
		default: '',
		displayOptions: showFor(event as Event),
	})),
];

/** A poll trigger's properties: the Event dropdown, then the fields of its `events`, the filter and Simplify. */
export function triggerFields(events: Event[]): INodeProperties[] {
	const serves = (field: INodeProperties) => {
		const shownFor = field.displayOptions?.show?.event as Event[] | undefined;
		return !shownFor || shownFor.some((event) => events.includes(event));
	};
	return [eventField(events), ...EVENT_FIELDS.filter(serves), ...filterFields, simplifyField];
}
