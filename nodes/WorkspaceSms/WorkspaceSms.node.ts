import type { INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { resourceSelector, subtitleOf } from '../shared/descriptions';
import { deliveryReportDescription } from '../shared/messaging/deliveryReport';
import { MESSAGING_BASE_URL } from '../shared/messaging/host';
import { credentialTest, listSearch, loadOptions, resourceMapping } from '../shared/methods';
import { requestDefaults } from '../shared/transport/apiRequest';
import { optionsField } from '../shared/transport/operationRequests';
import { smsDescription } from './resources/sms';

const properties: INodeProperties[] = [
	resourceSelector([
		{ name: 'SMS', value: 'sms' },
		{ name: 'Delivery Report', value: 'deliveryReport' },
	]),
	...smsDescription,
	...deliveryReportDescription,
	optionsField,
];

export class WorkspaceSms implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Workspace SMS',
		name: 'workspaceSms',
		icon: { light: 'file:../../icons/sms.svg', dark: 'file:../../icons/sms.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: subtitleOf(properties),
		description:
			'Send SMS and SMS templates, and read delivery reports, through the Workspace Records messaging host',
		defaults: { name: 'Workspace SMS' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{ name: 'workspaceRecordsApi', required: true, testedBy: 'testRecordsCredential' },
		],
		// SMS lives on the API's second host (docs/api.md §4.9), the credential's Messaging Host Base URL.
		requestDefaults: { ...requestDefaults, baseURL: MESSAGING_BASE_URL },
		properties,
	};

	methods = { credentialTest, listSearch, loadOptions, resourceMapping };
}
