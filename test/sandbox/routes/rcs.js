'use strict';
// RCS messages on the records host's campaign paths with a Bearer key (docs/api.md §4.9, "RCS"):
// text and audio with suggestions, and approved templates. Every documented field is checked;
// the limits the vendor leaves out are the sandbox's (docs/api.md §10.2).
const { badRequest, isPlainObject } = require('../shared');
const { isHttpUrl } = require('../messaging/sends');

/** The bots and approved templates of the sandbox's workspace (no endpoint lists them). */
const BOTS = ['sandbox_bot'];
const TEMPLATES = { order_update: ['order_id', 'delivery_date'], welcome_rcs: [] };
/** The sandbox's limits, where the vendor documents none (as another RCS host publishes). */
const MAX_SUGGESTIONS = 11;
const MAX_SUGGESTION_TEXT = 25;
const COMMON = ['to', 'botId', 'source', 'linkWithRecord', 'reportURL', 'submissionStatus'];
const SUGGESTION_FIELDS = {
	reply: [],
	'open-url': ['url'],
	dialer: ['phoneNumber'],
	location: ['label', 'latitude', 'longitude'],
	'calendar-event': ['title', 'description', 'startTime', 'endTime'],
};
const ALL_SUGGESTION_KEYS = [
	'type',
	'text',
	'postback',
	...new Set(Object.values(SUGGESTION_FIELDS).flat()),
];
const characters = (text) => [...text].length;
const isText = (value) => typeof value === 'string' && value.trim() !== '';

function onlyKeys(object, allowed, where) {
	const extra = Object.keys(object).filter((key) => !allowed.includes(key));
	if (extra.length) throw badRequest(`${where} has no field ${extra.join(', ')}`);
}

function checkCommon(body, own) {
	if (!isPlainObject(body)) throw badRequest('the body must be a JSON object');
	onlyKeys(body, [...COMMON, ...own], 'The body');
	if (typeof body.to !== 'string' || !/^\d{8,15}$/.test(body.to))
		throw badRequest('to must be the country code and number, digits only');
	if (!isText(body.botId)) throw badRequest('botId is required');
	if (!BOTS.includes(body.botId)) throw badRequest(`No RCS bot with botId ${body.botId}`);
	if (body.linkWithRecord !== undefined && typeof body.linkWithRecord !== 'boolean')
		throw badRequest('linkWithRecord must be a boolean');
	if (body.linkWithRecord === true && !isText(body.source ?? ''))
		throw badRequest('source is required when linkWithRecord is true');
	if (body.reportURL !== undefined && !isHttpUrl(body.reportURL))
		throw badRequest('reportURL must be an http or https URL');
	if (body.submissionStatus !== undefined && typeof body.submissionStatus !== 'boolean')
		throw badRequest('submissionStatus must be a boolean');
}

function checkSuggestion(suggestion, n) {
	const where = `suggestions[${n}]`;
	if (!isPlainObject(suggestion)) throw badRequest(`${where} must be an object`);
	onlyKeys(suggestion, ALL_SUGGESTION_KEYS, where);
	const required = SUGGESTION_FIELDS[suggestion.type];
	if (!required) throw badRequest(`${where}.type must be one of ${Object.keys(SUGGESTION_FIELDS)}`);
	if (!isText(suggestion.text)) throw badRequest(`${where}.text is required`);
	if (characters(suggestion.text) > MAX_SUGGESTION_TEXT)
		throw badRequest(`${where}.text: at most ${MAX_SUGGESTION_TEXT} characters`);
	if (suggestion.postback !== undefined && typeof suggestion.postback !== 'string')
		throw badRequest(`${where}.postback must be a text`);
	for (const key of required)
		if (suggestion[key] === undefined) throw badRequest(`${where}.${key} is required`);
	if (suggestion.type === 'open-url' && !isHttpUrl(suggestion.url))
		throw badRequest(`${where}.url must be a valid URL`);
	if (suggestion.type === 'dialer' && !/^\+\d{4,15}$/.test(String(suggestion.phoneNumber)))
		throw badRequest(`${where}.phoneNumber must have the country code and a + prefix`);
	if (suggestion.type === 'location') {
		if (!isText(suggestion.label)) throw badRequest(`${where}.label is required`);
		for (const [key, limit] of [
			['latitude', 90],
			['longitude', 180],
		])
			if (typeof suggestion[key] !== 'number' || Math.abs(suggestion[key]) > limit)
				throw badRequest(`${where}.${key} must be a number from -${limit} to ${limit}`);
	}
	if (suggestion.type === 'calendar-event') {
		for (const key of ['title', 'description'])
			if (!isText(suggestion[key])) throw badRequest(`${where}.${key} is required`);
		for (const key of ['startTime', 'endTime'])
			if (!/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/.test(String(suggestion[key])))
				throw badRequest(`${where}.${key} must be a date and time in ISO format`);
	}
}

/** "suggestions" is marked required on the text and audio pages: an empty array is taken. */
function checkSuggestions(suggestions) {
	if (!Array.isArray(suggestions)) throw badRequest('suggestions is required (an array)');
	if (suggestions.length > MAX_SUGGESTIONS)
		throw badRequest(`suggestions: at most ${MAX_SUGGESTIONS}`);
	suggestions.forEach(checkSuggestion);
}

module.exports = function rcsRoutes({ route, store }) {
	const sent = (body) => {
		store.state.rcsMessages.push({ at: store.now(), ...body });
		return { status: true, message: 'Message sent successfully' };
	};
	route('POST', /^\/api\/v1\/campaign\/rcs\/message\/text$/, 'bearer', ({ body }) => {
		checkCommon(body, ['text', 'suggestions']);
		if (!isText(body.text)) throw badRequest('text is required');
		if (characters(body.text) > 4096) throw badRequest('text: at most 4096 characters');
		checkSuggestions(body.suggestions);
		return sent(body);
	});
	route('POST', /^\/api\/v1\/campaign\/rcs\/message\/audio$/, 'bearer', ({ body }) => {
		checkCommon(body, ['audioUrl', 'suggestions']);
		if (!isHttpUrl(body.audioUrl)) throw badRequest('audioUrl must be an http or https URL');
		checkSuggestions(body.suggestions);
		return sent(body);
	});
	route('POST', /^\/api\/v1\/campaign\/rcs\/message\/template$/, 'bearer', ({ body }) => {
		checkCommon(body, ['templateName', 'variables']);
		const keys = TEMPLATES[body.templateName];
		if (!keys) throw badRequest(`No approved RCS template named ${body.templateName}`);
		const variables = body.variables ?? {};
		if (!isPlainObject(variables)) throw badRequest('variables must be an object');
		const missing = keys.filter((key) => !isText(variables[key] ?? ''));
		if (missing.length) throw badRequest(`variables: ${missing.join(', ')} missing`);
		return sent(body);
	});
};

module.exports.BOTS = BOTS;
