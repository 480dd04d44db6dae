import type {
	IDataObject,
	IHookFunctions,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { jsonParse, NodeOperationError } from 'n8n-workflow';

import { clock } from '../shared/clock';
import type { EventName } from './events';
import { eventKey, eventOf, itemOf } from './events';
import { rememberOnce } from './eventMemory';
import { checkSecretHeader } from './secretHeader';

/** An answer without starting the workflow: 2xx, so that the workspace does not retry it. */
const acknowledged = (message: string): IWebhookResponseData => ({
	webhookResponse: { message },
});

/** The request's body as sent: n8n parses only some content types, and rounds big numbers. */
function readPayload(context: IWebhookFunctions): { payload: unknown; rawBody?: string } {
	const raw = (context.getRequestObject() as { rawBody?: Buffer }).rawBody;
	const rawBody = raw && raw.length ? raw.toString('utf8') : undefined;
	if (rawBody !== undefined) {
		try {
			return { payload: jsonParse(rawBody), rawBody };
		} catch {
			// Not JSON: whatever n8n made of it is all there is.
		}
	}
	return { payload: context.getBodyData(), rawBody };
}

/** Refuses the request (401 without the header, 403 with another value); nothing is emitted. */
function refuse(context: IWebhookFunctions, status: 401 | 403, headerName: string) {
	const response = context.getResponseObject();
	response.status(status).json({
		message:
			status === 401
				? `The header ${headerName} is missing: add it under Advanced Settings in the workspace webhook`
				: `The header ${headerName} has the wrong value: it must match Secret Header Value in the n8n trigger`,
	});
	return { noWebhookResponse: true };
}

/**
 * One delivery from the workspace: checked against the secret header, answered 2xx at once
 * (n8n answers "Workflow was started" when an item is returned), emitted once per event.
 */
export async function receiveEvent(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const headerName = String(this.getNodeParameter('headerName', '')).trim();
	const secret = String(this.getNodeParameter('headerValue', ''));
	// Activation refuses empty fields (secretRequired); a request meanwhile is refused too.
	if (!headerName || !secret) return refuse(this, 403, headerName || 'secret header');
	const check = checkSecretHeader(this.getHeaderData(), headerName, secret);
	if (check !== 'accepted') return refuse(this, check === 'missing' ? 401 : 403, headerName);

	const { payload, rawBody } = readPayload(this);
	const event = eventOf(payload);
	if (event === undefined) {
		this.logger.warn('Workspace WhatsApp Trigger: a request that is no known event was ignored');
		return acknowledged('Received: not an event this trigger knows');
	}
	const chosen = this.getNodeParameter('events', []) as EventName[];
	if (!chosen.includes(event)) return acknowledged(`Received: ${event} is not chosen in Events`);

	const body = payload as IDataObject;
	const key = eventKey(event, body);
	const { id: workflowId } = this.getWorkflow();
	const scope = `${workflowId ?? ''}:${this.getNode().id}:${this.getMode()}`;
	if (key && !rememberOnce(this.getWorkflowStaticData('node'), scope, key, clock.now()))
		return acknowledged('Received before: not emitted again');

	return { workflowData: [this.helpers.returnJsonArray(itemOf(event, body, rawBody))] };
}

/**
 * The workspace has no API for webhooks, so there is nothing to register or remove; what
 * activation can do is refuse a trigger that would refuse every request.
 */
export async function secretRequired(this: IHookFunctions): Promise<boolean> {
	const headerName = String(this.getNodeParameter('headerName', '')).trim();
	const secret = String(this.getNodeParameter('headerValue', ''));
	if (!headerName || !secret) {
		throw new NodeOperationError(
			this.getNode(),
			'Set Secret Header Name and Secret Header Value: the same custom header as in the workspace webhook (Settings → Developer → Webhook → Advanced Settings)',
		);
	}
	return true;
}
