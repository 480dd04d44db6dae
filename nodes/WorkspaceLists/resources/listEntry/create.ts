import { attributeFields } from '../../../shared/attributes';
import { forOperation } from '../../../shared/descriptions';
import { listLocator } from '../../../shared/locators';

export const createFields = forOperation('listEntry', 'create', [
	listLocator,
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
	...attributeFields({ what: 'list entry data' }),
]);
