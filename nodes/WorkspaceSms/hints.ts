import { RECORDS_KEY_HINT } from '../shared/auth';
import type { Hints } from '../shared/transport';

/** What this node's refusals tell the user to check. */
export const SMS_HINTS: Hints = {
	credential: RECORDS_KEY_HINT,
	rejected:
		'Check Recipient (country code and number, digits only), Sender ID (a registered, approved sender name) and Route (OTP, Promotional or Transactional); for a template, Template Name and its variables.',
};
