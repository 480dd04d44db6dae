import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { resourceSelector } from '../shared/descriptions';
import { credentialBaseUrl, RECORDS_CREDENTIAL, requestDefaults, requestHandlingField } from '../shared/transport';
import { smsDescription } from './resources/sms';

export class WorkspaceSms implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Workspace SMS',
		name: 'workspaceSms',
		icon: { light: 'file:../../icons/sms.svg', dark: 'file:../../icons/sms.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Send SMS through the Workspace Records messaging host',
		defaults: { name: 'Workspace SMS' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: RECORDS_CREDENTIAL, required: true }],
		// SMS lives on the second host of the spec, the credential's Messaging Base URL.
		requestDefaults: { ...requestDefaults, baseURL: credentialBaseUrl('aiBaseUrl') },
		properties: [resourceSelector([{ name: 'SMS', value: 'sms' }]), ...smsDescription, requestHandlingField],
	};
}
