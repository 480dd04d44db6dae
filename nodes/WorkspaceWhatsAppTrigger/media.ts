import type { IBinaryKeyData, IDataObject, INodeProperties, IWebhookFunctions } from 'n8n-workflow';

import { isPlainObject } from '../shared/input';
import { downloadFile, TooBig } from '../shared/transport';

/**
 * Download Media: the file an incoming message points at (vendor docs, incoming-message
 * webhooks; docs/api.md §6), put into the item's binary data. WhatsApp names its media
 * `link`, `mime_type`, `name`, `size`; RCS `fileUri`, `mimeType`, `fileName`, `fileSizeBytes`.
 */
export const MEDIA_TYPES = ['image', 'video', 'audio', 'document', 'sticker', 'file'];
const DEFAULT_MAX_MB = 25;
/** However long the workspace waits for the answer (not documented), a download may take this. */
const DOWNLOAD_BUDGET_MS = 20_000;
export const MEDIA_PROPERTY = 'data';

export const mediaOptions: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Download Media',
			name: 'downloadMedia',
			type: 'boolean',
			default: false,
			description:
				"Whether an incoming message's file is downloaded into the item's binary data (data); if it cannot be, mediaError says why",
		},
		{
			displayName: 'Max Media Size (MB)',
			name: 'maxMediaSizeMb',
			type: 'number',
			typeOptions: { minValue: 0.001, numberPrecision: 3 },
			default: DEFAULT_MAX_MB,
			description: 'A larger file is not downloaded: the item says so in mediaError',
		},
	],
};

interface Media {
	kind: string;
	url: string;
	fileName?: string;
	mimeType?: string;
	size?: number;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);

/** The media of an incoming message, whichever channel's names it uses; undefined for none. */
export function mediaOf(payload: IDataObject): Media | undefined {
	const message = payload.message;
	if (!isPlainObject(message) || typeof message.type !== 'string') return undefined;
	if (!MEDIA_TYPES.includes(message.type)) return undefined;
	const media = message[message.type];
	if (!isPlainObject(media)) return undefined;
	const url = text(media.link) ?? text(media.fileUri) ?? text(media.url);
	if (!url) return undefined;
	const size = Number(media.size ?? media.fileSizeBytes);
	return {
		kind: message.type,
		url,
		fileName: text(media.name) ?? text(media.fileName) ?? text(media.filename),
		mimeType: text(media.mime_type) ?? text(media.mimeType),
		size: Number.isFinite(size) && size > 0 ? size : undefined,
	};
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * The item's binary data with the message's media, or `mediaError` saying why not: never a
 * failure, so the event is emitted (and remembered) whatever the media host does.
 */
export async function downloadMedia(
	context: IWebhookFunctions,
	payload: IDataObject,
): Promise<{ binary?: IBinaryKeyData; mediaError?: string }> {
	const options = context.getNodeParameter('options', {}) as {
		downloadMedia?: boolean;
		maxMediaSizeMb?: number;
	};
	if (!options.downloadMedia) return {};
	const media = mediaOf(payload);
	if (!media) return {};
	const maxMb = Number(options.maxMediaSizeMb ?? DEFAULT_MAX_MB);
	const maxBytes = Math.floor(
		(Number.isFinite(maxMb) && maxMb > 0 ? maxMb : DEFAULT_MAX_MB) * 1024 * 1024,
	);
	const tooBig = `The ${media.kind} is larger than Max Media Size (${megabytes(maxBytes)}): not downloaded; raise the option to get it`;
	if (media.size !== undefined && media.size > maxBytes)
		return { mediaError: `${tooBig} (it is ${megabytes(media.size)})` };
	try {
		const { bytes, contentType } = await downloadFile(context, media.url, {
			maxBytes,
			maxWaitMs: DOWNLOAD_BUDGET_MS,
		});
		const data = await context.helpers.prepareBinaryData(
			bytes,
			media.fileName,
			media.mimeType ?? contentType,
		);
		return { binary: { [MEDIA_PROPERTY]: data } };
	} catch (error) {
		if (error instanceof TooBig) return { mediaError: tooBig };
		const reason = error instanceof Error ? error.message : String(error);
		return { mediaError: `The ${media.kind} could not be downloaded: ${reason}` };
	}
}
