import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	IWebhookFunctions,
} from 'n8n-workflow';

import { receiveAnswer } from '../../../../../nodes/shared/messaging/ask/sendAndWait';
import { WorkspaceEmail } from '../../../../../nodes/WorkspaceEmail/WorkspaceEmail.node';
import { WorkspaceSendAndWait } from '../../../../../nodes/WorkspaceSendAndWait/WorkspaceSendAndWait.node';
import { WorkspaceRcs } from '../../../../../nodes/WorkspaceRcs/WorkspaceRcs.node';
import { WorkspaceSms } from '../../../../../nodes/WorkspaceSms/WorkspaceSms.node';
import { WorkspaceWhatsApp } from '../../../../../nodes/WorkspaceWhatsApp/WorkspaceWhatsApp.node';

/**
 * Send and Wait as n8n runs it, without n8n: execute() with n8n's signed links and a messaging
 * host that answers (fakeRun), and webhook() with the person's browser (openLink).
 */

type Run = (this: IExecuteFunctions) => Promise<unknown>;

/** The hidden Send and Wait node's execute, and each messaging node's Send and Wait for Response. */
const RUNS: Record<string, Run> = {
	sendAndWaitNode: async function (this: IExecuteFunctions) {
		return await new WorkspaceSendAndWait().execute.call(this);
	},
	sms: new WorkspaceSms().customOperations.sms.sendAndWait,
	whatsApp: new WorkspaceWhatsApp().customOperations.message.sendAndWait,
	email: new WorkspaceEmail().customOperations.message.sendAndWait,
	rcs: new WorkspaceRcs().customOperations.message.sendAndWait,
};

/** A parameter by its path, as n8n's getNodeParameter reads `options.limitWaitTime.values`. */
const at = (parameters: IDataObject, path: string, fallback: unknown): unknown => {
	let value: unknown = parameters;
	for (const key of path.split('.')) {
		if (typeof value !== 'object' || value === null || !(key in value)) return fallback;
		value = (value as IDataObject)[key];
	}
	return value;
};

export const SIGNATURE = 'f'.repeat(64);
export const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

export const SMS_QUESTION: IDataObject = {
	channel: 'sms',
	operation: 'sendAndWait',
	recipient: '+91 98765 43210',
	senderId: 'WRKSPC',
	route: 'transactional',
	message: 'May we deliver tomorrow?',
	responseType: 'approval',
	approvalOptions: {
		values: { approvalType: 'double', approveLabel: 'Yes', disapproveLabel: 'No' },
	},
	waitTimeLimit: 1,
	waitTimeUnit: 'days',
};

const nodeWith = (parameters: IDataObject): INode => ({
	id: 'n1',
	name: 'Send and Wait',
	type: 'n8n-nodes-workspace-records.workspaceSendAndWait',
	typeVersion: 1,
	position: [0, 0],
	parameters: parameters as INode['parameters'],
});

let executions = 0;

/**
 * A node run as n8n gives it to execute(): the parameters, the input items, n8n's signed links
 * (on `webhookUrl`), the credential, and an HTTP helper that answers as the messaging host does.
 */
export function fakeRun(
	parameters: IDataObject,
	{
		items = [{ json: { order: 42 } }] as INodeExecutionData[],
		continueOnFail = false,
		webhookUrl = 'https://n8n.example.com',
		executionId = `e${++executions}`,
		runs = 'sendAndWaitNode',
		answers = [{ success: true, message: 'Message queued', request_id: 'r-1' }] as IDataObject[],
	} = {},
) {
	let asked = 0;
	const httpRequestWithAuthentication = jest.fn(async () => ({
		statusCode: 200,
		headers: {},
		body: answers[Math.min(asked++, answers.length - 1)],
	}));
	const putExecutionToWait = jest.fn(async () => {});
	const addExecutionHints = jest.fn();
	const node = nodeWith(parameters);
	const context = {
		getNode: () => node,
		getInputData: () => items,
		getNodeParameter: (name: string, _item: number, fallback?: unknown) =>
			at(parameters, name, fallback),
		getTimezone: () => 'Europe/Berlin',
		continueOnFail: () => continueOnFail,
		getExecutionId: () => executionId,
		getWorkflow: () => ({ id: 'wf1' }),
		getSignedResumeUrl: (query: Record<string, string> = {}) =>
			`${webhookUrl}/webhook-waiting/${executionId}/n1?${new URLSearchParams({ ...query, signature: SIGNATURE })}`,
		getCredentials: async () => ({
			apiKey: 'k',
			baseUrl: 'https://api.example.com',
			aiBaseUrl: 'https://msg.example.com',
		}),
		helpers: { httpRequestWithAuthentication },
		putExecutionToWait,
		addExecutionHints,
	} as unknown as IExecuteFunctions;
	return {
		run: async () => (await RUNS[runs].call(context)) as INodeExecutionData[][],
		httpRequestWithAuthentication,
		putExecutionToWait,
		addExecutionHints,
	};
}

/** What the person's browser got: status, headers and page, or the resume n8n is asked for. */
interface Answered {
	status?: number;
	headers: Record<string, string>;
	html?: string;
	result: Awaited<ReturnType<typeof receiveAnswer>>;
}

/** A request to the link, as n8n hands it to webhook(): the node's parameters, the query, the form. */
export async function openLink(
	parameters: IDataObject,
	{
		method = 'GET',
		query = {},
		body = {},
		multipart = false,
	}: { method?: string; query?: IDataObject; body?: IDataObject; multipart?: boolean } = {},
): Promise<Answered> {
	const answered: Omit<Answered, 'result'> = { headers: {} };
	const response = {
		setHeader: (name: string, value: string) => (answered.headers[name.toLowerCase()] = value),
		status: (code: number) => ((answered.status = code), response),
		type: (kind: string) => ((answered.headers['content-type'] = kind), response),
		send: (html: string) => ((answered.html = html), response),
	};
	const context = {
		getNode: () => nodeWith(parameters),
		getNodeParameter: (name: string, fallback?: unknown) =>
			name in parameters ? parameters[name] : fallback,
		// A form posts multipart, which n8n hands over as `{ data, files }`.
		getRequestObject: () => ({
			method,
			query,
			is: (type: string) => multipart && type === 'multipart/form-data',
		}),
		getBodyData: () => (multipart ? { data: body, files: {} } : body),
		getResponseObject: () => response,
	} as unknown as IWebhookFunctions;
	const result = await receiveAnswer.call(context);
	return { ...answered, result };
}

export const EMAIL_QUESTION: IDataObject = {
	...SMS_QUESTION,
	channel: 'email',
	recipient: 'ada@example.com',
	subject: 'Your <delivery>',
};
export const FREE_TEXT: IDataObject = { ...SMS_QUESTION, responseType: 'freeText' };
