import type { INodeProperties } from 'n8n-workflow';

import { idInPath } from '../../../shared/descriptions';
import { attributePath } from '../attribute/fields';

/** The status attribute whose options are read or changed, by ID. */
export const statusAttributeField: INodeProperties = {
	displayName: 'Status Attribute Name or ID',
	name: 'attributeId',
	type: 'options',
	typeOptions: {
		loadOptionsMethod: 'getStatusAttributesById',
		loadOptionsDependsOn: ['target', 'collectionId.value', 'listId.value'],
	},
	required: true,
	default: '',
	description:
		'A status (pipeline) attribute of the collection or list. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

/** The status options of the chosen attribute: `status`, singular, as the vendor's paths have it. */
export const statusOptionsPath = `${attributePath}/status`;

export const statusOptionPath = `${statusOptionsPath}/${idInPath('optionId')}`;
