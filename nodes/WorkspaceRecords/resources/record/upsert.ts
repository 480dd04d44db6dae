import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	INodeExecutionData,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { forOperation } from '../../../shared/descriptions';

export const upsertFields = forOperation('record', 'upsert', [
	{
		displayName: 'Match On Name or ID',
		name: 'matchAttribute',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getAttributes', loadOptionsDependsOn: ['collectionId.value'] },
		required: true,
		default: '',
		description:
			'The attribute that identifies the record, such as emails; its value is taken from the attributes below. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'Update All Matches',
		name: 'updateAllMatches',
		type: 'boolean',
		default: false,
		description: 'Whether to update every matching record when several match, instead of stopping with an error',
	},
]);

/** A list attribute (emails, phone numbers) matches on its first value. */
const matchValueOf = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/**
 * Create or Update: one query with `$eq` on the match attribute, then a create (no match),
 * an update (one match), or an error (several, unless Update All Matches is on). Routing
 * gives a declarative node several requests only through its pagination hook, so this is
 * that hook; every request still goes through the operation's error mapper.
 */
export async function upsertRecord(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const attributes = (requestData.options.body ?? {}) as IDataObject;
	const matchAttribute = this.getNodeParameter('matchAttribute') as string;
	const updateAll = this.getNodeParameter('updateAllMatches', false) as boolean;
	const collectionPath = String(requestData.options.url);
	const value = matchValueOf(attributes[matchAttribute]);
	if (value === undefined || value === null || value === '') {
		throw new NodeOperationError(this.getNode(), `Match On: the attributes give no value for "${matchAttribute}"`, {
			description: 'Add the match attribute, with its value, to the attributes to send.',
			itemIndex: this.getItemIndex(),
		});
	}
	const request = (method: 'POST' | 'PATCH', url: string, body: IDataObject) =>
		this.makeRoutingRequest({ ...requestData, options: { ...requestData.options, method, url, body } });

	const matches = await request('POST', `${collectionPath}/query`, {
		filter: { [matchAttribute]: { $eq: value } },
		limit: updateAll ? 100 : 2,
		offset: 0,
	});
	if (matches.length === 0) {
		const created = await request('POST', collectionPath, attributes);
		return created.map(({ json }) => ({ json: { action: 'created', ...json } }));
	}
	if (matches.length > 1 && !updateAll) {
		throw new NodeOperationError(this.getNode(), `Several records have ${matchAttribute} = ${String(value)}`, {
			description: 'Match on an attribute whose values are unique, or turn on Update All Matches.',
			itemIndex: this.getItemIndex(),
		});
	}
	const updated: INodeExecutionData[] = [];
	for (const match of matches) {
		const result = await request('PATCH', `${collectionPath}/${encodeURIComponent(String(match.json._id))}`, attributes);
		updated.push(...result.map(({ json }) => ({ json: { action: 'updated', ...json } })));
	}
	return updated;
}
