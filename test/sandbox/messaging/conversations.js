'use strict';
// WhatsApp's customer-service window (docs/api.md §4.9, §10.2): an account may send a message
// other than a template to a customer only within 24 hours of that customer's last message to
// it. An incoming WhatsApp message (webhooks.js) opens it from the message's own `timestamp`
// (when the customer wrote: a delivery retried for a day arrives with its window nearly gone),
// and it is read on the sandbox's clock, so a test closes it by moving the clock.

const WINDOW_MS = 24 * 60 * 60 * 1000;

const keyOf = (phoneId, number) => `${phoneId}|${number}`;

function createConversations({ store, clock }) {
	return {
		/** The customer `number` wrote to the account `phoneId` at `at` (now by default). */
		open(phoneId, number, at = clock()) {
			const key = keyOf(phoneId, number);
			const last = store.state.whatsAppSessions.get(key) ?? -Infinity;
			store.state.whatsAppSessions.set(key, Math.max(last, at));
		},
		isOpen(phoneId, number) {
			const lastIncoming = store.state.whatsAppSessions.get(keyOf(phoneId, number));
			return lastIncoming !== undefined && clock() - lastIncoming < WINDOW_MS;
		},
	};
}

module.exports = { createConversations, WINDOW_MS };
