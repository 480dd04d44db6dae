import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	PreSendAction,
} from 'n8n-workflow';

import type { TypedEntry } from '../../../shared/attributes/attributesBody';
import { buildTypedObject } from '../../../shared/attributes/attributesBody';
import { fromInput, InputError, parseJsonObject, sendBody, textIn } from '../../../shared/input';
import { itemOf, wasInDoubt } from '../../../shared/memory';

export interface UserGroupUpdate {
	name?: unknown;
	userGroupId?: unknown;
	mappingMode?: string;
	mappingPairs?: Array<{ key?: unknown; value?: unknown }>;
	mappingJson?: unknown;
	propertiesMode?: string;
	propertyPairs?: TypedEntry[];
	propertiesJson?: unknown;
}

/** The PUT /api/user body (docs/api.md §4.8): only what was given. */
export function buildUserGroupUpdate(input: UserGroupUpdate): IDataObject {
	const userGroupId = textIn(input.userGroupId, 'User Group ID', 'id').trim();
	if (!userGroupId) {
		throw new InputError(
			'User Group ID',
			'empty',
			'Give your own ID for the group; a new ID creates the group.',
		);
	}
	const body: IDataObject = { user_group_id: userGroupId };
	const name = textIn(input.name, 'Name');
	if (name) body.name = name;
	if (input.mappingMode === 'json')
		body.mapping = parseJsonObject(input.mappingJson, 'Mapping (JSON)');
	if (input.mappingMode === 'pairs') {
		body.mapping = buildTypedObject(
			(input.mappingPairs ?? []).map((pair, index) => ({
				key: pair.key,
				type: 'text',
				// A data source's ID: an object would go as JSON text, as Send Value As Text sends it.
				textValue: textIn(pair.value, `Mapping, entry ${index + 1}`, 'name'),
			})),
			{ field: 'Mapping', noun: 'schema ID', hint: 'Give the schema ID each data source is for.' },
		);
	}
	if (input.propertiesMode === 'json')
		body.properties = parseJsonObject(input.propertiesJson, 'Properties (JSON)');
	if (input.propertiesMode === 'pairs') {
		body.properties = buildTypedObject(input.propertyPairs ?? [], {
			field: 'Properties',
			noun: 'property',
			hint: 'Give each property a name.',
		});
	}
	return body;
}

export const sendUserGroupUpdate: PreSendAction = sendBody((context) => {
	const read = (name: string, fallback: unknown) => context.getNodeParameter(name, fallback);
	return fromInput(context, () =>
		buildUserGroupUpdate({
			name: read('name', ''),
			userGroupId: read('userGroupId', ''),
			mappingMode: read('mappingMode', 'none') as string,
			mappingPairs: read('mappingPairs.pair', []) as UserGroupUpdate['mappingPairs'],
			mappingJson: read('mappingJson', '{}'),
			propertiesMode: read('propertiesMode', 'none') as string,
			propertyPairs: read('propertyPairs.pair', []) as TypedEntry[],
			propertiesJson: read('propertiesJson', '{}'),
		}),
	);
});

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

export async function userGroupDeleted(
	this: IExecuteSingleFunctions,
): Promise<INodeExecutionData[]> {
	return [
		{ json: { deleted: true, user_group_id: this.getNodeParameter('userGroupId') as string } },
	];
}
