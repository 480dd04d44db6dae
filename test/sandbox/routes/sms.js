'use strict';
// SMS on the messaging host (docs/api.md §4.9): a message, or a template with its variables.
const { SMS_TEMPLATES } = require('../messaging/seed');
const {
	checkBody,
	checkPhone,
	checkRequiredText,
	checkVariables,
	rejected,
} = require('../messaging/sends');

const SMS_ROUTES = ['promotional', 'transactional', 'otp'];

function checkSmsFields(body) {
	checkBody(body);
	checkPhone(body.recipient);
	checkRequiredText(body, 'sender_id');
	if (!SMS_ROUTES.includes(body.route))
		throw rejected(`route must be one of ${SMS_ROUTES.join(', ')}`);
	if (body.is_flash !== undefined && typeof body.is_flash !== 'boolean')
		throw rejected('is_flash must be a boolean');
}

module.exports = function smsRoutes({ route, store, queue }) {
	route('POST', /^\/api\/ingest\/sms\/v1\/message\/send$/, 'header', ({ body }) => {
		checkSmsFields(body);
		checkRequiredText(body, 'message');
		const answer = queue('sms', body);
		store.state.sms.push({ requestId: answer.request_id, ...body });
		return answer;
	});

	route('POST', /^\/api\/ingest\/sms\/v1\/template\/send$/, 'header', ({ body }) => {
		checkSmsFields(body);
		checkRequiredText(body, 'template_name');
		const keys = SMS_TEMPLATES[body.template_name];
		if (!keys) throw rejected(`No SMS template named ${body.template_name}`);
		checkVariables(body.variables, keys);
		const answer = queue('sms', body);
		store.state.sms.push({ requestId: answer.request_id, ...body });
		return answer;
	});
};
