import type {
	IDataObject,
	INode,
	IWebhookFunctions,
	IWebhookResponseData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { WorkspaceWhatsAppTrigger } from '../../../nodes/WorkspaceWhatsAppTrigger/WorkspaceWhatsAppTrigger.node';

/** What a fake request to the trigger answered, when the node answered it itself. */
export interface Answer {
	status?: number;
	body?: unknown;
}

export interface Delivery {
	/** Sent as the raw body, as n8n keeps it (`req.rawBody`); an object is sent as JSON. */
	body: unknown;
	headers?: Record<string, string>;
	/** n8n's parse of the body, when it differs from JSON.parse (another content type). */
	parsedBody?: IDataObject;
	/** Which of the node's webhooks n8n routed it to: 'default' (incoming) unless said. */
	webhookName?: string;
	/** The path it was posted to, as n8n's request object has it. */
	url?: string;
}

/** How a request went: what webhook() returned, the items it emitted, what was answered. */
export interface Handled {
	result: IWebhookResponseData;
	items: IDataObject[];
	/** The status the caller got: the node's own, else n8n's. */
	status: number;
	answer: Answer;
}

/**
 * A webhook context as n8n builds one for the trigger: its parameters, the workflow's static
 * data (kept across calls, as n8n saves it), and one request. Enough for the trigger's
 * webhook(), which uses nothing else. `request` then does what n8n 2.x does with its answer.
 */
export function fakeWebhookHost(
	parameters: IDataObject,
	{
		workflowId = 'wf1',
		mode = 'webhook' as WorkflowExecuteMode,
		helpers = {},
	}: {
		workflowId?: string;
		mode?: WorkflowExecuteMode;
		/** More of n8n's helpers (httpRequest, prepareBinaryData) for what the test needs. */
		helpers?: Partial<IWebhookFunctions['helpers']>;
	} = {},
) {
	const staticData: IDataObject = {};
	const node: INode = {
		id: 'trigger-node',
		name: 'Workspace WhatsApp Trigger',
		type: 'n8n-nodes-workspace-records.workspaceWhatsAppTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: parameters as INode['parameters'],
	};
	const trigger = new WorkspaceWhatsAppTrigger();
	// As n8n reads them: defaults filled in, a field hidden for the chosen events not there at all.
	const resolved = NodeHelpers.getNodeParameters(
		trigger.description.properties,
		node.parameters,
		true,
		false,
		node,
		trigger.description,
	) as IDataObject;
	const warnings: string[] = [];
	const answers = new Map<Answer, { finish(status: number): void }>();
	const contextFor = (delivery: Delivery, answer: Answer): IWebhookFunctions => {
		const rawText =
			typeof delivery.body === 'string' ? delivery.body : JSON.stringify(delivery.body);
		const headers = Object.fromEntries(
			Object.entries(delivery.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
		);
		const response = {
			statusCode: 200,
			status(code: number) {
				answer.status = code;
				response.statusCode = code;
				return response;
			},
			json(body: unknown) {
				answer.body = body;
				return response;
			},
			/** n8n ends its answer (express's res.end), whether or not the caller still listens. */
			end() {
				return response;
			},
			/** n8n answers `status`. */
			finish(status: number) {
				response.statusCode = status;
				response.end();
			},
		};
		answers.set(answer, response);
		return {
			getNodeParameter: (name: string, fallback?: unknown) => resolved[name] ?? fallback,
			getNode: () => node,
			getWorkflow: () => ({ id: workflowId, name: 'wf', active: true }),
			getMode: () => mode,
			getHeaderData: () => headers,
			getWebhookName: () => delivery.webhookName ?? 'default',
			getBodyData: () =>
				delivery.parsedBody ?? (typeof delivery.body === 'string' ? {} : delivery.body),
			getRequestObject: () => ({
				rawBody: Buffer.from(rawText, 'utf8'),
				originalUrl: delivery.url ?? '/webhook/trigger-webhook-id/webhook',
			}),
			getResponseObject: () => response,
			getWorkflowStaticData: (type: string) => {
				const key = type === 'node' ? `node:${node.name}` : 'global';
				staticData[key] ??= {};
				return staticData[key] as IDataObject;
			},
			logger: { warn: (message: string) => warnings.push(message) },
			helpers: {
				...helpers,
				returnJsonArray: (json: IDataObject | IDataObject[]) =>
					(Array.isArray(json) ? json : [json]).map((item) => ({ json: item })),
			},
		} as unknown as IWebhookFunctions;
	};

	/**
	 * One request, as n8n 2.x handles it (live-webhooks.js, webhook-helpers.js): the node answered
	 * it itself, or n8n answers 200 with the node's response and saves the static data; or, when
	 * the node started the workflow, n8n creates the execution, which resets its mark of changed
	 * static data, reads the node's `webhookResponse`, saves the static data only if it was
	 * changed since, and answers 200. Nothing written after n8n saved is kept. With `executionFails` (its database timing out), n8n
	 * answers 500 and saves nothing.
	 */
	async function request(delivery: Delivery, { executionFails = false } = {}): Promise<Handled> {
		const before = JSON.stringify(staticData);
		const restore = (saved: string) => {
			for (const key of Object.keys(staticData)) delete staticData[key];
			Object.assign(staticData, JSON.parse(saved) as IDataObject);
		};
		const answer: Answer = {};
		const result = await trigger.webhook.call(contextFor(delivery, answer));
		const starts = result.workflowData !== undefined && !result.noWebhookResponse;
		if (starts) {
			const marked = JSON.stringify(staticData);
			if (!executionFails) void result.webhookResponse;
			if (executionFails || JSON.stringify(staticData) === marked) restore(before);
		}
		// What n8n saved; what the node writes once the answer is sent is not saved.
		const saved = JSON.stringify(staticData);
		const status = answer.status ?? (starts && executionFails ? 500 : 200);
		answers.get(answer)?.finish(status);
		restore(saved);
		const items = starts && !executionFails ? result.workflowData![0].map((item) => item.json) : [];
		return { result, items, status, answer };
	}

	return { node, staticData, warnings, contextFor, request };
}
