'use strict';
// The route table: each resource's module adds its routes; a request goes to the first route
// whose path matches with its method, once authenticated (docs/api.md §5).
const { ApiError } = require('./shared');

/** `/api/v1…` as a pattern; `ID` is one path segment, given to the handler. */
const v1 = (path) => new RegExp(`^/api/v1${path}$`);
const ID = '([^/]+)';

function createRouter(config) {
	const routes = [];

	function requireHeaderAuth(req) {
		const key = req.headers['x-api-key'];
		const workspace = req.headers['x-workspace-id'];
		if (!key || !workspace) throw new ApiError(401, 'No token provided');
		if (key !== config.apiKey || workspace !== config.workspaceId) {
			throw new ApiError(401, 'Unauthorised');
		}
	}
	/** The main host's campaign pages (vendor docs, "Authentication"): `Authorization: Bearer <key>`. */
	function requireBearerAuth(req) {
		const match = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
		if (!match) throw new ApiError(401, 'No token provided');
		if (match[1] !== config.apiKey) throw new ApiError(401, 'Unauthorised');
	}
	function requireTokenAuth(req) {
		const header = req.headers.authorization ?? '';
		const match = /^Token (.+)$/.exec(header);
		if (!match) throw new ApiError(401, 'No token provided', 'success');
		if (match[1] !== config.userGroupsApiKey) throw new ApiError(401, 'Unauthorised', 'success');
	}

	return {
		/**
		 * `auth` is 'header' (records and messaging hosts, §5.1), 'bearer' (the campaign paths of
		 * the records host, §4.9) or 'token' (user groups, §5.2).
		 */
		route(method, pattern, auth, handler) {
			routes.push({ method, pattern, auth, handler });
		},
		/** Finds the route, checks auth and runs it; `reply` gets what it answers. */
		async dispatch(req, path, body, bodyError, fault, reply) {
			const candidates = routes.filter((r) => r.pattern.test(path));
			const match = candidates.find((r) => r.method === req.method);
			if (!match) {
				if (candidates.length) throw new ApiError(405, `${req.method} is not allowed on ${path}`);
				throw new ApiError(404, `No route ${req.method} ${path}`);
			}
			if (match.auth === 'header') requireHeaderAuth(req);
			else if (match.auth === 'bearer') requireBearerAuth(req);
			else requireTokenAuth(req);
			if (bodyError) {
				throw new ApiError(
					400,
					`Invalid data Provided: the body is not valid JSON (${bodyError.message})`,
					match.auth === 'token' ? 'success' : 'status',
				);
			}
			const params = match.pattern.exec(path).slice(1).map(decodeURIComponent);
			return reply(await match.handler({ body, req, fault }, params));
		},
	};
}

module.exports = { createRouter, v1, ID };
