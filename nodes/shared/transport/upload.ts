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
import { paceOfRun, RECORDS_CREDENTIAL, requestDefaults, runSettingsOf } from './requests';
import { itemOf, runOf, writeKeyOf } from '../memory';

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
class StreamedFile {
	constructor(private readonly file: FileToUpload) {}
	get name() {
		return this.file.fileName;
	}
	get type() {
		return this.file.mimeType;
	}
	get size() {
		return this.file.size;
	}
	async *stream(): AsyncGenerator<Uint8Array> {
		yield* await this.file.open();
	}
}

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
 * Uploads one file as the multipart field `field` to the records host, through the door: paced
 * with its node run and a write, so an upload whose answer is lost is never sent again blindly
 * (it fails, saying so), and n8n's rerun of the node gets the upload done before, not a second
 * one. Answers the envelope's `data`.
 */
export async function uploadFile(
	context: IExecuteSingleFunctions,
	url: string,
	field: string,
	file: FileToUpload,
	hints?: Hints,
): Promise<IDataObject> {
	const node = context.getNode();
	const settings = runSettingsOf(context);
	const run = runOf(context);
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
			{ ...options, timeout, body: new StreamedForm([[field, new StreamedFile(file)]]) },
		)) as IN8nHttpFullResponse;
		throwIfFailed(node, response, { hints });
		return ((response.body as IDataObject).data ?? {}) as IDataObject;
	};
	return await send({
		node,
		label: labelOf('POST', url),
		itemIndex: context.getItemIndex(),
		signal: context.getExecutionCancelSignal?.(),
		attempt,
		repeatable: false,
		pace: paceOfRun(context, settings),
		maxWaitMs: settings.maxWaitMs,
		...(context.getExecutionId() && {
			write: {
				key: writeKeyOf(
					run,
					String(context.getItemIndex()),
					'UPLOAD',
					url,
					file.identity,
					file.fileName,
					String(file.size),
				),
				run,
				item: itemOf(context),
				method: 'POST',
			},
		}),
	});
}
