import { attributeFields } from '../../../shared/attributes';
import { forOperation } from '../../../shared/descriptions';
import { collectionLocator } from '../../../shared/locators';

export const createFields = forOperation('record', 'create', [
	collectionLocator,
	...attributeFields({ what: 'record' }),
]);
