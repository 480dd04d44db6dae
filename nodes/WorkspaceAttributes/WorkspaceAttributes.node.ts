import type { INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { optionsField, resourceSelector, subtitleOf } from '../shared/descriptions';
import { credentialTest, listSearch, loadOptions, resourceMapping } from '../shared/methods';
import { requestDefaults } from '../shared/transport';
import { attributeDescription } from './resources/attribute';
import { statusOptionDescription } from './resources/statusOption';

const properties: INodeProperties[] = [
	resourceSelector([
		{ name: 'Attribute', value: 'attribute' },
		{ name: 'Status Option', value: 'statusOption' },
	]),
	...attributeDescription,
	...statusOptionDescription,
	optionsField,
];

export class WorkspaceAttributes implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Workspace Attributes',
		name: 'workspaceAttributes',
		icon: {
			light: 'file:../../icons/attributes.svg',
			dark: 'file:../../icons/attributes.dark.svg',
		},
		group: ['transform'],
		version: 1,
		subtitle: subtitleOf(properties),
		description:
			'Create, read, update and delete the attributes of Workspace Records collections and lists, and their status options',
		defaults: { name: 'Workspace Attributes' },
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
