import { forOperation, returnAllAndLimit } from '../../../shared/descriptions';
import { filterAndSortFields } from '../../../shared/filterFields';
export const getAllFields = forOperation('record', 'getAll', [
	...returnAllAndLimit,
	...filterAndSortFields,
]);
