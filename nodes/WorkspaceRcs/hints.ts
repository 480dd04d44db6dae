import { RECORDS_KEY_HINT } from '../shared/auth';
import type { Hints } from '../shared/transport';

/** What refusals tell the user to check; suggestions' undocumented limits are the host's to say. */
export const RCS_HINTS: Hints = {
	credential: RECORDS_KEY_HINT,
	rejected:
		'Check Bot ID, Recipient and the Suggestions (each needs a Button Text and the fields of its action; if the host speaks of too many or too long, remove or shorten some). A template must be approved, its variables named as in it.',
};
