'use strict';
// List entries (docs/api.md §4.4, §2.5).
const { MEMBERS } = require('../seed');
const { badRequest, isPlainObject, notFound, ok } = require('../shared');
const { v1, ID } = require('../routing');

module.exports = function listEntriesRoutes({ route, store, values, queries }) {
	function listEntries(listId) {
		const entries = store.state.entries.get(listId);
		if (!entries) throw notFound('List');
		return entries;
	}
	route('POST', v1(`/list-entries/${ID}`), 'header', ({ body }, [listId]) => {
		const entries = listEntries(listId);
		const list = store.state.lists.get(listId);
		if (!isPlainObject(body) || typeof body.recordId !== 'string' || !body.recordId) {
			throw badRequest('recordId is required');
		}
		const record = store.state.records.get(list.collectionId).get(body.recordId);
		if (!record) throw notFound('Record');
		if (
			!list.duplicationAllowed &&
			[...entries.values()].some((e) => e.recordId === body.recordId)
		) {
			throw badRequest(`record ${body.recordId} is already in this list`);
		}
		const kind = list.collection.collectionType;
		// One reading of the clock: an entry just added has updatedAt equal to createdAt (two
		// readings a millisecond apart made it look updated to List Entry Updated).
		const addedAt = store.now();
		const entry = {
			_id: store.newId(),
			listId,
			peopleId: kind === 'people' ? record._id : null,
			companyId: kind === 'company' ? record._id : null,
			dealId: kind === 'deals' ? record._id : null,
			recordId: record._id,
			owner: MEMBERS[0].userId,
			createdAt: addedAt,
			updatedAt: addedAt,
			__v: 0,
		};
		if (body.data !== undefined)
			values.applyAttributes(store.attributesOf('list', listId), body.data, entry);
		entries.set(entry._id, entry);
		return ok('List entry created successfully!', entry);
	});
	route('POST', v1(`/list-entries/${ID}/query`), 'header', (request, [listId]) =>
		ok('List Entries fetched successfully', queries.query(listEntries(listId), request)),
	);
	route('GET', v1(`/list-entries/${ID}/${ID}`), 'header', (_, [listId, entryId]) => {
		const entry = listEntries(listId).get(entryId);
		if (!entry) throw notFound('List entry');
		return ok('List entry fetched successfully', entry);
	});
	route('PATCH', v1(`/list-entries/${ID}/${ID}`), 'header', ({ body }, [listId, entryId]) => {
		const entry = listEntries(listId).get(entryId);
		if (!entry) throw notFound('List entry');
		values.applyAttributes(store.attributesOf('list', listId), body, entry);
		entry.updatedAt = store.now();
		entry.__v += 1;
		return ok('List entry updated successfully!');
	});
	route('DELETE', v1(`/list-entries/${ID}/${ID}`), 'header', (_, [listId, entryId]) => {
		if (!listEntries(listId).delete(entryId)) throw notFound('List entry');
		return ok('List Entry deleted successfully');
	});
};
