// One case per operation: the example workflow users import (examples/<file>.json is
// generated from `parameters` by scripts/make-examples.mjs) and what the e2e run in a
// real n8n must see: the requests the sandbox received and the items the node returned.
import assert from 'node:assert/strict';

import { waitFor } from '../rig/processes.mjs';
import { createSandbox, CREDENTIALS, objectId, sandboxHeaders, SEED_IDS } from '../rig/sandbox.mjs';
import { eventMemoryCases } from './eventMemory.mjs';
import { burstWaitCases, deliveryWaitCases, savedNodeCases } from './deliveryWaits.mjs';
import { savedAskCases, sendAndWaitCases, sendAndWaitRefusals } from './sendAndWait.mjs';
import { messageSendCases } from './messageSends.mjs';
import { rcsAndFileCases } from './rcsAndFiles.mjs';
import { triggerEventsCases } from './triggerEvents.mjs';
import { assertOwnWorkflowIds, workflowIdOf } from './workflow.mjs';
import {
	hookTo,
	WHATSAPP_HEADER_NAME,
	WHATSAPP_SECRET_HEADER,
	WHATSAPP_TRIGGER_PARAMETERS,
} from './whatsAppTrigger.mjs';

const {
	PEOPLE,
	COMPANIES,
	HOT_LEADS,
	ADA_RECORD: ADA,
	FIRST_ACTIVITY: ACTIVITY,
	FIRST_ENTRY: ENTRY,
	OWNER_MEMBER: MEMBER,
	FIRST_COMPANY,
	NICKNAME_ATTRIBUTE: NICKNAME,
	LIFECYCLE_ATTRIBUTE: LIFECYCLE,
	LIFECYCLE_CUSTOMER,
} = SEED_IDS;
const DEALS = objectId('a0', 3);
/** The Won stage of the deals' pipeline. */
const WON = objectId('c2', 2);
/** A person with no entry in Hot Leads yet. */
const SEVENTH_PERSON = objectId('f0', 7);
const byId = (value) => ({ __rl: true, mode: 'id', value });
/** A picker value as the editor stores one chosen "From List": the examples open showing names. */
const fromList = (value, cachedResultName) => ({
	__rl: true,
	mode: 'list',
	value,
	cachedResultName,
});
const ids = (items) => items.map((item) => item.json._id);
/** The attribute mapper's value as the editor saves it: each attribute below, or Map Automatically. */
const mapped = (value, matchingColumns = []) => ({
	mappingMode: value ? 'defineBelow' : 'autoMapInputData',
	value,
	matchingColumns,
	schema: [],
	attemptToConvertTypes: false,
	convertFieldsToString: false,
});
/**
 * n8n refuses a poll time that fires more than once a minute. Each of these fires once a
 * minute, at its own second, so together the trigger polls every 5 s: twelve "Custom" poll times.
 */
const EVERY_5_SECONDS = {
	item: Array.from({ length: 12 }, (_, i) => ({
		mode: 'custom',
		cronExpression: `${i * 5} * * * * *`,
	})),
};
/** The same, polling every 10 s: six poll times. */
const EVERY_10_SECONDS = {
	item: Array.from({ length: 6 }, (_, i) => ({
		mode: 'custom',
		cronExpression: `${i * 10} * * * * *`,
	})),
};

/** The reply a workflow sends to an incoming WhatsApp message: account and number as they come. */
const REPLY_IN_CONVERSATION = {
	node: 'workspaceWhatsApp',
	name: 'Reply in Conversation',
	parameters: {
		resource: 'message',
		operation: 'sendInConversation',
		phoneId: { __rl: true, mode: 'id', value: '={{ $json.phoneId }}' },
		recipient: '={{ $json.sender.number }}',
		messageType: 'text',
		text: '=Thanks for your message, {{ $json.sender.name }}! We will get back to you within the hour.',
	},
};
const CONVERSATION_SEND = '/api/v1/campaign/whatsapp/message/send';
const HOUR_MS = 60 * 60 * 1000;
/** The workflow that answers incoming WhatsApp messages: the trigger, then the reply. */
const replyCase = (file, title, reply = REPLY_IN_CONVERSATION) => ({
	file,
	lines: '2.x',
	title,
	node: 'workspaceWhatsAppTrigger',
	nodeName: 'Workspace WhatsApp Trigger',
	trigger: true,
	webhook: true,
	parameters: { ...WHATSAPP_TRIGGER_PARAMETERS, events: ['incoming.whatsapp.message'] },
	then: reply,
});
/** The sandbox, as the workspace: the webhook to n8n, then Grace's message, written `ageMs` ago. */
async function graceWrites(sandbox, url, ageMs = 0) {
	sandbox.webhooks.configure({
		name: 'n8n',
		endpoint: url,
		events: ['incoming.whatsapp.message'],
		headers: WHATSAPP_SECRET_HEADER,
	});
	const { event } = await sandbox.webhooks.receive('whatsapp', {
		from: '919876543210',
		name: 'Grace Hopper',
		message: { type: 'text', text: { body: 'Where is my order?' } },
		timestamp: Date.now() - ageMs,
	});
	return { event, executions: 1 };
}
const conversationSends = (sandbox) =>
	sandbox.requests.filter((r) => r.path === CONVERSATION_SEND).map((r) => r.body);
const REPLY_BODY = {
	to: '919876543210',
	phoneId: '104898309288724',
	type: 'text',
	text: {
		body: 'Thanks for your message, Grace Hopper! We will get back to you within the hour.',
		preview_url: false,
	},
};
const CLOSED_MESSAGE =
	'The WhatsApp conversation with 919876543210 is closed: the customer has not written to this account in the last 24 hours';

export const cases = [
	{
		file: 'records-collection-get-many',
		title: 'Workspace Records: list collections',
		node: 'workspaceRecords',
		parameters: { resource: 'collection', operation: 'getAll' },
		requests: [['GET', '/api/v1/collections']],
		check: (items) =>
			assert.deepEqual(
				items.map((i) => i.json.slug),
				['people', 'companies', 'deals', 'projects'],
			),
	},
	{
		file: 'records-collection-get',
		title: 'Workspace Records: get a collection',
		node: 'workspaceRecords',
		parameters: {
			resource: 'collection',
			operation: 'get',
			collectionId: fromList(PEOPLE, 'People'),
		},
		requests: [['GET', `/api/v1/collections/${PEOPLE}`]],
		check: (items) => assert.deepEqual(ids(items), [PEOPLE]),
	},
	{
		file: 'records-record-create',
		lines: 'every',
		title: 'Workspace Records: create a person',
		node: 'workspaceRecords',
		parameters: {
			resource: 'record',
			operation: 'create',
			collectionId: fromList(PEOPLE, 'People'),
			columns: mapped({ name: 'Katherine Johnson', emails: 'kj@example.com', leadScore: 97 }),
		},
		requests: [
			['GET', `/api/v1/attributes/collection/${PEOPLE}`],
			[
				'POST',
				`/api/v1/collection-records/${PEOPLE}`,
				{ name: 'Katherine Johnson', emails: ['kj@example.com'], leadScore: 97 },
			],
		],
		check: (items) => {
			assert.equal(items.length, 1);
			assert.match(items[0].json._id, /^9f/);
			assert.equal(items[0].json.name, 'Katherine Johnson');
		},
	},
	{
		file: 'records-record-get',
		title: 'Workspace Records: get a record',
		node: 'workspaceRecords',
		parameters: {
			resource: 'record',
			operation: 'get',
			collectionId: fromList(PEOPLE, 'People'),
			recordId: fromList(ADA, 'Ada Lovelace'),
		},
		requests: [['GET', `/api/v1/collection-records/${PEOPLE}/${ADA}`]],
		check: (items) =>
			assert.deepEqual(
				items.map((i) => i.json.name),
				['Ada Lovelace'],
			),
	},
	{
		// Send Value As left at its default: the text "77" goes as the number the record holds.
		file: 'records-record-get-many-shorthand-number',
		title: 'Workspace Records: find people by lead score',
		node: 'workspaceRecords',
		parameters: {
			resource: 'record',
			operation: 'getAll',
			collectionId: fromList(PEOPLE, 'People'),
			returnAll: true,
			filterMode: 'shorthand',
			shorthand: { pair: [{ attribute: 'leadScore', value: '77' }] },
		},
		requests: [
			['GET', `/api/v1/attributes/collection/${PEOPLE}`],
			[
				'POST',
				`/api/v1/collection-records/${PEOPLE}/query`,
				{ filter: { leadScore: 77 }, limit: 100, offset: 0 },
			],
		],
		check: (items) => {
			assert.deepEqual(ids(items), [objectId('f0', 12)]);
			assert.equal(items[0].json.leadScore, 77);
		},
	},
	{
		file: 'records-record-get-many',
		lines: 'every',
		title: 'Workspace Records: query people with a filter and a sort',
		node: 'workspaceRecords',
		parameters: {
			resource: 'record',
			operation: 'getAll',
			collectionId: fromList(PEOPLE, 'People'),
			returnAll: true,
			filterMode: 'conditions',
			combine: 'and',
			conditions: {
				condition: [
					{ attribute: 'leadScore', operator: 'gte', compareValue: '50' },
					{ attribute: 'source', operator: 'in', values: 'Website, Referral' },
				],
			},
			sort: { key: [{ attribute: 'leadScore', direction: 'desc' }] },
		},
		// The attributes first: each condition's value is sent in its attribute's type.
		requests: [
			['GET', `/api/v1/attributes/collection/${PEOPLE}`],
			[
				'POST',
				`/api/v1/collection-records/${PEOPLE}/query`,
				{
					filter: {
						$and: [{ leadScore: { $gte: 50 } }, { source: { $in: ['Website', 'Referral'] } }],
					},
					sort: [{ attribute: 'leadScore', direction: 'desc' }],
					limit: 100,
					offset: 0,
				},
			],
		],
		check: (items) => {
			const scores = items.map((i) => i.json.leadScore);
			assert.ok(items.length > 0);
			assert.deepEqual(
				scores,
				[...scores].sort((a, b) => b - a),
			);
			assert.ok(
				items.every(
					(i) => i.json.leadScore >= 50 && ['Website', 'Referral'].includes(i.json.source),
				),
			);
		},
	},
	{
		file: 'records-record-update',
		title: 'Workspace Records: update a record',
		node: 'workspaceRecords',
		parameters: {
			resource: 'record',
			operation: 'update',
			collectionId: fromList(PEOPLE, 'People'),
			recordId: fromList(ADA, 'Ada Lovelace'),
			updateColumns: mapped({ jobTitle: 'Countess' }),
		},
		// The service answers an update without the record: the node reads it back.
		requests: [
			['GET', `/api/v1/attributes/collection/${PEOPLE}`],
			['PATCH', `/api/v1/collection-records/${PEOPLE}/${ADA}`, { jobTitle: 'Countess' }],
			['GET', `/api/v1/collection-records/${PEOPLE}/${ADA}`],
		],
		check: (items) =>
			assert.deepEqual([items[0].json.jobTitle, items[0].json.name], ['Countess', 'Ada Lovelace']),
	},
	{
		file: 'records-record-delete',
		title: 'Workspace Records: delete a record',
		node: 'workspaceRecords',
		parameters: {
			resource: 'record',
			operation: 'delete',
			collectionId: fromList(PEOPLE, 'People'),
			recordId: fromList(ADA, 'Ada Lovelace'),
		},
		requests: [['DELETE', `/api/v1/collection-records/${PEOPLE}/${ADA}`]],
		check: (items) =>
			assert.deepEqual(
				items.map((i) => i.json),
				[{ deleted: true, _id: ADA, collectionId: PEOPLE }],
			),
	},
	{
		file: 'records-record-upsert',
		lines: 'every',
		title: 'Workspace Records: create or update a person by email',
		node: 'workspaceRecords',
		parameters: {
			resource: 'record',
			operation: 'upsert',
			collectionId: fromList(PEOPLE, 'People'),
			upsertColumns: mapped({ emails: 'ada.lovelace0@example.com', jobTitle: 'Mathematician' }, [
				'emails',
			]),
		},
		requests: [
			['GET', `/api/v1/attributes/collection/${PEOPLE}`],
			[
				'POST',
				`/api/v1/collection-records/${PEOPLE}/query`,
				{ filter: { emails: { $eq: 'ada.lovelace0@example.com' } }, limit: 2, offset: 0 },
			],
			[
				'PATCH',
				`/api/v1/collection-records/${PEOPLE}/${ADA}`,
				{ emails: ['ada.lovelace0@example.com'], jobTitle: 'Mathematician' },
			],
			['GET', `/api/v1/collection-records/${PEOPLE}/${ADA}`],
		],
		check: (items) =>
			assert.deepEqual(
				[items[0].json.action, items[0].json._id, items[0].json.jobTitle],
				['updated', ADA, 'Mathematician'],
			),
	},
	{
		file: 'records-record-get-missing',
		lines: 'every',
		title: 'Workspace Records: a record that does not exist (error example)',
		node: 'workspaceRecords',
		parameters: {
			resource: 'record',
			operation: 'get',
			collectionId: fromList(PEOPLE, 'People'),
			recordId: byId('no-such-record'),
		},
		requests: [['GET', `/api/v1/collection-records/${PEOPLE}/no-such-record`]],
		error: /The record with ID "no-such-record" was not found/,
	},
	{
		file: 'lists-list-get-many',
		title: 'Workspace Lists: list the lists',
		node: 'workspaceLists',
		parameters: { resource: 'list', operation: 'getAll' },
		requests: [['GET', '/api/v1/lists']],
		check: (items) =>
			assert.deepEqual(
				items.map((i) => i.json.name),
				['Hot Leads', 'Enterprise Pipeline'],
			),
	},
	{
		file: 'lists-list-get',
		title: 'Workspace Lists: get a list',
		node: 'workspaceLists',
		parameters: { resource: 'list', operation: 'get', listId: fromList(HOT_LEADS, 'Hot Leads') },
		requests: [['GET', `/api/v1/lists/${HOT_LEADS}`]],
		check: (items) => assert.deepEqual(ids(items), [HOT_LEADS]),
	},
	{
		file: 'lists-entry-create',
		lines: 'every',
		title: 'Workspace Lists: add a person to a list',
		node: 'workspaceLists',
		parameters: {
			resource: 'listEntry',
			operation: 'create',
			listId: fromList(HOT_LEADS, 'Hot Leads'),
			recordId: fromList(SEVENTH_PERSON, 'Frances Lovelace'),
			columns: mapped({ note: 'Met at the webinar' }),
		},
		requests: [
			['GET', `/api/v1/attributes/list/${HOT_LEADS}`],
			[
				'POST',
				`/api/v1/list-entries/${HOT_LEADS}`,
				{ recordId: SEVENTH_PERSON, data: { note: 'Met at the webinar' } },
			],
		],
		check: (items) =>
			assert.deepEqual(
				[items[0].json.recordId, items[0].json.note],
				[SEVENTH_PERSON, 'Met at the webinar'],
			),
	},
	{
		file: 'lists-entry-get',
		title: 'Workspace Lists: get a list entry',
		node: 'workspaceLists',
		parameters: {
			resource: 'listEntry',
			operation: 'get',
			listId: fromList(HOT_LEADS, 'Hot Leads'),
			entryId: byId(ENTRY),
		},
		requests: [['GET', `/api/v1/list-entries/${HOT_LEADS}/${ENTRY}`]],
		check: (items) => assert.deepEqual(ids(items), [ENTRY]),
	},
	{
		file: 'lists-entry-get-many',
		title: 'Workspace Lists: query list entries',
		node: 'workspaceLists',
		parameters: {
			resource: 'listEntry',
			operation: 'getAll',
			listId: fromList(HOT_LEADS, 'Hot Leads'),
			returnAll: false,
			limit: 3,
		},
		requests: [['POST', `/api/v1/list-entries/${HOT_LEADS}/query`, { limit: 3, offset: 0 }]],
		check: (items) => {
			assert.equal(items.length, 3);
			// Simplify (on by default): no __v, and only the link to the person, not the two empty ones.
			for (const { json } of items) {
				assert.deepEqual(
					['__v', 'peopleId', 'companyId', 'dealId'].filter((key) => key in json),
					['peopleId'],
				);
			}
		},
	},
	{
		file: 'lists-entry-update',
		title: 'Workspace Lists: update a list entry',
		node: 'workspaceLists',
		parameters: {
			resource: 'listEntry',
			operation: 'update',
			listId: fromList(HOT_LEADS, 'Hot Leads'),
			entryId: byId(ENTRY),
			updateColumns: mapped({ note: 'Called back' }),
		},
		requests: [
			['GET', `/api/v1/attributes/list/${HOT_LEADS}`],
			['PATCH', `/api/v1/list-entries/${HOT_LEADS}/${ENTRY}`, { note: 'Called back' }],
			['GET', `/api/v1/list-entries/${HOT_LEADS}/${ENTRY}`],
		],
		check: (items) => assert.equal(items[0].json.note, 'Called back'),
	},
	{
		file: 'lists-entry-delete',
		title: 'Workspace Lists: remove an entry from a list',
		node: 'workspaceLists',
		parameters: {
			resource: 'listEntry',
			operation: 'delete',
			listId: fromList(HOT_LEADS, 'Hot Leads'),
			entryId: byId(ENTRY),
		},
		requests: [['DELETE', `/api/v1/list-entries/${HOT_LEADS}/${ENTRY}`]],
		check: (items) =>
			assert.deepEqual(
				items.map((i) => i.json),
				[{ deleted: true, _id: ENTRY, listId: HOT_LEADS }],
			),
	},
	{
		file: 'activities-create',
		lines: 'every',
		title: 'Workspace Activities: schedule a follow-up call',
		node: 'workspaceActivities',
		parameters: {
			resource: 'activity',
			operation: 'create',
			name: 'Follow-up call',
			scheduleAt: '2026-11-23T10:30:00+01:00',
			iconType: 'interaction',
			interactionIcon: 'call',
			additionalFields: {
				associatedCollection: fromList(PEOPLE, 'People'),
				associatedRecord: fromList(ADA, 'Ada Lovelace'),
				description: 'About the renewal',
			},
		},
		requests: [
			[
				'POST',
				'/api/v1/collection-records/activity-list',
				{
					name: 'Follow-up call',
					scheduleAt: '2026-11-23T09:30:00.000Z',
					iconType: 'interaction',
					iconValue: 'call',
					associated: ADA,
					description: 'About the renewal',
				},
			],
		],
		check: (items) => assert.equal(items[0].json.scheduleAt, '2026-11-23T09:30:00.000Z'),
	},
	{
		file: 'activities-get',
		title: 'Workspace Activities: get an activity',
		node: 'workspaceActivities',
		parameters: { resource: 'activity', operation: 'get', activityId: byId(ACTIVITY) },
		requests: [['GET', `/api/v1/collection-records/activity-list/${ACTIVITY}`]],
		check: (items) => assert.deepEqual(ids(items), [ACTIVITY]),
	},
	{
		file: 'activities-get-many',
		title: 'Workspace Activities: open calls, soonest first',
		node: 'workspaceActivities',
		parameters: {
			resource: 'activity',
			operation: 'getAll',
			returnAll: true,
			filterMode: 'conditions',
			conditions: { condition: [{ attribute: 'name', operator: 'startsWith', value: 'Call' }] },
			sort: { key: [{ attribute: 'scheduleAt', direction: 'asc' }] },
		},
		requests: [
			[
				'POST',
				'/api/v1/collection-records/activity-list/query',
				{
					filter: [{ name: { $starts_with: 'Call' } }],
					sort: [{ attribute: 'scheduleAt', direction: 'asc' }],
					limit: 100,
					offset: 0,
				},
			],
		],
		check: (items) =>
			assert.deepEqual(
				items.map((i) => i.json.name),
				['Call #1', 'Call #5', 'Call #9'],
			),
	},
	{
		file: 'activities-update',
		title: 'Workspace Activities: reschedule an activity',
		node: 'workspaceActivities',
		parameters: {
			resource: 'activity',
			operation: 'update',
			activityId: byId(ACTIVITY),
			updateFields: { scheduleAt: '2026-12-24T08:00:00Z' },
		},
		requests: [
			[
				'PATCH',
				`/api/v1/collection-records/activity-list/${ACTIVITY}`,
				{ scheduleAt: '2026-12-24T08:00:00.000Z' },
			],
			['GET', `/api/v1/collection-records/activity-list/${ACTIVITY}`],
		],
		check: (items) => assert.equal(items[0].json.scheduleAt, '2026-12-24T08:00:00.000Z'),
	},
	{
		file: 'activities-delete',
		title: 'Workspace Activities: delete an activity',
		node: 'workspaceActivities',
		parameters: { resource: 'activity', operation: 'delete', activityId: byId(ACTIVITY) },
		requests: [['DELETE', `/api/v1/collection-records/activity-list/${ACTIVITY}`]],
		check: (items) =>
			assert.deepEqual(
				items.map((i) => i.json),
				[{ deleted: true, _id: ACTIVITY }],
			),
	},
	{
		file: 'members-get',
		title: 'Workspace Members: get a member',
		node: 'workspaceMembers',
		parameters: { resource: 'member', operation: 'get', memberId: byId(MEMBER) },
		requests: [['GET', `/api/v1/workspace-members/${MEMBER}`]],
		check: (items) =>
			assert.deepEqual(
				items.map((i) => i.json.userType),
				['OWNER'],
			),
	},
	{
		file: 'members-get-many',
		lines: 'every',
		title: 'Workspace Members: list members',
		node: 'workspaceMembers',
		parameters: { resource: 'member', operation: 'getAll' },
		requests: [['GET', '/api/v1/workspace-members']],
		check: (items) => assert.equal(items.length, 3),
	},
	{
		file: 'attributes-get-many',
		lines: 'every',
		title: 'Workspace Attributes: list the attributes of People',
		node: 'workspaceAttributes',
		parameters: {
			resource: 'attribute',
			operation: 'getAll',
			target: 'collection',
			collectionId: fromList(PEOPLE, 'People'),
		},
		requests: [['GET', `/api/v1/attributes/collection/${PEOPLE}`]],
		check: (items) =>
			assert.ok(
				items.some((i) => i.json.apiKeyName === 'emails' && i.json.inputType === 'email-address'),
			),
	},
	{
		file: 'attributes-delete',
		title: 'Workspace Attributes: delete a custom attribute',
		node: 'workspaceAttributes',
		parameters: {
			resource: 'attribute',
			operation: 'delete',
			target: 'collection',
			collectionId: fromList(PEOPLE, 'People'),
			attributeId: NICKNAME,
		},
		requests: [['DELETE', `/api/v1/attributes/collection/${PEOPLE}/${NICKNAME}`]],
		check: (items) =>
			assert.deepEqual(
				items.map((i) => i.json),
				[{ deleted: true, _id: NICKNAME, target: 'collection' }],
			),
	},
	{
		file: 'user-groups-rotate-token',
		lines: 'every',
		title: 'Workspace User Groups: rotate the token of a group',
		node: 'workspaceUserGroups',
		parameters: {
			resource: 'userGroup',
			operation: 'createOrRotate',
			tokenAction: 'rotate',
			currentToken: 'ug_seed_token_acme',
		},
		requests: [['POST', '/api/user', { current_token: 'ug_seed_token_acme' }]],
		headers: { authorization: 'Token ug_test_key' },
		check: (items) => {
			assert.equal(items[0].json.provided_id, 'acme-sales');
			assert.notEqual(items[0].json.token, 'ug_seed_token_acme');
		},
	},
	{
		file: 'user-groups-update',
		title: 'Workspace User Groups: create or update a group by ID',
		node: 'workspaceUserGroups',
		parameters: {
			resource: 'userGroup',
			operation: 'update',
			userGroupId: 'globex-eu',
			name: 'Globex EU',
			mappingMode: 'json',
			mappingJson: '{"sales_schema": "warehouse-eu"}',
			propertiesMode: 'pairs',
			propertyPairs: { pair: [{ key: 'seats', type: 'number', numberValue: 25 }] },
		},
		requests: [
			[
				'PUT',
				'/api/user',
				{
					user_group_id: 'globex-eu',
					name: 'Globex EU',
					mapping: { sales_schema: 'warehouse-eu' },
					properties: { seats: 25 },
				},
			],
		],
		headers: { authorization: 'Token ug_test_key' },
		check: (items) =>
			assert.deepEqual([items[0].json.created, items[0].json.properties], [true, { seats: 25 }]),
	},
	{
		file: 'user-groups-delete',
		title: 'Workspace User Groups: delete a group',
		node: 'workspaceUserGroups',
		parameters: {
			resource: 'userGroup',
			operation: 'delete',
			userGroupId: 'acme-sales',
			currentToken: 'ug_seed_token_acme',
		},
		requests: [
			['DELETE', '/api/user', { user_group_id: 'acme-sales', current_token: 'ug_seed_token_acme' }],
		],
		headers: { authorization: 'Token ug_test_key' },
		check: (items) =>
			assert.deepEqual(
				items.map((i) => i.json),
				[{ deleted: true, user_group_id: 'acme-sales' }],
			),
	},
	{
		file: 'sms-send',
		lines: 'every',
		title: 'Workspace SMS: send a one-time code',
		node: 'workspaceSms',
		parameters: {
			resource: 'sms',
			operation: 'send',
			recipient: '+91 98765 43210',
			message: 'Your code is 4711',
			senderId: 'WRKSPC',
			route: 'otp',
		},
		requests: [
			[
				'POST',
				'/api/ingest/sms/v1/message/send',
				{
					recipient: '919876543210',
					message: 'Your code is 4711',
					sender_id: 'WRKSPC',
					route: 'otp',
				},
			],
		],
		check: (items) => assert.equal(items[0].json.message, 'SMS request queued successfully'),
	},
	{
		file: 'sms-send-bad-route',
		title: 'Workspace SMS: a route the dropdown does not offer (error example)',
		node: 'workspaceSms',
		parameters: {
			resource: 'sms',
			operation: 'send',
			recipient: '919876543210',
			message: 'Hello',
			senderId: 'WRKSPC',
			route: '={{ "bulk" }}',
		},
		requests: [],
		error: /^Route: "bulk" is not a route$/,
	},
	{
		file: 'trigger-new-record',
		lines: 'every',
		title: 'Workspace Records Trigger: new people',
		node: 'workspaceRecordsTrigger',
		trigger: true,
		parameters: { event: 'newRecord', collectionId: fromList(PEOPLE, 'People') },
		// "Fetch Test Event" in the editor: the newest record, to map fields from.
		requests: [
			[
				'POST',
				`/api/v1/collection-records/${PEOPLE}/query`,
				{ sort: [{ attribute: 'createdAt', direction: 'desc' }], limit: 1, offset: 0 },
			],
		],
		check: (items) =>
			assert.deepEqual(
				items.map((i) => i.json.name),
				['Linus Turing'],
			),
	},
	{
		file: 'activities-create-in-berlin',
		lines: 'every',
		title: 'Workspace Activities: a call at 10:30 in a Berlin workflow',
		node: 'workspaceActivities',
		// Workflow Settings → Timezone: a date picked without an offset is read in it.
		timezone: 'Europe/Berlin',
		parameters: {
			resource: 'activity',
			operation: 'create',
			name: 'Call',
			scheduleAt: '2026-11-23T10:30:00',
			iconType: 'interaction',
			interactionIcon: 'call',
		},
		requests: [
			[
				'POST',
				'/api/v1/collection-records/activity-list',
				{
					name: 'Call',
					scheduleAt: '2026-11-23T09:30:00.000Z',
					iconType: 'interaction',
					iconValue: 'call',
				},
			],
		],
		check: (items) => assert.equal(items[0].json.scheduleAt, '2026-11-23T09:30:00.000Z'),
	},
	{
		file: 'lists-entry-create-wrong-collection',
		title: 'Workspace Lists: a company added to a people list (error example)',
		node: 'workspaceLists',
		parameters: {
			resource: 'listEntry',
			operation: 'create',
			listId: fromList(HOT_LEADS, 'Hot Leads'),
			recordId: FIRST_COMPANY,
		},
		// Refused as "Record not found", the record is looked for in the other collections.
		requests: [
			['POST', `/api/v1/list-entries/${HOT_LEADS}`, { recordId: FIRST_COMPANY }],
			['GET', `/api/v1/lists/${HOT_LEADS}`],
			['GET', '/api/v1/collections'],
			['GET', `/api/v1/collection-records/${COMPANIES}/${FIRST_COMPANY}`],
		],
		error: new RegExp(
			`^The record with ID "${FIRST_COMPANY}" belongs to Companies, not to People, the collection of the list "Hot Leads"$`,
		),
	},
	{
		file: 'sms-send-rejected',
		title: 'Workspace SMS: a recipient the service refuses (error example)',
		node: 'workspaceSms',
		parameters: {
			resource: 'sms',
			operation: 'send',
			recipient: '12345',
			message: 'Hello',
			senderId: 'WRKSPC',
			route: 'transactional',
		},
		requests: [
			[
				'POST',
				'/api/ingest/sms/v1/message/send',
				{ recipient: '12345', message: 'Hello', sender_id: 'WRKSPC', route: 'transactional' },
			],
		],
		error: /^recipient must be the country code and number, digits only$/,
	},
	{
		file: 'records-bulk-create-rate-limited',
		lines: 'every',
		title: 'Workspace Records: 200 people against a rate limit of 20 requests/s',
		node: 'workspaceRecords',
		items: 200,
		setup: (sandbox) => sandbox.rateLimit({ rate: 20, burst: 5 }),
		parameters: {
			resource: 'record',
			operation: 'create',
			collectionId: fromList(PEOPLE, 'People'),
			// Map Automatically: each item's "name" field is the attribute name.
			columns: mapped(null),
		},
		// With the default settings: refused requests are waited out, nothing is sent twice.
		requests: (requests) => {
			const created = requests.filter((r) => r.method === 'POST' && r.status === 200);
			assert.equal(created.length, 200, 'records created');
			assert.deepEqual([...new Set(requests.map((r) => r.status))].sort(), [200, 429]);
		},
		check: (items, sandbox) => {
			assert.equal(items.length, 200);
			assert.equal(items.filter((i) => i.error).length, 0, 'error items');
			assertEachImportedOnce(sandbox, 200);
		},
	},
	{
		file: 'records-bulk-create-retry-on-fail',
		lines: 'every',
		title: 'Workspace Records: 20 people, one 500, Retry On Fail',
		node: 'workspaceRecords',
		items: 20,
		nodeSettings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 0 },
		setup: (sandbox) =>
			sandbox.addFault({
				method: 'POST',
				path: `/api/v1/collection-records/${PEOPLE}`,
				kind: 'server-error',
				skip: 7,
			}),
		parameters: {
			resource: 'record',
			operation: 'create',
			collectionId: fromList(PEOPLE, 'People'),
			// Map Automatically: each item's "name" field is the attribute name.
			columns: mapped(null),
		},
		// n8n runs the node again for all 20 items, and nothing is sent twice: the 19 creates
		// that were done keep their answers, and the one answered 500 (which may have been done)
		// fails again instead of being sent again.
		requests: (requests) =>
			assert.equal(requests.filter((r) => r.method === 'POST').length, 20, 'creates sent'),
		error:
			/^Item \d+: the write may or may not have happened \(POST \/api\/v1\/collection-records\/\w+: The service failed \(HTTP 500\).*not sent again\)$/,
		check: (items, sandbox) => assertEachImportedOnce(sandbox, 19),
	},
	lostAnswerCase({
		file: 'records-create-lost-answer-500-before',
		title: 'Workspace Records: 20 people, one create answered 500 before it was done',
		fault: { kind: 'server-error' },
		settled: 'not done, so sent again',
		creates: 21,
	}),
	lostAnswerCase({
		file: 'records-create-lost-answer-500-after',
		title: 'Workspace Records: 20 people, one create answered 500 after it was done',
		fault: { kind: 'server-error', afterHandling: true },
		settled: 'confirmed by a look-up',
		creates: 20,
	}),
	lostAnswerCase({
		file: 'records-create-lost-answer-dropped',
		lines: 'every',
		title: 'Workspace Records: 20 people, one connection dropped after the create was done',
		fault: { kind: 'reset', afterHandling: true },
		settled: 'confirmed by a look-up',
		creates: 20,
	}),
	{
		file: 'records-create-lost-answer-no-unique',
		lines: 'every',
		title: 'Workspace Records: companies, one create answered 500, nothing unique to look it up by',
		node: 'workspaceRecords',
		items: 3,
		nodeSettings: { onError: 'continueRegularOutput' },
		setup: (sandbox) =>
			sandbox.addFault({
				method: 'POST',
				path: `/api/v1/collection-records/${COMPANIES}`,
				kind: 'server-error',
				afterHandling: true,
				skip: 1,
			}),
		parameters: {
			resource: 'record',
			operation: 'create',
			collectionId: fromList(COMPANIES, 'Companies'),
			columns: mapped(null),
		},
		requests: (requests) =>
			assert.equal(
				requests.filter((r) => r.method === 'POST' && !r.path.endsWith('/query')).length,
				3,
				'creates sent',
			),
		// Exactly one error item, saying why the node could not settle it; nothing sent twice.
		check: (items) => {
			const failed = items.filter((i) => i.json.error);
			assert.equal(failed.length, 1, 'error items');
			assert.match(String(failed[0].json.error), /the write may or may not have happened/);
			assert.equal(items.length, 3);
		},
	},
	{
		file: 'records-create-lost-answer-too-late',
		title: 'Workspace Records: a create answered only after Give Up After',
		node: 'workspaceRecords',
		setup: (sandbox) =>
			sandbox.addFault({
				method: 'POST',
				path: `/api/v1/collection-records/${PEOPLE}`,
				delayMs: 2_500,
			}),
		parameters: {
			resource: 'record',
			operation: 'create',
			collectionId: fromList(PEOPLE, 'People'),
			columns: mapped({ name: 'Too Late', emails: 'too.late@example.com' }),
			options: { maxWaitSeconds: 1 },
		},
		// No answer: the service may still be at it, so the create is never sent again.
		requests: (requests) =>
			assert.equal(
				requests.filter((r) => r.method === 'POST' && !r.path.endsWith('/query')).length,
				1,
				'creates sent',
			),
		error: /the write may or may not have happened .*the answer took too long/,
		check: (_, sandbox) =>
			assert.ok(recordsWhere(sandbox, (r) => r.name === 'Too Late').length <= 1, 'no duplicate'),
	},
	{
		file: 'records-record-create-mapped',
		lines: 'every',
		title: 'Workspace Records: people from a form, mapped automatically',
		node: 'workspaceRecords',
		items: 2,
		// A form's submissions: fields named as attributes, in text, and one that is not an attribute.
		itemsCode:
			"return [{ json: { name: 'Mary Jackson', emails: 'mj@example.com', leadScore: '91', newsletter: 'yes', formId: 'contact' } }, { json: { name: 'Dorothy Vaughan', leadScore: '88', formId: 'contact' } }];",
		parameters: {
			resource: 'record',
			operation: 'create',
			collectionId: fromList(PEOPLE, 'People'),
			columns: { mappingMode: 'autoMapInputData', value: null, matchingColumns: [], schema: [] },
		},
		requests: [
			['GET', `/api/v1/attributes/collection/${PEOPLE}`],
			[
				'POST',
				`/api/v1/collection-records/${PEOPLE}`,
				{ name: 'Mary Jackson', emails: ['mj@example.com'], leadScore: 91, newsletter: true },
			],
			['POST', `/api/v1/collection-records/${PEOPLE}`, { name: 'Dorothy Vaughan', leadScore: 88 }],
		],
		check: (items) =>
			assert.deepEqual(
				items.map((i) => [i.json.name, i.json.leadScore]),
				[
					['Mary Jackson', 91],
					['Dorothy Vaughan', 88],
				],
			),
	},
	{
		file: 'records-record-get-many-simplified',
		title: 'Workspace Records: three people, simplified',
		node: 'workspaceRecords',
		parameters: {
			resource: 'record',
			operation: 'getAll',
			collectionId: fromList(PEOPLE, 'People'),
			limit: 3,
		},
		requests: [['POST', `/api/v1/collection-records/${PEOPLE}/query`, { limit: 3, offset: 0 }]],
		check: (items) => {
			assert.deepEqual(
				items.map((i) => i.json.source),
				['Website', 'Referral', 'Event'],
			);
			// The owner's _id stays: a Members node or an assignee next needs it.
			assert.deepEqual(items[0].json.owner, {
				_id: MEMBER,
				name: 'Ada Lovelace',
				email: 'ada@example.com',
			});
		},
	},
	// Issue 22: the guarantees that hold when the network misbehaves, in a real n8n.
	repeatedEmailCase({
		file: 'records-record-upsert-repeated-email',
		title: 'Workspace Records: one new email in three items, created once',
	}),
	repeatedEmailCase({
		file: 'records-record-upsert-repeated-email-one-at-a-time',
		title: 'Workspace Records: one new email in three items, one request at a time',
		maxConcurrency: 1,
	}),
	{
		file: 'records-record-get-rate-limited-gives-up',
		lines: 'every',
		title: 'Workspace Records: a service that only answers 429, Give Up After 3 s (error example)',
		node: 'workspaceRecords',
		// Retry-After: 0 on every answer: without a deadline of its own the node would retry forever.
		setup: (sandbox) => sandbox.addFault({ kind: 'rate-limit', retryAfter: 0, times: 10_000 }),
		parameters: {
			resource: 'record',
			operation: 'get',
			collectionId: fromList(PEOPLE, 'People'),
			recordId: fromList(ADA, 'Ada Lovelace'),
			options: { maxWaitSeconds: 3 },
		},
		// Backing off, not storming: a handful of requests, all refused; then it gives up (how many
		// seconds that took, on a busy machine, is not asserted: only that it ended with the error).
		requests: (requests) => {
			assert.ok(requests.length >= 1 && requests.length < 10, `${requests.length} requests`);
			assert.deepEqual(
				[...new Set(requests.map((r) => `${r.method} ${r.path} ${r.status}`))],
				[`GET /api/v1/collection-records/${PEOPLE}/${ADA} 429`],
			);
		},
		error: /gave up after \d+ attempts? over \d+ s/,
	},
	{
		file: 'records-record-create-lost-answer-retry-on-fail',
		title:
			'Workspace Records: a create answered 500 after it was done, Retry On Fail (error example)',
		node: 'workspaceRecords',
		nodeSettings: { retryOnFail: true, maxTries: 3, waitBetweenTries: 0 },
		setup: (sandbox) =>
			sandbox.addFault({
				method: 'POST',
				path: `/api/v1/collection-records/${PEOPLE}`,
				kind: 'server-error',
				afterHandling: true,
			}),
		parameters: {
			resource: 'record',
			operation: 'create',
			collectionId: fromList(PEOPLE, 'People'),
			columns: mapped({ name: 'Lost Answer' }),
		},
		// n8n runs the node three times; the create whose outcome is unknown is sent once (the
		// attributes are read once for the execution).
		requests: (requests) =>
			assert.deepEqual(
				requests.map((r) => [r.method, r.path, r.status]),
				[
					['GET', `/api/v1/attributes/collection/${PEOPLE}`, 200],
					['POST', `/api/v1/collection-records/${PEOPLE}`, 500],
				],
			),
		error: /the write may or may not have happened .*not sent again/,
		check: (items, sandbox) =>
			assert.equal(
				recordsWhere(sandbox, (r) => r.name === 'Lost Answer').length,
				1,
				'records named Lost Answer',
			),
	},
	{
		file: 'records-record-get-redirected',
		lines: 'every',
		title: 'Workspace Records: a Base URL that redirects to another host (error example)',
		node: 'workspaceRecords',
		setup: (sandbox, elsewhere) =>
			sandbox.addFault({
				kind: 'status',
				statusCode: 302,
				headers: { Location: `${elsewhere.url}/api/v1/collection-records/${PEOPLE}/${ADA}` },
				body: {},
			}),
		parameters: {
			resource: 'record',
			operation: 'get',
			collectionId: fromList(PEOPLE, 'People'),
			recordId: fromList(ADA, 'Ada Lovelace'),
		},
		requests: [['GET', `/api/v1/collection-records/${PEOPLE}/${ADA}`]],
		error: (sandbox, elsewhere) =>
			exactly(
				`The Base URL redirects to ${elsewhere.url}/api/v1/collection-records/${PEOPLE}/${ADA}: use that address`,
			),
		// The key stays home: the other origin heard nothing.
		check: (items, sandbox, elsewhere) =>
			assert.equal(elsewhere.requests.length, 0, 'requests to the other origin'),
	},
	// The trigger, active: n8n's scheduler polls it every 5 s (see EVERY_5_SECONDS).
	{
		file: 'trigger-new-record-right-away',
		lines: 'every',
		title: 'Workspace Records Trigger: people created right after activation',
		node: 'workspaceRecordsTrigger',
		trigger: true,
		active: true,
		durable: true,
		parameters: {
			pollTimes: EVERY_5_SECONDS,
			event: 'newRecord',
			collectionId: fromList(PEOPLE, 'People'),
		},
		// Before n8n's first scheduled poll: under its durable poll scheduler, the window that
		// was lost when the activation poll's position was dropped.
		during: async (sandbox) => {
			const ids = [];
			for (const name of ['Right after activation 1', 'Right after activation 2'])
				ids.push(
					(await throughApi(sandbox, 'POST', `/collection-records/${PEOPLE}`, { name }))._id,
				);
			return { expected: ids };
		},
		withinSeconds: 30,
		check: (runs, sandbox, { expected }) =>
			`${assertEmittedOnce(runs, expected)} people emitted, each once`,
	},
	{
		file: 'trigger-new-record-backlog',
		title: 'Workspace Records Trigger: 5,000 new people behind a rate limit of 1 request/s',
		node: 'workspaceRecordsTrigger',
		trigger: true,
		active: true,
		parameters: {
			pollTimes: EVERY_5_SECONDS,
			event: 'newRecord',
			collectionId: fromList(PEOPLE, 'People'),
		},
		setup: (sandbox) => sandbox.rateLimit({ rate: 1, burst: 1 }),
		// Created between two polls, by others in the workspace.
		during: async (sandbox) => {
			const since = sandbox.requests.length;
			return { expected: addPeople(sandbox, 5000, 'e1', 'Backlog').map((row) => row._id), since };
		},
		withinSeconds: 240,
		// At most 1,000 rows a poll, so at least five polls. How long each poll read depends on
		// the machine: it is reported; the 25 s a poll may read is pinned on the virtual clock
		// (test/nodes/shared/trigger/poll.test.ts).
		check: (runs, sandbox, { expected, since }) => {
			const emitted = assertEmittedOnce(runs, expected);
			assert.ok(
				runs.every((run) => run.items.length <= 1000),
				`rows a poll: ${runs.map((run) => run.items.length).join(', ')}`,
			);
			const spans = pollSpans(sandbox, runs, since);
			return `${emitted} rows in ${runs.length} polls (${runs.map((run) => run.items.length).join(', ')}), each ${spans.map(seconds).join(', ')}`;
		},
	},
	{
		file: 'trigger-new-record-deleted-while-paging',
		title: 'Workspace Records Trigger: 1,000 new people, the 50 oldest deleted while a poll pages',
		node: 'workspaceRecordsTrigger',
		trigger: true,
		active: true,
		parameters: {
			pollTimes: EVERY_5_SECONDS,
			event: 'newRecord',
			collectionId: fromList(PEOPLE, 'People'),
		},
		// Slow enough that the poll is still paging when they go.
		setup: (sandbox) => sandbox.rateLimit({ rate: 0.5, burst: 1 }),
		during: async (sandbox) => {
			const since = sandbox.requests.length;
			const rows = addPeople(sandbox, 1000, 'e2', 'Paged');
			// The first page of the poll that reads them has been answered: the 50 oldest go.
			await waitFor(
				'the first page after the new rows',
				() => sandbox.requests.slice(since).some((r) => isPeopleQuery(r) && r.status === 200),
				{
					timeoutMs: 60_000,
					everyMs: 10,
				},
			);
			const deleted = rows.slice(0, 50).map((row) => row._id);
			for (const id of deleted) sandbox.state.records.get(PEOPLE).delete(id);
			return {
				expected: rows.slice(50).map((row) => row._id),
				deleted,
				since,
				deletedAfter: sandbox.requests.length,
			};
		},
		withinSeconds: 120,
		check: (runs, sandbox, { expected, deleted, since, deletedAfter }) => {
			const emitted = assertEmittedOnce(runs, expected, deleted);
			// The deletion came while the poll paged: it read pages after it (before it emitted).
			const lastEmitted = Math.max(...runs.map((run) => run.startedAt));
			const pagesAfter = sandbox.requests
				.slice(deletedAfter)
				.filter((r) => isPeopleQuery(r) && r.status === 200 && r.at < lastEmitted).length;
			assert.ok(pagesAfter >= 1, 'no page was read after the deletion');
			// How long each poll read is reported, not bounded (see trigger-new-record-backlog).
			const spans = pollSpans(sandbox, runs, since);
			const deletedEmitted = runs
				.flatMap((run) => run.items)
				.filter((json) => deleted.includes(json._id)).length;
			return `${emitted} rows in ${runs.length} polls (${runs.map((run) => run.items.length).join(', ')}), ${deletedEmitted} of the 50 deleted among them (read before they went), ${pagesAfter} pages read after the deletion; each poll ${spans.map(seconds).join(', ')}`;
		},
	},
	{
		file: 'trigger-deal-won',
		title: 'Workspace Records Trigger: a deal moved to Won',
		node: 'workspaceRecordsTrigger',
		trigger: true,
		active: true,
		parameters: {
			pollTimes: EVERY_5_SECONDS,
			event: 'recordEnteredStatus',
			collectionId: fromList(DEALS, 'Deals'),
			statusAttribute: 'stage',
			statuses: [WON],
		},
		// Others in the workspace win two deals and change the value of a third, through the API.
		during: async (sandbox) => {
			const deals = [...sandbox.state.records.get(DEALS).values()];
			const [first, , third, fourth] = deals;
			await throughApi(sandbox, 'PATCH', `/collection-records/${DEALS}/${first._id}`, {
				stage: WON,
			});
			await throughApi(sandbox, 'PATCH', `/collection-records/${DEALS}/${third._id}`, {
				stage: WON,
			});
			await throughApi(sandbox, 'PATCH', `/collection-records/${DEALS}/${fourth._id}`, {
				value: fourth.value + 1000,
			});
			return { expected: [first._id, third._id] };
		},
		withinSeconds: 60,
		check: (runs, sandbox, { expected }) => {
			const emitted = assertEmittedOnce(runs, expected);
			const items = runs.flatMap((run) => run.items);
			for (const item of items) {
				assert.equal(item.stage, 'Won');
				assert.equal(item.changes.stage.previous === 'Won', false, 'entered from another stage');
				assert.equal(item.changes.stage.current, 'Won');
			}
			return `${emitted} deals emitted, each once: ${items.map((i) => `${i.changes.stage.previous} → ${i.changes.stage.current}`).join(', ')}`;
		},
	},
	{
		file: 'trigger-activity-completed',
		lines: 'every',
		title: 'Workspace Activities Trigger: activities completed',
		node: 'workspaceActivitiesTrigger',
		trigger: true,
		active: true,
		durable: true,
		parameters: { pollTimes: EVERY_5_SECONDS, event: 'activityCompleted' },
		// Others complete two open activities, through the API (moving them to Done).
		during: async (sandbox) => {
			const open = [...sandbox.state.records.get('activity-list').values()].filter(
				(activity) => activity.completedTime === false,
			);
			const completed = open.slice(0, 2).map((activity) => activity._id);
			for (const id of completed)
				await throughApi(sandbox, 'PATCH', `/collection-records/activity-list/${id}`, {
					status: 'Done',
				});
			return { expected: completed };
		},
		withinSeconds: 60,
		check: (runs, sandbox, { expected }) =>
			`${assertEmittedOnce(runs, expected)} activities emitted, each once`,
	},
	{
		file: 'trigger-activity-due',
		title: 'Workspace Activities Trigger: an activity falls due',
		node: 'workspaceActivitiesTrigger',
		trigger: true,
		active: true,
		parameters: { pollTimes: EVERY_5_SECONDS, event: 'activityDue', minutesBefore: 1 },
		// The seed's open activities were due before the activation: none of them may come. After
		// it, through the API: a meeting due in 40 s (so within the minute before due at once)
		// and one tomorrow; once the meeting has fired, a call due sooner than it (in 20 s) and
		// one logged late, due a minute ago. Due times are not creation order: each fires once.
		durable: true,
		during: async (sandbox) => {
			const at = (ms) => new Date(Date.now() + ms).toISOString();
			const schedule = async (name, scheduleAt) =>
				(
					await throughApi(sandbox, 'POST', '/collection-records/activity-list', {
						name,
						scheduleAt,
						iconType: 'emoji',
						iconValue: '📞',
					})
				)._id;
			const meeting = await schedule('Meeting', at(40_000));
			await schedule('Call back tomorrow', at(86_400_000));
			const since = sandbox.requests.length;
			// Two polls after the meeting's creation, so that it has fired.
			await waitFor(
				'two polls after the meeting',
				() => sandbox.requests.slice(since).filter(isActivityQuery).length >= 4,
				{ timeoutMs: 30_000, everyMs: 100 },
			);
			const call = await schedule('Call, due sooner', at(20_000));
			const late = await schedule('Logged late', at(-60_000));
			return { expected: [meeting, call, late] };
		},
		withinSeconds: 60,
		check: (runs, sandbox, { expected }) => {
			const emitted = assertEmittedOnce(runs, expected);
			const names = runs.map((run) => run.items.map((item) => item.name).join(' + '));
			assert.equal(names[0], 'Meeting', `the first run: ${names.join(', ')}`);
			return `${emitted} activities emitted, each once, in runs: ${names.join(', ')}; none of the seed's overdue ones`;
		},
	},
	{
		file: 'trigger-record-updated',
		lines: 'every',
		title: 'Workspace Records Trigger: people whose job title or lead score changed',
		node: 'workspaceRecordsTrigger',
		trigger: true,
		active: true,
		parameters: {
			pollTimes: EVERY_5_SECONDS,
			event: 'recordUpdated',
			collectionId: fromList(PEOPLE, 'People'),
			watchedAttributes: ['jobTitle', 'leadScore'],
		},
		// Through the API: Ada's job title changes twice before a poll can see it, another
		// person's lead score changes, a third person's nickname (not watched) changes.
		during: async (sandbox) => {
			const people = [...sandbox.state.records.get(PEOPLE).values()];
			const [second, third] = people.filter((person) => person._id !== ADA);
			const previousScore = second.leadScore ?? null;
			const patch = (id, values) =>
				throughApi(sandbox, 'PATCH', `/collection-records/${PEOPLE}/${id}`, values);
			await patch(ADA, { jobTitle: 'Analyst' });
			await patch(ADA, { jobTitle: 'Countess of Lovelace' });
			await patch(second._id, { leadScore: (previousScore ?? 0) + 5 });
			await patch(third._id, { nickname: 'Not watched' });
			return { expected: [ADA, second._id], previousScore };
		},
		withinSeconds: 60,
		check: (runs, sandbox, { expected, previousScore }) => {
			const emitted = assertEmittedOnce(runs, expected);
			const [ada, second] = expected.map((id) =>
				runs.flatMap((run) => run.items).find((item) => item._id === id),
			);
			assert.deepEqual(Object.keys(ada.changes), ['jobTitle']);
			assert.equal(ada.changes.jobTitle.current, 'Countess of Lovelace');
			assert.equal(ada.jobTitle, 'Countess of Lovelace');
			assert.deepEqual(second.changes, {
				leadScore: { previous: previousScore, current: (previousScore ?? 0) + 5 },
			});
			return `${emitted} people emitted, each once: ${ada.changes.jobTitle.previous} → ${ada.changes.jobTitle.current}; lead score ${previousScore} → ${second.changes.leadScore.current}`;
		},
	},
	{
		file: 'trigger-record-updated-bulk',
		title: 'Workspace Records Trigger: 2,500 of 3,000 people changed at once, behind 2 requests/s',
		node: 'workspaceRecordsTrigger',
		trigger: true,
		active: true,
		parameters: {
			pollTimes: EVERY_5_SECONDS,
			event: 'recordUpdated',
			collectionId: fromList(PEOPLE, 'People'),
			watchedAttributes: ['leadScore'],
		},
		// The activation poll takes stock of the 3,000 (31 pages, within its 25 s).
		setup: (sandbox) => {
			addPeople(sandbox, 3000, 'e9', 'Bulk');
			sandbox.rateLimit({ rate: 2, burst: 1 });
		},
		// A bulk edit through the API, around the limit (it counts per API key, as the trigger's).
		during: async (sandbox) => {
			const bulk = [...sandbox.state.records.get(PEOPLE).values()]
				.filter((person) => String(person.name).startsWith('Bulk'))
				.slice(0, 2500);
			sandbox.rateLimit({ rate: 0 });
			for (const [i, person] of bulk.entries())
				await throughApi(sandbox, 'PATCH', `/collection-records/${PEOPLE}/${person._id}`, {
					leadScore: -1 - i,
				});
			sandbox.rateLimit({ rate: 2, burst: 1 });
			return { expected: bulk.map((person) => person._id) };
		},
		withinSeconds: 150,
		// At most 1,000 a poll, each once.
		check: (runs, sandbox, { expected }) => {
			const emitted = assertEmittedOnce(runs, expected);
			const sizes = runs.map((run) => run.items.length);
			assert.ok(
				sizes.every((size) => size <= 1000),
				`items a poll: ${sizes.join(', ')}`,
			);
			return `${emitted} people in ${runs.length} polls (${sizes.join(', ')})`;
		},
	},
	{
		file: 'trigger-record-updated-paced',
		title: 'Workspace Records Trigger: 8,000 people watched behind 2 requests/s, no burst',
		node: 'workspaceRecordsTrigger',
		trigger: true,
		active: true,
		parameters: {
			pollTimes: EVERY_5_SECONDS,
			event: 'recordUpdated',
			collectionId: fromList(PEOPLE, 'People'),
		},
		// The first pass (81 pages) spans two polls; one person changed through the API (around
		// the limit, which counts per API key) comes in the second pass.
		setup: (sandbox) => {
			addPeople(sandbox, 8000, 'eb', 'Paced');
			sandbox.rateLimit({ rate: 2, burst: 1 });
		},
		during: async (sandbox) => {
			const [person] = [...sandbox.state.records.get(PEOPLE).values()];
			sandbox.rateLimit({ rate: 0 });
			await throughApi(sandbox, 'PATCH', `/collection-records/${PEOPLE}/${person._id}`, {
				leadScore: 4242,
			});
			sandbox.rateLimit({ rate: 2, burst: 1 });
			return { expected: [person._id] };
		},
		withinSeconds: 180,
		// Each poll reads for 25 s: at the pace the service accepts that is about 50 pages, and
		// the trigger keeps the pace it learnt from poll to poll.
		check: (runs, sandbox, { expected }) => {
			const polls = [[]];
			for (const page of sandbox.requests.filter(isPeopleQuery)) {
				const last = polls.at(-1).at(-1);
				if (last && page.at - (last.doneAt ?? last.at) > 2000) polls.push([]);
				polls.at(-1).push(page);
			}
			const read = polls.map((poll) => poll.filter((r) => r.status === 200).length);
			const refused = polls.map((poll) => poll.filter((r) => r.status === 429).length);
			const said = `pages a poll ${read.join(', ')}, refused ${refused.join(', ')}`;
			const emitted = (() => {
				try {
					return assertEmittedOnce(runs, expected);
				} catch (error) {
					throw new Error(`${error.message}; ${said}`);
				}
			})();
			// How many pages fit in a poll depends on the machine, and polls a few seconds apart
			// cannot be told apart here: the pages are reported; the bound of a poll is pinned on
			// the virtual clock (test/nodes/shared/trigger/pace.test.ts).
			return `${emitted} change emitted once; ${said}`;
		},
	},
	{
		file: 'trigger-record-updated-too-many',
		lines: 'every',
		title: 'Workspace Records Trigger: a view of 20,500 people is refused at activation',
		node: 'workspaceRecordsTrigger',
		trigger: true,
		active: true,
		durable: true,
		refusedAtActivation: true,
		parameters: {
			pollTimes: EVERY_5_SECONDS,
			event: 'recordUpdated',
			collectionId: fromList(PEOPLE, 'People'),
		},
		setup: (sandbox) => addPeople(sandbox, 20_500, 'ea', 'Many'),
		// n8n's activation poll fails: the editor shows "Problem activating" with the fix, which
		// is in the message (n8n 2.40.7's publication status and log keep nothing else).
		check: (runs, sandbox, { refusal }) => {
			assert.match(
				String(refusal),
				/more than 20,000 records match, more than the trigger can watch\. Narrow them with a filter/,
			);
			assert.equal(runs.length, 0, 'executions');
			// Each try (n8n tries an activation again by itself) asks one question past the bound
			// and reads no page.
			const queries = sandbox.requests.filter(isPeopleQuery);
			const probes = queries.filter((r) => r.body?.limit === 1 && r.body?.offset === 20_000);
			assert.equal(probes.length, queries.length, 'pages read besides the probes');
			return `activation refused, ${probes.length} probe(s) and no page read: ${refusal}`;
		},
	},
	{
		file: 'trigger-record-removed',
		title: 'Workspace Records Trigger: people deleted',
		node: 'workspaceRecordsTrigger',
		trigger: true,
		active: true,
		parameters: {
			pollTimes: EVERY_5_SECONDS,
			event: 'recordRemoved',
			collectionId: fromList(PEOPLE, 'People'),
		},
		during: async (sandbox) => {
			const gone = [...sandbox.state.records.get(PEOPLE).values()]
				.filter((person) => person._id !== ADA)
				.slice(0, 2);
			for (const person of gone)
				await throughApi(sandbox, 'DELETE', `/collection-records/${PEOPLE}/${person._id}`);
			return { expected: gone.map((person) => person._id), names: gone.map((p) => p.name) };
		},
		withinSeconds: 60,
		check: (runs, sandbox, { expected, names }) => {
			const emitted = assertEmittedOnce(runs, expected);
			const items = runs.flatMap((run) => run.items);
			assert.deepEqual(items.map((item) => item.name).sort(), [...names].sort());
			return `${emitted} people emitted once each, with their ID and name as last seen`;
		},
	},
	{
		file: 'trigger-list-entry-updated',
		lines: 'every',
		title: 'Workspace Lists Trigger: hot leads whose entry changed',
		node: 'workspaceListsTrigger',
		trigger: true,
		active: true,
		durable: true,
		parameters: {
			pollTimes: EVERY_5_SECONDS,
			event: 'listEntryUpdated',
			listId: fromList(HOT_LEADS, 'Hot Leads'),
		},
		// Through the API: an entry's note changes twice; a person is added to the list (that
		// is New List Entry's event, not this one).
		during: async (sandbox) => {
			await throughApi(sandbox, 'PATCH', `/list-entries/${HOT_LEADS}/${ENTRY}`, {
				note: 'Called back',
			});
			await throughApi(sandbox, 'PATCH', `/list-entries/${HOT_LEADS}/${ENTRY}`, {
				note: 'Called again',
			});
			await throughApi(sandbox, 'POST', `/list-entries/${HOT_LEADS}`, {
				recordId: SEVENTH_PERSON,
			});
			return { expected: [ENTRY] };
		},
		withinSeconds: 60,
		check: (runs, sandbox, { expected }) => {
			const emitted = assertEmittedOnce(runs, expected);
			const [entry] = runs.flatMap((run) => run.items);
			assert.equal(entry.note, 'Called again');
			return `${emitted} entry emitted once, as it was after the second change; the entry only added, not at all`;
		},
	},
	{
		// The mapper leaves empty values out; the JSON is sent as it is, so a null clears.
		file: 'records-record-update-json',
		title: 'Workspace Records: clear an attribute with JSON',
		node: 'workspaceRecords',
		parameters: {
			resource: 'record',
			operation: 'update',
			collectionId: fromList(PEOPLE, 'People'),
			recordId: fromList(ADA, 'Ada Lovelace'),
			useJson: true,
			attributesJson: '{\n  "jobTitle": null,\n  "leadScore": 50\n}',
		},
		requests: [
			['PATCH', `/api/v1/collection-records/${PEOPLE}/${ADA}`, { jobTitle: null, leadScore: 50 }],
			['GET', `/api/v1/collection-records/${PEOPLE}/${ADA}`],
		],
		check: (items) =>
			assert.deepEqual(
				[items[0].json.jobTitle ?? null, items[0].json.leadScore, items[0].json.name],
				[null, 50, 'Ada Lovelace'],
			),
	},
	...messageSendCases,
	// The WhatsApp trigger, active: the sandbox, as the workspace, POSTs to n8n's production URL.
	{
		file: 'whatsapp-trigger-incoming-message',
		lines: 'every',
		title:
			'Workspace WhatsApp Trigger: a WhatsApp message (then again, as a retry), an RCS message and a delivery status come in',
		node: 'workspaceWhatsAppTrigger',
		trigger: true,
		webhook: true,
		// Every event the trigger offers: the demo's `npm run demo -- send …` makes each arrive here.
		parameters: {
			...WHATSAPP_TRIGGER_PARAMETERS,
			events: ['incoming.whatsapp.message', 'incoming.rcs.message', 'delivery_status'],
		},
		during: async (sandbox, url) => {
			hookTo(sandbox, url, ['incoming.whatsapp.message', 'incoming.rcs.message']);
			const { event } = await sandbox.webhooks.receive('whatsapp', {
				from: '919876543210',
				name: 'Grace Hopper',
				message: { type: 'text', text: { body: 'Is the offer still on?' } },
			});
			// The workspace did not see n8n's answer: it delivers the same event again.
			await sandbox.webhooks.redeliver(event.eventId);
			const { event: rcs } = await sandbox.webhooks.receive('rcs', {
				from: '919876543210',
				message: { type: 'text', text: 'And by RCS?' },
			});
			// A send's post-back URL: the delivery callback, with the vendor's too-large message_id, twice.
			const callback = `{"workspace_id": "ws_sandbox", "type": "delivery_status", "message_id": 604132581490819123, "request_id": "65ca1d21-8854-4d39-a0bd-64f1cd7b8db1", "channel": "whatsapp", "recipient": "919876543210", "status": "delivered", "remark": "", "status_at": "2026-01-28T17:17:59.254174911Z", "post_back_data": "lead-42"}`;
			const callbacks = [];
			for (let i = 0; i < 2; i++) {
				const response = await fetch(url, {
					method: 'POST',
					headers: { 'content-type': 'application/json', ...WHATSAPP_SECRET_HEADER },
					body: callback,
				});
				callbacks.push(response.status);
			}
			return { event, rcs, callbacks, executions: 3 };
		},
		withinSeconds: 30,
		check: (runs, sandbox, { event, rcs, callbacks }) => {
			assert.deepEqual(
				sandbox.webhooks.deliveries.map((d) => [d.why, d.status]),
				[
					['first', 200],
					['redelivery', 200],
					['first', 200],
				],
				'deliveries and what n8n answered',
			);
			assert.deepEqual(callbacks, [200, 200], 'what n8n answered the callbacks');
			assert.deepEqual(
				runs.map((run) => [run.status, run.items.length]),
				[
					['success', 1],
					['success', 1],
					['success', 1],
				],
				'executions: one per event',
			);
			assert.deepEqual(runs[0].items[0], event, 'the message, as the workspace sent it');
			assert.deepEqual(runs[1].items[0], rcs, 'the RCS message, as the workspace sent it');
			assert.deepEqual(
				[runs[2].items[0].event, runs[2].items[0].message_id, runs[2].items[0].post_back_data],
				['delivery_status', '604132581490819123', 'lead-42'],
			);
			return `the WhatsApp message emitted once of 2 deliveries, the RCS message once, the callback once of 2, message_id ${runs[2].items[0].message_id}`;
		},
	},
	{
		file: 'whatsapp-trigger-without-secret-refused',
		lines: 'every',
		title: 'Workspace WhatsApp Trigger: deliveries without the secret header are refused',
		node: 'workspaceWhatsAppTrigger',
		trigger: true,
		webhook: true,
		parameters: WHATSAPP_TRIGGER_PARAMETERS,
		during: async (sandbox, url) => {
			sandbox.webhooks.configure({ name: 'no header', endpoint: url });
			sandbox.webhooks.configure({
				name: 'wrong value',
				endpoint: url,
				headers: { [WHATSAPP_HEADER_NAME]: 'a-guess' },
			});
			await sandbox.webhooks.receive('whatsapp');
			// The workspace's first retry, asked for now rather than waited for (15 s).
			await sandbox.webhooks.runDue({ now: true });
			return { executions: 0 };
		},
		withinSeconds: 0,
		check: (runs, sandbox) => {
			const [noHeader, wrongValue] = sandbox.webhooks.hooks.map((hook) => hook.id);
			assert.deepEqual(
				sandbox.webhooks.deliveries.map((d) => [d.hookId, d.attempt, d.status]),
				[
					[noHeader, 0, 401],
					[wrongValue, 0, 403],
					[noHeader, 1, 401],
					[wrongValue, 1, 403],
				],
			);
			assert.deepEqual(
				sandbox.webhooks.pending.map((p) => p.attempt),
				[2, 2],
				'the workspace will retry again',
			);
			assert.deepEqual(runs, [], 'executions');
			return '4 deliveries refused (401 without the header, 403 with another value), no execution';
		},
	},
	{
		file: 'activities-create-time-zone',
		title:
			'Workspace Activities: a call at 10:00 Tokyo time (Time Zone typed in), output completed false',
		node: 'workspaceActivities',
		// No Workflow Settings → Timezone (n8n's default, America/New_York): Time Zone wins.
		parameters: {
			resource: 'activity',
			operation: 'create',
			name: 'Call',
			scheduleAt: '2026-11-23T10:00:00',
			timeZone: 'Asia/Tokyo',
			iconType: 'interaction',
			interactionIcon: 'call',
		},
		requests: [
			[
				'POST',
				'/api/v1/collection-records/activity-list',
				{
					name: 'Call',
					scheduleAt: '2026-11-23T01:00:00.000Z',
					iconType: 'interaction',
					iconValue: 'call',
				},
			],
		],
		check: (items) => {
			const { scheduleAt, completed, completedTime } = items[0].json;
			assert.deepEqual(
				{ scheduleAt, completed, completedTime },
				{
					scheduleAt: '2026-11-23T01:00:00.000Z',
					completed: false,
					completedTime: null,
				},
			);
		},
	},
	{
		...replyCase(
			'whatsapp-reply-in-conversation',
			'Workspace WhatsApp: an incoming message is answered in the conversation',
		),
		during: async (sandbox, url) => await graceWrites(sandbox, url),
		withinSeconds: 30,
		check: (runs, sandbox) => {
			assert.deepEqual(
				runs.map((run) => [run.status, run.then.items.length]),
				[['success', 1]],
				'one execution, one reply item',
			);
			assert.deepEqual(conversationSends(sandbox), [REPLY_BODY], 'the one send the sandbox got');
			assert.equal(
				sandbox.requests.find((r) => r.path === CONVERSATION_SEND).headers.authorization,
				`Bearer ${sandbox.config.apiKey}`,
			);
			assert.deepEqual(runs[0].then.items, [
				{ status: true, message: 'Message sent successfully' },
			]);
			return `replied once to ${REPLY_BODY.to}: "${REPLY_BODY.text.body}"`;
		},
	},
	{
		...replyCase(
			'whatsapp-reply-closed-conversation',
			'Workspace WhatsApp: a message written 25 hours ago cannot be answered in the conversation',
		),
		// The workspace retried the delivery for a day: the customer's 24 hours are over.
		during: async (sandbox, url) => await graceWrites(sandbox, url, 25 * HOUR_MS),
		withinSeconds: 30,
		check: (runs, sandbox) => {
			assert.deepEqual(
				runs.map((run) => [run.status, run.error]),
				[['error', CLOSED_MESSAGE]],
				'the execution fails with the clear error',
			);
			assert.deepEqual(conversationSends(sandbox), [REPLY_BODY], 'sent once, refused');
			assert.deepEqual(sandbox.state.conversationMessages, [], 'nothing sent to the customer');
			return runs[0].error;
		},
	},
	{
		...replyCase(
			'whatsapp-reply-closed-conversation-continue',
			'Workspace WhatsApp: a closed conversation with Continue On Fail gives one error item',
			{ ...REPLY_IN_CONVERSATION, nodeSettings: { onError: 'continueRegularOutput' } },
		),
		during: async (sandbox, url) => await graceWrites(sandbox, url, 25 * HOUR_MS),
		withinSeconds: 30,
		check: (runs, sandbox) => {
			assert.deepEqual(
				runs.map((run) => [run.status, run.then.items.length]),
				[['success', 1]],
				'the execution goes on with one item',
			);
			assert.equal(runs[0].then.items[0].error, CLOSED_MESSAGE);
			assert.deepEqual(conversationSends(sandbox), [REPLY_BODY], 'sent once, not again');
			return `one error item: ${runs[0].then.items[0].error}`;
		},
	},
	{
		file: 'whatsapp-trigger-delivery-status',
		lines: '2.x',
		title:
			"Workspace WhatsApp Trigger: a send's delivery status at the trigger's Postback URL, and not elsewhere",
		node: 'workspaceWhatsAppTrigger',
		trigger: true,
		webhook: true,
		parameters: WHATSAPP_TRIGGER_PARAMETERS,
		during: async (sandbox, url, postBackUrl) => {
			/** A template send through the messaging host's API, with this post-back URL. */
			const send = async (postBack) => {
				const response = await fetch(`${sandbox.url}/api/ingest/whatsapp/v1/template/send`, {
					method: 'POST',
					headers: { 'content-type': 'application/json', ...sandboxHeaders(sandbox.config) },
					body: JSON.stringify({
						recipient: '919876543210',
						phone_id: '104898309288724',
						template_name: 'reminder_01',
						language: 'en',
						post_back_url: postBack,
						post_back_data: 'lead-42',
					}),
				});
				const { request_id: requestId } = await response.json();
				await sandbox.postbacks.settled();
				return requestId;
			};
			// The URL the node shows for delivery statuses: the sandbox posts as the vendor does.
			const requestId = await send(postBackUrl);
			// The same status posted again: not a second execution.
			const [delivered] = sandbox.postbacks.deliveries;
			const again = await fetch(postBackUrl, {
				method: 'POST',
				headers: delivered.headers,
				body: delivered.text,
			});
			await again.text();
			// Without the secret: the incoming-message URL (no header), no token, another token.
			const withoutToken = postBackUrl.replace(/\/[0-9a-f]{32}$/, '');
			await send(url);
			await send(withoutToken);
			await send(`${withoutToken}/${'0'.repeat(32)}`);
			// An incoming message at the post-back URL, even with the secret header.
			const message = await fetch(postBackUrl, {
				method: 'POST',
				headers: { 'content-type': 'application/json', ...WHATSAPP_SECRET_HEADER },
				body: JSON.stringify({
					event: 'incoming.whatsapp.message',
					eventId: 'a1b2c3d4-0000-4000-8000-000000000001',
					timestamp: 1744346001738,
					phoneId: '104898309288724',
					messageId: 'wamid.e2e',
					sender: { name: 'John Doe', number: '919999999999' },
					message: { type: 'text', text: { body: 'Hi' } },
				}),
			});
			await message.text();
			return {
				requestId,
				postBackUrl,
				again: again.status,
				message: message.status,
				executions: 1,
			};
		},
		withinSeconds: 30,
		check: (runs, sandbox, { requestId, postBackUrl, again, message }) => {
			assert.deepEqual(
				sandbox.postbacks.deliveries.map((d) => [
					d.url.replace(/^.*\/webhook\/[^/]+/, ''),
					d.status,
				]),
				[
					[postBackUrl.replace(/^.*\/webhook\/[^/]+/, ''), 200],
					['/webhook', 401],
					['/delivery-status', 404],
					[`/delivery-status/${'0'.repeat(32)}`, 404],
				],
				'the post-backs and what n8n answered',
			);
			assert.deepEqual(sandbox.postbacks.deliveries[0].headers, {
				'Content-Type': 'application/json',
			});
			assert.deepEqual(
				[again, message],
				[200, 403],
				'the repeat, and a message at the post-back URL',
			);
			assert.deepEqual(
				runs.map((run) => [run.status, run.items.length]),
				[['success', 1]],
				'executions: the delivery status once',
			);
			const [item] = runs[0].items;
			assert.deepEqual(
				[item.event, item.request_id, item.status, item.post_back_data],
				['delivery_status', requestId, 'delivered', 'lead-42'],
			);
			assert.match(item.message_id, /^6041325814908191\d\d$/);
			return `the status emitted once of 2 posts to the Postback URL, message_id ${item.message_id}; refused: 401 at /webhook, 404 without or with another token, 403 for a message there`;
		},
	},
	{
		file: 'trigger-record-stock-taking',
		lines: '2.x',
		title:
			'Workspace Records Trigger: 12,000 people watched; a change made as it takes stock comes once',
		node: 'workspaceRecordsTrigger',
		trigger: true,
		active: true,
		durable: true,
		parameters: {
			pollTimes: EVERY_5_SECONDS,
			event: 'recordUpdated',
			collectionId: fromList(PEOPLE, 'People'),
			watchedAttributes: ['leadScore'],
		},
		setup: (sandbox) => addPeople(sandbox, 12_000, 'ed', 'Stock'),
		// As soon as n8n has the activation poll's state: the newest person (the last a pass
		// reads) and one in the middle change, through the API. When taking stock stopped at
		// 5,000 records a poll, the activation poll had read neither, the next polls took the
		// changed values as their starting point and never emitted them.
		during: async (sandbox) => {
			const passesByActivation = passesOver(sandbox).length;
			// On a busy machine the activation poll may end before its pass does: the change is
			// made once a pass has ended, whenever that is (a change to a record not yet read
			// becomes its starting point, as the node page says).
			await until(() => passesOver(sandbox).length > 0, 240_000, 'no pass over the people ended');
			const since = sandbox.requests.length;
			const people = [...sandbox.state.records.get(PEOPLE).values()].sort((a, b) =>
				String(a.createdAt).localeCompare(String(b.createdAt)),
			);
			const changed = [people.at(-1), people[6_000]];
			for (const person of changed)
				await throughApi(sandbox, 'PATCH', `/collection-records/${PEOPLE}/${person._id}`, {
					leadScore: 4242,
				});
			return { expected: changed.map((person) => person._id), since, passesByActivation };
		},
		withinSeconds: 60,
		// What happened, never how long it took (that is the benchmark's): stock was taken once,
		// before the change, and the change came once. The window in which a change is lost (from
		// the activation poll's first query to the end of the last pass that took stock) is
		// reported.
		check: (runs, sandbox, { expected, since, passesByActivation }) => {
			const emitted = assertEmittedOnce(runs, expected);
			const passes = passesOver(sandbox);
			const index = (request) => sandbox.requests.indexOf(request);
			// Made once stock was taken (by no pass that took stock after it).
			const stock = passes.filter((pass) => pass.start.body?.offset > 0);
			assert.ok(index(stock.at(-1).last) < since, 'stock was taken again after the change');
			const spans = passes.map((pass) => pass.doneAt - pass.at);
			const window = stock.at(-1).doneAt - passes[0].at;
			return `${emitted} changes emitted once; taking stock of 12,000 took ${stock.length} pass(es), ${seconds(window)} from the activation poll's first query to the end of the last (${stock.map((pass) => `${pass.queries} queries in ${seconds(pass.doneAt - pass.at)}`).join(', ')}), the activation poll ${passesByActivation ? 'ended' : 'did not end'} a pass; passes ${spans.map(seconds).join(', ')}`;
		},
	},
	{
		file: 'records-record-create-lost-answer-value-taken',
		lines: '2.x',
		title:
			'Workspace Records: a create answered 500 before the work, its email already taken, Retry On Fail (error example)',
		node: 'workspaceRecords',
		nodeSettings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 0 },
		setup: (sandbox) =>
			sandbox.addFault({
				method: 'POST',
				path: `/api/v1/collection-records/${PEOPLE}`,
				kind: 'server-error',
				times: 1,
			}),
		parameters: {
			resource: 'record',
			operation: 'create',
			collectionId: fromList(PEOPLE, 'People'),
			columns: mapped({ name: 'Not Ada', emails: 'ada.lovelace0@example.com' }),
		},
		// The look-up finds only the older record (not this create's), so the create is sent again
		// and refused: known not done, the second try sends it again and says the same.
		requests: (requests) =>
			assert.deepEqual(
				requests.map((r) => [r.method, r.path, r.status]),
				[
					['GET', `/api/v1/attributes/collection/${PEOPLE}`, 200],
					['POST', `/api/v1/collection-records/${PEOPLE}`, 500],
					['POST', `/api/v1/collection-records/${PEOPLE}/query`, 200],
					['POST', `/api/v1/collection-records/${PEOPLE}/query`, 200],
					['POST', `/api/v1/collection-records/${PEOPLE}`, 400],
					['POST', `/api/v1/collection-records/${PEOPLE}`, 400],
				],
			),
		error: /already exists/,
		check: (items, sandbox) =>
			assert.equal(
				recordsWhere(sandbox, (r) => r.name === 'Not Ada').length,
				0,
				'records named Not Ada',
			),
	},
	{
		file: 'records-record-get-many-null-value',
		title: 'Workspace Records: a filter value that is null (error example)',
		node: 'workspaceRecords',
		parameters: {
			resource: 'record',
			operation: 'getAll',
			collectionId: fromList(PEOPLE, 'People'),
			returnAll: true,
			filterMode: 'conditions',
			conditions: {
				condition: [{ attribute: 'jobTitle', operator: 'contains', value: '={{ null }}' }],
			},
		},
		// Refused before anything is sent: `{"$contains": ""}` would match every record.
		requests: [],
		error: /^Conditions, condition 1 \(jobTitle\): the value is empty$/,
	},
	...eventMemoryCases,
	{
		// The durable scheduler refuses a node id longer than 36 characters (the editor's are
		// UUIDs): the node's is the file's name and '-node'.
		file: 'trigger-poll-run-again',
		lines: '2.x',
		title:
			'Workspace Records Trigger: polls that lose their lease are run again, each new person emitted once',
		node: 'workspaceRecordsTrigger',
		trigger: true,
		active: true,
		// What it is about exists only under n8n's durable poll scheduler.
		durable: 'only',
		parameters: {
			pollTimes: EVERY_10_SECONDS,
			event: 'newRecord',
			collectionId: fromList(PEOPLE, 'People'),
		},
		// n8n's scheduler runs a poll at least once: a poll that outlives its lease is handed out
		// again, and what the first run emits is dropped (its cursor and execution are fenced by
		// the lease). The package keeps its polls within the time n8n grants them, so the lease is
		// made to expire from outside: an SQLite trigger (added from another process) expires the
		// lease of every poll's first run as it starts, while the sandbox takes 2.5 s to answer;
		// n8n's reaper (every second in the durable lane) hands the poll out again 5 s later.
		// Every person is then emitted by a poll run again, and must be emitted once.
		during: async (sandbox, n8nAt) => {
			await n8nAt.sqlite(EXPIRE_FIRST_LEASE);
			try {
				sandbox.addFault({ method: 'POST', path: PEOPLE_QUERY, delayMs: 2500, times: 1000 });
				const ids = [];
				for (const name of ['Run again 1', 'Run again 2', 'Run again 3'])
					ids.push(
						(await throughApi(sandbox, 'POST', `/collection-records/${PEOPLE}`, { name }))._id,
					);
				// While every first run loses its lease: what is emitted is emitted by a run again. A
				// poll already started when the lease trigger came keeps its lease and may emit them
				// first (a busy machine): the wait goes on until a poll run again has ended too.
				const pollTasks = () =>
					n8nAt.sqlite(
						`SELECT attempts, status FROM scheduled_task WHERE "taskType" = 'workflow:poll-trigger' AND "startedAt" IS NOT NULL`,
					);
				const emittedAndRunAgain = async () => {
					const items = (await n8nAt.runs()).flatMap((run) => run.items.map((i) => i._id));
					const runAgain = (await pollTasks()).some(
						(task) => task.attempts > 0 && task.status === 'succeeded',
					);
					return runAgain && ids.every((id) => items.includes(id));
				};
				await waitFor('the new people to be emitted and a poll run again', emittedAndRunAgain, {
					timeoutMs: 60_000,
					everyMs: 1000,
				}).catch(() => undefined);
				const tasks = await pollTasks();
				const readBy = sandbox.requests.filter(
					(r) => r.method === 'POST' && r.path === PEOPLE_QUERY && r.status === 200,
				).length;
				return { expected: ids, tasks, readBy };
			} finally {
				await n8nAt.sqlite(KEEP_LEASES);
			}
		},
		withinSeconds: 20,
		check: (runs, sandbox, { expected, tasks, readBy }) => {
			const runAgain = tasks.filter((task) => task.attempts > 0);
			const polls = `${runAgain.length} polls of ${tasks.length} run again after losing their lease, ${readBy} queries answered`;
			assert.ok(
				runAgain.some((task) => task.status === 'succeeded'),
				`no poll was run again to its end: ${JSON.stringify(tasks)}`,
			);
			const emitted = assertEmittedOnceOr(runs, expected, polls);
			return `${emitted} people emitted, each once; ${polls}`;
		},
	},
	// The attributes' schema written (issue 46).
	{
		file: 'attributes-create',
		title: 'Workspace Attributes: add a currency attribute to Deals',
		node: 'workspaceAttributes',
		parameters: {
			resource: 'attribute',
			operation: 'create',
			target: 'collection',
			collectionId: fromList(DEALS, 'Deals'),
			name: 'Expected Value',
			attributeKey: 'expectedValue',
			inputType: 'currency',
			currencyCode: 'EUR',
			currencyDisplayType: 'symbol',
			additionalFields: { description: 'What the deal should bring in' },
		},
		requests: [
			[
				'POST',
				`/api/v1/attributes/collection/${DEALS}`,
				{
					apiKeyName: 'expectedValue',
					inputType: 'currency',
					name: 'Expected Value',
					config: { currencyDisplayType: 'symbol', currencyCode: 'EUR' },
					description: 'What the deal should bring in',
				},
			],
		],
		check: (items) =>
			assert.deepEqual(
				items.map((i) => [i.json.apiKeyName, i.json.inputType, i.json.config.currencyCode]),
				[['expectedValue', 'currency', 'EUR']],
			),
	},
	{
		file: 'attributes-create-then-map-automatically',
		lines: '2.x',
		title: 'Workspace Attributes: add Lead Source Detail, then write it with Map Automatically',
		nodeName: 'Create people with the new attribute',
		before: {
			node: 'workspaceAttributes',
			name: 'Add attribute Lead Source Detail',
			parameters: {
				resource: 'attribute',
				operation: 'create',
				target: 'collection',
				collectionId: fromList(PEOPLE, 'People'),
				name: 'Lead Source Detail',
				attributeKey: 'leadSourceDetail',
				inputType: 'text',
			},
		},
		// The form or import that follows: fields named as attribute keys, the new one among them.
		items: 2,
		itemsCode:
			"return [{ json: { name: 'Mary Jackson', leadSourceDetail: 'Booth 12, Data Expo' } }, { json: { name: 'Dorothy Vaughan', leadSourceDetail: 'Webinar' } }];",
		node: 'workspaceRecords',
		parameters: {
			resource: 'record',
			operation: 'create',
			collectionId: fromList(PEOPLE, 'People'),
			columns: mapped(null),
		},
		requests: [
			['POST', `/api/v1/attributes/collection/${PEOPLE}`],
			['GET', `/api/v1/attributes/collection/${PEOPLE}`],
			[
				'POST',
				`/api/v1/collection-records/${PEOPLE}`,
				{ name: 'Mary Jackson', leadSourceDetail: 'Booth 12, Data Expo' },
			],
			[
				'POST',
				`/api/v1/collection-records/${PEOPLE}`,
				{ name: 'Dorothy Vaughan', leadSourceDetail: 'Webinar' },
			],
		],
		check: (items) =>
			assert.deepEqual(
				items.map((i) => [i.json.name, i.json.leadSourceDetail]),
				[
					['Mary Jackson', 'Booth 12, Data Expo'],
					['Dorothy Vaughan', 'Webinar'],
				],
			),
	},
	{
		file: 'attributes-create-key-taken',
		title: 'Workspace Attributes: an API Key Name already in use is refused clearly',
		node: 'workspaceAttributes',
		parameters: {
			resource: 'attribute',
			operation: 'create',
			target: 'collection',
			collectionId: fromList(PEOPLE, 'People'),
			name: 'Nick',
			attributeKey: 'nickname',
			inputType: 'text',
		},
		requests: [['POST', `/api/v1/attributes/collection/${PEOPLE}`]],
		error: /^The API Key Name "nickname" is already used by an attribute of this collection$/,
	},
	{
		file: 'attributes-get',
		title: 'Workspace Attributes: get one attribute by ID',
		node: 'workspaceAttributes',
		parameters: {
			resource: 'attribute',
			operation: 'get',
			target: 'collection',
			collectionId: fromList(PEOPLE, 'People'),
			attributeId: NICKNAME,
		},
		requests: [['GET', `/api/v1/attributes/collection/${PEOPLE}/${NICKNAME}`]],
		check: (items) =>
			assert.deepEqual(
				items.map((i) => [i.json._id, i.json.apiKeyName, i.json.inputType]),
				[[NICKNAME, 'nickname', 'text']],
			),
	},
	{
		file: 'attributes-update',
		title: 'Workspace Attributes: rename a custom attribute and make it unique',
		node: 'workspaceAttributes',
		parameters: {
			resource: 'attribute',
			operation: 'update',
			target: 'collection',
			collectionId: fromList(PEOPLE, 'People'),
			attributeId: NICKNAME,
			updateFields: { name: 'Known As', isUnique: true },
		},
		requests: [
			[
				'PATCH',
				`/api/v1/attributes/collection/${PEOPLE}/${NICKNAME}`,
				{ name: 'Known As', isUnique: true },
			],
		],
		check: (items) =>
			assert.deepEqual(
				items.map((i) => [i.json.apiKeyName, i.json.name, i.json.isUnique]),
				[['nickname', 'Known As', true]],
			),
	},
	{
		file: 'attributes-status-options-get-many',
		title: 'Workspace Attributes: list the stages of the Lifecycle status',
		node: 'workspaceAttributes',
		parameters: {
			resource: 'statusOption',
			operation: 'getAll',
			target: 'collection',
			collectionId: fromList(PEOPLE, 'People'),
			attributeId: LIFECYCLE,
		},
		requests: [['GET', `/api/v1/attributes/collection/${PEOPLE}/${LIFECYCLE}/status`]],
		check: (items) =>
			assert.deepEqual(
				items.map((i) => i.json.name),
				['Lead', 'Customer', 'Churned'],
			),
	},
	{
		file: 'attributes-status-option-update',
		title: 'Workspace Attributes: rename the Customer stage and celebrate it',
		node: 'workspaceAttributes',
		parameters: {
			resource: 'statusOption',
			operation: 'update',
			target: 'collection',
			collectionId: fromList(PEOPLE, 'People'),
			attributeId: LIFECYCLE,
			optionId: LIFECYCLE_CUSTOMER,
			updateFields: { name: 'Client', color: '#16a34a', celebrationEnabled: true },
		},
		requests: [
			[
				'PATCH',
				`/api/v1/attributes/collection/${PEOPLE}/${LIFECYCLE}/status/${LIFECYCLE_CUSTOMER}`,
				{ name: 'Client', color: '#16a34a', celebrationEnabled: true },
			],
			['GET', `/api/v1/attributes/collection/${PEOPLE}/${LIFECYCLE}/status`],
		],
		check: (items) =>
			assert.deepEqual(
				items.map((i) => [i.json._id, i.json.name, i.json.color, i.json.celebrationEnabled]),
				[[LIFECYCLE_CUSTOMER, 'Client', '#16a34a', true]],
			),
	},
	...deliveryWaitCases,
	...rcsAndFileCases,
	...sendAndWaitCases,
	...sendAndWaitRefusals,
	...triggerEventsCases,
	...savedNodeCases,
	...savedAskCases,
	...burstWaitCases,
];
assertOwnWorkflowIds(cases);

const PEOPLE_QUERY = `/api/v1/collection-records/${PEOPLE}/query`;
/**
 * In n8n's own database (the durable scheduler's scheduled_task rows): as the first run of a
 * poll starts, its lease has already expired. Runs again (attempts > 0) keep theirs.
 */
const EXPIRE_FIRST_LEASE = `CREATE TRIGGER IF NOT EXISTS e2e_expire_first_lease AFTER UPDATE OF "startedAt" ON scheduled_task WHEN NEW."startedAt" IS NOT NULL AND OLD."startedAt" IS NULL AND NEW.attempts = 0 AND NEW."taskType" = 'workflow:poll-trigger' BEGIN UPDATE scheduled_task SET "leaseExpiresAt" = STRFTIME('%Y-%m-%d %H:%M:%f', 'NOW', '-1 seconds') WHERE id = NEW.id; END`;
const KEEP_LEASES = 'DROP TRIGGER IF EXISTS e2e_expire_first_lease';

/**
 * The passes over the people the sandbox answered, each from its first query (the question past
 * the bound, when it takes stock) to the page shorter than asked that ended it.
 */
function passesOver(sandbox) {
	const passes = [];
	let start;
	let queries = 0;
	for (const query of sandbox.requests.filter(isPeopleQuery)) {
		start ??= query;
		queries += 1;
		if (query.status === 200 && query.body?.offset === 0 && query.rows < query.body.limit) {
			passes.push({ start, at: start.at, last: query, doneAt: query.doneAt, queries });
			[start, queries] = [undefined, 0];
		}
	}
	return passes;
}

/** A change made through the API, as another user of the workspace makes it; its `data`. */
async function throughApi(sandbox, method, path, body) {
	const response = await fetch(`${sandbox.url}/api/v1${path}`, {
		method,
		headers: { ...sandboxHeaders(sandbox.config), 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const answer = await response.json();
	if (!response.ok || answer.status === false)
		throw new Error(`${method} ${path}: HTTP ${response.status} ${JSON.stringify(answer)}`);
	return answer._id ? { _id: answer._id, ...answer.data } : answer.data;
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Until `holds()`, checked every 250 ms, or fails after `ms` saying `what`. */
async function until(holds, ms, what) {
	for (const deadline = Date.now() + ms; !holds(); ) {
		if (Date.now() > deadline) throw new Error(what);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}
const isPeopleQuery = (request) =>
	request.method === 'POST' && request.path === `/api/v1/collection-records/${PEOPLE}/query`;
const isActivityQuery = (request) =>
	request.method === 'POST' && request.path === '/api/v1/collection-records/activity-list/query';

/**
 * `count` people created straight in the sandbox's data, as others in the workspace would,
 * oldest first, three to a millisecond (rows sharing a timestamp across pages and polls).
 */
function addPeople(sandbox, count, idKind, name) {
	const people = sandbox.state.records.get(PEOPLE);
	const start = Date.now() - Math.ceil(count / 3);
	const rows = Array.from({ length: count }, (_, i) => ({
		_id: objectId(idKind, i + 1),
		name: `${name} ${i + 1}`,
		createdAt: new Date(start + Math.floor(i / 3)).toISOString(),
	}));
	for (const row of rows) people.set(row._id, row);
	return rows;
}

/**
 * Every id in `expected` was emitted exactly once over all the runs, each of which succeeded;
 * nothing else was emitted but, at most once each, the ids in `mayAlso`. The rows emitted.
 */
/** assertEmittedOnce, its failure followed by `context`. */
function assertEmittedOnceOr(runs, expected, context) {
	try {
		return assertEmittedOnce(runs, expected);
	} catch (error) {
		error.message = `${error.message}; ${context}`;
		throw error;
	}
}

function assertEmittedOnce(runs, expected, mayAlso = []) {
	const failed = runs.filter((run) => run.status !== 'success');
	assert.ok(
		!failed.length,
		`${failed.length} of ${runs.length} executions did not succeed, the first: #${failed[0]?.id} ${failed[0]?.status}: ${failed[0]?.error}`,
	);
	const counts = new Map();
	for (const json of runs.flatMap((run) => run.items))
		counts.set(json._id, (counts.get(json._id) ?? 0) + 1);
	const twice = [...counts].filter(([, n]) => n > 1).map(([id]) => id);
	const missing = expected.filter((id) => !counts.has(id));
	const allowed = new Set([...expected, ...mayAlso]);
	const others = [...counts.keys()].filter((id) => !allowed.has(id));
	const emitted = [...counts.values()].reduce((a, b) => a + b, 0);
	assert.ok(
		!twice.length && !missing.length && !others.length,
		`${emitted} rows emitted in ${runs.length} executions: ${twice.length} more than once (${twice.slice(0, 3).join(', ')}), ${missing.length} of ${expected.length} never (${missing.slice(0, 3).join(', ')}), ${others.length} not new (${others.slice(0, 3).join(', ')})`,
	);
	return emitted;
}

/**
 * How long each poll that emitted took, from the sandbox's log: from its first query request
 * to the answer to its last. One poll runs at a time (the trigger's own guard), and each
 * emitting poll ends just before its execution starts, so a poll's requests are those after
 * the previous one's execution started (or after `since`, an index into the log) and before
 * its own. Empty polls after the last emission are not counted.
 */
function pollSpans(sandbox, runs, since) {
	const queries = sandbox.requests.slice(since).filter(isPeopleQuery);
	let from = 0;
	return runs.map((run) => {
		const mine = queries.filter((r) => r.at >= from && r.at < run.startedAt);
		from = run.startedAt;
		if (!mine.length) return NaN;
		return Math.max(...mine.map((r) => r.doneAt ?? r.at)) - Math.min(...mine.map((r) => r.at));
	});
}

/**
 * Create or Update with Map Automatically, three items naming one new email: items with one
 * match value take turns within the run, so it is created once, then updated twice.
 */
function repeatedEmailCase({ file, title, maxConcurrency }) {
	// One email per example: in the demo both write to one workspace (uniqueEmailsOf).
	const email = `${file.replace(/^records-record-upsert-/, '')}@example.com`;
	const field = (id, displayName, type, required = false) => ({
		id,
		displayName,
		required,
		defaultMatch: false,
		canBeUsedToMatch: true,
		display: true,
		type,
	});
	return {
		file,
		title,
		node: 'workspaceRecords',
		items: 3,
		itemsCode: `return [1, 2, 3].map((n) => ({ json: { name: 'Repeat ' + n, emails: '${email}', leadScore: n } }));`,
		parameters: {
			resource: 'record',
			operation: 'upsert',
			collectionId: fromList(PEOPLE, 'People'),
			upsertColumns: {
				mappingMode: 'autoMapInputData',
				value: null,
				matchingColumns: ['emails'],
				schema: [
					field('name', 'Name', 'string', true),
					field('emails', 'Emails', 'string'),
					field('leadScore', 'Lead Score', 'number'),
				],
			},
			...(maxConcurrency ? { options: { maxConcurrency } } : {}),
		},
		requests: (requests) => {
			const creates = requests.filter(
				(r) => r.method === 'POST' && r.path === `/api/v1/collection-records/${PEOPLE}`,
			);
			assert.equal(creates.length, 1, 'creates sent');
			assert.ok(
				requests.every((r) => r.status === 200),
				'every request answered 200',
			);
		},
		check: (items, sandbox) => {
			assert.deepEqual(
				items.map((i) => i.json.action),
				['created', 'updated', 'updated'],
			);
			const records = recordsWhere(sandbox, (r) => JSON.stringify(r.emails ?? '').includes(email));
			assert.equal(records.length, 1, `records with ${email}`);
			assert.deepEqual([records[0].name, records[0].leadScore], ['Repeat 3', 3]);
			assert.deepEqual(new Set(items.map((i) => i.json._id)), new Set([records[0]._id]));
		},
	};
}

/**
 * Twenty people from a form, each with an email of their own (Emails is unique in the
 * workspace); the fifth create fails with `fault`. Every item succeeds, one of them settled by a
 * look-up, and each person exists once.
 */
function lostAnswerCase({ file, lines, title, fault, settled, creates }) {
	return {
		file,
		lines,
		title,
		node: 'workspaceRecords',
		items: 20,
		itemsCode:
			// Emails of this example's own (Emails is unique, and the demo's examples share a workspace).
			`return Array.from({ length: 20 }, (_, i) => ({ json: { name: 'Imported ' + i, emails: 'imported.' + i + '.${file.replace(/^records-create-/, '')}@example.com' } }));`,
		setup: (sandbox) =>
			sandbox.addFault({
				method: 'POST',
				path: `/api/v1/collection-records/${PEOPLE}`,
				skip: 4,
				...fault,
			}),
		parameters: {
			resource: 'record',
			operation: 'create',
			collectionId: fromList(PEOPLE, 'People'),
			columns: mapped(null),
		},
		requests: (requests) =>
			assert.equal(
				requests.filter(
					(r) => r.method === 'POST' && r.path === `/api/v1/collection-records/${PEOPLE}`,
				).length,
				creates,
				'creates sent',
			),
		check: (items, sandbox) => {
			assert.equal(items.length, 20);
			assert.equal(items.filter((i) => i.json.error).length, 0, 'error items');
			assert.deepEqual(
				items.filter((i) => i.json.lostAnswer).map((i) => i.json.lostAnswer),
				[settled],
			);
			assertEachImportedOnce(sandbox, 20);
		},
	};
}

/** The people in the sandbox for which `test` holds. */
const recordsWhere = (sandbox, test) =>
	[...sandbox.state.records.get(PEOPLE).values()].filter(test);

/** A RegExp matching `text` exactly. */
const exactly = (text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** Every "Imported i" person exists exactly once in the sandbox. */
function assertEachImportedOnce(sandbox, count) {
	const names = [...sandbox.state.records.get(PEOPLE).values()]
		.map((r) => r.name)
		.filter((n) => n.startsWith('Imported '));
	assert.equal(names.length, count, 'records');
	assert.equal(new Set(names).size, count, 'distinct records');
}

const NODE_CREDENTIAL = {
	workspaceRecords: 'workspaceRecordsApi',
	workspaceLists: 'workspaceRecordsApi',
	workspaceActivities: 'workspaceRecordsApi',
	workspaceMembers: 'workspaceRecordsApi',
	workspaceAttributes: 'workspaceRecordsApi',
	workspaceUserGroups: 'workspaceUserGroupsApi',
	workspaceSms: 'workspaceRecordsApi',
	workspaceWhatsApp: 'workspaceRecordsApi',
	workspaceEmail: 'workspaceRecordsApi',
	workspaceWaitForDelivery: 'workspaceRecordsApi',
	workspaceSendAndWait: 'workspaceRecordsApi',
	workspaceRcs: 'workspaceRecordsApi',
	workspaceRecordsTrigger: 'workspaceRecordsApi',
	workspaceListsTrigger: 'workspaceRecordsApi',
	workspaceActivitiesTrigger: 'workspaceRecordsApi',
	// Calls nothing: no credential.
	workspaceWhatsAppTrigger: undefined,
};

/** A Code node that makes `testCase.items` items, as an import or a form's batch would. */
const itemsNode = (testCase) => ({
	id: `${testCase.file}-items`,
	name: 'Make Items',
	type: 'n8n-nodes-base.code',
	typeVersion: 2,
	position: [260, 0],
	parameters: {
		jsCode:
			testCase.itemsCode ??
			`return Array.from({ length: ${testCase.items} }, (_, i) => ({ json: { name: 'Imported ' + i } }));`,
	},
});

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

/**
 * The emails an example writes as new people: Emails is unique in the workspace, and the demo
 * runs every example against one sandbox, so two examples writing the same new email make the
 * second fail with "already exists". Read from what the example sends: its mapped values and
 * the items its Code node makes. Emails of the seed people are left out: an example matching
 * an existing person, or refused for taking one, means to.
 */
function newEmailsOf(testCase, seedEmails) {
	const { node, parameters } = testCase;
	if (node !== 'workspaceRecords' || !['create', 'upsert'].includes(parameters.operation))
		return [];
	// The Code node's items, made as n8n makes them: the code returns them.
	const items = testCase.itemsCode ? new Function(testCase.itemsCode)() : [];
	const written = JSON.stringify([parameters, items]).match(EMAIL) ?? [];
	return [...new Set(written)].filter((email) => !seedEmails.has(email));
}

/** Throws, naming them, when two examples write the same new email (see newEmailsOf). */
export function assertNoSharedData(allCases) {
	const seed = createSandbox();
	const seedEmails = new Set(
		[...seed.state.records.get(PEOPLE).values()].flatMap((person) => person.emails ?? []),
	);
	const writers = new Map();
	for (const testCase of allCases)
		for (const email of newEmailsOf(testCase, seedEmails))
			writers.set(email, [...(writers.get(email) ?? []), testCase.file]);
	const shared = [...writers].filter(([, files]) => files.length > 1);
	if (shared.length)
		throw new Error(
			`examples write the same new person, so in the demo the second fails with "already exists": ${shared.map(([email, files]) => `${email} in ${files.join(' and ')}`).join('; ')}`,
		);
}

/** A fixed UUID-shaped id per case, so that the examples stay the same from run to run. */
function webhookIdOf(file) {
	let hash = 0;
	for (const char of file) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
	const hex = hash.toString(16).padStart(8, '0');
	return `${hex}-0000-4000-8000-${hex}0000`;
}

/**
 * The importable workflow of a case: a Manual Trigger and the node, with a credential
 * placeholder. A trigger case is the trigger alone: it starts the workflow itself.
 */
export function workflowOf(testCase) {
	const credential = NODE_CREDENTIAL[testCase.node];
	const settings = {
		executionOrder: 'v1',
		...(testCase.timezone ? { timezone: testCase.timezone } : {}),
	};
	const nodeName =
		testCase.nodeName ?? testCase.title.split(': ')[1].replace(/^./, (c) => c.toUpperCase());
	const node = {
		id: `${testCase.file}-node`,
		name: nodeName,
		type: `n8n-nodes-workspace-records.${testCase.node}`,
		typeVersion: 1,
		position: [260 * (1 + (testCase.items ? 1 : 0) + (testCase.before ? 1 : 0)), 0],
		parameters: testCase.parameters,
		...(credential ? { credentials: { [credential]: CREDENTIALS[credential] } } : {}),
		// A webhook's production URL is /webhook/<webhookId>/<path>; the editor gives each node
		// with webhooks an id (a trigger's, or a node that waits: Send and Wait).
		...(testCase.webhook || (testCase.waits && !testCase.then)
			? { webhookId: webhookIdOf(testCase.file) }
			: {}),
		...testCase.nodeSettings,
	};
	if (testCase.trigger) {
		// `then`: the node the trigger's items go to (a reply to an incoming message).
		const { then } = testCase;
		const next = then && {
			id: `${testCase.file}-then`,
			name: then.name,
			type: `n8n-nodes-workspace-records.${then.node}`,
			typeVersion: 1,
			position: [260, 0],
			parameters: then.parameters,
			credentials: { [NODE_CREDENTIAL[then.node]]: CREDENTIALS[NODE_CREDENTIAL[then.node]] },
			...then.nodeSettings,
		};
		return {
			id: workflowIdOf(testCase.file),
			name: testCase.title,
			active: false,
			settings,
			nodes: [{ ...node, position: [0, 0] }, ...(next ? [next] : [])],
			connections: next
				? { [nodeName]: { main: [[{ node: next.name, type: 'main', index: 0 }]] } }
				: {},
		};
	}
	// `before`: a node of ours that runs first (an attribute created before records use it).
	const { before } = testCase;
	const first = before && {
		id: `${testCase.file}-before`,
		name: before.name,
		type: `n8n-nodes-workspace-records.${before.node}`,
		typeVersion: 1,
		position: [260, 0],
		parameters: before.parameters,
		credentials: { [NODE_CREDENTIAL[before.node]]: CREDENTIALS[NODE_CREDENTIAL[before.node]] },
	};
	const items = testCase.items && {
		...itemsNode(testCase),
		position: [before ? 520 : 260, 0],
	};

	// `then`: a node after the one under test (Wait for Delivery after a send), which has a
	// webhook (its resume address) and so, as the editor gives it, an id.
	const then = testCase.then && {
		id: `${testCase.file}-then`,
		name: testCase.then.name,
		type: `n8n-nodes-workspace-records.${testCase.then.node}`,
		typeVersion: 1,
		position: [node.position[0] + 260, 0],
		parameters: testCase.then.parameters,
		credentials: {
			[NODE_CREDENTIAL[testCase.then.node]]: CREDENTIALS[NODE_CREDENTIAL[testCase.then.node]],
		},
		webhookId: webhookIdOf(`${testCase.file}-then`),
	};
	const chain = ['Manual Trigger', first?.name, items?.name, nodeName, then?.name].filter(Boolean);
	return {
		id: workflowIdOf(testCase.file),
		name: testCase.title,
		active: false,
		settings,
		// The node under test stays second: the e2e run reads its output there.
		nodes: [
			{
				id: `${testCase.file}-trigger`,
				name: 'Manual Trigger',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			node,
			...(items ? [items] : []),
			...(first ? [first] : []),
			...(then ? [then] : []),
		],
		connections: Object.fromEntries(
			chain
				.slice(0, -1)
				.map((from, i) => [from, { main: [[{ node: chain[i + 1], type: 'main', index: 0 }]] }]),
		),
	};
}
