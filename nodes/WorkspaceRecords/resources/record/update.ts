import { attributeFields } from '../../../shared/attributes';
import { forOperation } from '../../../shared/descriptions';
import { collectionLocator, recordLocator } from '../../../shared/locators';

export const updateFields = forOperation('record', 'update', [
	collectionLocator,
	recordLocator,
	...attributeFields({ what: 'changes' }),
]);
