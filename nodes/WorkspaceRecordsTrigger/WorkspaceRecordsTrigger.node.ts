import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { subtitleOf } from '../shared/descriptions';
import { credentialTest, listSearch, loadOptions, resourceMapping } from '../shared/methods';
import { RECORD_EVENTS, triggerFields } from '../shared/trigger/fields';
import { pollEvents } from '../shared/trigger/pollEvents';

const properties = triggerFields(RECORD_EVENTS);

export class WorkspaceRecordsTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Workspace Records Trigger',
		name: 'workspaceRecordsTrigger',
		icon: { light: 'file:../../icons/trigger.svg', dark: 'file:../../icons/trigger.dark.svg' },
		group: ['trigger'],
		version: 1,
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
