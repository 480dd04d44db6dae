'use strict';
// Lists (docs/api.md §4.4).
const { notFound, ok } = require('../shared');
const { v1, ID } = require('../routing');

module.exports = function listsRoutes({ route, store }) {
	route('GET', v1('/lists'), 'header', () =>
		ok('Lists fetched successfully', [...store.state.lists.values()]),
	);
	route('GET', v1(`/lists/${ID}`), 'header', (_, [id]) => {
		const list = store.state.lists.get(id);
		if (!list) throw notFound('List');
		return ok('List fetched successfully', list);
	});
};
