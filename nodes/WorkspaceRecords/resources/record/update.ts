import { sendAttributes } from '../../../shared/attributes/attributesBody';
import { operation } from '../../../shared/descriptions';
import { updateThenRead } from '../../../shared/transport';
import { recordPath } from './fields';

export const update = operation({
	name: 'Update',
	value: 'update',
	action: 'Update a record by its _id: only the attributes given change',
	description: 'Change the given attributes of a record; the others stay as they are',
	method: 'PATCH',
	url: recordPath,
	preSend: [sendAttributes(undefined, { requireSome: true })],
	run: updateThenRead,
});
