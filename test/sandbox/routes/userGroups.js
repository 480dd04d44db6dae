'use strict';
// User groups of embedded dashboards, on the token-authenticated /api/user (docs/api.md §4.8).
const { ApiError, isPlainObject } = require('../shared');

module.exports = function userGroupsRoutes({ route, store }) {
	const groupOut = (group) => ({
		team_id: group.team_id,
		token: group.token,
		name: group.name,
		provided_id: group.provided_id,
		properties: group.properties,
		api_environment_tag: 'Customer',
	});
	const groupByToken = (token) =>
		[...store.state.userGroups.values()].find((g) => g.token === token);
	// docs/api.md §7, §10.2: /api/user signals failure by success = 0; only missing or wrong keys get 401.
	const groupFailure = (message) => new ApiError(200, message, 'success');

	route('POST', /^\/api\/user$/, 'token', ({ body }) => {
		const currentToken = isPlainObject(body) ? body.current_token : undefined;
		if (currentToken !== undefined && currentToken !== '') {
			const group = groupByToken(currentToken);
			if (!group) throw groupFailure('Unknown current_token: no user group has this token');
			group.token = store.newToken();
			return { success: 1, user_group: groupOut(group) };
		}
		store.state.teamCounter += 1;
		const group = {
			team_id: store.state.teamCounter,
			token: store.newToken(),
			name: null,
			provided_id: null,
			properties: null,
		};
		store.state.userGroups.set(`team:${group.team_id}`, group);
		return { success: 1, user_group: groupOut(group) };
	});
	route('PUT', /^\/api\/user$/, 'token', ({ body }) => {
		if (!isPlainObject(body)) throw groupFailure('The body must be a JSON object');
		const { name, user_group_id: providedId, mapping, properties } = body;
		if (typeof providedId !== 'string' || !providedId)
			throw groupFailure('user_group_id is required');
		if (mapping !== undefined && !isPlainObject(mapping))
			throw groupFailure('mapping must be an object');
		if (properties !== undefined && !isPlainObject(properties))
			throw groupFailure('properties must be an object');
		let group = store.state.userGroups.get(providedId);
		const created = !group;
		if (created) {
			store.state.teamCounter += 1;
			group = {
				team_id: store.state.teamCounter,
				token: store.newToken(),
				name: null,
				provided_id: providedId,
				properties: null,
			};
			store.state.userGroups.set(providedId, group);
		}
		if (name !== undefined) group.name = name;
		if (mapping !== undefined) group.mapping = mapping;
		if (properties !== undefined) group.properties = properties;
		return { success: 1, user_group: { new_user_group: created ? 1 : 0, ...groupOut(group) } };
	});
	route('DELETE', /^\/api\/user$/, 'token', ({ body }) => {
		const { user_group_id: providedId, current_token: currentToken } = isPlainObject(body)
			? body
			: {};
		const group = store.state.userGroups.get(providedId);
		if (!group) throw groupFailure(`No user group with user_group_id ${providedId}`);
		if (group.token !== currentToken)
			throw groupFailure('current_token does not match the user group');
		store.state.userGroups.delete(providedId);
		return { success: 1 };
	});
};
