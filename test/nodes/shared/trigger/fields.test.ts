// The three poll triggers' fields (trigger/fields.ts): each trigger offers its own events, and
// shows only the fields those events use.
import type { INodeProperties } from 'n8n-workflow';

import {
	ACTIVITY_EVENTS,
	eventField,
	LIST_EVENTS,
	RECORD_EVENTS,
	triggerFields,
} from '../../../../nodes/shared/trigger/fields';

const names = (fields: INodeProperties[]) => fields.map((field) => field.name);

test.each([
	['records', RECORD_EVENTS],
	['lists', LIST_EVENTS],
	['activities', ACTIVITY_EVENTS],
])('the %s trigger offers its events, alphabetically, its first the default', (_, events) => {
	const field = eventField(events);
	const options = (field.options ?? []) as Array<{ name: string; value: string }>;
	expect(options.map((o) => o.value).sort()).toEqual([...events].sort());
	expect(options.map((o) => o.name)).toEqual(options.map((o) => o.name).sort());
	expect(field.default).toBe(events[0]);
});

test('each trigger shows only the fields of its own events, each event with its notice', () => {
	const lists = names(triggerFields(LIST_EVENTS));
	expect(lists).toContain('listId');
	expect(lists).not.toContain('collectionId');
	expect(lists).not.toContain('minutesBefore');
	expect(lists.filter((name) => name.endsWith('Notice'))).toEqual([
		'newListEntryNotice',
		'listEntryUpdatedNotice',
	]);
	const activities = names(triggerFields(ACTIVITY_EVENTS));
	expect(activities).toContain('minutesBefore');
	expect(activities).not.toContain('watchedAttributes');
	const records = names(triggerFields(RECORD_EVENTS));
	expect(records).toEqual(
		expect.arrayContaining(['collectionId', 'watchedAttributes', 'statusAttribute', 'statuses']),
	);
	// Every trigger ends with the filter and Simplify.
	for (const fields of [lists, activities, records]) expect(fields.at(-1)).toBe('simplify');
});
