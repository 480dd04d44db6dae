import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';

/**
 * A node's base URL, named by the credential field that holds it: "{baseUrl}". It is not an
 * expression, because n8n evaluates a routing expression several times for every item, at
 * about a millisecond each. The credential fills it in (`withBaseUrl`, in `authenticate`)
 * from the data n8n has just decrypted for the request anyway.
 *
 * n8n's credential domain checks keep working. RoutingNode asks whether a base URL is the
 * node's own by comparing the host of `requestDefaults.baseURL` with the one it resolves
 * itself; a placeholder has no host on either side, so the node counts as the credential's
 * own surface, as with the expression before. A credential set to "None" for the HTTP
 * Request node still works in these nodes, and one set to "Specific Domains" has every
 * request checked against its list by n8n's outbound HTTP layer, on the final URL, after
 * `authenticate` (test/nodes/shared/baseUrl.test.ts shows both).
 */
export const credentialBaseUrl = (field = 'baseUrl') => `{${field}}`;

/**
 * A Base URL as the paths expect it: the host's address alone. Trailing slashes, and an
 * `/api/v1` or `/api` pasted from the API's docs, are dropped rather than refused.
 */
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
