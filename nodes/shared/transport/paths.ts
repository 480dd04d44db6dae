import { InputError, textIn } from '../input';

/** The API's paths (docs/api.md §4); ids go in through `segment` or as `{parameter}` placeholders. */
const V1 = '/api/v1';

/** An id as one encoded path segment; empty, `.` and `..` would name another path. */
export function segment(id: unknown, field = 'ID'): string {
	const value = textIn(id, field, 'id').trim();
	if (value === '' || value === '.' || value === '..') {
		throw new InputError(
			field,
			value ? `"${value}" is not an ID` : 'no ID given',
			`Choose the ${field} from the list, or check the expression that gives its ID.`,
		);
	}
	return encodeURIComponent(value);
}

/** The collection that holds activities: its records are the tasks (docs/api.md §4.1). */
export const ACTIVITY_COLLECTION = 'activity-list';

const records = (collection: string) => `${V1}/collection-records/${collection}`;
/** `target`: `collection` or `list` (or the `{target}` placeholder of the Attributes node). */
const attributes = (target: string, id: string) => `${V1}/attributes/${target}/${id}`;

/** How a query endpoint takes its `filter`: one object, or an array of conditions, ANDed. */
export type FilterShape = 'object' | 'array';

/** A query endpoint (docs/api.md §4.7): where it is, and the shape of its filter. */
export interface QueryEndpoint {
	path: string;
	filterShape: FilterShape;
}

/** The activity query takes `filter` as an array (docs/api.md §4.1), the others as one object. */
export const queries = {
	records: (collection: string): QueryEndpoint => ({
		path: `${records(collection)}/query`,
		filterShape: 'object',
	}),
	activities: {
		path: `${records(ACTIVITY_COLLECTION)}/query`,
		filterShape: 'array',
	} as QueryEndpoint,
	listEntries: (list: string): QueryEndpoint => ({
		path: `${V1}/list-entries/${list}/query`,
		filterShape: 'object',
	}),
};

export const paths = {
	collections: `${V1}/collections`,
	collection: (collection: string) => `${V1}/collections/${collection}`,
	records,
	record: (collection: string, record: string) => `${records(collection)}/${record}`,
	activities: records(ACTIVITY_COLLECTION),
	activity: (activity: string) => `${records(ACTIVITY_COLLECTION)}/${activity}`,
	lists: `${V1}/lists`,
	list: (list: string) => `${V1}/lists/${list}`,
	listEntries: (list: string) => `${V1}/list-entries/${list}`,
	listEntry: (list: string, entry: string) => `${V1}/list-entries/${list}/${entry}`,
	members: `${V1}/workspace-members`,
	member: (member: string) => `${V1}/workspace-members/${member}`,
	attributes,
	attribute: (target: string, id: string, attribute: string) =>
		`${attributes(target, id)}/${attribute}`,
	/** The choices of a select (`options`) or status (`status`) attribute of the attributes at `attributesPath`. */
	attributeChoices: (attributesPath: string, attribute: string, kind: 'options' | 'status') =>
		`${attributesPath}/${attribute}/${kind}`,
	/** Messages inside an open WhatsApp conversation: on the records host, not the messaging one (docs/api.md §4.9). */
	whatsAppConversationSend: `${V1}/campaign/whatsapp/message/send`,
	/** Email with attachments uploaded first, on the records host (docs/api.md §4.9, "Email attachments"). */
	emailCampaign: {
		upload: `${V1}/campaign/email/upload`,
		send: `${V1}/campaign/email/send`,
	},
	/** RCS messages, on the records host's campaign paths too (docs/api.md §4.9, "RCS"). */
	rcs: {
		text: `${V1}/campaign/rcs/message/text`,
		audio: `${V1}/campaign/rcs/message/audio`,
		template: `${V1}/campaign/rcs/message/template`,
	},
	/** User groups of the embedded dashboards (docs/api.md §4.8), with their own credential. */
	userGroups: '/api/user',
	/** The messaging host (docs/api.md §4.9): sends under /api/ingest, reads under /api/data. */
	messaging: {
		smsSend: '/api/ingest/sms/v1/message/send',
		smsTemplateSend: '/api/ingest/sms/v1/template/send',
		whatsAppTemplateSend: '/api/ingest/whatsapp/v1/template/send',
		emailSend: '/api/ingest/email/v1/message/send',
		emailTemplateSend: '/api/ingest/email/v1/template/send',
		whatsAppAccounts: '/api/data/whatsapp/v1/accounts',
		whatsAppTemplates: (phoneId: string) => `/api/data/whatsapp/v1/${phoneId}/templates`,
		whatsAppVariableKeys: (phoneId: string) => `/api/data/whatsapp/v1/${phoneId}/variable-keys`,
		deliveryReport: '/api/data/messages/v1/delivery-report',
	},
};
