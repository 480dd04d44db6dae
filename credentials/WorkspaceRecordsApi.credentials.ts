import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	Icon,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { withRecordsKey } from '../nodes/shared/auth';

export class WorkspaceRecordsApi implements ICredentialType {
	name = 'workspaceRecordsApi';

	displayName = 'Workspace Records API';

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
			placeholder: 'e.g. https://api.your-workspace-host.com',
			description: 'The address of the records API. A trailing /api/v1 or slash is dropped.',
		},
		{
			displayName: 'Messaging Host Base URL',
			// The API's docs call this host ai_base_url; renaming the field would empty saved credentials.
			name: 'aiBaseUrl',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://messaging.your-workspace-host.com',
			description:
				'The address of the host that sends SMS, WhatsApp and email messages (the API docs call it ai_base_url), needed only by the Workspace SMS, WhatsApp and Email nodes',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'In the dashboard: Settings → Developer → API Key',
		},
		{
			displayName: 'Workspace ID',
			name: 'workspaceId',
			type: 'string',
			default: '',
			required: true,
			description:
				'Shown next to the API key in Settings → Developer → API Key, where it can be copied',
		},
	];

	// A function: n8n evaluates a generic block's expressions on every request.
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		return withRecordsKey(credentials, requestOptions);
	}

	// No declarative `test`: n8n would run it instead of the nodes' `testedBy` (credentialTest.ts).
}
