import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	IWebhookFunctions,
} from 'n8n-workflow';

import {
	receiveDeliveryStatus,
	startDeliveryWait,
} from '../../../../nodes/shared/messaging/deliveryWait';
import { WorkspaceSms } from '../../../../nodes/WorkspaceSms/WorkspaceSms.node';
import { useVirtualClock } from '../../../harness/virtualClock';

// The door's retries wait on this clock: no test waits out real time.
const time = useVirtualClock(Date.parse('2026-12-07T09:00:00.000Z'));

/**
 * The wait's guarantees, each held by a test that fails when it is broken: execute() as n8n
 * calls it when the wait begins, webhook() as n8n calls it for each post-back while it waits. The
 * vendor's delivery report is a table by request id; what the wait stores is what n8n hands back.
 */

const SEND: INode = {
	id: 's1',
	name: 'Send SMS',
	type: 'n8n-nodes-workspace-records.workspaceSms',
	typeVersion: 1,
	position: [0, 0],
	parameters: { additionalFields: { postBackUrl: '={{ $execution.resumeUrl }}' } },
};
const WAIT: INode = {
	id: 'w1',
	name: 'Wait for Delivery',
	type: 'n8n-nodes-workspace-records.workspaceWaitForDelivery',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/**
 * The vendor's delivery reports by request id (its `status`, `statusAt`, `remark`); 'unknown'
 * for a message the host does not know yet.
 */
type Reports = Record<string, IDataObject | 'unknown' | 'failing'>;

function fakeHost(reports: Reports) {
	const asked: string[] = [];
	const httpRequestWithAuthentication = jest.fn(async (_type: string, options: IDataObject) => {
		const id = String((options.qs as IDataObject).request_id);
		asked.push(id);
		const report = reports[id];
		if (report === 'failing')
			return { statusCode: 503, headers: {}, body: { success: false, message: 'Unavailable' } };
		if (report === 'unknown')
			return {
				statusCode: 404,
				headers: {},
				body: { success: false, message: 'No message with this request_id' },
			};
		return {
			statusCode: 200,
			headers: {},
			body: { success: true, message: 'ok', data: { request_id: id, ...report } },
		};
	});
	return { asked, helpers: { httpRequestWithAuthentication } };
}

const credentials = async () => ({
	apiKey: 'k',
	baseUrl: 'https://api.example.com',
	aiBaseUrl: 'https://msg.example.com',
});

/** The wait beginning for items with these request ids (Resume On Statuses: `statuses`). */
async function begin(
	requestIds: string[],
	reports: Reports,
	{ statuses = 'delivered, read, failed', send = SEND } = {},
) {
	const host = fakeHost(reports);
	const items: INodeExecutionData[] = requestIds.map((id) => ({ json: { request_id: id } }));
	const putExecutionToWait = jest.fn(async () => {});
	const context = {
		getNode: () => WAIT,
		getExecuteData: () => ({ data: { main: [items] } }),
		getNodeParameter: (name: string, item: number) =>
			({
				requestId: requestIds[item],
				resumeOnStatuses: statuses,
				waitTimeLimit: 10,
				waitTimeUnit: 'minutes',
			})[name],
		continueOnFail: () => false,
		getInputSourceData: () => ({ previousNode: send.name }),
		getParentNodes: () => [send],
		evaluateExpression: () => 'https://n8n.example.com/webhook-waiting/e1',
		addExecutionHints: jest.fn(),
		putExecutionToWait,
		getCredentials: credentials,
		getExecutionId: () => 'e1',
		getWorkflow: () => ({ id: 'wf1' }),
		helpers: host.helpers,
	} as unknown as IExecuteFunctions;
	const [output] = await startDeliveryWait.call(context);
	return { stored: output.map((item) => item.json), putExecutionToWait, asked: host.asked };
}

/** A post-back to the waiting execution: n8n hands the webhook what the wait stored. */
async function post(
	stored: IDataObject[],
	body: IDataObject,
	reports: Reports = {},
	{ operation = 'waitForStatus', webhook = receiveDeliveryStatus } = {},
) {
	const host = fakeHost(reports);
	const answer: { status?: number; body?: unknown } = {};
	const response = {
		status: (code: number) => ((answer.status = code), response),
		json: (json: unknown) => ((answer.body = json), response),
		// An answer page's: what a Send and Wait for Response shows.
		setHeader: () => response,
		type: () => response,
		send: (html: unknown) => ((answer.body = html), response),
	};
	const context = {
		getNode: () => WAIT,
		getNodeParameter: (name: string, fallback: unknown) =>
			name === 'operation' ? operation : fallback,
		getRequestObject: () => ({ method: 'POST', query: {} }),
		evaluateExpression: () => stored,
		getBodyData: () => body,
		getResponseObject: () => response,
		getCredentials: credentials,
		getWorkflow: () => ({ id: 'wf1' }),
		helpers: host.helpers,
	} as unknown as IWebhookFunctions;
	const result = await webhook.call(context);
	const resumed = result.workflowData?.[0].map((item) => item.json);
	return { result, resumed, answer, asked: host.asked };
}

const status = (requestId: string, value: string) => ({
	type: 'delivery_status',
	request_id: requestId,
	status: value,
	status_at: '2026-01-28T17:17:59Z',
	remark: '',
});

describe('the wait begins: each message is looked up first', () => {
	test('every message already has a chosen status: no wait at all, each item its status', async () => {
		const { stored, putExecutionToWait, asked } = await begin(['r1', 'r2'], {
			r1: { status: 'delivered', statusAt: '2026-01-28T17:17:59Z' },
			r2: { status: 'failed', statusAt: '2026-01-28T17:18:00Z', remark: 'Unknown number' },
		});
		expect(asked).toEqual(['r1', 'r2']);
		expect(putExecutionToWait).not.toHaveBeenCalled();
		expect(stored.map((item) => [item.request_id, item.outcome, item.status])).toEqual([
			['r1', 'finalStatus', 'delivered'],
			['r2', 'finalStatus', 'failed'],
		]);
	});

	test('a status not chosen, or a report that cannot be read, waits for the post-back', async () => {
		const { stored, putExecutionToWait } = await begin(['r1', 'r2'], {
			r1: { status: 'sent' },
			r2: 'unknown',
		});
		expect(putExecutionToWait).toHaveBeenCalledTimes(1);
		expect(stored.map((item) => item.outcome)).toEqual(['noFinalStatus', 'noFinalStatus']);
	});

	test('a report host that keeps failing delays the wait 5 s at most: statuses meanwhile would be refused', async () => {
		const startedAt = time.now();
		const { stored, putExecutionToWait, asked } = await begin(['r1'], { r1: 'failing' });
		expect(putExecutionToWait).toHaveBeenCalledTimes(1);
		expect(stored[0].outcome).toBe('noFinalStatus');
		expect(asked.length).toBeGreaterThan(1);
		expect(time.now() - startedAt).toBeLessThanOrEqual(5_000);
	});

	// n8n refuses a status posted while the send's execution still runs (and stores it as
	// waiting only later): the report is looked at again, after 1 s and 3 s, before it waits.
	test.each([
		[500, 1_000],
		[2_500, 3_000],
	])(
		'a status the report shows %i ms after the first look ends the wait before it begins (looked at after %i ms)',
		async (flipsAfter, lookedAt) => {
			const startedAt = time.now();
			const reports: Reports = {};
			Object.defineProperty(reports, 'r1', {
				enumerable: true,
				get: () =>
					time.now() - startedAt >= flipsAfter
						? { status: 'failed', statusAt: '2026-12-07T09:00:01Z', remark: 'Unknown number' }
						: { status: 'queued' },
			});
			const { stored, putExecutionToWait, asked } = await begin(['r1'], reports);
			expect(putExecutionToWait).not.toHaveBeenCalled();
			expect(stored[0]).toMatchObject({ outcome: 'finalStatus', status: 'failed' });
			expect(time.now() - startedAt).toBe(lookedAt);
			expect(asked).toHaveLength(lookedAt === 1_000 ? 2 : 3);
		},
	);

	test('a status that comes later than the looks: the wait begins, after 3 s and three looks', async () => {
		const startedAt = time.now();
		const { putExecutionToWait, asked } = await begin(['r1'], { r1: { status: 'sent' } });
		expect(putExecutionToWait).toHaveBeenCalledTimes(1);
		expect(asked).toEqual(['r1', 'r1', 'r1']);
		expect(time.now() - startedAt).toBe(3_000);
	});

	test('a status that only contains a chosen word is not chosen', async () => {
		const { stored, putExecutionToWait } = await begin(
			['r1'],
			{ r1: { status: 'undelivered' } },
			{ statuses: 'delivered' },
		);
		expect(putExecutionToWait).toHaveBeenCalled();
		expect(stored[0].outcome).toBe('noFinalStatus');
	});

	test('a send before it without Postback URL is refused before anything waits', async () => {
		const send = { ...SEND, parameters: { additionalFields: {} } };
		await expect(begin(['r1'], { r1: { status: 'sent' } }, { send })).rejects.toThrow(
			'"Send SMS" has no Postback URL: its statuses would not come here',
		);
	});
});

describe('a post-back while it waits', () => {
	/** The wait as stored for r1 and r2, neither with a chosen status yet. */
	const waiting = async () =>
		(await begin(['r1', 'r2'], { r1: { status: 'sent' }, r2: { status: 'sent' } })).stored;

	test("the messaging node's one webhook: a post-back to Wait for Status is a status, not an answer", async () => {
		const { webhook } = new WorkspaceSms();
		const { resumed } = await post(
			await waiting(),
			status('r1', 'delivered'),
			{ r2: { status: 'read' } },
			{ webhook },
		);
		expect(resumed?.map((item) => [item.request_id, item.status])).toEqual([
			['r1', 'delivered'],
			['r2', 'read'],
		]);
		// The same post to a Send and Wait for Response is an answer page's post: no choice in it.
		const asked = await post(
			await waiting(),
			status('r1', 'delivered'),
			{},
			{
				webhook,
				operation: 'sendAndWait',
			},
		).catch((error: Error) => error);
		expect(asked).not.toHaveProperty('resumed.length');
	});

	test('a status not chosen resumes nothing', async () => {
		const { resumed, result } = await post(await waiting(), status('r1', 'sent'));
		expect(resumed).toBeUndefined();
		expect(result.webhookResponse).toMatchObject({ received: true });
	});

	test('a status that only contains a chosen word resumes nothing', async () => {
		const { resumed } = await post(await waiting(), status('r1', 'undelivered'), {
			r2: { status: 'delivered' },
		});
		expect(resumed).toBeUndefined();
	});

	test("another message's status (another request_id) is refused and settles nothing", async () => {
		const { resumed, answer } = await post(await waiting(), status('r9', 'delivered'), {
			r1: { status: 'delivered' },
			r2: { status: 'delivered' },
		});
		expect(resumed).toBeUndefined();
		expect(answer.status).toBe(403);
	});

	test('the other message counts done only when its report says a chosen status', async () => {
		const stored = await waiting();
		const notYet = await post(stored, status('r1', 'delivered'), { r2: { status: 'sent' } });
		expect(notYet.resumed).toBeUndefined();
		expect(notYet.asked).toEqual(['r2']);
		const done = await post(stored, status('r1', 'delivered'), {
			r2: { status: 'read', statusAt: '2026-01-28T17:19:00Z' },
		});
		expect(done.resumed?.map((item) => [item.request_id, item.outcome, item.status])).toEqual([
			['r1', 'finalStatus', 'delivered'],
			['r2', 'finalStatus', 'read'],
		]);
	});

	test('a message settled when the wait began keeps its status; the other one resumes', async () => {
		const { stored } = await begin(['r1', 'r2'], {
			r1: { status: 'failed', remark: 'Unknown number' },
			r2: { status: 'sent' },
		});
		const again = await post(stored, status('r1', 'read'), { r2: { status: 'delivered' } });
		expect([again.resumed, again.asked]).toEqual([undefined, []]);
		expect(again.result.webhookResponse).toMatchObject({
			message: 'Noted; this message had status "failed" when the wait began.',
		});
		const { resumed, asked } = await post(stored, status('r2', 'delivered'));
		expect(asked).toEqual([]);
		expect(resumed?.map((item) => [item.request_id, item.status])).toEqual([
			['r1', 'failed'],
			['r2', 'delivered'],
		]);
	});
});
