import type { INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { optionsField, resourceSelector, subtitleOf } from '../shared/descriptions';
import { credentialTest, listSearch, loadOptions, resourceMapping } from '../shared/methods';
import { requestDefaults } from '../shared/transport';
import { userGroupDescription } from './resources/userGroup';

const properties: INodeProperties[] = [
	resourceSelector([{ name: 'User Group', value: 'userGroup' }]),
	...userGroupDescription,
	optionsField,
];

export class WorkspaceUserGroups implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Workspace User Groups',
		name: 'workspaceUserGroups',
		icon: {
			light: 'file:../../icons/userGroups.svg',
			dark: 'file:../../icons/userGroups.dark.svg',
		},
		group: ['transform'],
		version: 1,
		subtitle: subtitleOf(properties),
		description: 'Create, rotate, update and delete the user groups of embedded dashboards',
		defaults: { name: 'Workspace User Groups' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{ name: 'workspaceUserGroupsApi', required: true, testedBy: 'testUserGroupsCredential' },
		],
		requestDefaults,
		properties,
	};

	methods = { credentialTest, listSearch, loadOptions, resourceMapping };
}
