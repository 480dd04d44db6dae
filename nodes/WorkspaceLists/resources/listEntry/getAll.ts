import { forOperation, returnAllAndLimit } from '../../../shared/descriptions';
import { filterAndSortFields } from '../../../shared/query/fields';

export const listEntryGetAllFields = forOperation('listEntry', 'getAll', [
	...returnAllAndLimit,
	...filterAndSortFields,
]);
