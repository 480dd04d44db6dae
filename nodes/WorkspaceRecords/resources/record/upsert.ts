import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IHttpRequestMethods,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { JSON_SHOWN, usesJson } from '../../../shared/attributes/fields';
import { sendAttributes } from '../../../shared/attributes/attributesBody';
import { forOperation, operation } from '../../../shared/descriptions';
import { parameterId } from '../../../shared/locators';
import { filterFor, where } from '../../../shared/query/filter';
import { inTurn, runOf } from '../../../shared/memory';
import {
	fetchPages,
	isDuplicateRefusal,
	queries,
	segment,
	updateThenRead,
	withoutBody,
} from '../../../shared/transport';
import { recordsPath } from './fields';
import { findCreatedRecord, hasMatchValue, matchAttributeOf, matchValueOf } from './findCreated';

/** Match On, under Use JSON Instead, where the mapper (whose Attribute to Match On it replaces) is not shown. */
const matchAttributeField: INodeProperties = {
	displayName: 'Match On Name or ID',
	name: 'matchAttribute',
	type: 'options',
	typeOptions: {
		loadOptionsMethod: 'getAttributes',
		loadOptionsDependsOn: ['collectionId.value'],
	},
	required: true,
	default: '',
	description:
		'The attribute that identifies the record, such as emails; its value is taken from the attributes given. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

export const upsertFields = forOperation('record', 'upsert', [
	{ ...matchAttributeField, displayOptions: JSON_SHOWN },
	{
		displayName: 'Update All Matches',
		name: 'updateAllMatches',
		type: 'boolean',
		default: false,
		description:
			'Whether to update every matching record when several match, instead of stopping with an error',
	},
]);

/**
 * Create or Update. Items with one match value take turns, so that a batch that names a new
 * contact twice creates it once and then updates it.
 */
export async function upsertRecord(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const attributes = (requestData.options.body ?? {}) as IDataObject;
	const fromMapper = !usesJson(this.getNode());
	const matchAttribute = matchAttributeOf(this);
	const updateAll = this.getNodeParameter('updateAllMatches', false) as boolean;
	const collectionPath = String(requestData.options.url);
	const value = matchValueOf(attributes[matchAttribute]);
	if (!hasMatchValue(value)) {
		const field = fromMapper ? 'Attribute to Match On' : 'Match On';
		throw new NodeOperationError(
			this.getNode(),
			`${field}: the attributes give no value for "${matchAttribute}"`,
			{
				description: matchAttribute
					? 'Give the match attribute a value among the attributes to send.'
					: 'Choose the attribute that identifies the record, such as Emails.',
				itemIndex: this.getItemIndex(),
			},
		);
	}
	// Items with the same value take turns; the others stay concurrent.
	return await inTurn(
		[runOf(this), collectionPath, matchAttribute, JSON.stringify(value)],
		async () =>
			await createOrUpdate.call(this, requestData, {
				attributes,
				matchAttribute,
				value,
				updateAll,
			}),
	);
}

interface Match {
	attributes: IDataObject;
	matchAttribute: string;
	value: unknown;
	updateAll: boolean;
}

/**
 * The query for the match value, then a create, an update, or an error. Another run (another
 * execution, another worker) may create the same value between this look-up and this create: the
 * service then refuses the create, and the record it made is looked up again and updated.
 */
async function createOrUpdate(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	{ attributes, matchAttribute, value, updateAll }: Match,
): Promise<INodeExecutionData[]> {
	const collectionPath = String(requestData.options.url);
	const bare = withoutBody(requestData.options);
	const request = (method: IHttpRequestMethods, url: string, body?: IDataObject) => ({
		...requestData,
		options: { ...bare, method, url, ...(body ? { body } : {}) },
	});

	const endpoint = queries.records(segment(parameterId(this, 'collectionId'), 'Collection'));
	const filter = filterFor(endpoint.filterShape, where(matchAttribute, '$eq', value));
	const query = request('POST', endpoint.path, { filter } as IDataObject);
	const lookUp = async () =>
		await fetchPages.call(
			this,
			query,
			updateAll ? { returnAll: true, limit: Infinity } : { returnAll: false, limit: 2 },
		);
	let matches = await lookUp();
	if (matches.length === 0) {
		// Undefined: refused for the value another run has just created.
		const created = await this.makeRoutingRequest(
			request('POST', collectionPath, attributes),
		).catch(async (error: unknown) =>
			isDuplicateRefusal(error) ? undefined : await Promise.reject(error),
		);
		if (created) return created.map(({ json }) => ({ json: { action: 'created', ...json } }));
		matches = await lookUp();
		if (matches.length === 0) throw lostRace(this, matchAttribute, value);
	}
	if (matches.length > 1 && !updateAll) {
		throw new NodeOperationError(
			this.getNode(),
			`Several records have ${matchAttribute} = ${String(value)}`,
			{
				description:
					'Match on an attribute whose values are unique, or turn on Update All Matches.',
				itemIndex: this.getItemIndex(),
			},
		);
	}
	const updated: INodeExecutionData[] = [];
	for (const match of matches) {
		const recordPath = `${collectionPath}/${segment(match.json._id)}`;
		const record = await updateThenRead.call(this, request('PATCH', recordPath, attributes));
		updated.push(...record.map(({ json }) => ({ json: { action: 'updated', ...json } })));
	}
	return updated;
}

/** A create refused for a value that the look-up right after it still does not find. */
function lostRace(context: IExecutePaginationFunctions, matchAttribute: string, value: unknown) {
	return new NodeOperationError(
		context.getNode(),
		`Another run created a record with ${matchAttribute} = ${String(value)} a moment ago, and it cannot be read yet`,
		{
			description:
				'Two runs created the same value at once. Run this item again: Create or Update then finds that record and updates it.',
			itemIndex: context.getItemIndex(),
		},
	);
}

export const upsert = operation({
	name: 'Create or Update',
	value: 'upsert',
	action:
		'Create or update a record, matched on an attribute such as the email, so that no twin is made',
	description: 'Create a new record, or update the current one if it already exists (upsert)',
	method: 'POST',
	url: recordsPath,
	preSend: [sendAttributes(undefined, { requireSome: true })],
	run: upsertRecord,
	lookUp: findCreatedRecord,
});
