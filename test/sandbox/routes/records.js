'use strict';
// Collection records (docs/api.md §4.3); their queries page as query.js does.
const { badRequest, isPlainObject, notFound, ok } = require('../shared');
const { v1, ID } = require('../routing');

module.exports = function recordsRoutes({ route, store, values, queries }) {
	route('POST', v1(`/collection-records/${ID}`), 'header', ({ body }, [collectionId]) => {
		const records = store.collectionRecords(collectionId);
		if (!isPlainObject(body) || Object.keys(body).length === 0) {
			throw badRequest('give at least one attribute');
		}
		const attributes = store.attributesOf('collection', collectionId);
		const record = values.applyAttributes(attributes, body, { _id: store.newId() });
		values.checkUnique(attributes, record, records);
		record.createdAt = store.now();
		records.set(record._id, record);
		return ok('Record created successfully!', record, { _id: record._id });
	});
	route('POST', v1(`/collection-records/${ID}/query`), 'header', (request, [collectionId]) =>
		ok('success', queries.query(store.collectionRecords(collectionId), request)),
	);
	route('GET', v1(`/collection-records/${ID}/${ID}`), 'header', (_, [collectionId, recordId]) => {
		const record = store.collectionRecords(collectionId).get(recordId);
		if (!record) throw notFound('Record');
		return ok('Record fetched successfully', record);
	});
	route(
		'PATCH',
		v1(`/collection-records/${ID}/${ID}`),
		'header',
		({ body }, [collectionId, recordId]) => {
			const record = store.collectionRecords(collectionId).get(recordId);
			if (!record) throw notFound('Record');
			const attributes = store.attributesOf('collection', collectionId);
			const changes = values.applyAttributes(attributes, body, {});
			values.checkUnique(
				attributes,
				{ ...record, ...changes },
				store.collectionRecords(collectionId),
			);
			Object.assign(record, changes);
			return ok('Record updated successfully!');
		},
	);
	route(
		'DELETE',
		v1(`/collection-records/${ID}/${ID}`),
		'header',
		(_, [collectionId, recordId]) => {
			if (!store.collectionRecords(collectionId).delete(recordId)) throw notFound('Record');
			return ok('Record Deleted Successfully!');
		},
	);
};
