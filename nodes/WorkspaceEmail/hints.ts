import { RECORDS_KEY_HINT } from '../shared/auth';
import type { Hints } from '../shared/transport';

/** What this node's refusals tell the user to check. */
export const EMAIL_HINTS: Hints = {
	credential: RECORDS_KEY_HINT,
	rejected:
		'Check Recipient, From Email and Reply-To Email (email addresses), Attachment URLs (public http or https addresses) and, for a template, Template Name and its variables.',
};
