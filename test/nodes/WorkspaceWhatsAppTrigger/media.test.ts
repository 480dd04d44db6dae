import axios from 'axios';
import type {
	IBinaryData,
	IDataObject,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	IWebhookFunctions,
} from 'n8n-workflow';

import { useSandbox } from '../../harness/sandbox';
import { fakeWebhookHost } from './fakeWebhook';

// Download Media: an incoming message's file into the item's binary data, or `mediaError`; the
// event is emitted, and remembered, either way.
const env = useSandbox();

const SECRET = { 'X-Webhook-Secret': 's3cret-value' };
const PHOTO = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 13) % 256));

/** n8n's httpRequest as the trigger uses it (a GET, as a stream, any status), over real HTTP. */
async function httpRequest(options: IHttpRequestOptions): Promise<IN8nHttpFullResponse> {
	const response = await axios.request({
		method: options.method,
		url: options.url,
		responseType: options.encoding === 'stream' ? 'stream' : 'json',
		timeout: options.timeout,
		validateStatus: () => true,
	});
	return {
		body: response.data as unknown,
		headers: response.headers as IDataObject,
		statusCode: response.status,
		statusMessage: response.statusText,
	} as IN8nHttpFullResponse;
}

/** n8n's prepareBinaryData, in its in-memory form. */
async function prepareBinaryData(
	bytes: Buffer,
	filePath?: string,
	mimeType?: string,
): Promise<IBinaryData> {
	return {
		data: bytes.toString('base64'),
		fileName: filePath,
		mimeType: mimeType ?? 'application/octet-stream',
		fileSize: String(bytes.length),
	};
}

const host = (options: IDataObject = { downloadMedia: true }) =>
	fakeWebhookHost(
		{
			events: ['incoming.whatsapp.message', 'incoming.rcs.message'],
			headerName: 'X-Webhook-Secret',
			headerValue: SECRET['X-Webhook-Secret'],
			options,
		},
		{ helpers: { httpRequest, prepareBinaryData } as Partial<IWebhookFunctions['helpers']> },
	);

const whatsAppImage = (eventId: string, link: string, extra: IDataObject = {}) => ({
	event: 'incoming.whatsapp.message',
	eventId,
	timestamp: 1744346001738,
	phoneId: '104898309288724',
	wabaId: '102290129340398',
	messageId: `wamid.${eventId}`,
	sender: { name: 'Grace Hopper', number: '919876543210' },
	message: {
		type: 'image',
		image: {
			caption: 'The box',
			mime_type: 'image/png',
			link,
			name: 'box.png',
			size: PHOTO.length,
			...extra,
		},
	},
});

const itemsOf = (handled: Awaited<ReturnType<ReturnType<typeof host>['request']>>) =>
	handled.result.workflowData?.[0] ?? [];

test('a WhatsApp image comes as binary data: file name and type from the message', async () => {
	const link = env.sandbox.hostMedia(PHOTO, 'image/png');
	const handled = await host().request({ body: whatsAppImage('e1', link), headers: SECRET });
	const [item] = itemsOf(handled);
	expect(item.json).toEqual(whatsAppImage('e1', link));
	expect(item.binary?.data).toMatchObject({ fileName: 'box.png', mimeType: 'image/png' });
	expect(Buffer.from(item.binary!.data.data, 'base64')).toEqual(PHOTO);
	// Fetched without the workspace's key: the host of the media is not the API.
	const fetched = env.sandbox.requests.filter((r) => r.path.startsWith('/media/'));
	expect(fetched).toHaveLength(1);
	expect(fetched[0].headers).not.toHaveProperty('x-api-key');
	expect(fetched[0].headers).not.toHaveProperty('authorization');
});

test('an RCS video, in RCS names (fileUri, fileName, mimeType)', async () => {
	const fileUri = env.sandbox.hostMedia(PHOTO, 'video/mp4');
	const event = {
		event: 'incoming.rcs.message',
		eventId: 'r1',
		timestamp: 1744346001738,
		botId: 'sandbox_bot',
		messageId: 'MxUM',
		sender: { number: '919876543210' },
		message: {
			type: 'video',
			video: { mimeType: 'video/mp4', fileSizeBytes: PHOTO.length, fileName: 'clip.mp4', fileUri },
		},
	};
	const [item] = itemsOf(await host().request({ body: event, headers: SECRET }));
	expect(item.binary?.data).toMatchObject({ fileName: 'clip.mp4', mimeType: 'video/mp4' });
});

test('media gone (404): the event still comes, saying why in mediaError, and only once', async () => {
	const trigger = host();
	const body = whatsAppImage('e2', `${env.sandbox.url}/media/gone`);
	const first = await trigger.request({ body, headers: SECRET });
	expect(itemsOf(first).map((i) => [i.json.eventId, i.json.mediaError, i.binary])).toEqual([
		['e2', 'The image could not be downloaded: The media host answered HTTP 404', undefined],
	]);
	// The workspace retries the delivery: not emitted again, not downloaded again.
	const again = await trigger.request({ body, headers: SECRET });
	expect(again.items).toEqual([]);
	expect(env.sandbox.requests.filter((r) => r.path.startsWith('/media/'))).toHaveLength(1);
});

test('larger than Max Media Size: by the size the message gives, nothing is fetched', async () => {
	const link = env.sandbox.hostMedia(PHOTO, 'image/png');
	const [item] = itemsOf(
		await host({ downloadMedia: true, maxMediaSizeMb: 0.001 }).request({
			body: whatsAppImage('e3', link),
			headers: SECRET,
		}),
	);
	expect(item.json.mediaError).toBe(
		'The image is larger than Max Media Size (0 MB): not downloaded; raise the option to get it (it is 0 MB)',
	);
	expect(env.sandbox.requests).toHaveLength(0);
});

test('larger than Max Media Size though the message said less: reading stops, mediaError', async () => {
	const link = env.sandbox.hostMedia(PHOTO, 'image/png');
	const [item] = itemsOf(
		await host({ downloadMedia: true, maxMediaSizeMb: 0.001 }).request({
			body: whatsAppImage('e4', link, { size: 10 }),
			headers: SECRET,
		}),
	);
	expect(item.json.mediaError).toMatch(/^The image is larger than Max Media Size/);
	expect(item.binary).toBeUndefined();
});

test('Download Media off (the default): nothing is fetched, the item as before', async () => {
	const link = env.sandbox.hostMedia(PHOTO, 'image/png');
	const [item] = itemsOf(
		await host({}).request({ body: whatsAppImage('e5', link), headers: SECRET }),
	);
	expect(item.binary).toBeUndefined();
	expect(item.json).toEqual(whatsAppImage('e5', link));
	expect(env.sandbox.requests).toHaveLength(0);
});
