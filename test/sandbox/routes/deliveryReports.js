'use strict';
// The delivery report of any message by the request id its send answered (docs/api.md §4.9).
const { notFoundHere, rejected } = require('../messaging/sends');

module.exports = function deliveryReportRoutes({ route, store }) {
	route('GET', /^\/api\/data\/messages\/v1\/delivery-report$/, 'header', ({ req }) => {
		const requestId = new URL(req.url, 'http://sandbox').searchParams.get('request_id');
		if (!requestId) throw rejected('request_id is required');
		const message = store.state.messages.get(requestId);
		if (!message) throw notFoundHere('No message with this request_id');
		const { sent, ...report } = message;
		return { success: true, message: 'Delivery report retrieved successfully', data: report };
	});
};
