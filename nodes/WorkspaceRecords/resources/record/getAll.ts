import { idInPath, queryFields, queryOperation } from '../../../shared/descriptions';
import { queries } from '../../../shared/transport';

export const getAllFields = queryFields('record');

export const getAll = queryOperation({
	action: 'Get many records of a collection that match the filter, each with its _id',
	description: 'Query the records of a collection, with filters and sorting',
	endpoint: queries.records(idInPath('collectionId')),
});
