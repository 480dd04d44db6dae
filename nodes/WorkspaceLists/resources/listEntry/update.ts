import { attributeFields } from '../../../shared/attributes';
import { forOperation } from '../../../shared/descriptions';
import { entryLocator, listLocator } from '../../../shared/locators';

export const updateFields = forOperation('listEntry', 'update', [
	listLocator,
	entryLocator,
	...attributeFields({ what: 'list entry data' }),
]);
