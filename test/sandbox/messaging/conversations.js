'use strict';
// WhatsApp's customer-service window (docs/api.md §4.9, §10.2): an account may send a message
// other than a template to a customer only within 24 hours of that customer's last message to
// it. The sandbox opens the window when it delivers an incoming WhatsApp message (webhooks.js),
// and reads it on its own clock, so a test closes it by moving the clock.

const WINDOW_MS = 24 * 60 * 60 * 1000;

const keyOf = (phoneId, number) => `${phoneId}|${number}`;

function createConversations({ store, clock }) {
	return {
		/** The customer `number` wrote to the account `phoneId` now. */
		open(phoneId, number) {
			store.state.whatsAppSessions.set(keyOf(phoneId, number), clock());
		},
		isOpen(phoneId, number) {
			const lastIncoming = store.state.whatsAppSessions.get(keyOf(phoneId, number));
			return lastIncoming !== undefined && clock() - lastIncoming < WINDOW_MS;
		},
	};
}

module.exports = { createConversations, WINDOW_MS };
