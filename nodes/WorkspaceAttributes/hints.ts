import { RECORDS_KEY_HINT } from '../shared/auth';
import type { Hints } from '../shared/transport';

/** What this node's refusals tell the user to check. */
export const ATTRIBUTES_HINTS: Hints = {
	credential: RECORDS_KEY_HINT,
	rejected:
		'Check the Attribute: only custom attributes can be changed or deleted, not the system ones; and a Status Option must belong to the Status Attribute chosen.',
};
