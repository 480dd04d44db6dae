import { forOperation, returnAllAndLimit } from '../../../shared/descriptions';
import { filterAndSortFields } from '../../../shared/filterFields';

export const getAllFields = forOperation('listEntry', 'getAll', [...returnAllAndLimit, ...filterAndSortFields]);
