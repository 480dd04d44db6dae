import { sendAttributes } from '../../../shared/attributes/attributesBody';
import { operation } from '../../../shared/descriptions';
import { updateThenRead } from '../../../shared/transport';
import { entryPath } from './fields';

export const update = operation({
	name: 'Update',
	value: 'update',
	action: 'Update a list entry by its _id: only the attributes given change',
	description:
		"Change the values of a list entry's attributes; attributes not given stay as they are",
	method: 'PATCH',
	url: entryPath,
	// The vendor's SDK sends an entry's changes at the top level, not under `data`.
	preSend: [sendAttributes(undefined, { requireSome: true })],
	run: updateThenRead,
});
