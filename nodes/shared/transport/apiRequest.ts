import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IPollFunctions,
} from 'n8n-workflow';

import { credentialBaseUrl } from './baseUrl';
import { isRepeatable, labelOf, sendWithRetries } from './door';
import { throwIfFailed } from './errors';
import { Gate } from './gate';

export const RECORDS_CREDENTIAL = 'workspaceRecordsApi';
export const USER_GROUPS_CREDENTIAL = 'workspaceUserGroupsApi';

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
 * The requests made outside declarative routing (dropdowns, searches and the trigger's
 * polls). They go through the credential, the same error mapper and the same door as every
 * operation; a dropdown waits at most 30 s for a rate limit to pass.
 */
export async function apiRequest<T = IDataObject[]>(
	context: ILoadOptionsFunctions | IPollFunctions | IExecuteSingleFunctions,
	method: IHttpRequestMethods,
	url: string,
	body?: IDataObject,
): Promise<T> {
	const options: IHttpRequestOptions = {
		method,
		url,
		baseURL: requestDefaults.baseURL,
		headers: requestDefaults.headers,
		json: true,
		ignoreHttpStatusErrors: true,
		returnFullResponse: true,
		...(body ? { body } : {}),
	};
	const send = async () => {
		const response = (await context.helpers.httpRequestWithAuthentication.call(
			context,
			RECORDS_CREDENTIAL,
			options,
		)) as IN8nHttpFullResponse;
		throwIfFailed(context.getNode(), response);
		return (response.body as IDataObject).data as T;
	};
	return await sendWithRetries(
		new Gate(1),
		{ send, repeatable: isRepeatable(method, url), label: labelOf(method, url) },
		{ maxWaitMs: 30_000 },
		(error) => error as Error,
	);
}
