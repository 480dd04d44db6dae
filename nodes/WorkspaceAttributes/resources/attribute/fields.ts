import type { INodeProperties } from 'n8n-workflow';

import { collectionLocator, listLocator } from '../../../shared/locators';
import { paths } from '../../../shared/transport';

/** Which collection or list the attributes belong to. */
export const targetFields: INodeProperties[] = [
	{
		displayName: 'Target',
		name: 'target',
		type: 'options',
		options: [
			{
				name: 'Collection',
				value: 'collection',
				description: 'Attributes of a collection, shared by its records',
			},
			{ name: 'List', value: 'list', description: 'Attributes of a list, set on its entries' },
		],
		default: 'collection',
		description: 'Whether the attributes belong to a collection or to a list',
	},
	{ ...collectionLocator, displayOptions: { show: { target: ['collection'] } } },
	{ ...listLocator, displayOptions: { show: { target: ['list'] } } },
];

/** The attributes of the chosen target: the door fills `{targetId}` from Collection or List. */
export const targetPath = paths.attributes('{target}', '{targetId}');
