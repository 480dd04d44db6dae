// Writes the benchmark's workflows to bench/workflows/, for reading and importing by hand.
// Those copies point the HTTP Request nodes at BENCH_URL (start the sandbox there with
// `SANDBOX_PORT=4011 npm run sandbox`); `npm run bench` itself builds them with benchWorkflows()
// for the sandbox it starts on a port from the OS.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The sandbox address written into the committed copies only. */
export const BENCH_URL = 'http://127.0.0.1:4011';
const PEOPLE = 'a00000000000000000000001';
const credentials = { workspaceRecordsApi: { id: 'wrSandbox1', name: 'Workspace Records sandbox' } };
// What a user wiring the HTTP Request node by hand would send (the sandbox's key).
const headerParameters = {
	parameters: [
		{ name: 'x-api-key', value: 'wr_test_key' },
		{ name: 'x-workspace-id', value: 'ws_sandbox' },
	],
};

const manual = { id: 'manual', name: 'Manual Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} };
const chain = (id, name, nodes) => ({
	id,
	name,
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: nodes.map((node, i) => ({ ...node, position: [i * 240, 0] })),
	connections: Object.fromEntries(
		nodes.slice(0, -1).map((node, i) => [node.name, { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] }]),
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

const generate1000 = {
	id: 'generate',
	name: 'Generate 1000 people',
	type: 'n8n-nodes-base.code',
	typeVersion: 2,
	parameters: { jsCode: 'return Array.from({ length: 1000 }, (_, i) => ({ json: { name: `Bench person ${i}` } }));' },
};

/** The benchmark's workflows, their HTTP Request nodes calling the sandbox at `baseUrl`. */
export const benchWorkflows = (baseUrl) => ({
	'a-get-all': chain('bench0001', 'Bench (a): our node, Return All', [manual, ourGetAll()]),
	'b-http-get-all': chain('bench0002', 'Bench (b): HTTP Request, body-offset pagination', [
		manual,
		{
			id: 'http',
			name: 'Query people',
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			parameters: {
				method: 'POST',
				url: `${baseUrl}/api/v1/collection-records/${PEOPLE}/query`,
				sendHeaders: true,
				headerParameters,
				sendBody: true,
				specifyBody: 'json',
				jsonBody: '{"sort": [{"attribute": "createdAt", "direction": "asc"}], "limit": 100, "offset": 0}',
				options: {
					pagination: {
						pagination: {
							parameters: { parameters: [{ type: 'body', name: 'offset', value: '={{ $pageCount * 100 }}' }] },
							paginationCompleteWhen: 'other',
							completeExpression: '={{ $response.body.data.length < 100 }}',
						},
					},
				},
			},
		},
		{ id: 'split', name: 'One item per record', type: 'n8n-nodes-base.splitOut', typeVersion: 1, parameters: { fieldToSplitOut: 'data' } },
	]),
	'a-create-1000': chain('bench0003', 'Bench (a): our node, 1000 creates', [
		manual,
		generate1000,
		{
			id: 'ours',
			name: 'Create people',
			type: 'n8n-nodes-workspace-records.workspaceRecords',
			typeVersion: 1,
			credentials,
			parameters: {
				resource: 'record',
				operation: 'create',
				collectionId: { __rl: true, mode: 'id', value: PEOPLE },
				attributes: { attribute: [{ key: 'name', type: 'text', textValue: '={{ $json.name }}' }] },
			},
		},
	]),
	'b-http-create-1000': chain('bench0004', 'Bench (b): HTTP Request, 1000 creates', [
		manual,
		generate1000,
		{
			id: 'http',
			name: 'Create people',
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			parameters: {
				method: 'POST',
				url: `${baseUrl}/api/v1/collection-records/${PEOPLE}`,
				sendHeaders: true,
				headerParameters,
				sendBody: true,
				specifyBody: 'json',
				jsonBody: '={{ JSON.stringify({ name: $json.name }) }}',
				options: {},
			},
		},
	]),
	'a-get-one': chain('bench0005', 'Bench (a): our node, one record (memory baseline)', [manual, ourGetAll(1)]),
});

export const BENCH_WORKFLOWS = benchWorkflows(BENCH_URL);

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
	const folder = join(dirname(fileURLToPath(import.meta.url)), '..', 'bench', 'workflows');
	mkdirSync(folder, { recursive: true });
	for (const [file, workflow] of Object.entries(BENCH_WORKFLOWS)) {
		writeFileSync(join(folder, `${file}.json`), `${JSON.stringify(workflow, null, '\t')}\n`);
	}
	process.stdout.write(`wrote ${Object.keys(BENCH_WORKFLOWS).length} workflows to bench/workflows/\n`);
}
