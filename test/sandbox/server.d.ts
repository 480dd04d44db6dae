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
	/** The rows answered, when the answer holds a list (`data`). */
	rows?: number;
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
	/** With `afterHandling`: fail at once, and do the work this much later (by the sandbox's clock). */
	workLaterMs?: number;
	/** Let this many matching requests through before the fault applies. */
	skip?: number;
	/** Held this long before anything else is done, by the sandbox's `sleep`. */
	delayMs?: number;
	/**
	 * Held until `released` settles, after `arrived` is called: a test acts while the request
	 * waits, in the order it chooses (`heldRequest()` in test/harness/sandbox.ts).
	 */
	gate?: { arrived: () => void; released: Promise<unknown> };
	retryAfter?: number;
	message?: string;
	statusCode?: number;
	/** The body of a `status` fault. */
	body?: unknown;
	headers?: Record<string, string>;
}

/** A delivery-status postback the sandbox sent to a send's `post_back_url` (messaging/postbacks.js). */
export interface PostbackDelivery {
	url: string;
	/** The headers it went with: only the content type, as the vendor documents no other. */
	headers: Record<string, string>;
	/** The JSON text posted: `message_id` is a number beyond JavaScript's safe integers. */
	text: string;
	payload: { [key: string]: unknown };
	at: number;
	/** The status the URL answered, or why it could not be reached. */
	status?: number;
	error?: string;
}

/** A message sent through the messaging host: its delivery report, and the body it was sent with. */
export interface SentMessage {
	channel: 'whatsapp' | 'sms' | 'email';
	message_id: string;
	recipient: string;
	request_id: string;
	status: string;
	statusAt: string;
	remark: string;
	workspace_id: string;
	sent?: { [key: string]: unknown };
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
	/** The most WhatsApp templates a page holds, whatever `limit` asks: 10 by default. */
	templatePageCap?: number;
	/** Epoch milliseconds for timestamps, ids, the rate limit and the request log; real time by default. */
	clock?: () => number;
	/** What a fault's `delayMs` waits on: real time by default, a virtual clock's sleep in its tests. */
	sleep?: (ms: number) => Promise<void>;
	/** Told of every wait that holds a request (a delay, a gate), and waits on what it answers. */
	holding?: <T>(wait: Promise<T>) => Promise<T>;
	/** How a delivery-status postback travels: over HTTP unless a test routes it itself. */
	postBack?: (
		url: string,
		headers: Record<string, string>,
		text: string,
	) => Promise<{ status?: number; error?: string }>;
}

export interface Sandbox {
	config: Required<Omit<SandboxOptions, 'clock' | 'postBack' | 'sleep' | 'holding'>>;
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
		/** List entries by list, then by entry id. */
		entries: Map<string, Map<string, { [key: string]: unknown }>>;
		userGroups: Map<string, { [key: string]: unknown }>;
		sms: { [key: string]: unknown }[];
		messages: Map<string, SentMessage>;
		whatsAppAccounts: Array<{ phone_id: string; templates: Array<{ [key: string]: unknown }> }>;
		/** When each customer last wrote to each account, by `phoneId|number` (messaging/conversations.js). */
		whatsAppSessions: Map<string, number>;
		/** The messages sent in WhatsApp conversations, each with the time it was sent. */
		conversationMessages: Array<{ at: string; [key: string]: unknown }>;
		/** The RCS messages sent (routes/rcs.js). */
		rcsMessages: Array<{ at: string; [key: string]: unknown }>;
		/** The emails sent on the campaign path (routes/emailCampaign.js). */
		campaignEmails: Array<{ at: string; [key: string]: unknown }>;
		/** The attachments uploaded, by fileid: name, type, size and SHA-256 of the bytes received. */
		uploads: Map<string, { filename: string; contenttype: string; size: number; sha256: string }>;
	};
	readonly postbacks: {
		readonly deliveries: PostbackDelivery[];
		/** Resolves once every postback scheduled so far has been tried. */
		settled(): Promise<void>;
	};
	/** The workspace's webhooks for incoming messages (messaging/webhooks.js). */
	readonly webhooks: Webhooks;
	clearRequests(): void;
	/** The customer taps an RCS message's Reply suggestion: an incoming RCS message of type reply. */
	tapSuggestion(text: string): Promise<{ event: { [key: string]: unknown } }>;
	/**
	 * `onChunk(bytes, memory)` is told of each piece of an uploaded file as it arrives; `memory`
	 * about every `sampleEvery` bytes, when given (each sample is a full garbage collection).
	 */
	watchUploads(
		onChunk?: (bytes: number, memory?: NodeJS.MemoryUsage) => void,
		sampleEvery?: number,
	): void;
	/** The process's memory now, after a full garbage collection. */
	memory(): NodeJS.MemoryUsage;
	/** Hosts `bytes` as an incoming message's media: the URL to put in the message. */
	hostMedia(bytes: Buffer, contentType?: string): string;
	addFault(fault: Fault): void;
	rateLimit(settings: RateLimit): void;
	reset(seed?: { people?: number }): void;
	start(port?: number, host?: string): Promise<string>;
	stop(): Promise<void>;
}

export function createSandbox(options?: SandboxOptions): Sandbox;
export const DEFAULTS: Required<Omit<SandboxOptions, 'clock' | 'sleep' | 'holding'>>;
