import { sendAttributes } from '../../../shared/attributes/attributesBody';
import { operation } from '../../../shared/descriptions';
import { recordsPath } from './fields';
import { findCreatedRecord } from './findCreated';

export const create = operation({
	name: 'Create',
	value: 'create',
	action:
		'Create a record in a collection. To avoid twins of a person or company that may exist, use Create or Update instead',
	description: 'Create a record in a collection from attribute values',
	method: 'POST',
	url: recordsPath,
	preSend: [sendAttributes(undefined, { requireSome: true })],
	lookUp: findCreatedRecord,
});
