import type { PreSendAction } from 'n8n-workflow';

import { forOperation, operation } from '../../../shared/descriptions';
import { fromInput, InputError, sendBody, textIn } from '../../../shared/input';
import { paths } from '../../../shared/transport';
import { currentTokenField, TOKEN_NOTICE, userGroupItem } from './fields';

export const createOrRotateFields = forOperation('userGroup', 'createOrRotate', [
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
]);

/** POST rotates with `current_token`, else creates (docs/api.md §4.8): an empty token is refused. */
export const sendTokenAction: PreSendAction = sendBody((context) => {
	// An empty object as text: n8n leaves an empty object body out, and a strict JSON server
	// refuses a JSON request without a body.
	if (context.getNodeParameter('tokenAction', 'rotate') === 'create') return '{}';
	const currentToken = fromInput(context, () => {
		const token = textIn(
			context.getNodeParameter('currentToken', ''),
			'Current Token',
			'name',
		).trim();
		if (!token) {
			throw new InputError(
				'Current Token',
				'empty, so there is no group to rotate',
				'Give the token the group has now (check the expression, if it is one), or set Action to Create a New Group.',
			);
		}
		return token;
	});
	return { current_token: currentToken };
});

export const createOrRotate = operation({
	name: 'Create or Rotate Token',
	value: 'createOrRotate',
	action: 'Create a user group, or give the group with the current token a new token',
	description: 'Create a group, or give the group with the current token a new token',
	method: 'POST',
	url: paths.userGroups,
	preSend: [sendTokenAction],
	output: [userGroupItem],
});
