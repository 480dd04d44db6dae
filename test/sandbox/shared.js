'use strict';
// What every part of the sandbox answers with: its failures (docs/api.md §7, §10.2) and the
// success envelope of the records host.

class ApiError extends Error {
	constructor(statusCode, message, envelope = 'status') {
		super(message);
		this.statusCode = statusCode;
		this.envelope = envelope;
	}
}
const badRequest = (message) => new ApiError(400, `Invalid data Provided: ${message}`);
const notFound = (what) => new ApiError(404, `${what} not found`);

const isPlainObject = (value) =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

const ok = (message, data, extra = {}) => ({
	status: true,
	message,
	...extra,
	...(data === undefined ? {} : { data }),
});

module.exports = { ApiError, badRequest, notFound, isPlainObject, ok };
