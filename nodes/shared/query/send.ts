import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, PreSendAction } from 'n8n-workflow';

import { fromInput } from '../input';
import type { ParameterSource } from '../locators';
import type { Condition, FilterParameters, ShorthandPair, SortKey } from './filter';
import { buildFilter, buildSort, toConditionArray } from './filter';

/** Reads the filter parameters into the builder's input; naive dates are read in `timeZone`. */
export function filterParameters(context: ParameterSource, timeZone: string): FilterParameters {
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

/**
 * Adds `filter` and `sort` to a query body; with none given, the keys stay absent. The
 * activity query takes its filter as an array of conditions (`shape: 'array'`).
 */
export function sendFilterAndSort(shape: 'object' | 'array'): PreSendAction {
	return async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		const body = { ...((options.body ?? {}) as IDataObject) };
		fromInput(this, () => {
			const filter = buildFilter(filterParameters(this, this.getTimezone()));
			if (filter) body.filter = shape === 'array' ? toConditionArray(filter) : filter;
			const sort = buildSort(this.getNodeParameter('sort.key', []) as SortKey[]);
			if (sort) body.sort = sort as unknown as IDataObject[];
		});
		return { ...options, body };
	};
}
