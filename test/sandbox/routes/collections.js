'use strict';
// Collections (docs/api.md §4.2).
const { notFound, ok } = require('../shared');
const { v1, ID } = require('../routing');

module.exports = function collectionRoutes({ route, store }) {
	route('GET', v1('/collections'), 'header', () =>
		ok('Collection fetched successfully', [...store.state.collections.values()]),
	);
	route('GET', v1(`/collections/${ID}`), 'header', (_, [id]) => {
		const collection = store.state.collections.get(id);
		if (!collection) throw notFound('Collection');
		return ok('Collection fetched successfully', collection);
	});
};
