import type { INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { resourceSelector, subtitleOf } from '../shared/descriptions';
import { deliveryReportDescription } from '../shared/messaging/deliveryReport';
import { MESSAGING_BASE_URL } from '../shared/messaging/host';
import { credentialTest, listSearch, loadOptions, resourceMapping } from '../shared/methods';
import { requestDefaults } from '../shared/transport/apiRequest';
import { optionsField } from '../shared/transport/operationRequests';
import { messageDescription } from './resources/message';

const properties: INodeProperties[] = [
	resourceSelector([
		{ name: 'Message', value: 'message' },
		{ name: 'Delivery Report', value: 'deliveryReport' },
	]),
	...messageDescription,
	...deliveryReportDescription,
	optionsField,
];

export class WorkspaceWhatsApp implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Workspace WhatsApp',
		name: 'workspaceWhatsApp',
		icon: { light: 'file:../../icons/whatsApp.svg', dark: 'file:../../icons/whatsApp.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: subtitleOf(properties),
		description:
			'Send WhatsApp template messages and read delivery reports through the Workspace Records messaging host',
		defaults: { name: 'Workspace WhatsApp' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{ name: 'workspaceRecordsApi', required: true, testedBy: 'testRecordsCredential' },
		],
		requestDefaults: { ...requestDefaults, baseURL: MESSAGING_BASE_URL },
		properties,
	};

	methods = { credentialTest, listSearch, loadOptions, resourceMapping };
}
