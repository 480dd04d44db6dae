import { RECORDS_KEY_HINT } from '../shared/auth';
import type { Hints } from '../shared/transport';

/** What this node's refusals tell the user to check. */
export const ACTIVITIES_HINTS: Hints = {
	credential: RECORDS_KEY_HINT,
	rejected:
		'Check Title, Schedule At, Icon, Associated Record and Status: the associated record must exist.',
};
