'use strict';
// Email with attachments on the records host's campaign paths, Bearer key (docs/api.md §4.9,
// "Email attachments"): a file uploaded as the multipart field `file` (at most 25 MB) answers its
// `fileid`; the send takes those ids in `attachments`, with the SDK's documented fields.
const { randomUUID } = require('node:crypto');
const { badRequest, isPlainObject } = require('../shared');
const { isHttpUrl } = require('../messaging/sends');

/** "Its size should not exceed 25 megabytes (MB)", read as MiB (docs/api.md §10.2). */
const MAX_FILE_BYTES = 25 * 1024 * 1024;
/** The sandbox's verified senders ("You can assign only verified email id"). */
const VERIFIED_SENDERS = ['billing@acme.example', 'hello@acme.example'];
const FIELDS = [
	'to',
	'subject',
	'from',
	'fromName',
	'bodyHtml',
	'bodyText',
	'trackClicks',
	'trackOpens',
	'replyToEmail',
	'replyToName',
	'attachments',
	'callbackUrl',
];
const isEmail = (value) =>
	typeof value === 'string' && /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(value);
const isText = (value) => typeof value === 'string' && value.trim() !== '';

module.exports = function emailCampaignRoutes({ route, store }) {
	route('POST', /^\/api\/v1\/campaign\/email\/upload$/, 'bearer', ({ body }) => {
		const files = (body?.parts ?? []).filter((p) => p.filename !== undefined);
		const file = files.find((p) => p.name === 'file');
		if (!file || files.length !== 1) throw badRequest('file is required (one file, multipart)');
		if (file.size > MAX_FILE_BYTES) throw badRequest('file: its size should not exceed 25 MB');
		const fileid = randomUUID();
		const data = {
			filename: file.filename,
			size: file.size,
			dateadded: store.now(),
			expirationdate: null,
			fileid,
			contenttype: file.contenttype ?? 'application/octet-stream',
			mediumscreenshotpath: null,
		};
		store.state.uploads.set(fileid, { ...data, sha256: file.sha256 });
		return { status: true, message: 'success', data };
	});
	route('POST', /^\/api\/v1\/campaign\/email\/send$/, 'bearer', ({ body }) => {
		if (!isPlainObject(body)) throw badRequest('the body must be a JSON object');
		const extra = Object.keys(body).filter((key) => !FIELDS.includes(key));
		if (extra.length) throw badRequest(`The body has no field ${extra.join(', ')}`);
		if (
			!Array.isArray(body.to) ||
			!body.to.length ||
			body.to.length > 10 ||
			!body.to.every(isEmail)
		)
			throw badRequest('to: 1 to 10 email addresses');
		if (!isText(body.subject)) throw badRequest('subject is required');
		if (!VERIFIED_SENDERS.includes(body.from)) throw badRequest('from: not a verified email id');
		if (!isText(body.fromName)) throw badRequest('fromName is required');
		if (!isText(body.bodyHtml ?? '') && !isText(body.bodyText ?? ''))
			throw badRequest('either bodyHtml or bodyText is required');
		for (const key of ['trackClicks', 'trackOpens'])
			if (body[key] !== undefined && typeof body[key] !== 'boolean')
				throw badRequest(`${key} must be a boolean`);
		if (body.replyToEmail !== undefined && !isEmail(body.replyToEmail))
			throw badRequest('replyToEmail must be an email address');
		if (body.callbackUrl !== undefined && !isHttpUrl(body.callbackUrl))
			throw badRequest('callbackUrl must be an http or https URL');
		const attachments = body.attachments ?? [];
		if (!Array.isArray(attachments) || attachments.some((id) => !store.state.uploads.has(id)))
			throw badRequest('attachments: ids of uploaded attachments');
		const messageId = randomUUID();
		store.state.campaignEmails.push({ at: store.now(), messageId, ...body });
		return { status: true, message: 'Email sent successfully', messageId };
	});
};
