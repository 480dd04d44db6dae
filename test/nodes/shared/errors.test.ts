import type { IN8nHttpFullResponse } from 'n8n-workflow';

import { describeFailure } from '../../../nodes/shared/errors';

const response = (statusCode: number, body: unknown, headers = {}) => ({
	statusCode,
	body: body as IN8nHttpFullResponse['body'],
	headers,
});

test.each<[string, ReturnType<typeof response>, RegExp | undefined]>([
	['success envelope', response(200, { status: true, message: 'ok', data: [] }), undefined],
	['user groups success', response(200, { success: 1, user_group: {} }), undefined],
	['status:false on 200', response(200, { status: false, message: 'Invalid data Provided' }), /^The service rejected the request: Invalid data Provided$/],
	['success:0 (user groups)', response(200, { success: 0, message: 'Unknown token' }), /^The service rejected the request: Unknown token$/],
	['success:false (SMS)', response(200, { success: false, message: 'bad route' }), /bad route/],
	['401', response(401, { status: false, message: 'No token provided' }), /^Authorization failed: No token provided$/],
	['400', response(400, { status: false, message: 'Invalid data Provided: x' }), /^Invalid data Provided: x$/],
	['404 without id parameters', response(404, { status: false, message: 'No route' }), /^Not found: No route$/],
	['429 with Retry-After', response(429, { status: false }, { 'retry-after': '3' }), /wait 3 s$/],
	['503', response(503, {}), /^The service failed \(HTTP 503\)$/],
	['HTML', response(502, '<html>Bad gateway</html>'), /not JSON \(HTTP 502\)/],
])('%s', (_, res, message) => {
	const failure = describeFailure(res);
	if (message) expect(failure?.message).toMatch(message);
	else expect(failure).toBeUndefined();
});

test('404 names the id parameter whose value the server mentions', () => {
	const failure = describeFailure(response(404, { status: false, message: 'Record r9 not found' }), [
		{ label: 'Collection', value: 'c1' },
		{ label: 'Record', value: 'r9' },
	]);
	expect(failure).toMatchObject({ message: 'The record with ID "r9" was not found', httpCode: '404' });
	expect(failure?.description).toMatch(/^Check the Record parameter/);
});

test('descriptions of 401 and 429 say what to do', () => {
	expect(describeFailure(response(401, {}))?.description).toMatch(/API key and workspace ID/);
	expect(describeFailure(response(429, {}))?.description).toMatch(/Batching.*Retry On Fail/);
});
