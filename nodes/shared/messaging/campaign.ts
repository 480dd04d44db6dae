import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { textIn } from '../input';
import { optionalSwitch, optionalText } from './fields';
import { toHttpUrl } from './recipients';

/** On every campaign path (docs/api.md §4.9: WhatsApp conversation, RCS), the same four fields. */
export const campaignOptions: INodeProperties[] = [
	{
		displayName: 'Report URL',
		name: 'reportUrl',
		type: 'string',
		default: '',
		placeholder: 'e.g. https://example.com/message-reports',
		// Not a Postback URL: these paths document no post_back_url, report format or request id.
		description:
			"Where the host sends the message's reports and deliveries, in a format the vendor does not document. Not for the Workspace WhatsApp Trigger's delivery-status URL or Wait for Delivery: they take the post-backs of the messaging host's sends.",
	},
	{
		displayName: 'Show in Inbox',
		name: 'showInInbox',
		type: 'boolean',
		default: true,
		description:
			"Whether the message appears in the workspace's inbox, linked to the customer's record",
	},
	{
		displayName: 'Source',
		name: 'source',
		type: 'string',
		default: 'API',
		description: 'Where the inbox says the message came from; the host needs it with Show in Inbox',
	},
	{
		displayName: 'Wait for Submission Status',
		name: 'submissionStatus',
		type: 'boolean',
		default: true,
		description:
			'Whether the host waits for the submission status of the message before it answers. Without this field it does not wait.',
	},
];

export interface CampaignOptions {
	reportUrl?: unknown;
	showInInbox?: boolean;
	source?: unknown;
	submissionStatus?: boolean;
}

/** `source`, `linkWithRecord`, `reportURL` and `submissionStatus`, only when given. */
export function campaignOptionsBody(extra: CampaignOptions): IDataObject {
	const linkWithRecord = extra.showInInbox;
	// "If linkWithRecord is set to true, the source ... should be mentioned"; the host's default is API.
	const source = textIn(extra.source, 'Source').trim() || (linkWithRecord ? 'API' : undefined);
	return {
		...optionalText('source', source, { field: 'Source' }),
		...optionalSwitch('linkWithRecord', linkWithRecord),
		...optionalText('reportURL', extra.reportUrl, { field: 'Report URL', check: toHttpUrl }),
		...optionalSwitch('submissionStatus', extra.submissionStatus),
	};
}
