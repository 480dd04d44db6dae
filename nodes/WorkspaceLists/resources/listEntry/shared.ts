import {
	attributeMapperField,
	jsonFields,
	valueHintsNotice,
} from '../../../shared/attributes/fields';
import { forOperation } from '../../../shared/descriptions';
import { entryLocator, listLocator } from '../../../shared/locators';

/** Fields several list-entry operations take, each declared once (see forOperation). */
export const listEntrySharedFields = [
	...forOperation('listEntry', ['create', 'delete', 'get', 'getAll', 'update'], [listLocator]),
	...forOperation('listEntry', ['delete', 'get', 'update'], [entryLocator]),
];

const WRITES = ['create', 'update'];

/** The list attribute values to send, after each operation's own fields. */
export const listEntryAttributesToSend = [
	...forOperation('listEntry', 'create', [attributeMapperField('add', 'list entry')]),
	...forOperation('listEntry', 'update', [attributeMapperField('map', 'list entry')]),
	...forOperation('listEntry', WRITES, [valueHintsNotice]),
	...forOperation('listEntry', WRITES, jsonFields({ what: 'list entry data' })),
];
