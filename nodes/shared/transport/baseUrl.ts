import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';

/**
 * A placeholder the credential's `authenticate` fills in, not an expression: n8n evaluates those
 * several times per item. n8n's credential domain checks still apply, to the final URL
 * (test/nodes/shared/transport/baseUrl.test.ts).
 */
export const credentialBaseUrl = (field = 'baseUrl') => `{${field}}`;

/** The host's address alone: trailing slashes and a pasted `/api/v1` or `/api` are dropped. */
export const hostOf = (baseUrl: unknown) =>
	String(baseUrl ?? '')
		.trim()
		.replace(/\/+$/, '')
		.replace(/\/api(\/v1)?$/i, '');

/** The request with its base URL placeholder filled in from the credential (`hostOf`). */
export function withBaseUrl(
	credentials: ICredentialDataDecryptedObject,
	requestOptions: IHttpRequestOptions,
): IHttpRequestOptions {
	const field = /^\{(\w+)\}$/.exec(String(requestOptions.baseURL ?? ''))?.[1];
	if (!field) return requestOptions;
	return { ...requestOptions, baseURL: hostOf(credentials[field]) };
}
