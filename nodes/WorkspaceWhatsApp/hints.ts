import { RECORDS_KEY_HINT } from '../shared/auth';
import type { Hints } from '../shared/transport';

/** What this node's refusals tell the user to check. */
export const WHATSAPP_HINTS: Hints = {
	credential: RECORDS_KEY_HINT,
	rejected:
		'Check Recipient (country code and number, digits only), the Account, and the Template: an approved template of that account, with every variable filled in (media variables take a public http or https URL).',
};
