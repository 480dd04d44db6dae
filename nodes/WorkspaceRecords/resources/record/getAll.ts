import { forOperation, returnAllAndLimit } from '../../../shared/descriptions';
import { filterAndSortFields } from '../../../shared/filterFields';
import { collectionLocator } from '../../../shared/locators';

export const getAllFields = forOperation('record', 'getAll', [
	collectionLocator,
	...returnAllAndLimit,
	...filterAndSortFields,
]);
