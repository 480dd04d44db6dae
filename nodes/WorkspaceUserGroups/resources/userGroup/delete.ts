import type { IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';

import { forOperation, operation } from '../../../shared/descriptions';
import { checkSentText } from '../../../shared/input';
import { paths } from '../../../shared/transport';
import { currentTokenField, userGroupIdField } from './fields';

export const deleteFields = forOperation('userGroup', 'delete', [
	{ ...userGroupIdField, routing: { send: { type: 'body', property: 'user_group_id' } } },
	{
		...currentTokenField,
		required: true,
		routing: { send: { type: 'body', property: 'current_token' } },
	},
]);

export async function userGroupDeleted(
	this: IExecuteSingleFunctions,
): Promise<INodeExecutionData[]> {
	return [
		{ json: { deleted: true, user_group_id: this.getNodeParameter('userGroupId') as string } },
	];
}

export const deleteUserGroup = operation({
	name: 'Delete',
	value: 'delete',
	action: 'Delete a user group by its ID and current token',
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
});
