import { forOperation } from '../../../shared/descriptions';
import { collectionLocator, recordLocator } from '../../../shared/locators';

export const deleteFields = forOperation('record', 'delete', [collectionLocator, recordLocator]);
