import type { ICredentialDataDecryptedObject, INodeType, IDataObject } from 'n8n-workflow';

import { CREDENTIAL_TYPES } from './credentials';
import { runNode } from './runNode';

export interface CredentialTestResult {
	status: 'OK' | 'Error';
	message: string;
}

/**
 * Runs a credential's `test` the way n8n's credential tester does (n8n 2.40,
 * `credentials-tester.service`): the test request goes through the routing engine with the
 * credential applied; a status error fails with the message of a `responseCode` rule for
 * that status, or else with the status; `responseSuccessBody` rules can fail an answer
 * that got through.
 */
export async function testCredential(
	type: string,
	data: ICredentialDataDecryptedObject,
): Promise<CredentialTestResult> {
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
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					default: '',
					routing: { request: test.request },
				},
			],
		},
	};
	const { items, error } = await runNode({
		nodeType,
		parameters: {},
		credentials: { [type]: data },
	});
	if (error) {
		const status = Number((error as { httpCode?: string }).httpCode);
		for (const rule of test.rules ?? []) {
			if (rule.type === 'responseCode' && rule.properties.value === status) {
				return { status: 'Error', message: rule.properties.message };
			}
		}
		return {
			status: 'Error',
			message: status ? `Received HTTP status code: ${status}` : error.message,
		};
	}
	for (const rule of test.rules ?? []) {
		if (rule.type === 'responseSuccessBody') {
			const body = items[0]?.json as IDataObject;
			if (body?.[rule.properties.key] === rule.properties.value)
				return { status: 'Error', message: rule.properties.message };
		}
	}
	return { status: 'OK', message: 'Connection successful!' };
}
