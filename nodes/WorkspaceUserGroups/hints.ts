import { USER_GROUPS_KEY_HINT } from '../shared/auth';
import type { Hints } from '../shared/transport';

/** What this node's refusals tell the user to check. */
export const USER_GROUPS_HINTS: Hints = {
	credential: USER_GROUPS_KEY_HINT,
	rejected:
		'Check the User Group ID and the Current Token: the token must be the one the group has now, as returned when it was created or last rotated.',
};
