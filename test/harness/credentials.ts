import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
	IRequestOptionsSimplified,
} from 'n8n-workflow';
import { ICredentialsHelper } from 'n8n-workflow';

import { WorkspaceRecordsApi } from '../../credentials/WorkspaceRecordsApi.credentials';
import { WorkspaceUserGroupsApi } from '../../credentials/WorkspaceUserGroupsApi.credentials';

export const CREDENTIAL_TYPES: Record<string, ICredentialType> = {
	workspaceRecordsApi: new WorkspaceRecordsApi(),
	workspaceUserGroupsApi: new WorkspaceUserGroupsApi(),
};

/**
 * Hands our credentials to the routing engine as n8n's CredentialsHelper does. Both
 * credential types authenticate with a function, which n8n calls with the decrypted data.
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	constructor(private readonly data: Record<string, ICredentialDataDecryptedObject>) {
		super();
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
	): Promise<IHttpRequestOptions> {
		const authenticate = CREDENTIAL_TYPES[typeName]?.authenticate;
		if (typeof authenticate !== 'function')
			throw new Error(`${typeName} has no authenticate function`);
		return await authenticate(credentials, requestOptions as IHttpRequestOptions);
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
