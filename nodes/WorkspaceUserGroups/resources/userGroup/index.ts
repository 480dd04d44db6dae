import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../../shared/descriptions';
import { createOrRotate, createOrRotateFields } from './createOrRotate';
import { deleteUserGroup, deleteFields } from './delete';
import { update, updateFields } from './update';
import { USER_GROUPS_HINTS } from '../../hints';

export const userGroupDescription: INodeProperties[] = [
	operationSelector('userGroup', [createOrRotate, deleteUserGroup, update], USER_GROUPS_HINTS),
	...createOrRotateFields,
	...updateFields,
	...deleteFields,
];
