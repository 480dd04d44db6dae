// The notices the editor shows: short, and only about the event or mapping mode on screen.
import type { INodeParameters, INodeProperties, INodeType } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { WorkspaceActivitiesTrigger } from '../../nodes/WorkspaceActivitiesTrigger/WorkspaceActivitiesTrigger.node';
import { WorkspaceLists } from '../../nodes/WorkspaceLists/WorkspaceLists.node';
import { WorkspaceListsTrigger } from '../../nodes/WorkspaceListsTrigger/WorkspaceListsTrigger.node';
import { WorkspaceRecords } from '../../nodes/WorkspaceRecords/WorkspaceRecords.node';
import { WorkspaceRecordsTrigger } from '../../nodes/WorkspaceRecordsTrigger/WorkspaceRecordsTrigger.node';
import { byId, HOT_LEADS, PEOPLE } from '../harness/fixtures';

/** The notices shown for a node with these values, as the editor decides (n8n-workflow's NodeHelpers). */
function shownNoticesOf(nodeType: INodeType, values: object): string[] {
	const { description } = nodeType;
	const parameters = NodeHelpers.getNodeParameters(
		description.properties,
		values as INodeParameters,
		true,
		false,
		{ typeVersion: 1 },
		description,
	)!;
	return description.properties
		.filter(
			(p) =>
				p.type === 'notice' &&
				NodeHelpers.displayParameter(parameters, p, { typeVersion: 1 }, description),
		)
		.map((p) => p.displayName);
}

const sentences = (text: string) => text.split(/(?<=\.)\s+(?=[A-Z])/).length;
const mapper = (mappingMode: string) => ({ mappingMode, value: null });

const VALUE_HINTS = 'Emails, phone numbers, domains and multi-select take';

// In Map Automatically n8n shows a notice of its own below the mode selector: the node adds none
// (issue 39, three notices stacked there before).
describe('the mapper notices', () => {
	const records = new WorkspaceRecords();
	const lists = new WorkspaceLists();

	test.each([
		['Record › Create', records, { resource: 'record', operation: 'create' }, 'columns'],
		['Record › Update', records, { resource: 'record', operation: 'update' }, 'updateColumns'],
		[
			'Record › Create or Update',
			records,
			{ resource: 'record', operation: 'upsert' },
			'upsertColumns',
		],
		['List Entry › Create', lists, { resource: 'listEntry', operation: 'create' }, 'columns'],
		['List Entry › Update', lists, { resource: 'listEntry', operation: 'update' }, 'updateColumns'],
	])(
		'%s: the value hints in Map Each Column Manually once a collection or list is chosen; no notice in Map Automatically',
		(_, nodeType, chosen, name) => {
			const subject =
				chosen.resource === 'record' ? { collectionId: byId(PEOPLE) } : { listId: byId(HOT_LEADS) };
			const withSubject = { ...chosen, ...subject };
			expect(shownNoticesOf(nodeType, chosen)).toEqual([]);
			const manual = shownNoticesOf(nodeType, { ...withSubject, [name]: mapper('defineBelow') });
			expect(manual).toHaveLength(1);
			expect(manual[0]).toMatch(new RegExp(`^${VALUE_HINTS}`));
			expect(
				shownNoticesOf(nodeType, { ...withSubject, [name]: mapper('autoMapInputData') }),
			).toEqual([]);
			expect(shownNoticesOf(nodeType, { ...withSubject, useJson: true })).toEqual([]);
		},
	);
});

describe('the trigger notices', () => {
	const triggers: INodeType[] = [
		new WorkspaceRecordsTrigger(),
		new WorkspaceListsTrigger(),
		new WorkspaceActivitiesTrigger(),
	];
	const events = triggers.flatMap((trigger) => {
		const field = trigger.description.properties.find((p) => p.name === 'event')!;
		return (field.options as Array<{ value: string }>).map(
			({ value }) => [trigger, value] as const,
		);
	});
	/** The labels of the fields shown for an event, other than its notice. */
	const labelsOf = (trigger: INodeType, event: string) =>
		trigger.description.properties
			.filter((p: INodeProperties) => p.type !== 'notice')
			.filter((p) => {
				const shownFor = p.displayOptions?.show?.event as string[] | undefined;
				return !shownFor || shownFor.includes(event);
			})
			.map((p) => p.displayName);

	test.each(events)('%#: one short sentence about the event alone', (trigger, event) => {
		const notices = shownNoticesOf(trigger, { event });
		expect(notices).toHaveLength(1);
		const [notice] = notices;
		expect(sentences(notice)).toBe(1);
		expect(notice.length).toBeLessThanOrEqual(110);
		// The numbers and limits are on the Docs page.
		expect(notice).not.toMatch(/\d/);
		// A field it names is a field this event shows.
		for (const field of ['Watched Attributes', 'Minutes Before Due', 'Status'])
			if (notice.includes(field))
				expect(labelsOf(trigger, event).some((l) => l.startsWith(field))).toBe(true);
	});

	test('Record Entered a Status says what starts the workflow, nothing of polls or record counts', () => {
		expect(shownNoticesOf(new WorkspaceRecordsTrigger(), { event: 'recordEnteredStatus' })).toEqual(
			['Starts the workflow each time a record moves to one of the chosen statuses.'],
		);
	});
});
