import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { matchingAttribute } from '../../../shared/attributes/attributesBody';
import { usesJson } from '../../../shared/attributes/fields';
import { uniqueAttributesOf } from '../../../shared/attributes/schema';
import { attributeKey } from '../../../shared/attributes/types';
import { textIn } from '../../../shared/input';
import { parameterId } from '../../../shared/locators';
import type { CreatedLookup } from '../../../shared/transport';
import { firstTwoWhere } from '../../../shared/query/firstTwoWhere';
import { queries, segment } from '../../../shared/transport';

/** A list attribute (emails, phone numbers) matches on its first value. */
export const matchValueOf = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/** Whether an attribute's value gives something to match on. */
export const hasMatchValue = (value: unknown) => {
	const first = matchValueOf(value);
	return first !== undefined && first !== null && first !== '';
};

/** The key of the attribute that identifies the record: the mapper's, or Match On's under JSON. */
export const matchAttributeOf = (context: IExecuteSingleFunctions): string =>
	(usesJson(context.getNode())
		? textIn(context.getNodeParameter('matchAttribute'), 'Match On', 'name')
		: matchingAttribute(context)) ?? '';

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
