import { forOperation } from '../../../shared/descriptions';
import { collectionLocator, recordLocator } from '../../../shared/locators';

export const getFields = forOperation('record', 'get', [collectionLocator, recordLocator]);
