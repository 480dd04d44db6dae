import {
	attributeMapperField,
	jsonFields,
	valueHintsNotice,
} from '../../../shared/attributes/fields';
import { forOperation } from '../../../shared/descriptions';
import { collectionLocator, recordLocator } from '../../../shared/locators';

/** Fields several record operations take, each declared once (see forOperation). */
export const recordSharedFields = [
	...forOperation(
		'record',
		['create', 'upsert', 'delete', 'get', 'getAll', 'update'],
		[collectionLocator],
	),
	...forOperation('record', ['delete', 'get', 'update'], [recordLocator]),
];

const WRITES = ['create', 'upsert', 'update'];

/** The attributes to send, after each operation's own fields. */
export const recordAttributesToSend = [
	...forOperation('record', 'create', [attributeMapperField('add', 'record')]),
	...forOperation('record', 'update', [attributeMapperField('map', 'record')]),
	...forOperation('record', 'upsert', [attributeMapperField('upsert', 'record')]),
	...forOperation('record', WRITES, [valueHintsNotice]),
	...forOperation('record', WRITES, jsonFields({ what: 'record' })),
];
