// Types of the sandbox (server.js) for the TypeScript tests.
import type { Webhooks } from './messaging/webhooks';

export interface RecordedRequest {
	method: string;
	path: string;
	query: Record<string, string>;
	headers: Record<string, string | undefined>;
	body: { [key: string]: unknown } | undefined;
	/** When it arrived, in epoch milliseconds by the sandbox's clock. */
	at: number;
	/** The HTTP status answered, or 'reset' for a dropped connection. */
	status?: number | 'reset';
	/** When the answer was sent, in epoch milliseconds by the sandbox's clock. */
	doneAt?: number;
}

export interface Fault {
	method?: string;
	/** A path prefix. */
	path?: string;
	times?: number;
	kind?:
		| 'rate-limit'
		| 'server-error'
		| 'status-false'
		| 'non-json'
		| 'ignore-offset'
		| 'status'
		| 'reset';
	/** Do the work first, then fail: the client cannot tell whether it happened. */
	afterHandling?: boolean;
	/** Let this many matching requests through before the fault applies. */
	skip?: number;
	delayMs?: number;
	retryAfter?: number;
	message?: string;
	statusCode?: number;
	/** The body of a `status` fault. */
	body?: unknown;
	headers?: Record<string, string>;
}

export interface RateLimit {
	/** Tokens a second; 0 turns the limiter off. */
	rate?: number;
	burst?: number;
	retryAfter?: 'seconds' | 'date' | 'none';
}

export interface SandboxOptions {
	rateLimit?: RateLimit;
	apiKey?: string;
	workspaceId?: string;
	userGroupsApiKey?: string;
	pageCap?: number;
	people?: number;
	/** Epoch milliseconds for timestamps, ids, the rate limit and the request log; real time by default. */
	clock?: () => number;
}

export interface Sandbox {
	config: Required<Omit<SandboxOptions, 'clock'>>;
	url: string;
	readonly requests: RecordedRequest[];
	/** JSON bytes the query endpoints sent; connections opened, open now, and open at most since the last clear. */
	readonly stats: {
		queryBytes: number;
		connections: number;
		openConnections: number;
		peakConnections: number;
	};
	readonly state: {
		records: Map<string, Map<string, { [key: string]: unknown }>>;
		userGroups: Map<string, { [key: string]: unknown }>;
		sms: { [key: string]: unknown }[];
	};
	/** The workspace's webhooks for incoming messages (messaging/webhooks.js). */
	readonly webhooks: Webhooks;
	clearRequests(): void;
	addFault(fault: Fault): void;
	rateLimit(settings: RateLimit): void;
	reset(seed?: { people?: number }): void;
	start(port?: number, host?: string): Promise<string>;
	stop(): Promise<void>;
}

export function createSandbox(options?: SandboxOptions): Sandbox;
export const DEFAULTS: Required<Omit<SandboxOptions, 'clock'>>;
