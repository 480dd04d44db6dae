import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { subtitleOf } from '../shared/descriptions';
import { credentialTest, listSearch, loadOptions, resourceMapping } from '../shared/methods';
import { ACTIVITY_EVENTS, triggerFields } from '../shared/trigger/fields';
import { pollEvents } from '../shared/trigger/pollEvents';

const properties = triggerFields(ACTIVITY_EVENTS);

export class WorkspaceActivitiesTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Workspace Activities Trigger',
		name: 'workspaceActivitiesTrigger',
		icon: {
			light: 'file:../../icons/activitiesTrigger.svg',
			dark: 'file:../../icons/activitiesTrigger.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: subtitleOf(properties, ['event']),
		// Shown by n8n's node panel on Workspace Activities too (see Workspace Records Trigger).
		description:
			'Create, get, update and delete activities (tasks), or start a workflow when one is created, completed or falls due',
		defaults: { name: 'Workspace Activities Trigger' },
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
