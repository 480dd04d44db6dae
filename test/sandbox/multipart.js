'use strict';
// A multipart/form-data body read as it arrives, never held whole: a file part is kept as its
// name, type, size and SHA-256 (what a test compares), a text part as its text. While a file is
// read, `onChunk` is told of each piece (the memory test samples the process there).
const { createHash } = require('node:crypto');

const boundaryOf = (contentType) =>
	/^multipart\/form-data;.*boundary=(?:"([^"]+)"|([^;]+))/i
		.exec(contentType ?? '')
		?.slice(1)
		.find(Boolean);

function startPart(headerText) {
	const disposition = /content-disposition:([^\r\n]*)/i.exec(headerText)?.[1] ?? '';
	const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
	const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
	const contenttype = /content-type:\s*([^\r\n]*)/i.exec(headerText)?.[1]?.trim();
	return filename === undefined
		? { name, text: '' }
		: { name, filename, contenttype, size: 0, hash: createHash('sha256') };
}

function feed(part, bytes, onChunk) {
	if (part.hash) {
		part.size += bytes.length;
		part.hash.update(bytes);
		onChunk?.(bytes.length);
	} else part.text += bytes.toString('utf8');
}

const finish = ({ hash, ...part }) => (hash ? { ...part, sha256: hash.digest('hex') } : part);

/** The parts of the body of `req`, or undefined when it is not multipart. */
async function readMultipart(req, { onChunk } = {}) {
	const boundary = boundaryOf(req.headers['content-type']);
	if (!boundary) return undefined;
	const delimiter = Buffer.from(`\r\n--${boundary}`);
	const parts = [];
	let part;
	let state = 'preamble';
	// A line break first, so that the first boundary reads like the others.
	let buffer = Buffer.from('\r\n');
	for await (const chunk of req) {
		buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
		for (let progress = true; progress && state !== 'done'; ) {
			progress = false;
			if (state === 'preamble' || state === 'body') {
				const at = buffer.indexOf(delimiter);
				if (at === -1) {
					// What may be the start of a delimiter waits for the next chunk.
					const keep = Math.min(buffer.length, delimiter.length - 1);
					if (state === 'body') feed(part, buffer.subarray(0, buffer.length - keep), onChunk);
					buffer = Buffer.from(buffer.subarray(buffer.length - keep));
					break;
				}
				if (state === 'body') {
					feed(part, buffer.subarray(0, at), onChunk);
					parts.push(finish(part));
				}
				buffer = buffer.subarray(at + delimiter.length);
				state = 'boundary';
				progress = true;
			} else if (state === 'boundary') {
				if (buffer.length < 2) break;
				if (buffer.subarray(0, 2).toString() === '--') {
					state = 'done';
					break;
				}
				const end = buffer.indexOf('\r\n\r\n');
				if (end === -1) break;
				part = startPart(buffer.subarray(2, end).toString('utf8'));
				buffer = buffer.subarray(end + 4);
				state = 'body';
				progress = true;
			}
		}
	}
	if (state !== 'done') throw new Error('the multipart body ends before its closing boundary');
	return parts;
}

module.exports = { readMultipart };
