import type {
	IDataObject,
	IHookFunctions,
	INodeExecutionData,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { jsonParse, NodeOperationError } from 'n8n-workflow';

import type { EventName } from './events';
import { DELIVERY_STATUS, eventIdentity, eventOf, itemOf } from './events';
import { admit } from './eventMemory';
import { hasPostBackToken, POST_BACK_PREFIX, POST_BACK_WEBHOOK } from './postBackUrl';
import { downloadMedia } from './media';
import { listeningOf, listensForIncoming, whyNotListening } from './listening';
import { checkSecretHeader } from './secretHeader';

/** An answer without starting the workflow: 2xx, so that the workspace does not retry it. */
const acknowledged = (message: string): IWebhookResponseData => ({
	webhookResponse: { message },
});

interface Payload {
	payload: unknown;
	/** The body's text, where it is JSON. */
	rawJson?: string;
}

/** The request's body as sent: n8n parses only some content types, and rounds big numbers. */
function readPayload(context: IWebhookFunctions): Payload {
	const raw = (context.getRequestObject() as { rawBody?: Buffer }).rawBody;
	const rawBody = raw && raw.length ? raw.toString('utf8') : undefined;
	if (rawBody !== undefined) {
		try {
			return { payload: jsonParse(rawBody), rawJson: rawBody };
		} catch {
			// Not JSON: whatever n8n made of it is all there is.
		}
	}
	return { payload: context.getBodyData() };
}

/** Refuses a request with `status` and why; nothing is emitted, nothing remembered. */
function refuse(context: IWebhookFunctions, status: 401 | 403 | 409, message: string) {
	context.getResponseObject().status(status).json({ message });
	return { noWebhookResponse: true };
}

const missingHeader = (headerName: string) =>
	`The header ${headerName} is missing: add it under Advanced Settings in the workspace webhook. A send's delivery statuses go to the trigger's other URL, the one ending in /${POST_BACK_PREFIX}/…, as its Postback URL`;
const wrongHeader = (headerName: string) =>
	`The header ${headerName} has the wrong value: it must match Secret Header Value in the n8n trigger`;

/** One request to either URL of the trigger: checked as that URL requires, emitted once per event. */
export async function receiveEvent(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	return this.getWebhookName() === POST_BACK_WEBHOOK
		? await receivePostBack(this)
		: await receiveIncoming(this);
}

/** The workspace webhook's URL: checked by the secret header; with no incoming message chosen, nothing to emit. */
async function receiveIncoming(context: IWebhookFunctions): Promise<IWebhookResponseData> {
	const listening = listeningOf(context);
	if (!listensForIncoming(listening))
		return acknowledged(
			`Received: no incoming message is chosen in Events. Delivery statuses come to the URL ending in /${POST_BACK_PREFIX}/…`,
		);
	// Activation refuses this too; a test event meanwhile is refused with the same words.
	const notListening = whyNotListening(listening);
	if (notListening) return refuse(context, 403, notListening);
	const { headerName, headerValue } = listening;
	const check = checkSecretHeader(context.getHeaderData(), headerName, headerValue);
	if (check === 'missing') return refuse(context, 401, missingHeader(headerName));
	if (check === 'wrong') return refuse(context, 403, wrongHeader(headerName));
	return await emitOnce(context, readPayload(context));
}

/**
 * The post-back URL: the token in it (the vendor documents no header for post-backs) proves only
 * a send's delivery status; an incoming message must come to the other URL, with the header.
 */
async function receivePostBack(context: IWebhookFunctions): Promise<IWebhookResponseData> {
	const secret = String(context.getNodeParameter('headerValue', ''));
	const { originalUrl, url } = context.getRequestObject() as { originalUrl?: string; url?: string };
	if (!hasPostBackToken(originalUrl ?? url, secret))
		return refuse(
			context,
			403,
			"This is not the trigger's current Postback URL: copy it again from the node's Webhook URLs (it changes with Secret Header Value)",
		);
	const read = readPayload(context);
	const event = eventOf(read.payload);
	if (event !== undefined && event !== DELIVERY_STATUS)
		return refuse(
			context,
			403,
			`Only delivery statuses come to this URL: ${event} goes to the trigger's URL ending in /webhook, with the secret header`,
		);
	return await emitOnce(context, read);
}

/**
 * What both URLs do with a request they accept: known events chosen in Events, each once. An
 * incoming message's media is downloaded once the event is admitted (Download Media): while it
 * is, a repeat of the event waits (409); a download that fails leaves `mediaError` on the item.
 */
async function emitOnce(
	context: IWebhookFunctions,
	{ payload, rawJson }: Payload,
): Promise<IWebhookResponseData> {
	const event = eventOf(payload);
	if (event === undefined) {
		context.logger.warn('Workspace WhatsApp Trigger: a request that is no known event was ignored');
		return acknowledged('Received: not an event this trigger knows');
	}
	const chosen = context.getNodeParameter('events', []) as EventName[];
	if (!chosen.includes(event)) return acknowledged(`Received: ${event} is not chosen in Events`);

	const body = payload as IDataObject;
	const admission = admit(context, eventIdentity(event, body, rawJson));
	if (admission.verdict === 'taken') return acknowledged('Received before: not emitted again');
	// Not 2xx, so that the workspace retries it: by then n8n has started it, or failed to.
	if (admission.verdict === 'starting')
		return refuse(context, 409, 'The same event is being started now: it is not started twice');
	const json = itemOf(event, body, rawJson);
	const { binary, mediaError } = await downloadMedia(context, body);
	return startWith(
		[{ json: mediaError ? { ...json, mediaError } : json, ...(binary ? { binary } : {}) }],
		admission.started,
	);
}

/**
 * What starts the workflow with `items`. n8n 2.x reads the answer of an onReceived webhook once
 * it has created the execution, just before it saves the workflow's static data and answers
 * (webhook-helpers.js, live-webhooks.js): `started` runs then. Not earlier: creating the
 * execution resets n8n's mark of changed static data, so what was written before is not saved.
 * Answered as n8n answers by default: {"message":"Workflow was started"}.
 */
function startWith(items: INodeExecutionData[], started: () => void): IWebhookResponseData {
	return {
		workflowData: [items],
		get webhookResponse() {
			started();
			return undefined;
		},
	};
}

/** No webhook API to register with: activation refuses a trigger that would refuse every request. */
export async function readyToListen(this: IHookFunctions): Promise<boolean> {
	const notListening = whyNotListening(listeningOf(this));
	if (notListening) throw new NodeOperationError(this.getNode(), notListening);
	return true;
}
