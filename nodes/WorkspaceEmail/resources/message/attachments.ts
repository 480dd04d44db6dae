import type {
	DeclarativeRestApiSettings,
	IBinaryData,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { InputError, requiredText, textIn } from '../../../shared/input';
import { optionalSwitch, optionalText } from '../../../shared/messaging/fields';
import { toEmailAddress, toHttpUrl } from '../../../shared/messaging/recipients';
import type { FileToUpload } from '../../../shared/transport';
import { paths, requestDefaults, uploadFile } from '../../../shared/transport';
import { EMAIL_HINTS } from '../../hints';
import type { EmailOptions } from './fields';
import type { EmailInput } from './send';

/**
 * Attachments from binary data (docs/api.md §4.9, "Email attachments"): each file is uploaded
 * (multipart `file`, 25 MB at most), then the email goes with their IDs by the campaign send.
 */
export const attachmentsField: INodeProperties = {
	displayName: 'Attachments',
	name: 'binaryAttachments',
	type: 'string',
	default: '',
	placeholder: 'e.g. data, invoice',
	description:
		"The item's binary properties to attach, separated by commas; each file at most 25 MB. Needs From Email and From Name.",
};

/** "Its size should not exceed 25 megabytes": read as MiB, so that nothing the host takes is refused. */
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;
/** Bytes read from n8n's binary store at a time. */
const CHUNK_BYTES = 64 * 1024;

export interface AttachmentOptions extends EmailOptions {
	binaryAttachments?: unknown;
}

/** The binary property names given, in order; one given twice is a mistake, said before sending. */
export function attachmentNames(value: unknown): string[] {
	const names = textIn(value, 'Attachments', 'name')
		.split(',')
		.map((name) => name.trim())
		.filter(Boolean);
	const twice = names.find((name, i) => names.indexOf(name) !== i);
	if (twice !== undefined) {
		throw new InputError(
			'Attachments',
			`"${twice}" is given twice`,
			'Name each binary property once.',
		);
	}
	return names;
}

const notWith = (field: string) =>
	new InputError(
		field,
		'cannot go with Attachments',
		`The send that takes uploaded attachments has no ${field}: remove it, or send the files as Attachment URLs instead.`,
	);

/**
 * The campaign send's body but for the uploads' IDs: `from` and `fromName` are required there, it
 * has no pre-header, postback data or attachment URLs; HTML goes as `bodyHtml`, else `bodyText`.
 */
export function buildCampaignEmailBody(input: EmailInput): IDataObject {
	const extra = input.additionalFields ?? {};
	if (textIn(extra.preHeader, 'Pre-Header').trim()) throw notWith('Pre-Header');
	if (textIn(extra.postBackData, 'Postback Data').trim()) throw notWith('Postback Data');
	const urls = extra.attachments;
	if (Array.isArray(urls) ? urls.length : textIn(urls, 'Attachment URLs').trim())
		throw notWith('Attachment URLs');
	const message = requiredText(input.message, 'Message', 'Write the content of the email.');
	const required = (value: unknown, field: string) =>
		requiredText(value, field, `With Attachments the host needs ${field}: add it.`);
	return {
		to: [toEmailAddress(input.recipient, 'Recipient')],
		subject: requiredText(input.subject, 'Subject', 'Write the subject line of the email.'),
		from: toEmailAddress(required(extra.fromEmail, 'From Email'), 'From Email'),
		fromName: required(extra.fromName, 'From Name'),
		[/<[a-z!/][^>]*>/i.test(message) ? 'bodyHtml' : 'bodyText']: message,
		...optionalText('replyToEmail', extra.replyToEmail, {
			field: 'Reply-To Email',
			check: toEmailAddress,
		}),
		...optionalText('replyToName', extra.replyToName, { field: 'Reply-To Name' }),
		...optionalSwitch('trackOpens', extra.trackOpens),
		...optionalSwitch('trackClicks', extra.trackClicks),
		...optionalText('callbackUrl', extra.postBackUrl, { field: 'Postback URL', check: toHttpUrl }),
	};
}

/** Bytes of base64 text once decoded, without decoding it. */
const decodedLength = (base64: string) =>
	Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);

/** Base64 held in memory (n8n's in-memory mode), decoded a chunk at a time as it is read. */
async function* base64Chunks(base64: string): AsyncGenerator<Uint8Array> {
	// Whole groups of four characters: a slice elsewhere would decode wrong.
	const step = Math.floor(CHUNK_BYTES / 3) * 4;
	for (let at = 0; at < base64.length; at += step)
		yield Buffer.from(base64.slice(at, at + step), 'base64');
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;

/** One binary property of the item as a file to upload: there, and within the host's limit. */
async function fileOf(
	context: IExecuteSingleFunctions,
	binary: Record<string, IBinaryData>,
	name: string,
): Promise<FileToUpload> {
	const data = Object.hasOwn(binary, name) ? binary[name] : undefined;
	if (!data) {
		const has = Object.keys(binary);
		throw new InputError(
			'Attachments',
			`the input item has no binary property "${name}"${has.length ? ` (it has ${has.map((n) => `"${n}"`).join(', ')})` : ' (it has no binary data)'}`,
			"Give the names of the item's binary properties as its Binary tab shows them, such as data.",
		);
	}
	const { id } = data;
	const size = id
		? (await context.helpers.getBinaryMetadata(id)).fileSize
		: decodedLength(data.data);
	if (size > MAX_ATTACHMENT_BYTES) {
		throw new InputError(
			'Attachments',
			`the file in "${name}" is ${megabytes(size)} (${size.toLocaleString('en-US')} bytes), more than the 25 MB the host takes per attachment`,
			'Attach a smaller file, or give a link to it in the message (or under Attachment URLs).',
		);
	}
	return {
		identity: name,
		fileName: data.fileName ?? name,
		mimeType: data.mimeType || 'application/octet-stream',
		size,
		open: async () =>
			id ? await context.helpers.getBinaryStream(id, CHUNK_BYTES) : base64Chunks(data.data),
	};
}

type RoutingRequest = DeclarativeRestApiSettings.ResultOptions;

/** With Attachments, every file checked before any is sent, each uploaded, then the email. */
export async function sendWithAttachments(
	this: IExecutePaginationFunctions,
	requestData: RoutingRequest,
): Promise<INodeExecutionData[]> {
	const names = attachmentNames(this.getNodeParameter('additionalFields.binaryAttachments', ''));
	if (!names.length) return await this.makeRoutingRequest(requestData);
	const binary = this.getInputData().binary ?? {};
	const files: FileToUpload[] = [];
	for (const name of names) files.push(await fileOf(this, binary, name));
	const attachments: string[] = [];
	for (const file of files) {
		const uploaded = await uploadFile(this, paths.emailCampaign.upload, 'file', file, EMAIL_HINTS);
		if (typeof uploaded.fileid !== 'string' || !uploaded.fileid) {
			throw new NodeOperationError(
				this.getNode(),
				`The upload of "${file.identity}" answered no file ID`,
				{ itemIndex: this.getItemIndex() },
			);
		}
		attachments.push(uploaded.fileid);
	}
	return await this.makeRoutingRequest({
		...requestData,
		options: {
			...requestData.options,
			baseURL: requestDefaults.baseURL,
			url: paths.emailCampaign.send,
			body: { ...(requestData.options.body as IDataObject), attachments },
		},
	});
}
