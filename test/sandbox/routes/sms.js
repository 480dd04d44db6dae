'use strict';
// Message sending on the messaging host (docs/api.md §4.9).
const { randomUUID } = require('node:crypto');
const { ApiError, isPlainObject } = require('../shared');

const SMS_ROUTES = ['promotional', 'transactional', 'otp'];

module.exports = function smsRoutes({ route, store }) {
	route('POST', /^\/api\/ingest\/sms\/v1\/message\/send$/, 'header', ({ body }) => {
		const fail = (message) => new ApiError(400, message, 'sms');
		if (!isPlainObject(body)) throw fail('The body must be a JSON object');
		const { recipient, message, sender_id: senderId, route: smsRoute, is_flash: isFlash } = body;
		if (typeof recipient !== 'string' || !/^\d{8,15}$/.test(recipient)) {
			throw fail('recipient must be the country code and number, digits only');
		}
		if (typeof message !== 'string' || !message) throw fail('message is required');
		if (typeof senderId !== 'string' || !senderId) throw fail('sender_id is required');
		if (!SMS_ROUTES.includes(smsRoute)) throw fail(`route must be one of ${SMS_ROUTES.join(', ')}`);
		if (isFlash !== undefined && typeof isFlash !== 'boolean')
			throw fail('is_flash must be a boolean');
		const requestId = randomUUID();
		store.state.sms.push({ requestId, ...body });
		return { success: true, message: 'SMS request queued successfully', request_id: requestId };
	});
};
