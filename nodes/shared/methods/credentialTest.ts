import type {
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	IDataObject,
	IN8nHttpFullResponse,
	INodeCredentialTestResult,
} from 'n8n-workflow';

import { USER_GROUPS_KEY_HINT, withRecordsKey, withUserGroupsKey } from '../auth';
import type { ApiFailure } from '../transport';
import {
	credentialBaseUrl,
	describeFailure,
	DEFAULT_HINTS,
	hostOf,
	paths,
	requestDefaults,
	unreachableReason,
} from '../transport';

/**
 * Tests named by `testedBy` (a literal in every node, where n8n's lint looks for it), not a
 * declarative `test`, which n8n runs in place of `testedBy` and which shows a failed connection as
 * a bare "ECONNREFUSED". The test context offers only `helpers.request`, so the headers come from
 * what the credentials' `authenticate` uses too (../auth.ts).
 */

const TEST_TIMEOUT_MS = 15_000;

const OK: INodeCredentialTestResult = { status: 'OK', message: 'Connection successful!' };

const RECORDS_HOST = { field: 'baseUrl', label: 'Base URL', called: '' };

interface Probe {
	/** The credential field that holds the host's address, its label, and what messages call the host. */
	host?: { field: string; label: string; called: string };
	/** Builds the request's headers and base URL, as the nodes' requests get them. */
	authenticate: typeof withRecordsKey;
	method: 'GET' | 'DELETE';
	url: string;
	body?: IDataObject;
	/** What is wrong with an answer, in a sentence that names the field to fix; else undefined. */
	judge: (response: IN8nHttpFullResponse) => string | undefined;
}

/** The failure in one sentence for the test's banner: what happened and what to check. */
const inWords = (response: IN8nHttpFullResponse, failure: ApiFailure) =>
	// A redirect's message already says which address to use.
	response.statusCode >= 300 && response.statusCode < 400
		? failure.message
		: `${failure.message}. ${failure.description}`;

/** Sends the probe once, never following a redirect, and says what its answer means. */
async function runProbe(
	context: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
	probe: Probe,
): Promise<INodeCredentialTestResult> {
	const data = credential.data ?? {};
	const { field, label, called } = probe.host ?? RECORDS_HOST;
	const baseUrl = hostOf(data[field]);
	if (!/^https?:\/\/[^/]/i.test(baseUrl)) {
		return {
			status: 'Error',
			message: `"${baseUrl}" is not an address: check ${label} (it begins with https:// or http://)`,
		};
	}
	const request = probe.authenticate(data, {
		baseURL: credentialBaseUrl(field),
		url: probe.url,
		method: probe.method,
		headers: requestDefaults.headers,
	});
	let message: string | undefined;
	try {
		// Through `helpers`: the linter would ask for `httpRequest`, which this context lacks.
		const { helpers } = context;
		const response = (await helpers.request({
			method: probe.method,
			uri: `${request.baseURL}${probe.url}`,
			headers: request.headers,
			...(probe.body ? { body: probe.body } : {}),
			json: true,
			// The key goes to the Base URL only, never where a redirect points.
			followRedirect: false,
			followAllRedirects: false,
			// Every status comes back as an answer, for `judge` to read.
			simple: false,
			resolveWithFullResponse: true,
			timeout: TEST_TIMEOUT_MS,
		})) as IN8nHttpFullResponse;
		message = probe.judge(response);
	} catch (error) {
		message = `Could not reach ${called}${baseUrl}: check ${label} (${unreachableReason(error) ?? 'the request failed'})`;
	}
	if (message === undefined) return OK;
	// Nothing above quotes the request, but an answer might echo the key back.
	const apiKey = String(data.apiKey ?? '');
	return { status: 'Error', message: apiKey ? message.split(apiKey).join('*****') : message };
}

const RECORDS_REFUSED =
	'The service refused the credential: check API Key and Workspace ID (Settings → Developer → API Key)';

const RECORDS_FIELD_MESSAGES: Record<number, string> = {
	401: RECORDS_REFUSED,
	403: 'The key has no access to this workspace: check Workspace ID, and that the API key belongs to that workspace',
	404: 'No API at this address: check Base URL (the address of the records API)',
};

/** Lists collections (nothing private, nothing changed); HTTP 200 with `status: false` refuses. */
export async function testRecordsCredential(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const records = await runProbe(this, credential, {
		authenticate: withRecordsKey,
		method: 'GET',
		url: '/api/v1/collections',
		judge: (response) => {
			const failure = describeFailure(response);
			if (!failure) return undefined;
			if (response.statusCode < 300) return RECORDS_REFUSED;
			return RECORDS_FIELD_MESSAGES[response.statusCode] ?? inWords(response, failure);
		},
	});
	// The messaging host is optional: tested only when its field is filled in, after the records host.
	if (records.status !== 'OK' || !String(credential.data?.aiBaseUrl ?? '').trim()) return records;
	return await runProbe(this, credential, {
		host: {
			field: 'aiBaseUrl',
			label: 'Messaging Host Base URL',
			called: 'the messaging host at ',
		},
		authenticate: withRecordsKey,
		// A read of the send path sends nothing: any answer but a refusal or a redirect proves the host.
		method: 'GET',
		url: paths.messaging.smsSend,
		judge: ({ statusCode, headers }) => {
			if (statusCode === 401 || statusCode === 403)
				return `The messaging host refused the credential (HTTP ${statusCode}): check Messaging Host Base URL, and that the API key may send messages`;
			if (statusCode >= 300 && statusCode < 400) {
				const location = headers?.location;
				return location
					? `The messaging host redirects to ${String(location)}: use that address in Messaging Host Base URL`
					: `The messaging host redirects elsewhere (HTTP ${statusCode}): check Messaging Host Base URL`;
			}
			return undefined;
		},
	});
}

/** The refusals the user-group API documents, in the body of its answer. */
const USER_GROUP_REFUSALS = ['Unauthorised', 'Unauthorized', 'No token provided'];

/**
 * That API has no read, and its POST creates or rotates: the test deletes a group by a token no
 * group can have (not an empty one: a lax server might ignore empty filters and delete them all).
 * Any "no such group" answer proves the key; only a refusal, or an answer not the API's, fails.
 */
export async function testUserGroupsCredential(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	return await runProbe(this, credential, {
		authenticate: withUserGroupsKey,
		method: 'DELETE',
		url: '/api/user',
		body: {
			user_group_id: 'n8n-credential-test',
			current_token: 'n8n credential test: not a token',
		},
		judge: (response) => {
			const said = (response.body as IDataObject | undefined)?.message;
			const refusal = USER_GROUP_REFUSALS.find((text) => text === said);
			if (refusal || response.statusCode === 401 || response.statusCode === 403) {
				return `The service refused the key (${refusal ?? `HTTP ${response.statusCode}`}): check API Key, the API key of the embedded dashboards, not a user group token`;
			}
			const failure = describeFailure(response, {
				hints: { ...DEFAULT_HINTS, credential: USER_GROUPS_KEY_HINT },
			});
			if (!failure) return undefined;
			const { statusCode, body } = response;
			// Only the API answers in JSON: an HTML 404 is a wrong Base URL, not "no such group".
			const noSuchGroup =
				typeof body === 'object' &&
				body !== null &&
				(statusCode < 300 || (statusCode >= 400 && statusCode < 500 && statusCode !== 429));
			return noSuchGroup ? undefined : inWords(response, failure);
		},
	});
}
