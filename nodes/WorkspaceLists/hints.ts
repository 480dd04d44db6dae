import { RECORDS_KEY_HINT } from '../shared/auth';
import type { Hints } from '../shared/transport';

/** What this node's refusals tell the user to check. */
export const LISTS_HINTS: Hints = {
	credential: RECORDS_KEY_HINT,
	rejected:
		"Check the record and the attributes given to this node: the record must belong to the list's collection, each key must be an attribute of the list, and each value must fit its type.",
};
