// What the case files share: the sandbox's seed ids the cases name, parameter values as the
// editor saves them (a picker's value, the attribute mapper's, the parameters of the operations
// several topics run), and a check of the node's output.
import assert from 'node:assert/strict';

import { objectId, SEED_IDS } from '../rig/sandbox.mjs';
import { fromList } from './messageSends.mjs';

export const {
	PEOPLE,
	COMPANIES,
	HOT_LEADS,
	ADA_RECORD: ADA,
	FIRST_ACTIVITY: ACTIVITY,
	FIRST_ENTRY: ENTRY,
	OWNER_MEMBER: MEMBER,
	FIRST_COMPANY,
	NICKNAME_ATTRIBUTE: NICKNAME,
	LIFECYCLE_ATTRIBUTE: LIFECYCLE,
	LIFECYCLE_CUSTOMER,
} = SEED_IDS;
export const DEALS = objectId('a0', 3);
/** The Won stage of the deals' pipeline. */
export const WON = objectId('c2', 2);
/** A person with no entry in Hot Leads yet. */
export const SEVENTH_PERSON = objectId('f0', 7);
/** A picker value typed in as an ID. */
export const byId = (value) => ({ __rl: true, mode: 'id', value });
export const ids = (items) => items.map((item) => item.json._id);
/** The attribute mapper's value as the editor saves it: each attribute below, or Map Automatically. */
export const mapped = (value, matchingColumns = []) => ({
	mappingMode: value ? 'defineBelow' : 'autoMapInputData',
	value,
	matchingColumns,
	schema: [],
	attemptToConvertTypes: false,
	convertFieldsToString: false,
});
/** Workspace Records' `operation` in People (picked from the list), `more` after. */
export const peopleRecords = (operation, more = {}) => ({
	resource: 'record',
	operation,
	collectionId: fromList(PEOPLE, 'People'),
	...more,
});
/** Workspace Records' Create in People, with the mapper's `columns`. */
export const createPeople = (columns, more = {}) => peopleRecords('create', { columns, ...more });
/** Workspace Records' `operation` on Ada's record (picked from the list) in People. */
export const onAda = (operation, more = {}) =>
	peopleRecords(operation, { recordId: fromList(ADA, 'Ada Lovelace'), ...more });
/** A case's check: the names of the node's items are exactly these, in this order. */
export const namesAre =
	(...names) =>
	(items) =>
		assert.deepEqual(
			items.map((i) => i.json.name),
			names,
		);
/** A case's check: the node's items are exactly these, in this order. */
export const outputIs =
	(...json) =>
	(items) =>
		assert.deepEqual(
			items.map((i) => i.json),
			json,
		);
