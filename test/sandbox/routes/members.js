'use strict';
// Workspace members (docs/api.md §4.5).
const { notFound, ok } = require('../shared');
const { v1, ID } = require('../routing');

module.exports = function membersRoutes({ route, store }) {
	route('GET', v1('/workspace-members'), 'header', () =>
		ok('Workspace members fetched successfully!', store.state.members),
	);
	route('GET', v1(`/workspace-members/${ID}`), 'header', (_, [id]) => {
		const member = store.state.members.find((m) => m.userId === id);
		if (!member) throw notFound('Workspace member');
		return ok('Workspace member fetched successfully', member);
	});
};
