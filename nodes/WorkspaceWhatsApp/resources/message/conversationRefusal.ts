import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { toPhoneNumber } from '../../../shared/messaging/recipients';
import { explainRefusal } from '../../../shared/refusal';

/**
 * Conversation messages "fail unless the user session is already active" (the 24-hour window), in
 * words not documented: a refusal naming the session, 24 hours or re-engagement (Meta's) is that.
 */
const CLOSED_WORDS = /\bsession\b|\b24[\s-]*hours?\b|re-?engagement/i;

/** What else a refusal of this send may mean: the template hint of the node does not fit it. */
const REFUSED_HINT =
	'Check Recipient (country code and number), the Account, and the message: Text up to 4,096 characters, Image URL a public http or https address, Latitude and Longitude in decimal degrees. A customer who has not written in the last 24 hours can be reached only with Send Template.';

/** A closed conversation in words that say what to do, any other refusal with this send's hint. */
export const explainConversationRefusal = explainRefusal((context, said, response) =>
	CLOSED_WORDS.test(said)
		? {
				message: `The WhatsApp conversation with ${recipientOf(context)} is closed: the customer has not written to this account in the last 24 hours`,
				description: `WhatsApp lets a business send its own messages only within 24 hours of the customer's last message. To reach this customer now, send an approved template with the Send Template operation; once they answer, the conversation is open again. The service said: ${said}`,
			}
		: {
				message: said || `The service rejected the message (HTTP ${response.statusCode})`,
				description: REFUSED_HINT,
			},
);

/** The recipient as sent; as given if an expression no longer gives a number. */
function recipientOf(context: IExecuteSingleFunctions): string {
	const given = String(context.getNodeParameter('recipient', '') ?? '');
	try {
		return toPhoneNumber(given);
	} catch {
		return given;
	}
}
