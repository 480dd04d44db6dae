import type { IDataObject } from 'n8n-workflow';

import { uniqueAttributesOf } from '../../../shared/attributes/schema';
import { attributeKey } from '../../../shared/attributes/types';
import { parameterId } from '../../../shared/locators';
import type { CreatedLookup } from '../../../shared/transport';
import { firstTwoWhere } from '../../../shared/query/firstTwoWhere';
import { queries, segment } from '../../../shared/transport';
import { hasMatchValue, matchAttributeOf, matchValueOf } from './upsert';

const isScalar = (value: unknown) => ['string', 'number', 'boolean'].includes(typeof value);

/** Every plain value sent is the record's too: a record that differs was there before. */
const agrees = (record: IDataObject, body: IDataObject) =>
	Object.entries(body).every(
		([key, sent]) =>
			!isScalar(sent) || !isScalar(record[key]) || String(record[key]) === String(sent),
	);

/**
 * Create or Update: by its match attribute. Create: by an attribute the collection keeps unique;
 * a record holding that value but other values sent is not this item's (the service refused the
 * create, and sending it again gets its reason).
 */
export const findCreatedRecord: CreatedLookup = async (context, body) => {
	const endpoint = queries.records(segment(parameterId(context, 'collectionId'), 'Collection'));
	if (context.getNodeParameter('operation') === 'upsert') {
		const key = matchAttributeOf(context);
		const value = matchValueOf(body[key]);
		const found = await firstTwoWhere(context, endpoint, key, value);
		return { found, by: `${key} = ${String(value)}` };
	}
	const unique = (await uniqueAttributesOf(context)).find((d) =>
		hasMatchValue(body[attributeKey(d)]),
	);
	if (!unique)
		return { unidentified: 'none of the attributes sent is one the collection keeps unique' };
	const key = attributeKey(unique);
	const value = matchValueOf(body[key]);
	const found = await firstTwoWhere(context, endpoint, key, value);
	return {
		found: found.filter((record) => agrees(record, body)),
		by: `${String(unique.name ?? key)} = ${String(value)}`,
	};
};
