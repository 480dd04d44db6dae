import type { IDataObject, IHttpRequestOptions, IWebhookFunctions } from 'n8n-workflow';

import { downloadFile, TooBig } from '../../../../nodes/shared/transport/download';
import { nodeOfType } from '../../../harness/fixtures';
import { useVirtualClock } from '../../../harness/virtualClock';

/** A retry's wait passes on a clock of its own, in no real time. */
useVirtualClock(Date.parse('2026-11-22T09:00:00.000Z'));

const URL_WITH_TOKEN = 'https://media.example.com/files/photo.jpg?token=secret';

/** A media host's answer: its status and headers, and its body as a stream of chunks. */
interface Answer {
	statusCode: number;
	headers?: IDataObject;
	chunks?: string[];
}

/** The media host: what each request was sent with, how much of each body was read, what was let go. */
function mediaHost(answers: Answer[]) {
	const sent: IHttpRequestOptions[] = [];
	const read: number[] = [];
	const destroyed: boolean[] = [];
	const httpRequest = jest.fn(async (options: IHttpRequestOptions) => {
		const index = sent.push(options) - 1;
		const { statusCode, headers = {}, chunks = [] } = answers[Math.min(index, answers.length - 1)];
		read[index] = 0;
		destroyed[index] = false;
		const body = {
			async *[Symbol.asyncIterator]() {
				for (const chunk of chunks) {
					read[index] += 1;
					yield Buffer.from(chunk);
				}
			},
			destroy: () => (destroyed[index] = true),
		};
		return { statusCode, headers, body };
	});
	const context = {
		getNode: () => nodeOfType('workspaceWhatsAppTrigger'),
		helpers: { httpRequest },
	};
	return { context: context as unknown as IWebhookFunctions, sent, read, destroyed };
}

const download = async (answers: Answer[], maxBytes = 10, maxWaitMs = 5_000) => {
	const host = mediaHost(answers);
	const result = await downloadFile(host.context, URL_WITH_TOKEN, { maxBytes, maxWaitMs }).catch(
		(error: unknown) => error,
	);
	return { result, ...host };
};

describe('downloadFile: the bytes, and what type the host says they are', () => {
	test.each<[string, Answer, string, string | undefined]>([
		[
			'one chunk',
			{ statusCode: 200, headers: { 'content-type': 'image/jpeg' }, chunks: ['abc'] },
			'abc',
			'image/jpeg',
		],
		['several chunks, joined', { statusCode: 200, chunks: ['ab', 'cd', 'e'] }, 'abcde', undefined],
		['nothing', { statusCode: 200, chunks: [] }, '', undefined],
		[
			'exactly the most it may read',
			{ statusCode: 200, chunks: ['12345', '67890'] },
			'1234567890',
			undefined,
		],
		[
			'a length it says, within the most',
			{ statusCode: 200, headers: { 'content-length': '10' }, chunks: ['1234567890'] },
			'1234567890',
			undefined,
		],
		[
			'a type that is not text is not said',
			{ statusCode: 200, headers: { 'content-type': ['a', 'b'] }, chunks: ['x'] },
			'x',
			undefined,
		],
		[
			'a length that is no number is not read',
			{ statusCode: 200, headers: { 'content-length': 'many' }, chunks: ['x'] },
			'x',
			undefined,
		],
	])('%s', async (_, answer, bytes, contentType) => {
		const { result } = await download([answer]);
		expect(result).toEqual({ bytes: Buffer.from(bytes), contentType });
	});

	test('no credential goes with it, the answer is streamed, and the first try has the whole wait', async () => {
		const { sent } = await download([{ statusCode: 200, chunks: ['x'] }], 10, 7_000);
		expect(sent).toEqual([
			{
				method: 'GET',
				url: URL_WITH_TOKEN,
				encoding: 'stream',
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				timeout: 7_000,
			},
		]);
	});
});

describe('downloadFile: too big, said before reading on', () => {
	test.each<[string, Answer, string, number]>([
		// [case, answer, TooBig's message, chunks read]
		[
			'a length past the most, read not at all',
			{ statusCode: 200, headers: { 'content-length': '11' }, chunks: ['12345678901'] },
			'11 bytes',
			0,
		],
		[
			'no length, one chunk past the most',
			{ statusCode: 200, chunks: ['12345678901'] },
			'more than 10 bytes',
			1,
		],
		[
			'no length, the third chunk past the most, and no more read',
			{ statusCode: 200, chunks: ['1234', '5678', '901', 'x'] },
			'more than 10 bytes',
			3,
		],
		[
			'a length that lies, caught as it is read',
			{ statusCode: 200, headers: { 'content-length': '2' }, chunks: ['123456', '789012'] },
			'more than 10 bytes',
			2,
		],
	])('%s', async (_, answer, message, chunksRead) => {
		const { result, read, destroyed, sent } = await download([answer]);
		expect(result).toBeInstanceOf(TooBig);
		expect((result as Error).message).toBe(message);
		expect(read[0]).toBe(chunksRead);
		expect(destroyed[0]).toBe(true);
		// Not a failure of the host's: never tried again.
		expect(sent).toHaveLength(1);
	});
});

describe('downloadFile: what the host refused', () => {
	test.each<[string, Answer[], number, string]>([
		// [case, answers, requests sent, message]
		['a 404, at once', [{ statusCode: 404 }], 1, 'The media host answered HTTP 404'],
		['a 403, at once', [{ statusCode: 403 }], 1, 'The media host answered HTTP 403'],
		[
			'a redirect is not followed',
			[{ statusCode: 302, headers: { location: 'https://elsewhere.example.com/' } }],
			1,
			'The media host answered HTTP 302',
		],
	])('%s', async (_, answers, count, message) => {
		const { result, sent, destroyed } = await download(answers);
		expect((result as Error).message).toBe(message);
		expect((result as { context: IDataObject }).context.httpStatus).toBe(answers[0].statusCode);
		expect(sent).toHaveLength(count);
		expect(destroyed[0]).toBe(true);
	});

	test('a 503 is tried again, as any GET', async () => {
		const { result, sent } = await download([
			{ statusCode: 503 },
			{ statusCode: 200, chunks: ['ok'] },
		]);
		expect(result).toEqual({ bytes: Buffer.from('ok'), contentType: undefined });
		expect(sent).toHaveLength(2);
	});

	test('a 503 that lasts gives up at the deadline, naming the address without its query', async () => {
		const { result, sent } = await download([{ statusCode: 503 }], 10, 2_000);
		const message = (result as Error).message;
		expect(message).toMatch(
			/^The media host answered HTTP 503 — gave up after \d+ attempts over \d s \(GET https:\/\/media\.example\.com\/files\/photo\.jpg\)$/,
		);
		expect(message).not.toContain('secret');
		expect(sent.length).toBeGreaterThan(1);
	});
});
