import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
} from 'n8n-workflow';

import type { Hints } from './answers';
import { throwIfFailed } from './answers';
import { labelOf } from './failures';
import { send } from './pipeline';
import { fromItem, itemWrite, RECORDS_CREDENTIAL, requestDefaults } from './requests';

/**
 * A file sent as one part of a multipart body, read while the request is written: `open` gives
 * its bytes afresh for each try, so no try holds the whole file, and a retry sends it whole.
 */
export interface FileToUpload {
	/** What tells this file apart within its item, for the memory of writes (the binary property). */
	identity: string;
	fileName: string;
	mimeType: string;
	/** Exact, in bytes: the body's length is computed from it before the first byte is read. */
	size: number;
	open: () => Promise<AsyncIterable<Uint8Array>>;
}

/** A part as axios's multipart writer reads it (its `stream()`, `name`, `type` and `size`). */
const streamedFile = (file: FileToUpload) => ({
	name: file.fileName,
	type: file.mimeType,
	size: file.size,
	async *stream(): AsyncGenerator<Uint8Array> {
		yield* await file.open();
	},
});

type StreamedFile = ReturnType<typeof streamedFile>;

/**
 * A multipart body, streamed part by part: n8n hands it to axios, which writes a FormData (by
 * its tag and entries) with its boundary and Content-Length. Node's own FormData would only
 * take a Blob, read whole into memory first.
 */
class StreamedForm {
	readonly [Symbol.toStringTag] = 'FormData';
	constructor(private readonly parts: Array<[string, StreamedFile]>) {}
	append(): void {
		throw new Error('A streamed form is complete as made');
	}
	entries(): IterableIterator<[string, StreamedFile]> {
		return this.parts[Symbol.iterator]();
	}
	[Symbol.iterator](): IterableIterator<[string, StreamedFile]> {
		return this.entries();
	}
}

/**
 * Uploads one file as the multipart field `field` to the records host, through the door, as a
 * write: one whose answer is lost fails rather than being sent again blindly, and n8n's rerun of
 * the node gets the upload done before. Answers the envelope's `data`.
 */
export async function uploadFile(
	context: IExecuteSingleFunctions,
	url: string,
	field: string,
	file: FileToUpload,
	hints?: Hints,
): Promise<IDataObject> {
	const node = context.getNode();
	const options: IHttpRequestOptions = {
		...requestDefaults,
		// No JSON content type: axios would turn the form into JSON. It sets the boundary itself.
		headers: { Accept: 'application/json', 'Content-Type': 'multipart/form-data' },
		method: 'POST',
		url,
		returnFullResponse: true,
	};
	const attempt = async (timeout: number) => {
		const response = (await context.helpers.httpRequestWithAuthentication.call(
			context,
			RECORDS_CREDENTIAL,
			{ ...options, timeout, body: new StreamedForm([[field, streamedFile(file)]]) },
		)) as IN8nHttpFullResponse;
		throwIfFailed(node, response, { hints });
		return ((response.body as IDataObject).data ?? {}) as IDataObject;
	};
	return await send({
		node,
		label: labelOf('POST', url),
		...fromItem(context),
		attempt,
		repeatable: false,
		...(context.getExecutionId() && {
			write: itemWrite(context, 'POST', [
				'UPLOAD',
				url,
				file.identity,
				file.fileName,
				String(file.size),
			]),
		}),
	});
}
