'use strict';
// Email on the messaging host (docs/api.md §4.9): a message, or a template with its variables.
const { EMAIL_TEMPLATES } = require('../messaging/seed');
const { checkBody, checkRequiredText, isHttpUrl, rejected } = require('../messaging/sends');
const { isPlainObject } = require('../shared');

const isEmail = (value) => typeof value === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

function checkEmailFields(body) {
	checkBody(body);
	if (!isEmail(body.recipient)) throw rejected('recipient must be an email address');
	for (const field of ['from_email', 'reply_to_email']) {
		if (body[field] !== undefined && !isEmail(body[field]))
			throw rejected(`${field} must be an email address`);
	}
	for (const field of ['from_name', 'reply_to_name', 'pre_header', 'subject']) {
		if (body[field] !== undefined && typeof body[field] !== 'string')
			throw rejected(`${field} must be a text`);
	}
	for (const field of ['track_opens', 'track_clicks']) {
		if (body[field] !== undefined && typeof body[field] !== 'boolean')
			throw rejected(`${field} must be a boolean`);
	}
	if (body.attachments !== undefined) {
		if (!Array.isArray(body.attachments) || !body.attachments.every(isHttpUrl))
			throw rejected('attachments must be an array of http or https URLs');
	}
}

module.exports = function emailRoutes({ route, queue }) {
	route('POST', /^\/api\/ingest\/email\/v1\/message\/send$/, 'header', ({ body }) => {
		checkEmailFields(body);
		checkRequiredText(body, 'subject');
		checkRequiredText(body, 'message');
		return queue('email', body);
	});

	route('POST', /^\/api\/ingest\/email\/v1\/template\/send$/, 'header', ({ body }) => {
		checkEmailFields(body);
		checkRequiredText(body, 'template_name');
		const keys = EMAIL_TEMPLATES[body.template_name];
		if (!keys) throw rejected(`No email template named ${body.template_name}`);
		if (body.variables !== undefined) {
			if (!isPlainObject(body.variables)) throw rejected('variables must be an object');
			const unknown = Object.keys(body.variables).filter((key) => !keys.includes(key));
			if (unknown.length) throw rejected(`variables: the template has no variable ${unknown[0]}`);
		}
		return queue('email', body);
	});
};
