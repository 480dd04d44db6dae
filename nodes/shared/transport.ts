import type {
	IDataObject,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IPollFunctions,
} from 'n8n-workflow';

import { throwIfFailed } from './errors';

export const RECORDS_CREDENTIAL = 'workspaceRecordsApi';
export const USER_GROUPS_CREDENTIAL = 'workspaceUserGroupsApi';

/** The credential's Base URL without trailing slashes, as an expression for routing. */
export const credentialBaseUrl = (field = 'baseUrl') =>
	`={{ String($credentials.${field} ?? '').replace(/\\/+$/, '') }}`;

/**
 * Every request of every node starts from these. Status errors are let through to the
 * error mapper (errors.ts), which turns each of them, 401 included, into a message that
 * says what to fix. n8n's own 401 handling would only re-send the same headers.
 */
export const requestDefaults = {
	baseURL: credentialBaseUrl(),
	headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
	json: true,
	ignoreHttpStatusErrors: true,
};

/**
 * The one door for requests made outside declarative routing (dropdowns, searches and the
 * trigger's polls). It goes through the credential and the same error mapper as every operation.
 */
export async function apiRequest<T = IDataObject[]>(
	context: ILoadOptionsFunctions | IPollFunctions,
	method: IHttpRequestMethods,
	url: string,
	body?: IDataObject,
): Promise<T> {
	const credentials = await context.getCredentials(RECORDS_CREDENTIAL);
	const options: IHttpRequestOptions = {
		method,
		url,
		baseURL: String(credentials.baseUrl ?? '').replace(/\/+$/, ''),
		headers: requestDefaults.headers,
		json: true,
		ignoreHttpStatusErrors: true,
		returnFullResponse: true,
		...(body ? { body } : {}),
	};
	const response = (await context.helpers.httpRequestWithAuthentication.call(
		context,
		RECORDS_CREDENTIAL,
		options,
	)) as IN8nHttpFullResponse;
	throwIfFailed(context.getNode(), response);
	return (response.body as IDataObject).data as T;
}
