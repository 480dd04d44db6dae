import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	Icon,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { withBaseUrl } from '../nodes/shared/transport/baseUrl';

export class WorkspaceUserGroupsApi implements ICredentialType {
	name = 'workspaceUserGroupsApi';

	displayName = 'Workspace User Groups API';

	icon: Icon = {
		light: 'file:../icons/workspaceRecords.svg',
		dark: 'file:../icons/workspaceRecords.dark.svg',
	};

	documentationUrl = 'https://github.com/workspace-records/n8n-nodes-workspace-records#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. https://dashboards.your-workspace-host.com',
			description: 'The address of the embedded-dashboard API, without /api/user',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'The API key of the embedded dashboards. User group tokens are not this key.',
		},
	];

	// A function rather than an expression, as in the records credential: cheaper per request.
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		return {
			...withBaseUrl(credentials, requestOptions),
			headers: {
				...requestOptions.headers,
				Authorization: `Token ${String(credentials.apiKey ?? '')}`,
			},
		};
	}

	// The user-group API has no read endpoint, and its POST creates or rotates. The test
	// therefore asks to delete a group by an id and a token that cannot both exist: the token
	// has spaces and punctuation no token the service issues has. Empty values would not do:
	// a lax server that ignores empty filters could delete every group. The key is still
	// checked. Whatever "no such group" looks like (HTTP 200 with success 0, or a 404),
	// it proves the key, so status errors are let through and only a refusal fails. n8n's
	// rules can read only the body then: these are the refusals the vendor documents.
	test: ICredentialTestRequest = {
		request: {
			// As hostOf (nodes/shared/transport/baseUrl.ts) reads it: no trailing slash, no /api/v1.
			baseURL:
				'={{ String($credentials.baseUrl).trim().replace(/\\/+$/, "").replace(/\\/api(\\/v1)?$/i, "") }}',
			url: '/api/user',
			method: 'DELETE',
			body: {
				user_group_id: 'n8n-credential-test',
				current_token: 'n8n credential test: not a token',
			},
			ignoreHttpStatusErrors: true,
			// The key goes to the Base URL only, never where a redirect points.
			disableFollowRedirect: true,
		},
		rules: ['Unauthorised', 'Unauthorized', 'No token provided'].map((refusal) => ({
			type: 'responseSuccessBody' as const,
			properties: {
				key: 'message',
				value: refusal,
				message: `The service refused the key (${refusal}): check API Key, the API key of the embedded dashboards, not a user group token`,
			},
		})),
	};
}
