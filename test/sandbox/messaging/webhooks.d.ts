// Types of the sandbox's webhooks (webhooks.js) for the TypeScript tests.
export interface WebhookSettings {
	name?: string;
	endpoint: string;
	events?: Array<'incoming.whatsapp.message' | 'incoming.rcs.message'>;
	dataType?: 'event-with-data' | 'only-event';
	/** The custom headers of Advanced Settings. */
	headers?: Record<string, string>;
	filter?: { phoneId?: string; botId?: string };
}

export interface Webhook extends Required<WebhookSettings> {
	id: string;
	disabled: boolean;
}

export interface IncomingOptions {
	eventId?: string;
	timestamp?: number;
	phoneId?: string;
	wabaId?: string;
	botId?: string;
	messageId?: string;
	name?: string;
	from?: string;
	message?: { type: string; [key: string]: unknown };
}

export interface WebhookDelivery {
	hookId: string;
	eventId: string;
	/** 0 the first delivery, 1 to 9 the retries. */
	attempt: number;
	why: 'first' | 'retry' | 'redelivery';
	at: number;
	ok: boolean;
	status?: number;
	answer?: string;
	error?: string;
}

export type Post = (
	url: string,
	headers: Record<string, string>,
	payload: Record<string, unknown>,
) => Promise<{ status?: number; error?: string }>;

export interface Webhooks {
	configure(settings: WebhookSettings): Webhook;
	receive(
		channel: 'whatsapp' | 'rcs',
		options?: IncomingOptions,
	): Promise<{
		event: Record<string, unknown> & { eventId: string };
		deliveries: WebhookDelivery[];
	}>;
	redeliver(eventId: string): Promise<{ deliveries: WebhookDelivery[] }>;
	runDue(options?: { now?: boolean }): Promise<WebhookDelivery[]>;
	readonly hooks: Webhook[];
	readonly deliveries: WebhookDelivery[];
	readonly pending: Array<{ hookId: string; eventId: string; attempt: number; dueAt: number }>;
	reset(): void;
}

export function createWebhooks(options: {
	clock: () => number;
	post?: Post;
	timeoutMs?: number;
	onIncoming?: (event: Record<string, unknown>) => void;
}): Webhooks;
export const RETRY_DELAYS_S: number[];
