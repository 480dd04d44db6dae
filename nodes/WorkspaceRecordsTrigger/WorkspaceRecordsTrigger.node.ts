import type { INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { subtitleOf } from '../shared/descriptions';
import { credentialTest, listSearch, loadOptions, resourceMapping } from '../shared/methods';
import { simplifyFields } from '../shared/simplify';
import {
	ACTIVITY_EVENTS,
	eventField,
	LIST_EVENTS,
	pollEvents,
	RECORD_EVENTS,
	triggerFields,
} from '../shared/trigger/events';

/**
 * Before 1.2 this trigger had the list and activity events too; saved workflows keep them.
 * From 1.2 they are on Workspace Lists Trigger and Workspace Activities Trigger, which n8n's
 * node panel shows under Workspace Lists and Workspace Activities, where users look for them.
 */
const ALL_EVENTS = [...RECORD_EVENTS, ...LIST_EVENTS, ...ACTIVITY_EVENTS];

const properties: INodeProperties[] = [
	{
		...eventField(RECORD_EVENTS),
		displayOptions: { show: { '@version': [{ _cnd: { gte: 1.2 } }] } },
	},
	{ ...eventField(ALL_EVENTS), displayOptions: { show: { '@version': [{ _cnd: { lt: 1.2 } }] } } },
	...triggerFields(ALL_EVENTS, simplifyFields),
];

export class WorkspaceRecordsTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Workspace Records Trigger',
		name: 'workspaceRecordsTrigger',
		icon: { light: 'file:../../icons/trigger.svg', dark: 'file:../../icons/trigger.dark.svg' },
		group: ['trigger'],
		// 1.1: what it emits is simplified by default (simplify.ts keeps 1 as it was).
		// 1.2: record events only (see ALL_EVENTS).
		version: [1, 1.1, 1.2],
		subtitle: subtitleOf(properties, ['event']),
		// n8n's node panel shows a trigger's description on the action node of the same name
		// ("Workspace Records"), in both views: so it speaks of both.
		description:
			'Create, get and query records and collections, or start a workflow when a record is created, changes or is removed',
		defaults: { name: 'Workspace Records Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{ name: 'workspaceRecordsApi', required: true, testedBy: 'testRecordsCredential' },
		],
		properties,
	};

	methods = { credentialTest, listSearch, loadOptions, resourceMapping };

	poll = pollEvents;
}
