import type { IN8nHttpFullResponse, IWebhookFunctions } from 'n8n-workflow';

import { apiError } from './answers';
import { labelOf } from './failures';
import { Pace } from './pace';
import { send } from './pipeline';

/** Too big: said before reading on, so that the caller can tell the user. */
export class TooBig extends Error {}

interface Readable {
	[Symbol.asyncIterator](): AsyncIterator<Uint8Array>;
	destroy?: () => void;
}

/**
 * Fetches a file a message points at (a media URL in an incoming message), through the door:
 * no credential goes with it (the host is not ours), a GET may be tried again within
 * `maxWaitMs`, and no more than `maxBytes` is read (`TooBig` past that). Answers the bytes.
 */
export async function downloadFile(
	context: IWebhookFunctions,
	url: string,
	{ maxBytes, maxWaitMs }: { maxBytes: number; maxWaitMs: number },
): Promise<{ bytes: Buffer; contentType?: string }> {
	const node = context.getNode();
	const attempt = async (timeout: number) => {
		const response = (await context.helpers.httpRequest({
			method: 'GET',
			url,
			encoding: 'stream',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout,
		})) as IN8nHttpFullResponse;
		const body = response.body as Readable;
		if (response.statusCode >= 300) {
			body.destroy?.();
			const message = `The media host answered HTTP ${response.statusCode}`;
			throw apiError(node, { ...response, body: {} }, { message, description: '' });
		}
		const length = Number(response.headers?.['content-length']);
		if (length > maxBytes) {
			body.destroy?.();
			throw new TooBig(`${length} bytes`);
		}
		const chunks: Uint8Array[] = [];
		let read = 0;
		for await (const chunk of body) {
			read += chunk.length;
			if (read > maxBytes) {
				body.destroy?.();
				throw new TooBig(`more than ${maxBytes} bytes`);
			}
			chunks.push(chunk);
		}
		const type = response.headers?.['content-type'];
		return {
			bytes: Buffer.concat(chunks),
			contentType: typeof type === 'string' ? type : undefined,
		};
	};
	return await send({
		node,
		label: labelOf('GET', url.replace(/\?.*$/, '')),
		attempt,
		repeatable: true,
		pace: new Pace(1),
		maxWaitMs,
	});
}
