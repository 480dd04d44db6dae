import { RECORDS_KEY_HINT } from '../shared/auth';
import type { Hints } from '../shared/transport';

/**
 * What this node's refusals tell the user to check. The vendor documents no limit on the number
 * or length of suggestions, so the node refuses none itself: the host's message says which.
 */
export const RCS_HINTS: Hints = {
	credential: RECORDS_KEY_HINT,
	rejected:
		"Check Bot ID, Recipient (country code and number, digits only) and the Suggestions: each needs a Button Text and the fields of its type; if the host's message speaks of too many suggestions or too long a text, remove some or shorten them. A template must be approved, and its variables named as in the template.",
};
