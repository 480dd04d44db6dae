import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { PostBackInput } from '../../../shared/messaging/fields';
import {
	optionalSwitch,
	optionalText,
	postBackBody,
	postBackOptions,
} from '../../../shared/messaging/fields';
import { toEmailAddress, toUrlList } from '../../../shared/messaging/recipients';

/** What both sends take besides their content (docs/api.md §4.9), in Additional Fields. */
export const emailOptions: INodeProperties[] = [
	{
		displayName: 'Attachment URLs',
		name: 'attachments',
		type: 'string',
		default: '',
		placeholder: 'e.g. https://example.com/invoice.pdf',
		description:
			'Public addresses of the files to attach, separated by commas or new lines (or an array from an expression); the host fetches them',
	},
	{
		displayName: 'From Email',
		name: 'fromEmail',
		type: 'string',
		default: '',
		placeholder: 'e.g. sales@example.com',
		description:
			"The sender's address, one the workspace may send from. By default the workspace's default sender.",
	},
	{
		displayName: 'From Name',
		name: 'fromName',
		type: 'string',
		default: '',
		placeholder: 'e.g. Acme Sales',
		description: "The sender's name, shown beside the address",
	},
	{
		displayName: 'Pre-Header',
		name: 'preHeader',
		type: 'string',
		default: '',
		description: 'The preview text that inboxes show after the subject',
	},
	...postBackOptions,
	{
		displayName: 'Reply-To Email',
		name: 'replyToEmail',
		type: 'string',
		default: '',
		placeholder: 'e.g. support@example.com',
		description: 'Where replies go, if not to the sender',
	},
	{
		displayName: 'Reply-To Name',
		name: 'replyToName',
		type: 'string',
		default: '',
	},
	{
		displayName: 'Track Clicks',
		name: 'trackClicks',
		type: 'boolean',
		default: false,
		description: 'Whether to record clicks on the links of the email',
	},
	{
		displayName: 'Track Opens',
		name: 'trackOpens',
		type: 'boolean',
		default: false,
		description: 'Whether to record when the email is opened',
	},
];

export interface EmailOptions extends PostBackInput {
	attachments?: unknown;
	fromEmail?: unknown;
	fromName?: unknown;
	preHeader?: unknown;
	replyToEmail?: unknown;
	replyToName?: unknown;
	trackClicks?: boolean;
	trackOpens?: boolean;
	subject?: unknown;
}

/** The optional fields given, in the host's names; addresses and URLs checked before sending. */
export function emailOptionsBody(extra: EmailOptions): IDataObject {
	const attachments = toUrlList(extra.attachments, 'Attachment URLs');
	return {
		...optionalText('from_email', extra.fromEmail, { field: 'From Email', check: toEmailAddress }),
		...optionalText('from_name', extra.fromName, { field: 'From Name' }),
		...optionalText('pre_header', extra.preHeader, { field: 'Pre-Header' }),
		...optionalText('reply_to_email', extra.replyToEmail, {
			field: 'Reply-To Email',
			check: toEmailAddress,
		}),
		...optionalText('reply_to_name', extra.replyToName, { field: 'Reply-To Name' }),
		...(attachments.length ? { attachments } : {}),
		...optionalSwitch('track_opens', extra.trackOpens),
		...optionalSwitch('track_clicks', extra.trackClicks),
		...postBackBody(extra),
	};
}
