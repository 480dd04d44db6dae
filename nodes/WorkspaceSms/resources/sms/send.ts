import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	PreSendAction,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { forOperation } from '../../../shared/descriptions';
import { fromInput, InputError } from '../../../shared/input';
import { RECORDS_CREDENTIAL } from '../../../shared/transport/apiRequest';

const ROUTES = [
	{ name: 'OTP', value: 'otp', description: 'One-time passwords' },
	{ name: 'Promotional', value: 'promotional', description: 'Marketing messages' },
	{
		name: 'Transactional',
		value: 'transactional',
		description: 'Messages about an account or an order',
	},
];

/** The route's API value, from the value or the label an expression may give ("OTP"). */
export function toRoute(value: unknown): string {
	const text = String(value ?? '')
		.trim()
		.toLowerCase();
	const route = ROUTES.find((r) => r.value === text || r.name.toLowerCase() === text);
	if (!route) {
		throw new InputError(
			'Route',
			`"${String(value ?? '')}" is not a route`,
			`Choose ${ROUTES.map((r) => r.name)
				.join(', ')
				.replace(/, ([^,]+)$/, ' or $1')}.`,
		);
	}
	return route.value;
}

export const sendFields: INodeProperties[] = forOperation('sms', 'send', [
	{
		displayName: 'Recipient',
		name: 'recipient',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. +91 98765 43210',
		description:
			'Country code and number. Spaces, dashes, brackets and a leading + are removed before sending.',
	},
	{
		displayName: 'Message',
		name: 'message',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
	},
	{
		displayName: 'Sender ID',
		name: 'senderId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. WRKSPC',
		description: 'A registered, approved sender name',
	},
	{
		displayName: 'Route',
		name: 'route',
		type: 'options',
		options: ROUTES,
		default: 'transactional',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'DLT Entity ID',
				name: 'dltEntityId',
				type: 'string',
				default: '',
				description: "The sender's entity ID in India's DLT registry",
			},
			{
				displayName: 'DLT Template ID',
				name: 'dltTemplateId',
				type: 'string',
				default: '',
				description: "The message template's ID in India's DLT registry",
			},
			{
				displayName: 'Flash',
				name: 'isFlash',
				type: 'boolean',
				default: false,
				description: 'Whether to send a flash SMS, shown at once and not stored',
			},
			{
				displayName: 'Postback Data',
				name: 'postBackData',
				type: 'string',
				default: '',
				description: 'Your own data, sent back with the delivery report',
			},
			{
				displayName: 'Postback URL',
				name: 'postBackUrl',
				type: 'string',
				default: '',
				placeholder: 'e.g. https://example.com/sms-status',
				description: 'Where delivery reports are sent',
			},
		],
	},
]);

export interface SmsInput {
	recipient?: string;
	message?: string;
	senderId?: string;
	route?: string;
	additionalFields?: {
		isFlash?: boolean;
		dltEntityId?: string;
		dltTemplateId?: string;
		postBackUrl?: string;
		postBackData?: string;
	};
}

/** Digits only, as the messaging API wants them: "+91 (98765) 43-210" → "919876543210". */
export function toRecipient(value: unknown): string {
	const text = String(value ?? '')
		.trim()
		.replace(/[\s\-()]/g, '')
		.replace(/^\+/, '');
	if (!/^\d+$/.test(text)) {
		throw new InputError(
			'Recipient',
			`"${String(value ?? '')}" is not a phone number`,
			'Give the country code and number, such as 919876543210 or +91 98765 43210.',
		);
	}
	return text;
}

/** The send body (docs/api.md §4.9): required fields, then the optional ones given. */
export function buildSmsBody(input: SmsInput): IDataObject {
	const required = (value: string | undefined, field: string, hint: string) => {
		if (!String(value ?? '').trim()) throw new InputError(field, 'empty', hint);
		return value;
	};
	const extra = input.additionalFields ?? {};
	const optional: IDataObject = {
		dlt_entity_id: extra.dltEntityId || undefined,
		dlt_template_id: extra.dltTemplateId || undefined,
		post_back_url: extra.postBackUrl || undefined,
		post_back_data: extra.postBackData || undefined,
	};
	return {
		recipient: toRecipient(input.recipient),
		message: required(input.message, 'Message', 'Write the text of the SMS.'),
		sender_id: required(input.senderId, 'Sender ID', 'Give your registered sender name.'),
		route: toRoute(input.route),
		...(extra.isFlash !== undefined ? { is_flash: extra.isFlash } : {}),
		...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
	};
}

export const sendSms: PreSendAction = async function (
	this: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
) {
	const credentials = await this.getCredentials(RECORDS_CREDENTIAL);
	if (!String(credentials.aiBaseUrl ?? '').trim()) {
		throw new NodeOperationError(this.getNode(), 'The credential has no SMS Host Base URL', {
			description:
				'Open the Workspace Records API credential and fill in SMS Host Base URL: the address of the host that sends SMS.',
			itemIndex: this.getItemIndex(),
		});
	}
	const body = fromInput(this, () =>
		buildSmsBody({
			recipient: this.getNodeParameter('recipient') as string,
			message: this.getNodeParameter('message') as string,
			senderId: this.getNodeParameter('senderId') as string,
			route: this.getNodeParameter('route') as string,
			additionalFields: this.getNodeParameter(
				'additionalFields',
				{},
			) as SmsInput['additionalFields'],
		}),
	);
	return { ...options, body };
};
