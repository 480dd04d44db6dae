import type { INodeProperties } from 'n8n-workflow';

import { forOperation, operationSelector } from '../../../shared/descriptions';
import { targetFields } from '../attribute/fields';
import { ATTRIBUTES_HINTS } from '../../hints';
import { statusAttributeField } from './fields';
import { getAll } from './getAll';
import { update, updateFields } from './update';

/**
 * The options (stages) of a status attribute. The vendor documents listing and updating them,
 * not creating, reordering or deleting: those are done in the workspace.
 */
export const statusOptionDescription: INodeProperties[] = [
	operationSelector('statusOption', [getAll, update], ATTRIBUTES_HINTS),
	...forOperation('statusOption', ['getAll', 'update'], [...targetFields, statusAttributeField]),
	...updateFields,
];
