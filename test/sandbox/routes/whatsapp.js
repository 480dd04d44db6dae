'use strict';
// WhatsApp on the messaging host (docs/api.md §4.9): the accounts, their templates (paged) and
// each template's variables, and the template send.
const {
	checkBody,
	checkPhone,
	checkRequiredText,
	checkVariables,
	isHttpUrl,
	notFoundHere,
	rejected,
} = require('../messaging/sends');

const queryOf = (req) => new URL(req.url, 'http://sandbox').searchParams;
const MEDIA_TYPES = ['IMAGE_URL', 'VIDEO_URL', 'DOCUMENT_URL'];
/** "Default is 10." */
const DEFAULT_LIMIT = 10;

/** A whole number from the query, or the default; anything else is refused. */
function whole(query, name, fallback) {
	const text = query.get(name);
	if (text === null || text === '') return fallback;
	if (!/^\d+$/.test(text)) throw rejected(`${name} must be a whole number`);
	return Number(text);
}

module.exports = function whatsAppRoutes({ route, store, queue, config }) {
	const accountOf = (phoneId) => {
		const account = store.state.whatsAppAccounts.find((a) => a.phone_id === phoneId);
		if (!account) throw notFoundHere(`No WhatsApp account with phone_id ${phoneId}`);
		return account;
	};
	const describe = ({ templates, ...account }) => account;
	const templateOf = (account, name, language) =>
		account.templates.find((t) => t.name === name && (!language || t.language === language));

	route('GET', /^\/api\/data\/whatsapp\/v1\/accounts$/, 'header', () => ({
		success: true,
		message: 'Successfully fetched WhatsApp accounts',
		data: store.state.whatsAppAccounts.map(describe),
	}));

	route(
		'GET',
		/^\/api\/data\/whatsapp\/v1\/([^/]+)\/templates$/,
		'header',
		({ req }, [phoneId]) => {
			const account = accountOf(phoneId);
			const query = queryOf(req);
			// The docs give no cap on `limit`: the sandbox's (`templatePageCap`, 10 unless a test
			// says) pages by 10 whatever is asked, the harshest host the docs allow.
			const limit = Math.min(whole(query, 'limit', DEFAULT_LIMIT), config.templatePageCap);
			const offset = whole(query, 'offset', 0);
			const page = account.templates
				.slice(offset, offset + limit)
				.map(({ variables, ...template }) => template);
			return {
				success: true,
				message: 'Templates retrieved successfully',
				data: {
					data: page,
					pagination: { size: account.templates.length, count: page.length, pageSize: limit },
				},
			};
		},
	);

	route(
		'GET',
		/^\/api\/data\/whatsapp\/v1\/([^/]+)\/variable-keys$/,
		'header',
		({ req }, [phoneId]) => {
			const account = accountOf(phoneId);
			const query = queryOf(req);
			const name = query.get('template_name');
			const language = query.get('language');
			if (!name) throw rejected('template_name is required');
			if (!language) throw rejected('language is required');
			const template = templateOf(account, name, language);
			if (!template) throw notFoundHere(`No template ${name} in language ${language}`);
			return {
				success: true,
				message: 'Template variables retrieved successfully',
				data: { data: template.variables },
			};
		},
	);

	route('POST', /^\/api\/ingest\/whatsapp\/v1\/template\/send$/, 'header', ({ body }) => {
		checkBody(body);
		checkPhone(body.recipient);
		checkRequiredText(body, 'phone_id');
		checkRequiredText(body, 'template_name');
		if (body.language !== undefined && typeof body.language !== 'string')
			throw rejected('language must be a text');
		const account = store.state.whatsAppAccounts.find((a) => a.phone_id === body.phone_id);
		if (!account) throw rejected(`No WhatsApp account with phone_id ${body.phone_id}`);
		const template = templateOf(account, body.template_name, body.language);
		if (!template) {
			throw rejected(
				`No template ${body.template_name}${body.language ? ` in language ${body.language}` : ''} for this account`,
			);
		}
		if (template.status !== 'APPROVED')
			throw rejected(
				`Template ${body.template_name} is ${template.status.toLowerCase()}, not approved`,
			);
		const keys = template.variables.map((v) => v.keyName);
		checkVariables(body.variables, keys, { required: false });
		for (const variable of template.variables) {
			if (MEDIA_TYPES.includes(variable.type) && !isHttpUrl(body.variables[variable.keyName]))
				throw rejected(`variables.${variable.keyName} must be an http or https URL`);
		}
		return queue('whatsapp', body);
	});
};
