import type { INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { optionsField, resourceSelector, subtitleOf } from '../shared/descriptions';
import { credentialTest, listSearch, loadOptions, resourceMapping } from '../shared/methods';
import { requestDefaults } from '../shared/transport';
import { collectionDescription } from './resources/collection';
import { recordDescription } from './resources/record';

const properties: INodeProperties[] = [
	resourceSelector([
		{ name: 'Record', value: 'record' },
		{ name: 'Collection', value: 'collection' },
	]),
	...recordDescription,
	...collectionDescription,
	optionsField,
];

export class WorkspaceRecords implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Workspace Records',
		name: 'workspaceRecords',
		icon: { light: 'file:../../icons/records.svg', dark: 'file:../../icons/records.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: subtitleOf(properties),
		description: 'Create, get and query the records of Workspace Records collections',
		defaults: { name: 'Workspace Records' },
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
