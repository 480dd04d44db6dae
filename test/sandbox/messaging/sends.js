'use strict';
// What every send of the messaging host shares (docs/api.md §4.9): the checks of its common
// fields, its queueing under a request id, its delivery report and its postback.
const { randomUUID } = require('node:crypto');
const { ApiError, isPlainObject } = require('../shared');

/** Failures of the messaging host: 400 with `{success: false, message}`. */
const rejected = (message) => new ApiError(400, message, 'messaging');
const notFoundHere = (message) => new ApiError(404, message, 'messaging');

const isHttpUrl = (value) => {
	if (typeof value !== 'string') return false;
	try {
		return ['http:', 'https:'].includes(new URL(value).protocol);
	} catch {
		return false;
	}
};

function checkBody(body) {
	if (!isPlainObject(body)) throw rejected('The body must be a JSON object');
}

function checkPhone(recipient) {
	if (typeof recipient !== 'string' || !/^\d{8,15}$/.test(recipient)) {
		throw rejected('recipient must be the country code and number, digits only');
	}
}

function checkRequiredText(body, field) {
	if (typeof body[field] !== 'string' || !body[field].trim())
		throw rejected(`${field} is required`);
}

function checkPostBack(body) {
	if (body.post_back_url !== undefined && !isHttpUrl(body.post_back_url))
		throw rejected('post_back_url must be an http or https URL');
	if (body.post_back_data !== undefined && typeof body.post_back_data !== 'string')
		throw rejected('post_back_data must be a string');
}

/** Template variables: an object of texts or numbers, with every key the template has and no other. */
function checkVariables(variables, keys, { required = true } = {}) {
	if (variables === undefined && !required && keys.length === 0) return;
	if (!isPlainObject(variables)) throw rejected('variables must be an object');
	for (const [key, value] of Object.entries(variables)) {
		if (!keys.includes(key)) throw rejected(`variables: the template has no variable ${key}`);
		if (typeof value !== 'string' && typeof value !== 'number')
			throw rejected(`variables.${key} must be a text`);
	}
	const missing = keys.filter((key) => !String(variables[key] ?? '').trim());
	if (missing.length) throw rejected(`variables: missing ${missing.join(', ')}`);
}

const MESSAGE_ID_PREFIX = { whatsapp: 'wamid.', sms: 'sms.', email: 'email.' };

/** Queues a checked send: its delivery report, its postback, and the documented answer. */
function createSends({ store, postbacks, config }) {
	return function queue(channel, body) {
		checkPostBack(body);
		const requestId = randomUUID();
		// The delivery plan's first status (postbacks.js), `delivered` unless a test plans others,
		// where it comes at once; a status planned for later is not in the report before its time.
		const first = postbacks.firstStatus();
		const now = first.afterMs ? { status: 'queued', remark: '' } : first;
		const message = {
			channel,
			message_id: `${MESSAGE_ID_PREFIX[channel]}${store.newId()}`,
			recipient: body.recipient,
			request_id: requestId,
			status: now.status,
			statusAt: store.now(),
			remark: now.remark ?? '',
			workspace_id: config.workspaceId,
		};
		store.state.messages.set(requestId, { ...message, sent: body });
		if (body.post_back_url) postbacks.schedule(message, body.post_back_url, body.post_back_data);
		const name = { whatsapp: 'WhatsApp', sms: 'SMS', email: 'Email' }[channel];
		return { success: true, message: `${name} request queued successfully`, request_id: requestId };
	};
}

module.exports = {
	rejected,
	notFoundHere,
	isHttpUrl,
	checkBody,
	checkPhone,
	checkRequiredText,
	checkVariables,
	createSends,
};
