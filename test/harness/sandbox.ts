import type { Sandbox } from '../sandbox/server';
import { createSandbox } from '../sandbox/server';

/**
 * One sandbox per test file, fresh seed data before each test. Returns an object whose
 * fields are filled in by beforeAll, so tests can destructure it at the top.
 */
export function useSandbox(options: Parameters<typeof createSandbox>[0] = {}) {
	const context = {} as {
		sandbox: Sandbox;
		url: string;
		credentials: {
			workspaceRecordsApi: {
				baseUrl: string;
				aiBaseUrl: string;
				apiKey: string;
				workspaceId: string;
			};
			workspaceUserGroupsApi: { baseUrl: string; apiKey: string };
		};
	};
	beforeAll(async () => {
		context.sandbox = createSandbox(options);
		context.url = await context.sandbox.start();
		const { apiKey, workspaceId, userGroupsApiKey } = context.sandbox.config;
		context.credentials = {
			workspaceRecordsApi: { baseUrl: context.url, aiBaseUrl: context.url, apiKey, workspaceId },
			workspaceUserGroupsApi: { baseUrl: context.url, apiKey: userGroupsApiKey },
		};
	});
	beforeEach(() => context.sandbox.reset());
	afterAll(async () => await context.sandbox.stop());
	return context;
}
