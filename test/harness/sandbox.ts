import type { Sandbox } from '../sandbox/server';
import { createSandbox } from '../sandbox/server';
import { holding } from './eventLoop';

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
		context.sandbox = createSandbox({ holding, ...options });
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

/**
 * A request the sandbox holds until the test releases it (a fault's `gate`): `arrived` settles
 * once it is held, so that a test acts while it waits, in an order of its choosing, not in a race
 * with a delay.
 */
export function heldRequest() {
	let arrive = () => {};
	let release = () => {};
	const arrived = new Promise<void>((resolve) => (arrive = resolve));
	const released = new Promise<void>((resolve) => (release = resolve));
	return { gate: { arrived: () => arrive(), released }, arrived, release: () => release() };
}
