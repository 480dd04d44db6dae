import type { INodeProperties } from 'n8n-workflow';

import { forOperation, operation, operationSelector } from '../../../shared/descriptions';
import { checkSentText } from '../../../shared/input';
import { paths } from '../../../shared/transport';
import { sendTokenAction, sendUserGroupUpdate, userGroupDeleted, userGroupItem } from './body';
import { currentTokenField, mappingAndPropertiesFields, userGroupIdField } from './fields';

const TOKEN_NOTICE =
	'Store the token this returns: it is what identifies which user group views a dashboard, and the current token is needed to rotate it or delete the group.';

export const userGroupDescription: INodeProperties[] = [
	operationSelector('userGroup', [
		operation({
			name: 'Create or Rotate Token',
			value: 'createOrRotate',
			action: 'Create a user group or rotate its token',
			description: 'Create a group, or give the group with the current token a new token',
			method: 'POST',
			url: paths.userGroups,
			preSend: [sendTokenAction],
			output: [userGroupItem],
		}),
		operation({
			name: 'Delete',
			value: 'delete',
			action: 'Delete a user group',
			description: 'Delete a group by its ID and current token',
			method: 'DELETE',
			url: paths.userGroups,
			preSend: [
				checkSentText({
					user_group_id: ['User Group ID', 'id'],
					current_token: ['Current Token', 'name'],
				}),
			],
			output: [userGroupDeleted],
		}),
		operation({
			name: 'Update',
			value: 'update',
			action: 'Create or update a user group by ID',
			description:
				'Set the name, mapping and properties of the group with this ID, creating it when the ID is new',
			method: 'PUT',
			url: paths.userGroups,
			preSend: [sendUserGroupUpdate],
			output: [userGroupItem],
		}),
	]),
	...forOperation('userGroup', 'createOrRotate', [
		{ displayName: TOKEN_NOTICE, name: 'tokenNotice', type: 'notice', default: '' },
		{
			displayName: 'Action',
			name: 'tokenAction',
			type: 'options',
			noDataExpression: true,
			options: [
				{
					name: 'Create a New Group',
					value: 'create',
					description: 'The service makes a new group and gives it a token',
				},
				{
					name: "Rotate a Group's Token",
					value: 'rotate',
					description:
						'Give the group that has the current token a new one; the current token stops working',
				},
			],
			// Rotate, so that creating a group is always chosen, never the fallout of an empty token.
			default: 'rotate',
		},
		{
			...currentTokenField,
			required: true,
			description:
				'The token the group has now, as returned when it was created or last rotated: it stops working',
			displayOptions: { show: { tokenAction: ['rotate'] } },
		},
	]),
	...forOperation('userGroup', 'update', [
		{ displayName: TOKEN_NOTICE, name: 'tokenNotice', type: 'notice', default: '' },
		userGroupIdField,
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			placeholder: 'e.g. Acme Sales',
			description: 'The name of the group; left as it is when empty',
		},
		...mappingAndPropertiesFields,
	]),
	...forOperation('userGroup', 'delete', [
		{ ...userGroupIdField, routing: { send: { type: 'body', property: 'user_group_id' } } },
		{
			...currentTokenField,
			required: true,
			routing: { send: { type: 'body', property: 'current_token' } },
		},
	]),
];
