import { forOperation, returnAllAndLimit } from '../../../shared/descriptions';
import { filterAndSortFields } from '../../../shared/query/fields';
export const recordGetAllFields = forOperation('record', 'getAll', [
	...returnAllAndLimit,
	...filterAndSortFields,
]);
