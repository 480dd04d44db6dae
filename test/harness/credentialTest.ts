import type { ICredentialDataDecryptedObject, INodeType, IDataObject } from 'n8n-workflow';

import { CREDENTIAL_TYPES } from './credentials';
import { runNode } from './runNode';

export interface CredentialTestResult {
	status: 'OK' | 'Error';
	message: string;
}

/**
 * Runs a credential's `test` the way n8n's credential tester does: the test request goes
 * through the routing engine with the credential applied; a non-2xx answer fails with
 * its status, and `responseSuccessBody` rules can fail a 2xx answer.
 */
export async function testCredential(type: string, data: ICredentialDataDecryptedObject): Promise<CredentialTestResult> {
	const { test } = CREDENTIAL_TYPES[type];
	if (!test) throw new Error(`${type} has no test`);
	const nodeType: INodeType = {
		description: {
			displayName: 'Credential Test',
			name: 'credentialTest',
			group: [],
			version: 1,
			description: '',
			defaults: {},
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: type, required: true }],
			properties: [{ displayName: 'Temp', name: 'temp', type: 'string', default: '', routing: { request: test.request } }],
		},
	};
	const { items, error } = await runNode({ nodeType, parameters: {}, credentials: { [type]: data } });
	if (error) return { status: 'Error', message: error.message };
	for (const rule of test.rules ?? []) {
		if (rule.type === 'responseSuccessBody') {
			const body = items[0]?.json as IDataObject;
			if (body?.[rule.properties.key] === rule.properties.value) return { status: 'Error', message: rule.properties.message };
		}
	}
	return { status: 'OK', message: 'Connection successful!' };
}
