import { operation, reportDeleted } from '../../../shared/descriptions';
import { recordPath } from './fields';

export const deleteRecord = operation({
	name: 'Delete',
	value: 'delete',
	action: 'Delete a record by its _id',
	description: 'Delete a record of a collection by ID',
	method: 'DELETE',
	url: recordPath,
	output: [reportDeleted('recordId', ['collectionId'])],
});
