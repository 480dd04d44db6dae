import { queryFields, queryOperation } from '../../../shared/descriptions';
import { queries } from '../../../shared/transport';
import { list } from './fields';

export const getAllFields = queryFields('listEntry');

export const getAll = queryOperation({
	action: 'Get many list entries that match the filter, each with its _id',
	description: 'Query the entries of a list, with filters and sorting',
	endpoint: queries.listEntries(list),
});
