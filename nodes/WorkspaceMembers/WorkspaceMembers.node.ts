import type { INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { optionsField, resourceSelector, subtitleOf } from '../shared/descriptions';
import { credentialTest, listSearch, loadOptions, resourceMapping } from '../shared/methods';
import { requestDefaults } from '../shared/transport';
import { memberDescription } from './resources/member';

const properties: INodeProperties[] = [
	resourceSelector([{ name: 'Member', value: 'member' }]),
	...memberDescription,
	optionsField,
];

export class WorkspaceMembers implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Workspace Members',
		name: 'workspaceMembers',
		icon: { light: 'file:../../icons/members.svg', dark: 'file:../../icons/members.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: subtitleOf(properties),
		description: 'Read the members of a Workspace Records workspace',
		defaults: { name: 'Workspace Members' },
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
