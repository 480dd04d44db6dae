/**
 * How a request carries a credential: its host and its headers. Shared by the credentials
 * (their `authenticate`) and the nodes' credential tests, below both.
 */
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

/** The records credential: docs/api.md §5.1 names x-api-key and x-workspace-id, the vendor's pages a Bearer header; all three suit either. */
export const withRecordsKey = (
	credentials: ICredentialDataDecryptedObject,
	requestOptions: IHttpRequestOptions,
): IHttpRequestOptions => {
	const apiKey = String(credentials.apiKey ?? '');
	return {
		...withBaseUrl(credentials, requestOptions),
		headers: {
			...requestOptions.headers,
			'x-api-key': apiKey,
			'x-workspace-id': String(credentials.workspaceId ?? ''),
			Authorization: `Bearer ${apiKey}`,
		},
	};
};

/** The user groups credential: the embedded dashboards' key. */
export const withUserGroupsKey = (
	credentials: ICredentialDataDecryptedObject,
	requestOptions: IHttpRequestOptions,
): IHttpRequestOptions => ({
	...withBaseUrl(credentials, requestOptions),
	headers: {
		...requestOptions.headers,
		Authorization: `Token ${String(credentials.apiKey ?? '')}`,
	},
});

/** What a refused key means, in each credential's words: every node's 401 and 403 say it. */
export const RECORDS_KEY_HINT =
	'Check the API key and the workspace ID in the Workspace Records API credential. Both are in the dashboard under Settings → Developer → API Key.';
export const USER_GROUPS_KEY_HINT =
	'Check the API key in the Workspace User Groups API credential: it is the API key of the embedded dashboards, not a user group token.';
