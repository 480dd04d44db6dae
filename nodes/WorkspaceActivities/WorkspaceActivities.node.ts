import type { INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { resourceSelector, subtitleOf } from '../shared/descriptions';
import { credentialTest, listSearch, loadOptions, resourceMapping } from '../shared/methods';
import { requestDefaults } from '../shared/transport/apiRequest';
import { requestHandlingField } from '../shared/transport/routing';
import { activityDescription } from './resources/activity';

const properties: INodeProperties[] = [
	resourceSelector([{ name: 'Activity', value: 'activity' }]),
	...activityDescription,
	requestHandlingField,
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
		// 1.1: reads are simplified by default (simplify.ts keeps 1 as it was).
		// 1.2: the associated record is a picker (collection, then record), not a plain ID.
		version: [1, 1.1, 1.2],
		defaultVersion: 1.2,
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
