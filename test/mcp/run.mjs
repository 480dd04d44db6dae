// `npm run test:mcp`: the nodes as AI tools, proven without a language model. A real n8n
// (2.40.7, with this package installed as users install it) serves the example workflow
// examples/ai-agent-tools.json: n8n's MCP Server Trigger with our nodes attached as tools,
// their agent-filled values written as $fromAI(). An MCP client (the official SDK, over
// streamable HTTP) plays the agent: it lists the tools and calls them with the arguments a
// model would give. The sandbox API must then have received exactly the requests those
// arguments mean, and each tool result must carry the records the sandbox holds.
//
// A model would add nothing to what is tested here: it only chooses the arguments, and any
// MCP client (Claude Desktop, Cursor, n8n's own AI Agent through the MCP Client Tool) sends
// the same tools/call message this client sends.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { prepare } from '../rig/n8n-runtime.mjs';
import {
	buildPackage,
	newUserFolder,
	outputTail,
	phaseClock,
	root,
	runN8nCommands,
	startN8nServer,
	writeCredentials,
} from '../rig/n8n.mjs';
import { cleanUp, deadline, onCleanup, stopOnSignals } from '../rig/processes.mjs';
import { createReporter } from '../rig/reporter.mjs';
import { createSandbox, sandboxCredentials, SEED_IDS } from '../rig/sandbox.mjs';

// The MCP Server Trigger and the "<node>Tool" types n8n derives from usableAsTool nodes are
// tested on the 2.x line; 1.x has no publish:workflow to activate a workflow headless.
// N8N_VERSIONS=2.41.1 runs the suite on that 2.x line instead.
const VERSION = process.env.N8N_VERSIONS?.trim() || '2.40.7';
if (!/^2\.\d+\.\d+$/.test(VERSION))
	throw new Error(`test:mcp runs on one 2.x line, not "${VERSION}"`);
const EXAMPLE = join(root, 'examples', 'ai-agent-tools.json');
const { PEOPLE, ADA_RECORD: ADA } = SEED_IDS;
// A hang becomes a failure. A run takes about 1 to 2 minutes (most of it n8n starting, four
// times: three CLI commands and the server); this leaves room for a busy machine.
const DEADLINE_MS = 300_000;

const require = createRequire(import.meta.url);
// n8n-workflow's ESM build does not load in plain Node: its CommonJS one does.
const { getToolDescriptionForNode } = require('n8n-workflow');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const fail = (message) => {
	throw new Error(message);
};
const json = (value) => JSON.stringify(value);

/**
 * What an agent is promised: every `$fromAI(key, description, type)` in a tool node's
 * parameters, read from the workflow itself, so the check follows the example.
 */
function fromAiArguments(node) {
	const found = {};
	for (const [, key, description, type] of json(node.parameters).matchAll(
		/\$fromAI\('([^']+)', '([^']+)', '([^']+)'\)/g,
	)) {
		found[key] = { type, description };
	}
	return found;
}

/**
 * What n8n tells the model of a tool whose Tool Description is Set Automatically: its
 * `getToolDescriptionForNode` over the built node, as n8n computes it (the action, "in", the node).
 */
function automaticDescription(node) {
	const type = node.type.split('.')[1].replace(/Tool$/, '');
	const className = type[0].toUpperCase() + type.slice(1);
	const { [className]: NodeType } = require(
		join(root, 'dist', 'nodes', className, `${className}.node.js`),
	);
	return getToolDescriptionForNode(node, new NodeType());
}

/** n8n's tool name for a node: its name with anything but letters, digits, _ and - as "_". */
const toolNameOf = (node) => node.name.replace(/[^a-zA-Z0-9_-]+/g, '_');

/** The JSON text of a tool result, parsed: n8n sends the node's output items as one text part. */
function resultItems(result) {
	if (result.isError) fail(`the tool failed: ${result.content?.map((c) => c.text).join(' ')}`);
	const text = result.content?.find((part) => part.type === 'text')?.text;
	if (text === undefined) fail(`no text in the tool result: ${json(result).slice(0, 300)}`);
	try {
		return JSON.parse(text);
	} catch {
		return fail(`the tool result is not JSON: ${text.slice(0, 300)}`);
	}
}

/** The requests the sandbox received, as [method, path, body?], with the credential's headers checked. */
function requestsOf(sandbox) {
	const { apiKey, workspaceId } = sandbox.config;
	for (const request of sandbox.requests) {
		if (
			request.headers['x-api-key'] !== apiKey ||
			request.headers['x-workspace-id'] !== workspaceId
		) {
			fail(`${request.method} ${request.path} was sent without the credential's headers`);
		}
	}
	return sandbox.requests.map((r) =>
		r.body === undefined ? [r.method, r.path] : [r.method, r.path, r.body],
	);
}

function expectRequests(sandbox, wanted) {
	const got = requestsOf(sandbox);
	if (!isDeepStrictEqual(got, wanted))
		fail(`requests differ:\n      got      ${json(got)}\n      expected ${json(wanted)}`);
}

/** The people the Find tool must return, worked out from the sandbox's own data. */
function expectedPeople(sandbox, source, minLeadScore) {
	return [...sandbox.state.records.get(PEOPLE).values()]
		.filter((person) => person.source?.name === source && person.leadScore >= minLeadScore)
		.sort((a, b) => b.leadScore - a.leadScore)
		.slice(0, 10)
		.map((person) => person._id);
}

/** The checks, in order: each gets the client, the sandbox, the listed tools and what earlier checks found. */
function checks(workflow, url) {
	const toolNodes = workflow.nodes.filter((node) =>
		node.type.startsWith('n8n-nodes-workspace-records.'),
	);
	const tool = (name) =>
		toolNameOf(
			toolNodes.find((node) => node.name === name) ?? fail(`no node "${name}" in the example`),
		);
	const found = {};
	return [
		[
			'The MCP URL refuses a client without the bearer token, before any tool runs',
			async ({ sandbox }) => {
				const client = new Client({
					name: 'workspace-records-mcp-test-no-token',
					version: '1.0.0',
				});
				const refused = await client.connect(new StreamableHTTPClientTransport(new URL(url))).then(
					() => undefined,
					(error) => error,
				);
				await client.close().catch(() => {});
				if (!refused) fail('a client without the token connected');
				// The SDK's StreamableHTTPError carries the HTTP status as `code`.
				if (refused.code !== 403)
					fail(`refused, but not with HTTP 403: ${refused.code} ${refused.message}`);
				expectRequests(sandbox, []);
				return `the client reads: HTTP ${refused.code} ${refused.message.split('\n')[0].slice(0, 160)}`;
			},
		],
		[
			'tools/list names every tool node, with its description and a schema of its $fromAI() arguments',
			async ({ tools }) => {
				const names = tools.map((t) => t.name).sort();
				const wanted = toolNodes.map(toolNameOf).sort();
				if (!isDeepStrictEqual(names, wanted))
					fail(`tools ${json(names)}, expected ${json(wanted)}`);
				for (const node of toolNodes) {
					const listed = tools.find((t) => t.name === toolNameOf(node));
					// Set Manually: the text given; Set Automatically: what n8n's own function makes of the action.
					const description = node.parameters.toolDescription || automaticDescription(node);
					if (listed.description !== description)
						fail(`${listed.name}: description "${listed.description}", expected "${description}"`);
					const args = fromAiArguments(node);
					const schema = listed.inputSchema;
					const properties = Object.fromEntries(
						Object.entries(schema.properties ?? {}).map(([key, p]) => [
							key,
							{ type: p.type, description: p.description },
						]),
					);
					if (schema.type !== 'object' || !isDeepStrictEqual(properties, args)) {
						fail(`${listed.name}: schema ${json(schema)}, expected the properties ${json(args)}`);
					}
					if (!isDeepStrictEqual([...(schema.required ?? [])].sort(), Object.keys(args).sort())) {
						fail(
							`${listed.name}: required ${json(schema.required)}, expected ${json(Object.keys(args))}`,
						);
					}
				}
			},
		],
		[
			'Create person: the $fromAI() values in the attribute mapper become the record sent, and the result is the new record',
			async ({ client, sandbox }) => {
				const args = {
					name: 'Katherine Johnson',
					email: 'kj@example.com',
					jobTitle: 'Mathematician',
				};
				const items = resultItems(
					await client.callTool({ name: tool('Create person'), arguments: args }),
				);
				// The attribute mapper reads the collection's attribute types first, to send each value in its type.
				expectRequests(sandbox, [
					['GET', `/api/v1/attributes/collection/${PEOPLE}`],
					[
						'POST',
						`/api/v1/collection-records/${PEOPLE}`,
						{ name: 'Katherine Johnson', emails: ['kj@example.com'], jobTitle: 'Mathematician' },
					],
				]);
				if (items.length !== 1) fail(`${items.length} items in the result, expected 1`);
				const [record] = items;
				const stored = sandbox.state.records.get(PEOPLE).get(record._id);
				if (!stored) fail(`the result's _id ${record._id} is no record of the sandbox`);
				if (
					record.name !== 'Katherine Johnson' ||
					!isDeepStrictEqual(record.emails, ['kj@example.com']) ||
					record.jobTitle !== 'Mathematician'
				) {
					fail(`the result is ${json(record)}`);
				}
				found.created = record._id;
				return `result: [{"_id":"${record._id}","name":"${record.name}",…}]`;
			},
		],
		[
			'Find people: the $fromAI() filter values become the query, and the result is exactly the matching records',
			async ({ client, sandbox }) => {
				const items = resultItems(
					await client.callTool({
						name: tool('Find people'),
						arguments: { source: 'Referral', minLeadScore: 50 },
					}),
				);
				expectRequests(sandbox, [
					[
						'POST',
						`/api/v1/collection-records/${PEOPLE}/query`,
						{
							filter: { $and: [{ source: { $eq: 'Referral' } }, { leadScore: { $gte: 50 } }] },
							sort: [{ attribute: 'leadScore', direction: 'desc' }],
							limit: 10,
							offset: 0,
						},
					],
				]);
				const wanted = expectedPeople(sandbox, 'Referral', 50);
				if (!wanted.length)
					fail('the sandbox has no matching people: the check would prove nothing');
				const ids = items.map((item) => item._id);
				if (!isDeepStrictEqual(ids, wanted))
					fail(`the result holds ${json(ids)}, expected ${json(wanted)}`);
				if (
					!items.every(
						(item) => (item.source?.name ?? item.source) === 'Referral' && item.leadScore >= 50,
					)
				)
					fail('a result does not match the filter');
				return `result: ${items.length} people, lead scores ${items.map((item) => item.leadScore).join(', ')}`;
			},
		],
		[
			'Get person: the $fromAI() ID goes into the path, and the result is that record',
			async ({ client, sandbox }) => {
				const recordId = found.created ?? ADA;
				const items = resultItems(
					await client.callTool({ name: tool('Get person'), arguments: { recordId } }),
				);
				expectRequests(sandbox, [['GET', `/api/v1/collection-records/${PEOPLE}/${recordId}`]]);
				if (items.length !== 1 || items[0]._id !== recordId)
					fail(`the result is ${json(items).slice(0, 300)}`);
			},
		],
		[
			'Schedule follow-up call: $fromAI() title, time and record ID make the activity; the time is sent in UTC',
			async ({ client, sandbox }) => {
				const args = {
					title: 'Follow-up call',
					scheduleAt: '2026-11-23T10:30:00+01:00',
					recordId: ADA,
				};
				const items = resultItems(
					await client.callTool({ name: tool('Schedule follow-up call'), arguments: args }),
				);
				expectRequests(sandbox, [
					[
						'POST',
						'/api/v1/collection-records/activity-list',
						{
							name: 'Follow-up call',
							scheduleAt: '2026-11-23T09:30:00.000Z',
							iconType: 'interaction',
							iconValue: 'call',
							associated: ADA,
						},
					],
				]);
				if (
					items.length !== 1 ||
					!items[0]._id ||
					items[0].scheduleAt !== '2026-11-23T09:30:00.000Z'
				)
					fail(`the result is ${json(items)}`);
			},
		],
		[
			'List collections: a tool without $fromAI() takes no arguments and returns every collection',
			async ({ client, sandbox }) => {
				const items = resultItems(
					await client.callTool({ name: tool('List collections'), arguments: {} }),
				);
				expectRequests(sandbox, [['GET', '/api/v1/collections']]);
				const slugs = items.map((item) => item.slug);
				if (!isDeepStrictEqual(slugs, ['people', 'companies', 'deals', 'projects']))
					fail(`the result holds ${json(slugs)}`);
			},
		],
		[
			"A failing call reaches the agent as an MCP error with the node's message, naming the ID",
			async ({ client, sandbox }) => {
				const result = await client.callTool({
					name: tool('Get person'),
					arguments: { recordId: 'no-such-record' },
				});
				expectRequests(sandbox, [['GET', `/api/v1/collection-records/${PEOPLE}/no-such-record`]]);
				const text = result.content?.map((c) => c.text).join(' ') ?? '';
				if (!result.isError) fail(`the result is no error: ${text.slice(0, 300)}`);
				if (!/The record with ID "no-such-record" was not found/.test(text))
					fail(`the error says: ${text.slice(0, 300)}`);
				if (text.includes(sandbox.config.apiKey)) fail('the error shows the API key');
				return `the agent reads: ${text.replace(/\s+/g, ' ')}`;
			},
		],
		[
			'The agent cannot send what the schema does not allow: a missing argument is refused before any request',
			async ({ client, sandbox }) => {
				const result = await client.callTool({
					name: tool('Find people'),
					arguments: { source: 'Referral' },
				});
				expectRequests(sandbox, []);
				if (!result.isError) fail(`the call went through: ${json(result).slice(0, 300)}`);
				return `the agent reads: ${(result.content?.map((c) => c.text).join(' ') ?? '').replace(/\s+/g, ' ').slice(0, 200)}`;
			},
		],
		[
			"The tool list tells the agent WhatsApp's 24-hour rule, with Tool Description Set Automatically",
			async ({ tools }) => {
				const listed = tools.find((t) => t.name === tool('Reply on WhatsApp'));
				if (
					!/within 24 hours of the customer's last message, else use Send Template/.test(
						listed?.description,
					)
				)
					fail(`the agent reads: ${listed?.description}`);
				return `the agent reads: ${listed.description}`;
			},
		],
		[
			'A reply outside the 24 hours reaches the agent as the closed conversation, with what to do',
			async ({ client, sandbox }) => {
				const result = await client.callTool({
					name: tool('Reply on WhatsApp'),
					arguments: { number: '+44 7700 900123', text: 'Your order has shipped.' },
				});
				if (sandbox.requests.length !== 1) fail(`${sandbox.requests.length} requests sent`);
				const text = result.content?.map((c) => c.text).join(' ') ?? '';
				if (!result.isError) fail(`the result is no error: ${text.slice(0, 300)}`);
				if (!/conversation with 447700900123 is closed/.test(text))
					fail(`the error says: ${text.slice(0, 300)}`);
				return `the agent reads: ${text.replace(/\s+/g, ' ').slice(0, 200)}`;
			},
		],
		[
			'Add a People attribute: the agent adds the field it is about to write, and People has it',
			async ({ client, sandbox }) => {
				const items = resultItems(
					await client.callTool({
						name: tool('Add a People attribute'),
						arguments: { name: 'Favourite Colour', key: 'favouriteColour' },
					}),
				);
				expectRequests(sandbox, [
					[
						'POST',
						`/api/v1/attributes/collection/${PEOPLE}`,
						{
							apiKeyName: 'favouriteColour',
							inputType: 'text',
							name: 'Favourite Colour',
							config: {},
						},
					],
				]);
				const stored = sandbox.state.attributes
					.get(`collection:${PEOPLE}`)
					.find((a) => a.apiKeyName === 'favouriteColour');
				if (!stored || items.length !== 1 || items[0]._id !== stored._id)
					fail(`the result is ${json(items)}`);
				return `result: [{"_id":"${items[0]._id}","apiKeyName":"${items[0].apiKeyName}",…}]`;
			},
		],
	];
}

/** The report's view of one tool: its name, description and input schema, property by property. */
function describeTool(tool) {
	const { properties = {}, required = [] } = tool.inputSchema;
	const lines = [`  ${tool.name}`, `    description: ${tool.description}`];
	const keys = Object.keys(properties);
	if (!keys.length) lines.push('    input: no arguments');
	for (const key of keys) {
		const p = properties[key];
		lines.push(
			`    - ${key} (${p.type}${required.includes(key) ? ', required' : ''}): ${p.description ?? ''}`,
		);
	}
	lines.push(`    inputSchema: ${json(tool.inputSchema)}`);
	return lines.join('\n');
}

/**
 * An MCP session with the published workflow. The production URL exists once n8n has
 * activated the workflow, a moment after its HTTP server answers; until then it is a 404.
 */
async function connect(n8n, url, token) {
	const started = Date.now();
	for (;;) {
		if (n8n.exited() !== null)
			fail(`n8n exited with ${n8n.exited()} before the MCP server answered`);
		const client = new Client({ name: 'workspace-records-mcp-test', version: '1.0.0' });
		try {
			const headers = { authorization: `Bearer ${token}` };
			await client.connect(
				new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }),
			);
			return client;
		} catch (error) {
			await client.close().catch(() => {});
			// Only "not there yet" is worth waiting for; a refused token will not change.
			if (error.code === 401 || error.code === 403)
				fail(`the MCP server at ${url} refused the bearer token: ${error.message}`);
			if (Date.now() - started > 120_000)
				fail(`the MCP server at ${url} did not answer within 2 minutes: ${error.message}`);
			await sleep(500);
		}
	}
}

async function main() {
	const started = Date.now();
	const reporter = createReporter();
	let userFolder;
	const lastWords = () => {
		if (reporter.anyFailed && userFolder)
			reporter.say(`the user folder of this run is kept in ${userFolder}`);
		process.stdout.write(`runtime ${((Date.now() - started) / 1000).toFixed(1)}s\n`);
		return reporter.tally();
	};
	stopOnSignals({ onSignal: (signal) => reporter.abort(`stopped by ${signal}`), lastWords });
	const timer = deadline(DEADLINE_MS, {
		onExpire: () => reporter.abort(`the run did not finish within ${DEADLINE_MS / 1000} s`),
		lastWords,
	});

	const { phases, phase } = phaseClock();
	try {
		buildPackage();
		phase('build');
		const runtime = await prepare(VERSION);
		const workflow = JSON.parse(readFileSync(EXAMPLE, 'utf8'));
		const trigger = workflow.nodes.find(
			(node) => node.type === '@n8n/n8n-nodes-langchain.mcpTrigger',
		);
		userFolder = newUserFolder(`mcp-user-${VERSION}`);
		onCleanup(
			'user folder',
			() => reporter.anyFailed || rmSync(userFolder, { recursive: true, force: true }),
		);
		const sandbox = createSandbox();
		await sandbox.start();
		onCleanup('sandbox', () => sandbox.stop());

		// Headless set-up: credentials pointing at the sandbox, the example, and its activation
		// (publish:workflow before `n8n start`, which then registers the MCP URL).
		// The MCP Server Trigger's own credential: the bearer token MCP clients must send.
		const token = randomUUID();
		const triggerCredential = trigger.credentials.httpBearerAuth;
		const credentialsFile = writeCredentials(userFolder, [
			...sandboxCredentials(sandbox),
			{ ...triggerCredential, type: 'httpBearerAuth', data: { token } },
		]);
		await runN8nCommands(
			runtime,
			userFolder,
			[
				['import:credentials', `--input=${credentialsFile}`],
				['import:workflow', `--input=${EXAMPLE}`],
				['publish:workflow', `--id=${workflow.id}`],
			],
			{ afterEach: (args) => phase(args[0]) },
		);

		const n8n = await startN8nServer(runtime, userFolder);
		const url = `${n8n.base}/mcp/${trigger.parameters.path}`;
		let client;
		try {
			client = await connect(n8n, url, token);
		} catch (error) {
			fail(`${error.message}\n  n8n's output:\n${outputTail(n8n.output())}`);
		}
		onCleanup('MCP client', () => client.close().catch(() => {}));
		phase('n8n start until the MCP URL answers');
		const { tools } = await client.listTools();
		const server = client.getServerVersion();
		reporter.say(
			`set-up: ${phases.join(', ')}\n` +
				`n8n ${VERSION} serves ${tools.length} tools at ${url} (streamable HTTP, server "${server?.name}")\n` +
				`instructions: ${client.getInstructions() ?? '(none)'}\n\n${tools.map(describeTool).join('\n\n')}\n`,
		);

		for (const [title, check] of checks(workflow, url)) {
			sandbox.clearRequests();
			await reporter.run(title, () => check({ client, sandbox, tools }));
		}
		if (reporter.anyFailed) reporter.say(`  n8n's output:\n${outputTail(n8n.output())}`);
	} catch (error) {
		reporter.fail(error.message);
	}
	timer.clear();
	await cleanUp();
	process.exit(lastWords());
}

main().catch(async (error) => {
	process.stderr.write(`${error.stack}\n`);
	process.stdout.write(`FAIL ${error.message}\n0 passed, 1 failed\n`);
	await cleanUp();
	process.exit(1);
});
