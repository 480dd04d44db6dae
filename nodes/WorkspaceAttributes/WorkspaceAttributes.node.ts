import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { resourceSelector } from '../shared/descriptions';
import { getCustomAttributes, searchCollections, searchLists } from '../shared/search';
import { RECORDS_CREDENTIAL, requestDefaults, requestHandlingField } from '../shared/transport';
import { attributeDescription } from './resources/attribute';

export class WorkspaceAttributes implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Workspace Attributes',
		name: 'workspaceAttributes',
		icon: { light: 'file:../../icons/attributes.svg', dark: 'file:../../icons/attributes.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'List and delete the attributes of Workspace Records collections and lists',
		defaults: { name: 'Workspace Attributes' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: RECORDS_CREDENTIAL, required: true }],
		requestDefaults,
		properties: [resourceSelector([{ name: 'Attribute', value: 'attribute' }]), ...attributeDescription, requestHandlingField],
	};

	methods = {
		listSearch: { searchCollections, searchLists },
		loadOptions: { getCustomAttributes },
	};
}
