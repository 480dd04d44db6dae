import type { INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { optionsField, resourceSelector, subtitleOf } from '../shared/descriptions';
import { credentialTest, listSearch, loadOptions, resourceMapping } from '../shared/methods';
import { requestDefaults } from '../shared/transport';
import { listDescription } from './resources/list';
import { listEntryDescription } from './resources/listEntry';

const properties: INodeProperties[] = [
	resourceSelector([
		{ name: 'List Entry', value: 'listEntry' },
		{ name: 'List', value: 'list' },
	]),
	...listEntryDescription,
	...listDescription,
	optionsField,
];

export class WorkspaceLists implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Workspace Lists',
		name: 'workspaceLists',
		icon: { light: 'file:../../icons/lists.svg', dark: 'file:../../icons/lists.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: subtitleOf(properties),
		description: 'Read Workspace Records lists, and add, read, change and remove their entries',
		defaults: { name: 'Workspace Lists' },
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
