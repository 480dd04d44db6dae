import { RECORDS_KEY_HINT } from '../shared/auth';
import type { Hints } from '../shared/transport';

/** What this node's refusals tell the user to check. */
export const EMAIL_HINTS: Hints = {
	credential: RECORDS_KEY_HINT,
	rejected:
		'Check Recipient, From Email and Reply-To Email (email addresses), Attachment URLs (public http or https addresses), with Attachments a From Email the workspace verified and files of at most 25 MB, and, for a template, Template Name and its variables.',
};
