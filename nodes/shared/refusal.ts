import type { IDataObject, IN8nHttpFullResponse } from 'n8n-workflow';

/**
 * For an operation's `readAnswer`, which explains a refusal only it can before the shared error
 * mapper: whether an answer refuses the request's values (a 4xx other than credential, path and
 * rate, or `status: false`), and what the service said.
 */
export function isRefusal({ statusCode, body }: IN8nHttpFullResponse): boolean {
	if (statusCode >= 400 && statusCode < 500) return ![401, 403, 404, 429].includes(statusCode);
	return (
		statusCode < 300 && (envelopeOf(body).status === false || envelopeOf(body).success === false)
	);
}

const envelopeOf = (body: unknown): IDataObject =>
	typeof body === 'object' && body !== null ? (body as IDataObject) : {};

/** The service's `message`, or '' when it gave none. */
export const refusalText = ({ body }: IN8nHttpFullResponse): string => {
	const said = envelopeOf(body).message;
	return typeof said === 'string' ? said : '';
};
