import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import type { QueryEndpoint } from '../transport';
import { apiRequest } from '../transport';
import { filterFor, where } from './filter';

/** The first two items at `endpoint` whose `key` equals `value`: enough to tell one from several. */
export async function firstTwoWhere(
	context: IExecuteSingleFunctions,
	endpoint: QueryEndpoint,
	key: string,
	value: unknown,
): Promise<IDataObject[]> {
	const filter = filterFor(endpoint.filterShape, where(key, '$eq', value));
	return await apiRequest(context, 'POST', endpoint.path, {
		body: { filter, limit: 2, offset: 0 } as IDataObject,
		read: true,
	});
}
