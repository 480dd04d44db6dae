import { RECORDS_KEY_HINT } from '../shared/auth';
import type { Hints } from '../shared/transport';

/** What this node's refusals tell the user to check. */
export const SEND_AND_WAIT_HINTS: Hints = {
	credential: RECORDS_KEY_HINT,
	rejected:
		"Check Recipient (country code and number, digits only, or one email address), Sender ID and Route for an SMS, and the Account for WhatsApp: a conversation is open only within 24 hours of the customer's last message.",
};
