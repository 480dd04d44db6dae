import { operation, reportDeleted } from '../../../shared/descriptions';
import { entryPath } from './fields';

export const deleteEntry = operation({
	name: 'Delete',
	value: 'delete',
	action: 'Remove an entry from a list by its _id; the record itself stays',
	description: 'Delete a list entry (the record itself stays)',
	method: 'DELETE',
	url: entryPath,
	output: [reportDeleted('entryId', ['listId'])],
});
