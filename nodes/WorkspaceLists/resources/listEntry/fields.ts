import {
	attributeMapperField,
	jsonFields,
	valueHintsNotice,
} from '../../../shared/attributes/fields';
import { forOperation, idInPath } from '../../../shared/descriptions';
import { entryLocator, listLocator } from '../../../shared/locators';
import { simplifyField } from '../../../shared/simplify';
import { paths } from '../../../shared/transport';

/** Fields several list-entry operations take, each declared once (see forOperation), and their paths. */
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

export const listEntrySimplifyField = forOperation('listEntry', ['get', 'getAll'], [simplifyField]);

export const list = idInPath('listId');
export const entryPath = paths.listEntry(list, idInPath('entryId'));
