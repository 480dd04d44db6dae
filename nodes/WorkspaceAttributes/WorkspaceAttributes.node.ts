import type { INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { resourceSelector, subtitleOf } from '../shared/descriptions';
import { listSearch, loadOptions, resourceMapping } from '../shared/methods';
import { RECORDS_CREDENTIAL, requestDefaults } from '../shared/transport/apiRequest';
import { requestHandlingField } from '../shared/transport/routing';
import { attributeDescription } from './resources/attribute';

const properties: INodeProperties[] = [
	resourceSelector([{ name: 'Attribute', value: 'attribute' }]),
	...attributeDescription,
	requestHandlingField,
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
		credentials: [{ name: RECORDS_CREDENTIAL, required: true }],
		requestDefaults,
		properties,
	};

	methods = { listSearch, loadOptions, resourceMapping };
}
