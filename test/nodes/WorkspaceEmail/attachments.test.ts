import { createHash } from 'crypto';
import type { IBinaryData } from 'n8n-workflow';

import { WorkspaceEmail } from '../../../nodes/WorkspaceEmail/WorkspaceEmail.node';
import { MAX_ATTACHMENT_BYTES } from '../../../nodes/WorkspaceEmail/resources/message/attachments';
import { recordsAuthHeaders } from '../../harness/fixtures';
import type { RunOptions } from '../../harness/runNode';
import { runNode } from '../../harness/runNode';
import { useSandbox } from '../../harness/sandbox';
import { productTime, useVirtualClock } from '../../harness/virtualClock';

// Attachments from binary data: uploaded first (multipart `file`), then the campaign send with
// their IDs (docs/api.md §4.9, "Email attachments"), all on the records host with a Bearer key.
// The door's waits (a 429's) pass on a virtual clock.
useVirtualClock(Date.parse('2026-11-22T09:00:00.000Z'));
const env = useSandbox({ clock: productTime });

const UPLOAD = '/api/v1/campaign/email/upload';
const SEND = '/api/v1/campaign/email/send';

const binaryOf = (bytes: Buffer, fileName: string, mimeType: string): IBinaryData => ({
	data: bytes.toString('base64'),
	fileName,
	mimeType,
});
const INVOICE = Buffer.from('%PDF-1.4 invoice 42\n'.repeat(200));
const PHOTO = Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 256));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const send = (
	additionalFields: object,
	options: Pick<RunOptions, 'binaries' | 'continueOnFail' | 'items' | 'settings'> = {},
) =>
	runNode({
		nodeType: new WorkspaceEmail(),
		parameters: {
			resource: 'message',
			operation: 'send',
			recipient: 'ada@example.com',
			subject: 'Your invoice',
			message: '<p>Hello Ada, your invoice and a photo are attached.</p>',
			additionalFields: {
				fromEmail: 'billing@acme.example',
				fromName: 'Acme Billing',
				binaryAttachments: 'invoice, photo',
				...additionalFields,
			},
		},
		credentials: env.credentials,
		binaries: [
			{
				invoice: binaryOf(INVOICE, 'invoice-42.pdf', 'application/pdf'),
				photo: binaryOf(PHOTO, 'photo.png', 'image/png'),
			},
		],
		...options,
	});

describe('Email Send with Attachments', () => {
	test('two files uploaded, then one email with their IDs: the answer as the item', async () => {
		const { items, error } = await send({ trackOpens: true });
		expect(error).toBeUndefined();
		const requests = env.sandbox.requests;
		expect(requests.map((r) => [r.method, r.path])).toEqual([
			['POST', UPLOAD],
			['POST', UPLOAD],
			['POST', SEND],
		]);
		expect(requests[0].headers).toMatchObject({
			authorization: recordsAuthHeaders.authorization,
			'content-type': expect.stringMatching(/^multipart\/form-data; boundary=/),
			'content-length': expect.any(String),
		});
		const uploaded = [...env.sandbox.state.uploads.values()];
		expect(uploaded.map((u) => [u.filename, u.contenttype, u.size, u.sha256])).toEqual([
			['invoice-42.pdf', 'application/pdf', INVOICE.length, sha256(INVOICE)],
			['photo.png', 'image/png', PHOTO.length, sha256(PHOTO)],
		]);
		expect(requests[2].body).toEqual({
			to: ['ada@example.com'],
			subject: 'Your invoice',
			from: 'billing@acme.example',
			fromName: 'Acme Billing',
			bodyHtml: '<p>Hello Ada, your invoice and a photo are attached.</p>',
			trackOpens: true,
			attachments: [...env.sandbox.state.uploads.keys()],
		});
		expect(items.map((i) => i.json)).toEqual([
			{ status: true, message: 'Email sent successfully', messageId: expect.any(String) },
		]);
	});

	test.each([
		[
			{ binaryAttachments: 'invoice, contract' },
			/^Attachments: the input item has no binary property "contract" \(it has "invoice", "photo"\)/,
		],
		[{ binaryAttachments: 'invoice, invoice' }, /^Attachments: "invoice" is given twice/],
		[{ fromEmail: '' }, /^From Email: empty/],
		[{ fromName: '' }, /^From Name: empty/],
		[{ preHeader: 'Invoice 42' }, /^Pre-Header: cannot go with Attachments/],
		[{ attachments: 'https://example.com/a.pdf' }, /^Attachment URLs: cannot go with Attachments/],
	])('%j: refused before anything is sent', async (fields, message) => {
		const { error } = await send(fields);
		expect(error?.message).toMatch(message);
		expect(env.sandbox.requests).toHaveLength(0);
	});

	test('an item without binary data: refused, naming the property', async () => {
		const { error } = await send({}, { binaries: [undefined] });
		expect(error?.message).toBe(
			'Attachments: the input item has no binary property "invoice" (it has no binary data)',
		);
		expect(env.sandbox.requests).toHaveLength(0);
	});

	test('a file over 25 MB: refused before any request, naming the property and its size', async () => {
		const big = Buffer.alloc(MAX_ATTACHMENT_BYTES + 1024 * 1024, 7);
		const { error } = await send(
			{},
			{
				binaries: [
					{
						invoice: binaryOf(INVOICE, 'invoice-42.pdf', 'application/pdf'),
						photo: binaryOf(big, 'video.mp4', 'video/mp4'),
					},
				],
			},
		);
		expect(error?.message).toBe(
			'Attachments: the file in "photo" is 26 MB (27,262,976 bytes), more than the 25 MB the host takes per attachment',
		);
		expect(env.sandbox.requests).toHaveLength(0);
	});

	test('an upload whose answer is lost is not sent again, and no email goes', async () => {
		env.sandbox.addFault({ kind: 'reset', afterHandling: true, method: 'POST', path: UPLOAD });
		const { error } = await send({});
		expect(error?.message).toMatch(/may or may not have happened/);
		expect(env.sandbox.requests.map((r) => r.path)).toEqual([UPLOAD]);
		expect(env.sandbox.state.uploads.size).toBe(1);
	});

	test('an upload refused with 429 is sent again after the wait, the whole file again', async () => {
		env.sandbox.addFault({ kind: 'rate-limit', retryAfter: 0, method: 'POST', path: UPLOAD });
		const { error } = await send({});
		expect(error).toBeUndefined();
		expect(env.sandbox.requests.map((r) => [r.path, r.status])).toEqual([
			[UPLOAD, 429],
			[UPLOAD, 200],
			[UPLOAD, 200],
			[SEND, 200],
		]);
		expect([...env.sandbox.state.uploads.values()].map((u) => u.sha256)).toEqual([
			sha256(INVOICE),
			sha256(PHOTO),
		]);
	});

	test('Continue On Fail: the item with a missing file fails alone, paired with it', async () => {
		const { items, error } = await send(
			{},
			{
				continueOnFail: true,
				items: [{}, {}],
				binaries: [
					{
						invoice: binaryOf(INVOICE, 'invoice-42.pdf', 'application/pdf'),
						photo: binaryOf(PHOTO, 'photo.png', 'image/png'),
					},
					{ invoice: binaryOf(INVOICE, 'invoice-43.pdf', 'application/pdf') },
				],
			},
		);
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json.error ?? i.json.message)).toEqual([
			'Email sent successfully',
			expect.stringMatching(/^Attachments: the input item has no binary property "photo"/),
		]);
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(env.sandbox.requests.filter((r) => r.path === SEND)).toHaveLength(1);
	});

	test('a 25 MB file is streamed: no buffer of the request is larger than a chunk', async () => {
		// n8n's in-memory copy of the file (its base64 text) exists before the node runs.
		const binaries = [
			{
				invoice: binaryOf(
					Buffer.alloc(MAX_ATTACHMENT_BYTES, 1),
					'big.bin',
					'application/octet-stream',
				),
			},
		];
		let received = 0;
		env.sandbox.watchUploads((bytes) => (received += bytes));
		// Every buffer made while the node runs, on both ends of the connection.
		let largest = 0;
		const note = <T extends { length: number }>(made: T) => {
			largest = Math.max(largest, made.length);
			return made;
		};
		// Wrapped by hand, not with jest.spyOn: a spy keeps every argument, the file's text too.
		const makers = ['from', 'alloc', 'allocUnsafe', 'allocUnsafeSlow', 'concat'] as const;
		const originals = makers.map((name) => [name, Buffer[name]] as const);
		for (const [name, original] of originals) {
			const make = original as (...args: unknown[]) => Buffer;
			Object.assign(Buffer, { [name]: (...args: unknown[]) => note(make.apply(Buffer, args)) });
		}
		try {
			const { error } = await send({ binaryAttachments: 'invoice' }, { binaries });
			expect(error).toBeUndefined();
		} finally {
			for (const [name, original] of originals) Object.assign(Buffer, { [name]: original });
			env.sandbox.watchUploads(undefined);
		}
		expect(received).toBe(MAX_ATTACHMENT_BYTES);
		// Read 64 KiB at a time from n8n's copy; the largest buffer anywhere on the way is a
		// chunk (the sandbox joins a chunk to what is left of the one before).
		expect(largest).toBeLessThanOrEqual(2 * 64 * 1024);
	}, 120_000);
});
