import type { IDataObject } from 'n8n-workflow';

import { parameterId } from '../../../shared/locators';
import { firstTwoWhere } from '../../../shared/query/firstTwoWhere';
import type { CreatedLookup } from '../../../shared/transport';
import { apiRequest, paths, queries, segment } from '../../../shared/transport';

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
