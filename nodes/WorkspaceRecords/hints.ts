import { RECORDS_KEY_HINT } from '../shared/auth';
import type { Hints } from '../shared/transport';

/** What this node's refusals tell the user to check. */
export const RECORDS_HINTS: Hints = {
	credential: RECORDS_KEY_HINT,
	rejected:
		'Check the attributes given to this node: each key must be an attribute of the collection, and each value must fit the attribute type.',
	duplicate: (recordId) =>
		`${recordId ? `The record ${recordId}` : 'A record'} already has this value, which the collection keeps unique. To update that record instead of creating another, use the operation Create or Update, matching on this attribute.`,
};
