'use strict';
// The sandbox's live data: built from the seed (docs/api.md §10.7) on every reset, with the ids,
// timestamps and tokens it hands out and the lookups every resource shares.
const { randomUUID } = require('node:crypto');
const { buildSeed } = require('./seed');
const { sentMessages, WHATSAPP_ACCOUNTS } = require('./messaging/seed');
const { notFound } = require('./shared');

/** The workspace as the seed builds it for `people` people records. */
function seededState(people, workspaceId) {
	// A copy of its own: the seed's option and status objects are module constants, and a sandbox
	// that renames a status (Status Option → Update) must not rename it in every other sandbox
	// of the process, or after its own reset (the copy keeps the records' and the attributes'
	// shared objects shared).
	const seed = structuredClone(buildSeed({ people }));
	const state = {
		members: seed.members,
		collections: new Map(Object.values(seed.collections).map((c) => [c._id, c])),
		attributes: new Map(),
		records: new Map(
			Object.entries(seed.records).map(([id, list]) => [id, new Map(list.map((r) => [r._id, r]))]),
		),
		lists: new Map(seed.lists.map(({ attributesKey, ...list }) => [list._id, list])),
		entries: new Map(seed.lists.map((list) => [list._id, new Map()])),
		// One group to rotate, update and delete in examples; its token is fixed.
		userGroups: new Map([
			[
				'acme-sales',
				{
					team_id: 100,
					token: 'ug_seed_token_acme',
					name: 'Acme Sales',
					provided_id: 'acme-sales',
					properties: { region: 'EU' },
				},
			],
		]),
		teamCounter: 100,
		sms: [],
		whatsAppAccounts: structuredClone(WHATSAPP_ACCOUNTS),
		/** Every message sent, by request id: its delivery report, and the body it was sent with. */
		messages: new Map(sentMessages(workspaceId).map((m) => [m.request_id, m])),
		/** When each WhatsApp customer last wrote to each account, by `phoneId|number` (messaging/conversations.js). */
		whatsAppSessions: new Map(),
		/** Every message sent in a WhatsApp conversation (no request id: they have no delivery report). */
		conversationMessages: [],
		/** Every RCS message sent (routes/rcs.js): campaign sends have no request id either. */
		rcsMessages: [],
		/** Every email sent on the campaign path, and the attachments uploaded (routes/emailCampaign.js). */
		campaignEmails: [],
		uploads: new Map(),
	};
	for (const collection of state.collections.values()) {
		state.attributes.set(
			`collection:${collection._id}`,
			seed.attributes[collection.collectionType],
		);
	}
	state.attributes.set('collection:activity-list', seed.attributes.activity);
	for (const list of seed.lists) {
		state.attributes.set(`list:${list._id}`, seed.attributes[list.attributesKey]);
	}
	for (const entry of seed.entries) state.entries.get(entry.listId).set(entry._id, entry);
	return state;
}

/**
 * The data and its version. `dataVersion` grows with every change (and every hand-out of the
 * state, which may be changed by whoever takes it): the queries' caches are kept per version.
 */
function createStore({ config, clock }) {
	let counter = 0;
	const store = {
		state: undefined,
		dataVersion: 0,
		reset(seedOptions = {}) {
			store.dataVersion += 1;
			store.state = seededState(seedOptions.people ?? config.people, config.workspaceId);
			counter = 0;
		},
		newId() {
			counter += 1;
			return '9f' + clock().toString(16).padStart(12, '0') + counter.toString(16).padStart(10, '0');
		},
		/** Now, by the sandbox's clock, as the service writes timestamps. */
		now: () => new Date(clock()).toISOString(),
		newToken: () => randomUUID().replace(/-/g, ''),

		collectionRecords(collectionId) {
			const records = store.state.records.get(collectionId);
			if (!records) throw notFound('Collection');
			return records;
		},
		attributesOf(target, targetId) {
			const attributes = store.state.attributes.get(`${target}:${targetId}`);
			if (!attributes) throw notFound(target === 'list' ? 'List' : 'Collection');
			return attributes;
		},
		findRecordAnywhere(id) {
			for (const [collectionId, records] of store.state.records) {
				if (records.has(id)) return { collectionId, record: records.get(id) };
			}
			return undefined;
		},
		collectionOfType(type) {
			return [...store.state.collections.values()].find((c) => c.collectionType === type);
		},
	};
	store.reset();
	return store;
}

module.exports = { createStore };
