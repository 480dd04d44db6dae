import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	Icon,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { withUserGroupsKey } from '../nodes/shared/auth';

export class WorkspaceUserGroupsApi implements ICredentialType {
	name = 'workspaceUserGroupsApi';

	displayName = 'Workspace User Groups API';

	icon: Icon = {
		light: 'file:../icons/workspaceRecords.svg',
		dark: 'file:../icons/workspaceRecords.dark.svg',
	};

	// A page, not a README fragment: n8n appends tracking parameters to some documentation links,
	// after which a fragment no longer lands (docs/credentials.md).
	documentationUrl =
		'https://github.com/workspace-records/n8n-nodes-workspace-records/blob/main/docs/credentials.md';

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
		return withUserGroupsKey(credentials, requestOptions);
	}

	// Tested by the nodes (nodes/shared/methods/credentialTest.ts), as the records credential.
}
