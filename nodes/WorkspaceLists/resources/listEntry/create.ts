import { forOperation } from '../../../shared/descriptions';

export const createFields = forOperation('listEntry', 'create', [
	{
		displayName: 'Record ID',
		name: 'recordId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. {{ $json._id }}',
		description: "The ID of the record to add; it must belong to the list's collection",
		routing: { send: { type: 'body', property: 'recordId' } },
	},
]);
