import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	INodeExecutionData,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { sendAttributes } from '../../../shared/attributes/attributesBody';
import { forOperation, operation } from '../../../shared/descriptions';
import { checkSentText } from '../../../shared/input';
import { listRecordLocator, parameterId } from '../../../shared/locators';
import { firstTwoWhere } from '../../../shared/query/firstTwoWhere';
import type { CreatedLookup } from '../../../shared/transport';
import {
	apiRequest,
	httpStatusOf,
	paths,
	queries,
	segment,
	withoutBody,
} from '../../../shared/transport';
import { list } from './fields';

export const createFields = forOperation('listEntry', 'create', [
	{ ...listRecordLocator, routing: { send: { type: 'body', property: 'recordId' } } },
]);

/**
 * The service answers a record of another collection than the list's as "Record not found"
 * (docs/api.md §4.4 says nothing more): the node looks for it in the other collections, to say
 * where it is. Undefined where it is nowhere, or the list itself is missing.
 */
async function elsewhere(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	recordId: string,
): Promise<{ list: IDataObject; listCollection: string; found: string } | undefined> {
	// Each read goes through the door, with the operation's error mapping, as updateThenRead's.
	const read = async (url: string) =>
		(
			await context.makeRoutingRequest({
				...requestData,
				options: { ...withoutBody(requestData.options), method: 'GET', url },
			})
		).map((item) => item.json);
	const [list] = await read(paths.list(segment(parameterId(context, 'listId'), 'List')));
	const collections = await read(paths.collections);
	const nameOf = (id: unknown) =>
		String(collections.find((c) => c._id === id)?.name ?? `the collection ${String(id)}`);
	for (const collection of collections.filter((c) => c._id !== list.collectionId)) {
		const url = paths.record(segment(collection._id), segment(recordId, 'Record'));
		const holds = await read(url).then(
			() => true,
			(error: unknown) => {
				if (httpStatusOf(error) === 404) return false;
				throw error;
			},
		);
		if (holds)
			return { list, listCollection: nameOf(list.collectionId), found: nameOf(collection._id) };
	}
	return undefined;
}

/** Create; a record refused as not found is looked for elsewhere, to name the fix. */
export async function addRecordToList(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	// Every failure is a NodeApiError of the error mapper already: passed on as it is, or sharpened.
	return await this.makeRoutingRequest(requestData).catch(async (error: unknown) => {
		if (httpStatusOf(error) !== 404) throw error;
		const recordId = parameterId(this, 'recordId').trim();
		// A list that is missing, or a failure while looking: the service's own answer stands.
		const where = await elsewhere(this, requestData, recordId).catch(() => undefined);
		if (!where) throw error;
		const { list, listCollection, found } = where;
		const answer = ((error as NodeApiError).cause ?? {}) as unknown as JsonObject;
		throw new NodeApiError(this.getNode(), answer, {
			message: `The record with ID "${recordId}" belongs to ${found}, not to ${listCollection}, the collection of the list "${String(list.name)}"`,
			description: `Check the Record parameter: a list takes records of its own collection only. Choose a record of ${listCollection} (From List offers only those), or in List choose a list of ${found}.`,
			httpCode: '404',
			itemIndex: this.getItemIndex(),
		});
	});
}

/** By the record, in a list that holds each record once (`duplicationAllowed` false). */
export const findCreatedListEntry: CreatedLookup = async (context, body) => {
	const listId = segment(parameterId(context, 'listId'), 'List');
	const list = await apiRequest<IDataObject>(context, 'GET', paths.list(listId));
	if (list.duplicationAllowed !== false)
		return { unidentified: `the list "${String(list.name)}" may hold a record more than once` };
	const found = await firstTwoWhere(
		context,
		queries.listEntries(listId),
		'recordId',
		body.recordId,
	);
	return { found, by: `record ${String(body.recordId)} in the list "${String(list.name)}"` };
};

export const create = operation({
	name: 'Create',
	value: 'create',
	action: "Add a record to a list by the record's _id; the record must be of the list's collection",
	description: 'Add a record to a list as a new entry, with optional list attribute values',
	method: 'POST',
	url: paths.listEntries(list),
	preSend: [checkSentText({ recordId: ['Record', 'id'] }), sendAttributes('data')],
	run: addRecordToList,
	lookUp: findCreatedListEntry,
});
