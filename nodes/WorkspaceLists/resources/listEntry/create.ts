import { forOperation } from '../../../shared/descriptions';
import { listRecordLocator } from '../../../shared/locators';

export const listEntryCreateFields = forOperation('listEntry', 'create', [
	{ ...listRecordLocator, routing: { send: { type: 'body', property: 'recordId' } } },
]);
