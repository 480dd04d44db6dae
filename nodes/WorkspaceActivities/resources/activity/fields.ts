import type { INodeProperties } from 'n8n-workflow';

import { activityItems } from '../../../shared/activityOutput';
import { dataRoot, forOperation, idInPath } from '../../../shared/descriptions';
import {
	activityLocator,
	associatedCollectionLocator,
	associatedRecordLocator,
} from '../../../shared/locators';
import { simplifyField } from '../../../shared/simplify';
import { paths } from '../../../shared/transport';

export const activityLocatorField = forOperation(
	'activity',
	['delete', 'get', 'update'],
	[activityLocator],
);
export const activitySimplifyField = forOperation('activity', ['get', 'getAll'], [simplifyField]);

export const oneActivity = paths.activity(idInPath('activityId'));
/** The envelope's `data`, each activity with `completed` and a testable `completedTime`. */
export const activities = [dataRoot, activityItems];

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

/** Optional fields of Create; Update offers these and the required ones of Create. */
export const optionalActivityFields: INodeProperties[] = [
	associatedCollectionLocator,
	associatedRecordLocator,
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
		'When the activity is due. A date and time without an offset, as the date picker gives it, is read in the Time Zone below and sent in UTC.',
};

/**
 * Where Schedule At is entered, the zone it is read in, on screen: the default expression's
 * preview shows the workflow's time zone (the editor evaluates it as a run would).
 */
export const timeZoneField: INodeProperties = {
	displayName: 'Time Zone',
	name: 'timeZone',
	type: 'string',
	default: '={{ $now.zoneName }}',
	placeholder: 'e.g. Europe/Berlin',
	description:
		"The time zone a Schedule At without an offset is read in. By default the workflow's (Workflow Settings → Timezone), shown below the field.",
};
