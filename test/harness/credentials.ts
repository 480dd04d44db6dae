import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IHttpRequestOptions,
	INode,
	INodeProperties,
	IRequestOptionsSimplified,
	Workflow,
} from 'n8n-workflow';
import { ICredentialsHelper } from 'n8n-workflow';

import { WorkspaceRecordsApi } from '../../credentials/WorkspaceRecordsApi.credentials';
import { WorkspaceUserGroupsApi } from '../../credentials/WorkspaceUserGroupsApi.credentials';

export const CREDENTIAL_TYPES: Record<string, ICredentialType> = {
	workspaceRecordsApi: new WorkspaceRecordsApi(),
	workspaceUserGroupsApi: new WorkspaceUserGroupsApi(),
};

type Locations = 'headers' | 'qs' | 'body' | 'auth';

/**
 * Applies our credentials the way n8n's own CredentialsHelper does: a generic
 * `authenticate` block's expressions are resolved against the credential data and merged
 * into the request. (n8n-core's test helper only applies function-style authenticate.)
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	constructor(private readonly data: Record<string, ICredentialDataDecryptedObject>) {
		super();
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const options = requestOptions as IHttpRequestOptions;
		const authenticate = CREDENTIAL_TYPES[typeName]?.authenticate;
		if (typeof authenticate === 'function') return await authenticate(credentials, options);
		if (!authenticate || !workflow || !node) return options;
		for (const [location, values] of Object.entries(authenticate.properties)) {
			const target = { ...((options as unknown as Record<string, object>)[location] ?? {}) } as Record<string, unknown>;
			for (const [key, value] of Object.entries(values as Record<string, string>)) {
				target[key] = workflow.expression.getSimpleParameterValue(node, value, 'internal', {
					$credentials: credentials,
				});
			}
			(options as unknown as Record<Locations, unknown>)[location as Locations] = target;
		}
		return options;
	}

	async preAuthentication() {
		return undefined;
	}

	async runPreAuthentication() {
		return undefined;
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async getDecrypted(_additionalData: unknown, _nodeCredentials: unknown, type: string) {
		const data = this.data[type];
		if (!data) throw new Error(`The test gave no credential of type ${type}`);
		return data;
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('not used by declarative nodes');
	}

	async updateCredentials() {}

	async updateCredentialsOauthTokenData() {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return CREDENTIAL_TYPES[type]?.properties ?? [];
	}
}
