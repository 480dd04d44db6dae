import {
	attributeMapperField,
	jsonFields,
	valueHintsNotice,
} from '../../../shared/attributes/fields';
import { forOperation, idInPath } from '../../../shared/descriptions';
import { collectionLocator, recordLocator } from '../../../shared/locators';
import { simplifyField } from '../../../shared/simplify';
import { paths } from '../../../shared/transport';

/** Fields several record operations take, each declared once (see forOperation), and their paths. */
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

export const recordSimplifyField = forOperation('record', ['get', 'getAll'], [simplifyField]);

const collection = idInPath('collectionId');
export const recordsPath = paths.records(collection);
export const recordPath = paths.record(collection, idInPath('recordId'));
