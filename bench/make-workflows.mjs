// Writes the benchmark's workflows to bench/workflows/, for reading and importing by hand.
// Those copies point the HTTP Request nodes at BENCH_URL (start the sandbox there with
// `SANDBOX_PORT=4011 npm run sandbox`); `npm run bench` itself builds them with benchWorkflows()
// for the sandbox it starts on a port from the OS.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { CREDENTIALS, SANDBOX_DEFAULTS, SEED_IDS } from '../test/rig/sandbox.mjs';

/** The sandbox address written into the committed copies only. */
export const BENCH_URL = 'http://127.0.0.1:4011';
const { PEOPLE } = SEED_IDS;
const credentials = { workspaceRecordsApi: CREDENTIALS.workspaceRecordsApi };
/** The Header Auth credential a user creates for the HTTP Request node: the key, in n8n's credential store. */
export const HEADER_AUTH = { id: 'benchHeaderAuth1', name: 'Sandbox API key (Header Auth)' };
/** The rate limit of benchmark 5, in the sandbox's terms (test/sandbox/server.js). */
export const RATE_LIMIT = { rate: 100, burst: 10, retryAfter: 'seconds' };
/** Max Concurrent Requests values measured in benchmark 5 besides the default (10). */
export const CONCURRENCIES = [1, 2, 5];
/** Batching (items per batch, interval in ms) tried for the HTTP Request node in benchmark 5. */
export const HTTP_BATCHINGS = [
	[1, 10],
	[5, 50],
	[10, 100],
];
/** The best of them in the last full run (5 / 50 ms was within 1 %): (c) uses it when the sweep is skipped (BENCH_SWEEP_RUNS=0). */
export const HTTP_BATCHING_FOUND = [1, 10];

// How a user wiring the HTTP Request node by hand sends the sandbox's key: as plain headers,
// or (as n8n suggests for secrets) the key in a Header Auth credential, the workspace a header.
const headerParameters = {
	parameters: [
		{ name: 'x-api-key', value: SANDBOX_DEFAULTS.apiKey },
		{ name: 'x-workspace-id', value: SANDBOX_DEFAULTS.workspaceId },
	],
};
const headerAuth = {
	authentication: 'genericCredentialType',
	genericAuthType: 'httpHeaderAuth',
	sendHeaders: true,
	headerParameters: {
		parameters: [{ name: 'x-workspace-id', value: SANDBOX_DEFAULTS.workspaceId }],
	},
};
/** The HTTP Request node's authentication parameters and node fields, plain or with the credential. */
const auth = (withCredential) =>
	withCredential
		? { parameters: headerAuth, node: { credentials: { httpHeaderAuth: HEADER_AUTH } } }
		: { parameters: { sendHeaders: true, headerParameters }, node: {} };

const manual = {
	id: 'manual',
	name: 'Manual Trigger',
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
const chain = (id, name, nodes) => ({
	id,
	name,
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: nodes.map((node, i) => ({ ...node, position: [i * 240, 0] })),
	connections: Object.fromEntries(
		nodes
			.slice(0, -1)
			.map((node, i) => [
				node.name,
				{ main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] },
			]),
	),
});

const ourGetAll = (limit) => ({
	id: 'ours',
	name: 'Get people',
	type: 'n8n-nodes-workspace-records.workspaceRecords',
	typeVersion: 1,
	credentials,
	parameters: {
		resource: 'record',
		operation: 'getAll',
		collectionId: { __rl: true, mode: 'id', value: PEOPLE },
		...(limit ? { returnAll: false, limit } : { returnAll: true }),
		sort: { key: [{ attribute: 'createdAt', direction: 'asc' }] },
	},
});

/** A Code node making `count` people, named "Bench person 0", "Bench person 1", … */
const generate = (count) => ({
	id: 'generate',
	name: `Generate ${count} people`,
	type: 'n8n-nodes-base.code',
	typeVersion: 2,
	parameters: {
		jsCode: `return Array.from({ length: ${count} }, (_, i) => ({ json: { name: \`Bench person \${i}\` } }));`,
	},
});
const generate1000 = generate(1000);

const httpGetAll = (baseUrl, withCredential) => {
	const { parameters, node } = auth(withCredential);
	return [
		{
			id: 'http',
			name: 'Query people',
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			...node,
			parameters: {
				method: 'POST',
				url: `${baseUrl}/api/v1/collection-records/${PEOPLE}/query`,
				...parameters,
				sendBody: true,
				specifyBody: 'json',
				jsonBody:
					'{"sort": [{"attribute": "createdAt", "direction": "asc"}], "limit": 100, "offset": 0}',
				options: {
					pagination: {
						pagination: {
							parameters: {
								parameters: [{ type: 'body', name: 'offset', value: '={{ $pageCount * 100 }}' }],
							},
							paginationCompleteWhen: 'other',
							completeExpression: '={{ $response.body.data.length < 100 }}',
						},
					},
				},
			},
		},
		{
			id: 'split',
			name: 'One item per record',
			type: 'n8n-nodes-base.splitOut',
			typeVersion: 1,
			parameters: { fieldToSplitOut: 'data' },
		},
	];
};

/** The HTTP Request node creating one record per item; `settings` are node settings such as Retry On Fail. */
const httpCreate = (baseUrl, { withCredential = false, batching, settings = {} } = {}) => {
	const { parameters, node } = auth(withCredential);
	return {
		id: 'http',
		name: 'Create people',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		...node,
		...settings,
		parameters: {
			method: 'POST',
			url: `${baseUrl}/api/v1/collection-records/${PEOPLE}`,
			...parameters,
			sendBody: true,
			specifyBody: 'json',
			jsonBody: '={{ JSON.stringify({ name: $json.name }) }}',
			options: batching
				? { batching: { batch: { batchSize: batching[0], batchInterval: batching[1] } } }
				: {},
		},
	};
};

/**
 * How our node maps each item onto attributes: the JSON of Use JSON Instead with an
 * expression, the attribute mapper with Map Each Attribute Below and an expression, or with
 * Map Automatically (the input's field names are the attribute keys: no expression at all).
 */
export const MAPPINGS = {
	json: {
		label: 'Use JSON Instead + expression',
		parameters: { useJson: true, attributesJson: '={{ JSON.stringify({ name: $json.name }) }}' },
	},
	below: {
		label: 'Map Each Attribute Below + expression',
		parameters: {
			columns: {
				mappingMode: 'defineBelow',
				value: { name: '={{ $json.name }}' },
				matchingColumns: [],
				schema: [
					{
						id: 'name',
						displayName: 'Name',
						required: true,
						defaultMatch: false,
						display: true,
						type: 'string',
					},
				],
				attemptToConvertTypes: false,
				convertFieldsToString: false,
			},
		},
	},
	auto: {
		label: 'Map Automatically',
		parameters: {
			columns: { mappingMode: 'autoMapInputData', value: null, matchingColumns: [], schema: [] },
		},
	},
};

/** Our node creating one record per item, with the default settings unless told otherwise. */
const ourCreate = ({ maxConcurrency, mapping = 'below' } = {}) => ({
	id: 'ours',
	name: 'Create people',
	type: 'n8n-nodes-workspace-records.workspaceRecords',
	typeVersion: 1,
	credentials,
	parameters: {
		resource: 'record',
		operation: 'create',
		collectionId: { __rl: true, mode: 'id', value: PEOPLE },
		...MAPPINGS[mapping].parameters,
		...(maxConcurrency ? { options: { maxConcurrency } } : {}),
	},
});

/** The benchmark's workflows, their HTTP Request nodes calling the sandbox at `baseUrl`. */
export const benchWorkflows = (baseUrl) => ({
	'a-get-all': chain('bench0001', 'Bench (a): our node, Return All', [manual, ourGetAll()]),
	'b-http-get-all': chain(
		'bench0002',
		'Bench (b): HTTP Request, plain headers, body-offset pagination',
		[manual, ...httpGetAll(baseUrl, false)],
	),
	'b-http-auth-get-all': chain(
		'bench0006',
		"Bench (b'): HTTP Request, Header Auth credential, body-offset pagination",
		[manual, ...httpGetAll(baseUrl, true)],
	),
	...Object.fromEntries(
		Object.entries(MAPPINGS).map(([mapping, { label }], i) => [
			`a-${mapping}-create-1000`,
			chain(`bench000${i === 0 ? 3 : i + 7}`, `Bench (a): our node, 1000 creates, ${label}`, [
				manual,
				generate1000,
				ourCreate({ mapping }),
			]),
		]),
	),
	'a-below-create-10000': chain(
		'bench0010',
		'Bench (a): our node, 10000 creates, Map Each Attribute Below + expression',
		[manual, generate(10_000), ourCreate({ mapping: 'below' })],
	),
	'b-http-auth-create-10000': chain(
		'bench0011',
		"Bench (b'): HTTP Request, Header Auth credential, 10000 creates",
		[manual, generate(10_000), httpCreate(baseUrl, { withCredential: true })],
	),
	'b-http-create-1000': chain('bench0004', 'Bench (b): HTTP Request, plain headers, 1000 creates', [
		manual,
		generate1000,
		httpCreate(baseUrl),
	]),
	'b-http-auth-create-1000': chain(
		'bench0007',
		"Bench (b'): HTTP Request, Header Auth credential, 1000 creates",
		[manual, generate1000, httpCreate(baseUrl, { withCredential: true })],
	),
	'a-get-one': chain('bench0005', 'Bench (a): our node, one record (memory baseline)', [
		manual,
		ourGetAll(1),
	]),
	// Benchmark 5 runs these against the sandbox's rate limit; a-auto-create-1000 is our node's default settings.
	...Object.fromEntries(
		CONCURRENCIES.map((n, i) => [
			`r-a-create-1000-max${n}`,
			chain(`bench01${i}`, `Bench 5: our node, 1000 creates, Max Concurrent Requests ${n}`, [
				manual,
				generate1000,
				ourCreate({ maxConcurrency: n, mapping: 'auto' }),
			]),
		]),
	),
	'r-b-http-create-1000-retry': chain(
		'bench0300',
		'Bench 5: HTTP Request, 1000 creates, Retry On Fail',
		[manual, generate1000, httpCreate(baseUrl, { settings: { retryOnFail: true } })],
	),
	...Object.fromEntries(
		HTTP_BATCHINGS.map(([size, ms], i) => [
			`r-b-http-create-1000-batch-${size}-${ms}`,
			chain(
				`bench04${i}`,
				`Bench 5: HTTP Request, 1000 creates, batching ${size} items every ${ms} ms`,
				[manual, generate1000, httpCreate(baseUrl, { batching: [size, ms] })],
			),
		]),
	),
});

export const BENCH_WORKFLOWS = benchWorkflows(BENCH_URL);

/**
 * Benchmark 7: the secret header of the WhatsApp trigger's workflow, as a user sets it in the
 * workspace webhook's Advanced Settings and in the node. Every delivery carries it, to both URLs.
 */
export const WEBHOOK_SECRET_HEADER = { name: 'X-Webhook-Secret', value: 'bench-secret-0123456789' };
/**
 * Benchmark 7's two workflows, activated on one n8n server: n8n's Webhook node (POST, Respond
 * Immediately) and our Workspace WhatsApp Trigger, each alone, so that a delivery costs what
 * the trigger and n8n's webhook path cost and nothing else. Their production URLs, from the
 * server's address: `${base}/webhook/${urlPath}`.
 */
export const WEBHOOK_WORKFLOWS = {
	'w-webhook-node': {
		...chain('bench0700', "Bench 7: n8n's Webhook node, Respond Immediately", [
			{
				id: 'webhook',
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2.1,
				webhookId: 'b7000000-0000-4000-8000-b70000000001',
				parameters: {
					httpMethod: 'POST',
					path: 'b7000000-0000-4000-8000-b70000000001',
					options: {},
				},
			},
		]),
		urlPath: 'b7000000-0000-4000-8000-b70000000001',
	},
	'w-whatsapp-trigger': {
		...chain('bench0701', 'Bench 7: Workspace WhatsApp Trigger, incoming WhatsApp messages', [
			{
				id: 'trigger',
				name: 'Workspace WhatsApp Trigger',
				type: 'n8n-nodes-workspace-records.workspaceWhatsAppTrigger',
				typeVersion: 1,
				webhookId: 'b7000000-0000-4000-8000-b70000000002',
				parameters: {
					events: ['incoming.whatsapp.message'],
					headerName: WEBHOOK_SECRET_HEADER.name,
					headerValue: WEBHOOK_SECRET_HEADER.value,
				},
			},
		]),
		// The incoming-message URL (INCOMING_PATH in nodes/WorkspaceWhatsAppTrigger/postBackUrl.ts).
		urlPath: 'b7000000-0000-4000-8000-b70000000002/webhook',
	},
};

/**
 * Benchmark 8: n8n's Webhook node (POST, Respond Immediately) starts each execution; Workspace
 * SMS sends with the execution's resume address as its Postback URL; Workspace Wait for Delivery
 * holds the execution until "delivered" is posted there; a No Operation node ends the run, so
 * that a resumed run has a node after the wait. Its production URL: `${base}/webhook/${urlPath}`.
 */
export const WAIT_WORKFLOW = {
	...chain('bench0800', 'Bench 8: SMS send, then Wait for Delivery, resumed by its postback', [
		{
			id: 'webhook',
			name: 'Webhook',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2.1,
			webhookId: 'b8000000-0000-4000-8000-b80000000001',
			parameters: {
				httpMethod: 'POST',
				path: 'b8000000-0000-4000-8000-b80000000001',
				options: {},
			},
		},
		{
			id: 'send',
			name: 'Send the order notice',
			type: 'n8n-nodes-workspace-records.workspaceSms',
			typeVersion: 1,
			credentials,
			parameters: {
				resource: 'sms',
				operation: 'send',
				recipient: '+91 98765 43210',
				message: 'Your order 42 is on its way',
				senderId: 'WRKSPC',
				route: 'transactional',
				additionalFields: { postBackUrl: '={{ $execution.resumeUrl }}' },
			},
		},
		{
			id: 'wait',
			name: 'Wait for Delivery',
			type: 'n8n-nodes-workspace-records.workspaceWaitForDelivery',
			typeVersion: 1,
			credentials,
			webhookId: 'b8000000-0000-4000-8000-b80000000002',
			parameters: {
				requestId: '={{ $json.request_id }}',
				resumeOnStatuses: 'delivered, read, failed',
				waitTimeLimit: 10,
				waitTimeUnit: 'minutes',
			},
		},
		{
			id: 'done',
			name: 'Done',
			type: 'n8n-nodes-base.noOp',
			typeVersion: 1,
			parameters: {},
		},
	]),
	urlPath: 'b8000000-0000-4000-8000-b80000000001',
};

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
	const folder = join(dirname(fileURLToPath(import.meta.url)), 'workflows');
	mkdirSync(folder, { recursive: true });
	const all = {
		...BENCH_WORKFLOWS,
		...WEBHOOK_WORKFLOWS,
		'd-sms-wait-for-delivery': WAIT_WORKFLOW,
	};
	for (const [file, { urlPath, ...workflow }] of Object.entries(all)) {
		writeFileSync(join(folder, `${file}.json`), `${JSON.stringify(workflow, null, '\t')}\n`);
	}
	process.stdout.write(`wrote ${Object.keys(all).length} workflows to bench/workflows/\n`);
}
