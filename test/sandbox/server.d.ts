// Types of the sandbox (server.js) for the TypeScript tests.
export interface RecordedRequest {
	method: string;
	path: string;
	query: Record<string, string>;
	headers: Record<string, string | undefined>;
	body: { [key: string]: unknown } | undefined;
	/** When it arrived, in epoch milliseconds. */
	at: number;
}

export interface Fault {
	method?: string;
	/** A path prefix. */
	path?: string;
	times?: number;
	kind?: 'rate-limit' | 'server-error' | 'status-false' | 'non-json' | 'ignore-offset' | 'status';
	delayMs?: number;
	retryAfter?: number;
	message?: string;
	statusCode?: number;
	/** The body of a `status` fault. */
	body?: unknown;
	headers?: Record<string, string>;
}

export interface SandboxOptions {
	apiKey?: string;
	workspaceId?: string;
	userGroupsApiKey?: string;
	pageCap?: number;
	people?: number;
	clock?: () => number;
}

export interface Sandbox {
	config: Required<Omit<SandboxOptions, 'clock'>>;
	url: string;
	readonly requests: RecordedRequest[];
	readonly stats: { queryBytes: number };
	readonly state: {
		records: Map<string, Map<string, { [key: string]: unknown }>>;
		userGroups: Map<string, { [key: string]: unknown }>;
		sms: { [key: string]: unknown }[];
	};
	clearRequests(): void;
	addFault(fault: Fault): void;
	reset(seed?: { people?: number }): void;
	start(port?: number, host?: string): Promise<string>;
	stop(): Promise<void>;
}

export function createSandbox(options?: SandboxOptions): Sandbox;
export const DEFAULTS: Required<Omit<SandboxOptions, 'clock'>>;
