import type { INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { optionsField, resourceSelector, subtitleOf } from '../shared/descriptions';
import { credentialTest, listSearch, loadOptions, resourceMapping } from '../shared/methods';
import { requestDefaults } from '../shared/transport';
import { attributeDescription } from './resources/attribute';

const properties: INodeProperties[] = [
	resourceSelector([{ name: 'Attribute', value: 'attribute' }]),
	...attributeDescription,
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
		description: 'List and delete the attributes of Workspace Records collections and lists',
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
