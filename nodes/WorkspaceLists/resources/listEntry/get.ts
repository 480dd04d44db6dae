import type { INodeProperties } from 'n8n-workflow';

import { forOperation } from '../../../shared/descriptions';
import { entryLocator, listLocator } from '../../../shared/locators';

/** Get and Delete name one entry of one list. */
export const entryFields: INodeProperties[] = [
	...forOperation('listEntry', 'get', [listLocator, entryLocator]),
	...forOperation('listEntry', 'delete', [listLocator, entryLocator]),
];
