import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	PreSendAction,
} from 'n8n-workflow';

import { toScheduleAt } from '../../../shared/dates';
import { fromInput, InputError } from '../../../shared/input';
import {
	associatedCollectionLocator,
	associatedRecordLocator,
	idIn,
} from '../../../shared/locators';

export const ICON_TYPES = [
	{ name: 'Interaction', value: 'interaction', description: 'A call, meeting, coffee …' },
	{ name: 'Messaging App', value: 'messaging_app', description: 'WhatsApp, Slack, Telegram …' },
	{ name: 'Emoji', value: 'emoji', description: 'Any emoji' },
];

const INTERACTIONS = ['call', 'meeting', 'message', 'coffee', 'lunch', 'event', 'drink'];
const MESSAGING_APPS = [
	['WhatsApp', 'whatsapp'],
	['Twitter', 'twitter'],
	['LinkedIn', 'linkedin'],
	['Hangout', 'hangout'],
	['Skype', 'skype'],
	['Slack', 'slack'],
	['iMessage', 'imessage'],
	['Facebook Messenger', 'facebook_messenger'],
	['Signal', 'signal'],
	['Discord', 'discord'],
	['WeChat', 'wechat'],
	['Telegram', 'telegram'],
	['Viber', 'viber'],
];
const titleCase = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The icon: its type decides which Icon Value input shows (docs/api.md §4.1). */
export const iconFields: INodeProperties[] = [
	{
		displayName: 'Icon Type',
		name: 'iconType',
		type: 'options',
		options: ICON_TYPES,
		default: 'interaction',
		description: 'The kind of icon shown for the activity',
	},
	{
		displayName: 'Icon',
		name: 'interactionIcon',
		type: 'options',
		options: INTERACTIONS.map((value) => ({ name: titleCase(value), value })),
		default: 'call',
		displayOptions: { show: { iconType: ['interaction'] } },
	},
	{
		displayName: 'Icon',
		name: 'messagingAppIcon',
		type: 'options',
		options: MESSAGING_APPS.map(([name, value]) => ({ name, value })),
		default: 'whatsapp',
		displayOptions: { show: { iconType: ['messaging_app'] } },
	},
	{
		displayName: 'Emoji',
		name: 'emojiIcon',
		type: 'string',
		default: '📞',
		description: 'Any single emoji',
		displayOptions: { show: { iconType: ['emoji'] } },
	},
];

const statusField: INodeProperties = {
	displayName: 'Status Name or ID',
	name: 'status',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getActivityStatuses' },
	default: '',
	description:
		'The status of the activity. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

/** Version 1.2 replaced the plain ID with a picker: saved workflows keep what they were built with. */
const BEFORE_PICKER = { '@version': [{ _cnd: { lt: 1.2 } }] };
const WITH_PICKER = { '@version': [{ _cnd: { gte: 1.2 } }] };

/** Optional fields of Create; Update offers these and the required ones of Create. */
export const optionalActivityFields: INodeProperties[] = [
	{
		displayName: 'Associated Record ID',
		name: 'associated',
		type: 'string',
		default: '',
		placeholder: 'e.g. {{ $json._id }}',
		description: 'The ID of the person, company or deal record the activity is about',
		displayOptions: { show: BEFORE_PICKER },
	},
	{ ...associatedCollectionLocator, displayOptions: { show: WITH_PICKER } },
	{ ...associatedRecordLocator, displayOptions: { show: WITH_PICKER } },
	{
		displayName: 'Description',
		name: 'description',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
	},
	statusField,
];

export const titleField: INodeProperties = {
	displayName: 'Title',
	name: 'name',
	type: 'string',
	default: '',
	placeholder: 'e.g. Follow-up call with Ada',
	description: 'The title of the activity',
};

export const scheduleAtField: INodeProperties = {
	displayName: 'Schedule At',
	name: 'scheduleAt',
	type: 'dateTime',
	default: '',
	description:
		"When the activity is due. A date and time without an offset is read in the workflow's time zone (Workflow Settings); it is sent in UTC.",
};

const ICON_VALUE_PARAMETER: Record<string, string> = {
	interaction: 'interactionIcon',
	messaging_app: 'messagingAppIcon',
	emoji: 'emojiIcon',
};

export interface ActivityInput {
	name?: string;
	scheduleAt?: unknown;
	iconType?: string;
	iconValue?: string;
	description?: string;
	associated?: string;
	status?: string;
}

/**
 * The activity body (docs/api.md §4.1). For a create every required field must be there; for an
 * update only what was given is sent. Empty optional fields are left out.
 */
export function buildActivityBody(
	input: ActivityInput,
	{ partial, timeZone }: { partial: boolean; timeZone: string },
): IDataObject {
	const body: IDataObject = {};
	if (!partial || input.name !== undefined) {
		if (!String(input.name ?? '').trim()) {
			throw new InputError('Title', 'the activity has no title', 'Give the activity a title.');
		}
		body.name = input.name;
	}
	if (!partial || input.scheduleAt !== undefined)
		body.scheduleAt = toScheduleAt(input.scheduleAt, timeZone);
	if (input.iconType !== undefined) {
		if (!String(input.iconValue ?? '').trim()) {
			throw new InputError(
				'Icon',
				`no icon given for the icon type ${input.iconType}`,
				'Choose an icon, or type an emoji.',
			);
		}
		body.iconType = input.iconType;
		body.iconValue = input.iconValue;
	}
	for (const key of ['description', 'associated', 'status'] as const) {
		if (input[key] !== undefined && input[key] !== '') body[key] = input[key];
	}
	return body;
}

/**
 * The activity's fields as the API names them. The associated record is an ID (version 1, 1.1)
 * or a picker's value (1.2); its collection only served the picker.
 */
function activityInput(fields: IDataObject): ActivityInput {
	const input = { ...fields };
	delete input.associatedCollection;
	if (input.associatedRecord !== undefined) input.associated = idIn(input.associatedRecord);
	delete input.associatedRecord;
	return input as ActivityInput;
}

/** Create reads the top-level fields; Update reads its Update Fields collection. */
export function sendActivity(mode: 'create' | 'update'): PreSendAction {
	return async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
		const body = fromInput(this, () => {
			if (mode === 'update') {
				const fields = this.getNodeParameter('updateFields', {}) as IDataObject;
				const { iconType, iconValue, ...rest } = fields;
				return buildActivityBody(
					{
						...activityInput(rest),
						...(iconType ? { iconType: String(iconType), iconValue: String(iconValue ?? '') } : {}),
					},
					{ partial: true, timeZone: this.getTimezone() },
				);
			}
			const iconType = this.getNodeParameter('iconType') as string;
			const extra = activityInput(this.getNodeParameter('additionalFields', {}) as IDataObject);
			return buildActivityBody(
				{
					...extra,
					name: this.getNodeParameter('name') as string,
					scheduleAt: this.getNodeParameter('scheduleAt'),
					iconType,
					iconValue: this.getNodeParameter(ICON_VALUE_PARAMETER[iconType]) as string,
				},
				{ partial: false, timeZone: this.getTimezone() },
			);
		});
		return { ...options, body };
	};
}
