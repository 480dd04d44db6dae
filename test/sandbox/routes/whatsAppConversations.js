'use strict';
// WhatsApp messages in an open conversation, on the records host's campaign path with a Bearer
// key (docs/api.md §4.9, "WhatsApp in a conversation"): text, image, location and reply buttons,
// each in the object its `type` names; refused while the customer's 24-hour window is closed.
const { ApiError, badRequest, isPlainObject } = require('../shared');
const { isHttpUrl } = require('../messaging/sends');

const TYPES = ['text', 'image', 'location', 'interactive'];
const COMMON = [
	'to',
	'phoneId',
	'type',
	'source',
	'linkWithRecord',
	'reportURL',
	'submissionStatus',
];
const HEADER_TYPES = ['document', 'image', 'video', 'text'];
/** The vendor's words, and the sandbox's failure for a closed window (docs/api.md §10.2). */
const SESSION_CLOSED =
	'Message failed: the user session is not active. A message can be sent only within 24 hours of the user’s last message; send a template instead.';

const characters = (text) => [...text].length;

function onlyKeys(object, allowed, where) {
	const extra = Object.keys(object).filter((key) => !allowed.includes(key));
	if (extra.length) throw badRequest(`${where} has no field ${extra.join(', ')}`);
}

function optionalText(object, key, where) {
	if (object[key] !== undefined && typeof object[key] !== 'string')
		throw badRequest(`${where}.${key} must be a text`);
}

function objectOf(body, key) {
	if (!isPlainObject(body[key])) throw badRequest(`${key} must be an object for type ${key}`);
	return body[key];
}

function checkText(text) {
	onlyKeys(text, ['body', 'preview_url'], 'text');
	if (typeof text.body !== 'string' || !text.body.trim()) throw badRequest('text.body is required');
	if (characters(text.body) > 4096) throw badRequest('text.body: at most 4096 characters');
	if (text.preview_url !== undefined && typeof text.preview_url !== 'boolean')
		throw badRequest('text.preview_url must be a boolean');
}

function checkImage(image) {
	onlyKeys(image, ['link', 'caption'], 'image');
	if (!isHttpUrl(image.link)) throw badRequest('image.link must be an http or https URL');
	optionalText(image, 'caption', 'image');
}

function checkCoordinate(location, key, limit) {
	const value = location[key];
	if (typeof value !== 'string') throw badRequest(`location.${key} must be a string`);
	const number = Number(value);
	if (!value.trim() || !Number.isFinite(number) || Math.abs(number) > limit)
		throw badRequest(`location.${key} must be a number from -${limit} to ${limit}`);
}

function checkLocation(location) {
	onlyKeys(location, ['latitude', 'longitude', 'name', 'address'], 'location');
	checkCoordinate(location, 'latitude', 90);
	checkCoordinate(location, 'longitude', 180);
	optionalText(location, 'name', 'location');
	optionalText(location, 'address', 'location');
}

/** Only the documented part: the buttons in `action` are not documented, so not checked. */
function checkInteractive(interactive) {
	if (interactive.type !== 'button') throw badRequest('interactive.type must be button');
	const text = interactive.body?.text;
	if (typeof text !== 'string' || !text.trim())
		throw badRequest('interactive.body.text is required');
	if (characters(text) > 1024) throw badRequest('interactive.body.text: at most 1024 characters');
	const { header } = interactive;
	if (header !== undefined) {
		if (!isPlainObject(header) || !HEADER_TYPES.includes(header.type))
			throw badRequest(`interactive.header.type must be one of ${HEADER_TYPES.join(', ')}`);
		if (header.type === 'text' && (typeof header.text !== 'string' || characters(header.text) > 60))
			throw badRequest('interactive.header.text: a text of at most 60 characters');
		if (header.type !== 'text' && !isHttpUrl(header[header.type]?.link))
			throw badRequest(`interactive.header.${header.type}.link must be an http or https URL`);
	}
	if (!isPlainObject(interactive.action)) throw badRequest('interactive.action is required');
}

const CHECKS = {
	text: checkText,
	image: checkImage,
	location: checkLocation,
	interactive: checkInteractive,
};

function checkCommon(body) {
	if (!isPlainObject(body)) throw badRequest('the body must be a JSON object');
	if (typeof body.to !== 'string' || !/^\d{8,15}$/.test(body.to))
		throw badRequest('to must be the country code and number, digits only');
	if (typeof body.phoneId !== 'string' || !body.phoneId.trim())
		throw badRequest('phoneId is required');
	if (!TYPES.includes(body.type)) throw badRequest(`type must be one of ${TYPES.join(', ')}`);
	onlyKeys(body, [...COMMON, body.type], 'The body');
	optionalText(body, 'source', 'body');
	if (body.linkWithRecord !== undefined && typeof body.linkWithRecord !== 'boolean')
		throw badRequest('linkWithRecord must be a boolean');
	// "If the linkWithRecord is set to true, the source ... should be mentioned".
	if (body.linkWithRecord === true && !String(body.source ?? '').trim())
		throw badRequest('source is required when linkWithRecord is true');
	if (body.reportURL !== undefined && !isHttpUrl(body.reportURL))
		throw badRequest('reportURL must be an http or https URL');
	if (body.submissionStatus !== undefined && typeof body.submissionStatus !== 'boolean')
		throw badRequest('submissionStatus must be a boolean');
}

module.exports = function whatsAppConversationRoutes({ route, store, conversations }) {
	route('POST', /^\/api\/v1\/campaign\/whatsapp\/message\/send$/, 'bearer', ({ body }) => {
		checkCommon(body);
		CHECKS[body.type](objectOf(body, body.type));
		if (!store.state.whatsAppAccounts.some((a) => a.phone_id === body.phoneId))
			throw badRequest(`No WhatsApp account with phoneId ${body.phoneId}`);
		if (!conversations.isOpen(body.phoneId, body.to)) throw new ApiError(400, SESSION_CLOSED);
		store.state.conversationMessages.push({ at: store.now(), ...body });
		return { status: true, message: 'Message sent successfully' };
	});
};
