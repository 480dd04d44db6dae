import type {
	IDataObject,
	IExecuteSingleFunctions,
	IPollFunctions,
	PreSendAction,
} from 'n8n-workflow';

import { attributeTypesOf } from '../attributes/schema';

import { fromInput, sendBody } from '../input';
import type { ParameterSource } from '../locators';
import type { Condition, FilterParameters, ShorthandPair, SortKey } from './filter';
import type { FilterShape } from '../transport';
import { buildFilter, buildSort, filterFor, needsAttributeTypes, TYPES_UNREAD } from './filter';

/** The filter's parameters, with the attributes' types where a value is compared by the Attribute's Type. */
export async function filterParametersOf(
	context: IExecuteSingleFunctions | IPollFunctions,
): Promise<FilterParameters> {
	const parameters = filterParameters(context, context.getTimezone());
	if (!needsAttributeTypes(parameters)) return parameters;
	// What is wrong whatever the types (an empty value, an object) is said before reading them.
	fromInput(context, () => buildFilter({ ...parameters, attributeTypes: TYPES_UNREAD }));
	return {
		...parameters,
		attributeTypes: await attributeTypesOf(context, { writableOnly: false }),
	};
}

function filterParameters(context: ParameterSource, timeZone: string): FilterParameters {
	const read = (name: string, fallback: unknown) => context.getNodeParameter(name, fallback);
	const mode = read('filterMode', 'none') as FilterParameters['mode'];
	return {
		mode,
		combine: read('combine', 'and') as 'and' | 'or',
		conditions: read('conditions.condition', []) as Condition[],
		shorthand: read('shorthand.pair', []) as ShorthandPair[],
		json: mode === 'json' ? read('filterJson', '{}') : undefined,
		timeZone,
	};
}

/** Adds `filter` (in the endpoint's shape) and `sort` to a query body; with none given, the keys stay absent. */
export const sendFilterAndSort = (shape: FilterShape): PreSendAction =>
	sendBody(async (context, body) => {
		const parameters = await filterParametersOf(context);
		return fromInput(context, () => {
			const filter = filterFor(shape, buildFilter(parameters));
			if (filter) body.filter = filter;
			const sort = buildSort(context.getNodeParameter('sort.key', []) as SortKey[]);
			if (sort) body.sort = sort as unknown as IDataObject[];
			return body;
		});
	});
