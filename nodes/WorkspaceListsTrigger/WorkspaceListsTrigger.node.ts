import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { subtitleOf } from '../shared/descriptions';
import { credentialTest, listSearch, loadOptions, resourceMapping } from '../shared/methods';
import { LIST_EVENTS, triggerFields } from '../shared/trigger/fields';
import { pollEvents } from '../shared/trigger/pollEvents';

const properties = triggerFields(LIST_EVENTS);

export class WorkspaceListsTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Workspace Lists Trigger',
		name: 'workspaceListsTrigger',
		icon: {
			light: 'file:../../icons/listsTrigger.svg',
			dark: 'file:../../icons/listsTrigger.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: subtitleOf(properties, ['event']),
		// Shown by n8n's node panel on Workspace Lists too (see Workspace Records Trigger).
		description:
			'Add, get, update and remove list entries, or start a workflow when a record is added to a list or its entry changes',
		defaults: { name: 'Workspace Lists Trigger' },
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
