import type { INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { optionsField, resourceSelector, subtitleOf } from '../shared/descriptions';
import { credentialTest, listSearch, loadOptions, resourceMapping } from '../shared/methods';
import { requestDefaults } from '../shared/transport';
import { activityDescription } from './resources/activity';

const properties: INodeProperties[] = [
	resourceSelector([{ name: 'Activity', value: 'activity' }]),
	...activityDescription,
	optionsField,
];

export class WorkspaceActivities implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Workspace Activities',
		name: 'workspaceActivities',
		icon: {
			light: 'file:../../icons/activities.svg',
			dark: 'file:../../icons/activities.dark.svg',
		},
		group: ['transform'],
		version: 1,
		subtitle: subtitleOf(properties),
		description: 'Create, read, change and delete Workspace Records activities (tasks)',
		defaults: { name: 'Workspace Activities' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{ name: 'workspaceRecordsApi', required: true, testedBy: 'testRecordsCredential' },
		],
		requestDefaults,
		properties,
	};

	methods = { credentialTest, listSearch, loadOptions, resourceMapping };
}
