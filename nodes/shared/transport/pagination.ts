import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	INodeExecutionData,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { numberIn } from '../input';
import { asRead } from './policy';

export const PAGE_SIZE = 100;

export interface PageWindow<T> {
	returnAll: boolean;
	limit: number;
	pageSize?: number;
	/** The identity of an item, to notice a page sent twice. */
	idOf: (item: T) => unknown;
	/** The error to stop with when the same page comes back at a later offset. */
	repeatedPage: (offset: number) => Error;
}

/**
 * Offset pagination until a short page. The API has no total count, so a server that ignores
 * `offset` would send the first page forever: the same first item twice stops with an error.
 */
export async function collectPages<T>(
	fetchPage: (limit: number, offset: number) => Promise<T[]>,
	{ returnAll, limit, pageSize = PAGE_SIZE, idOf, repeatedPage }: PageWindow<T>,
): Promise<T[]> {
	const collected: T[] = [];
	let previousFirstId: unknown;
	for (let offset = 0; ; offset += pageSize) {
		const wanted = returnAll ? pageSize : Math.min(pageSize, limit - collected.length);
		if (wanted <= 0) return collected;
		const page = await fetchPage(wanted, offset);
		const firstId = page.length ? idOf(page[0]) : undefined;
		if (offset > 0 && firstId !== undefined && firstId === previousFirstId) {
			throw repeatedPage(offset);
		}
		previousFirstId = firstId;
		collected.push(...page);
		if (page.length < wanted) return collected;
	}
}

/** Each page through the operation's postReceive; `limit` and `offset` in the body (docs/api.md §4.3). */
export async function fetchPages(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	{ returnAll, limit }: { returnAll: boolean; limit: number },
): Promise<INodeExecutionData[]> {
	const baseBody = (requestData.options.body ?? {}) as IDataObject;
	return await collectPages(
		async (pageLimit, offset) => {
			// A page is a read, whatever its method: sending it twice does no harm.
			const options = asRead({
				...requestData.options,
				body: { ...baseBody, limit: pageLimit, offset },
			});
			return await this.makeRoutingRequest({ ...requestData, options });
		},
		{
			returnAll,
			limit,
			idOf: (item) => item.json._id,
			repeatedPage: (offset) =>
				new NodeOperationError(
					this.getNode(),
					`The service sent the same page again at offset ${offset}: it seems to ignore the offset`,
					{
						description:
							'Stopped instead of fetching the same records forever. Turn off Return All and set a Limit, and check the Base URL in the credential.',
						itemIndex: this.getItemIndex(),
					},
				),
		},
	);
}

/** The paginator of every Get Many: reads Return All and Limit. */
export async function paginateBody(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const returnAll = this.getNodeParameter('returnAll', false) as boolean;
	const limit = returnAll
		? Infinity
		: numberIn(this.getNodeParameter('limit', 50), 'Limit', {
				hint: 'Give how many items to return at most, such as 50, or turn on Return All.',
			});
	return await fetchPages.call(this, requestData, { returnAll, limit });
}
