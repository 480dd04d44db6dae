import { RECORDS_KEY_HINT } from '../shared/auth';
import type { Hints } from '../shared/transport';

/** What this node's refusals tell the user to check. */
export const MEMBERS_HINTS: Hints = {
	credential: RECORDS_KEY_HINT,
	rejected: 'Check the Member given to this node.',
};
