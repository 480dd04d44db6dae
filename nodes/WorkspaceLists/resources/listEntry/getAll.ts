import { forOperation, returnAllAndLimit } from '../../../shared/descriptions';
import { filterAndSortFields } from '../../../shared/filterFields';
import { listLocator } from '../../../shared/locators';

export const getAllFields = forOperation('listEntry', 'getAll', [
	listLocator,
	...returnAllAndLimit,
	...filterAndSortFields,
]);
