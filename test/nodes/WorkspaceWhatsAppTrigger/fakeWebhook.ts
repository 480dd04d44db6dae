import type { IDataObject, INode, IWebhookFunctions, WorkflowExecuteMode } from 'n8n-workflow';

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

/**
 * A webhook context as n8n builds one for the trigger: its parameters, the workflow's static
 * data (kept across calls, as n8n saves it), and one request. Enough for the trigger's
 * webhook(), which uses nothing else.
 */
export function fakeWebhookHost(
	parameters: IDataObject,
	{ workflowId = 'wf1', mode = 'webhook' as WorkflowExecuteMode } = {},
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
	const warnings: string[] = [];
	const contextFor = (delivery: Delivery, answer: Answer): IWebhookFunctions => {
		const rawText =
			typeof delivery.body === 'string' ? delivery.body : JSON.stringify(delivery.body);
		const headers = Object.fromEntries(
			Object.entries(delivery.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
		);
		const response = {
			status(code: number) {
				answer.status = code;
				return response;
			},
			json(body: unknown) {
				answer.body = body;
				return response;
			},
		};
		return {
			getNodeParameter: (name: string, fallback?: unknown) => parameters[name] ?? fallback,
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
				returnJsonArray: (json: IDataObject | IDataObject[]) =>
					(Array.isArray(json) ? json : [json]).map((item) => ({ json: item })),
			},
		} as unknown as IWebhookFunctions;
	};
	return { node, staticData, warnings, contextFor };
}
