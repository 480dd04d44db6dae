// What the case files share: the sandbox's seed ids the cases name, and parameter values as the
// editor saves them (a picker's value, the attribute mapper's).
import { objectId, SEED_IDS } from '../rig/sandbox.mjs';

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
