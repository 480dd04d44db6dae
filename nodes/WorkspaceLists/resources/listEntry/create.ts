import { forOperation } from '../../../shared/descriptions';
import { listRecordLocator } from '../../../shared/locators';

const sendRecordId = { send: { type: 'body' as const, property: 'recordId' } };

export const listEntryCreateFields = forOperation('listEntry', 'create', [
	// From 1.1 a picker of the list's records; version 1 keeps the ID field it had.
	{
		...listRecordLocator,
		routing: sendRecordId,
		displayOptions: { show: { '@version': [{ _cnd: { gte: 1.1 } }] } },
	},
	{
		displayName: 'Record ID',
		name: 'recordId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. {{ $json._id }}',
		description: "The ID of the record to add; it must belong to the list's collection",
		routing: sendRecordId,
		displayOptions: { show: { '@version': [1] } },
	},
]);
