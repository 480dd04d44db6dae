import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { itemOf, wasInDoubt } from '../../../shared/memory';

/** Create or Rotate Token and Update answer a token. */
export const TOKEN_NOTICE =
	'Store the token this returns: it is what identifies which user group views a dashboard, and the current token is needed to rotate it or delete the group.';

export const userGroupIdField: INodeProperties = {
	displayName: 'User Group ID',
	name: 'userGroupId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. acme-sales',
	description:
		'Your own ID for the group (user_group_id). IDs are unique per environment (Customer or Testing).',
};

export const currentTokenField: INodeProperties = {
	displayName: 'Current Token',
	name: 'currentToken',
	type: 'string',
	typeOptions: { password: true },
	default: '',
	description:
		'The token the group has now (current_token), as returned when it was created or last rotated',
};

/**
 * `created` is null after an attempt whose answer was lost: the retry's answer cannot say
 * whether that first attempt created the group.
 */
export async function userGroupItem(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const { success, user_group: userGroup = {} } = response.body as IDataObject;
	const group = userGroup as IDataObject;
	const isNew = group.new_user_group ?? group.created;
	const created = wasInDoubt(itemOf(this)) ? null : Boolean(Number(isNew));
	return [{ json: { success, ...group, ...(isNew === undefined ? {} : { created }) } }];
}
