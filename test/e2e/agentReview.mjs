// An AI Agent whose tool waits for a person's approval (docs/ai-agents.md, "Human review"):
// n8n 2.x derives a human-review tool from each node with Send and Wait for Response: Workspace
// SMS's here (`workspaceSmsHitlTool`, tool-generation/hitl-tools.js), which an agent's tool is
// plugged into. Proven here end to end without a language model: n8n's OpenAI Chat Model
// talks to a scripted stand-in (fakeChatModel.mjs) that calls the gated tool, then answers
// with what the tool gave back. The person is the test: it reads the SMS the sandbox got,
// opens the link and presses Approve or Decline on the page, as a browser posts its form.
import assert from 'node:assert/strict';

import { pressOnPage } from '../rig/answerPage.mjs';
import { CREDENTIALS, SEED_IDS } from '../rig/sandbox.mjs';
import { startFakeChatModel } from './fakeChatModel.mjs';

const { PEOPLE, ADA_RECORD: ADA } = SEED_IDS;
const SMS_SEND = '/api/ingest/sms/v1/message/send';
const TOOL = 'Get person';
const REVIEW = 'Human review by SMS';
const AGENT = 'AI Agent';
const TOOL_CALL_ID = 'call_review_1';

const AGENT_REVIEW = 'agent-human-review';

/**
 * The model's turns: first it calls the one tool it is offered (the gated Get person) for
 * Ada's record, in the shape n8n gives a gated tool (the tool's own arguments under
 * `toolParameters`); once it has the tool's result, it answers with it.
 */
function script(body) {
	const last = body.messages.at(-1);
	if (last.role === 'tool') return { text: `The tool answered: ${last.content}` };
	const [tool] = body.tools ?? [];
	assert.ok(tool, 'n8n offered the model no tool');
	return {
		toolCall: {
			id: TOOL_CALL_ID,
			name: tool.function.name,
			args: { toolParameters: { recordId: ADA }, hitlParameters: {} },
		},
	};
}

/**
 * Manual Trigger → AI Agent, with the chat model and Get person behind the human review;
 * `review`: the review's fields that differ from run to run (its time limit).
 */
function agentWorkflow(modelCredential, review = {}) {
	const records = { workspaceRecordsApi: CREDENTIALS.workspaceRecordsApi };
	const node = (name, type, typeVersion, position, parameters, extra = {}) => ({
		id: `agent-review-${name.toLowerCase().replace(/\W+/g, '-')}`,
		name,
		type,
		typeVersion,
		position,
		parameters,
		...extra,
	});
	const to = (target, type) => ({ [type]: [[{ node: target, type, index: 0 }]] });
	return {
		name: 'An AI Agent reads a person only once a human approved it by SMS',
		settings: { executionOrder: 'v1' },
		nodes: [
			node('Manual Trigger', 'n8n-nodes-base.manualTrigger', 1, [0, 0], {}),
			node(AGENT, '@n8n/n8n-nodes-langchain.agent', 3.1, [260, 0], {
				promptType: 'define',
				text: "Read Ada Lovelace's record and tell me her name.",
				options: {},
			}),
			node(
				'OpenAI Chat Model',
				'@n8n/n8n-nodes-langchain.lmChatOpenAi',
				1.3,
				[200, 240],
				{
					model: { __rl: true, mode: 'id', value: 'fake-model' },
					responsesApiEnabled: false,
					options: {},
				},
				{ credentials: { openAiApi: modelCredential } },
			),
			node(
				REVIEW,
				'n8n-nodes-workspace-records.workspaceSmsHitlTool',
				1,
				[400, 240],
				{
					recipient: '+91 98765 43210',
					senderId: 'WRKSPC',
					route: 'transactional',
					// n8n's default message prints the tool's input as "[object Object]": name the values.
					message: MESSAGE,
					...review,
				},
				{ credentials: records, webhookId: 'a6e3c1f0-0000-4000-8000-a6e3c1f00000' },
			),
			node(
				TOOL,
				'n8n-nodes-workspace-records.workspaceRecordsTool',
				1,
				[400, 480],
				{
					descriptionType: 'manual',
					toolDescription: 'Get one person of the CRM by the _id of the record.',
					resource: 'record',
					operation: 'get',
					collectionId: { __rl: true, mode: 'id', value: PEOPLE },
					recordId: {
						__rl: true,
						mode: 'id',
						value: "={{ $fromAI('recordId', 'The _id of the person record', 'string') }}",
					},
				},
				{ credentials: records },
			),
		],
		connections: {
			'Manual Trigger': to(AGENT, 'main'),
			'OpenAI Chat Model': to(AGENT, 'ai_languageModel'),
			[REVIEW]: to(AGENT, 'ai_tool'),
			[TOOL]: to(REVIEW, 'ai_tool'),
		},
	};
}

/** The review's message; $tool is the call the agent wants to make. */
const MESSAGE =
	'=The AI agent wants to read the person {{ $tool.parameters.recordId }} with {{ $tool.name }}. Do you agree?';
/** The SMS it becomes, before the link. */
const SENT = `The AI agent wants to read the person ${ADA} with Get_person. Do you agree?\n\nApprove or Decline: `;

const LINK = /^https?:\/\/\S+\/webhook-waiting\/\d+\/[\w-]+\?signature=[0-9a-f]{64}$/;

/** The one SMS the review sent: its text, and the link in it. */
function theReviewSms(sandbox) {
	const sends = sandbox.requests.filter((r) => r.method === 'POST');
	assert.equal(sends.length, 1, `${sends.length} sends, not 1`);
	assert.equal(sends[0].path, SMS_SEND);
	const { message, recipient } = sends[0].body;
	assert.equal(recipient, '919876543210');
	assert.ok(message.startsWith(SENT), `the SMS: ${message}`);
	const link = message.slice(SENT.length);
	assert.match(link, LINK);
	return { message, link };
}

/** The person presses a button on the link's page. */
const press = (link, approved) => pressOnPage(link, { approved: String(approved) });

/** What n8n told the model the second time: the tool's result for the tool call. */
function toolResultOf(model) {
	assert.deepEqual(model.requests, Array(2).fill('POST /v1/chat/completions'));
	assert.equal(model.completions.length, 2, `${model.completions.length} model calls, not 2`);
	const result = model.completions[1].messages.find((m) => m.role === 'tool');
	assert.ok(result, 'the model got no tool result');
	assert.equal(result.tool_call_id, TOOL_CALL_ID);
	return result.content;
}

/** The tool n8n offered the model: Get person, its arguments wrapped for the review. */
function assertOfferedTool(model) {
	const tools = model.completions[0].tools ?? [];
	assert.deepEqual(
		tools.map((t) => t.function.name),
		['Get_person'],
	);
	const { properties } = tools[0].function.parameters;
	assert.ok(properties.toolParameters, 'no toolParameters in the tool schema');
	assert.ok(properties.toolParameters.properties?.recordId, 'no recordId in toolParameters');
}

const runs = [
	// The person approves: Get person runs, and the model gets Ada's record.
	{
		name: `${AGENT_REVIEW}-approved`,
		approved: true,
		check({ sandbox, model, output, runData, sms }) {
			assertOfferedTool(model);
			// After the SMS: the gated tool's request, once.
			assert.deepEqual(
				sandbox.requests.slice(1).map((r) => [r.method, r.path]),
				[['GET', `/api/v1/collection-records/${PEOPLE}/${ADA}`]],
			);
			assert.equal(runData[TOOL]?.length, 1, 'Get person did not run once');
			const result = toolResultOf(model);
			assert.ok(result.includes('Ada Lovelace'), `the tool result: ${result.slice(0, 300)}`);
			assert.equal(output, `The tool answered: ${result}`);
			return `SMS "${sms.message.replace(/\s+/g, ' ').slice(0, 110)}…"; the agent answered "${output.slice(0, 80)}…"`;
		},
	},
	// The person declines: Get person does not run, and the model reads n8n's refusal.
	{
		name: `${AGENT_REVIEW}-declined`,
		approved: false,
		check: assertRefused,
	},
	// Nobody answers within the review's Limit Wait Time (0.04 minutes: 2.4 s): n8n passes the
	// tool's input on with no approval, which it reads as a refusal. n8n looks for waits whose
	// time has come every minute, and at its start: the run restarts n8n once the time has passed.
	{
		name: `${AGENT_REVIEW}-time-limit`,
		review: {
			options: {
				limitWaitTime: {
					values: { limitType: 'afterTimeInterval', resumeAmount: 0.04, resumeUnit: 'minutes' },
				},
			},
		},
		async instead(n8n) {
			await new Promise((resolve) => setTimeout(resolve, 3000));
			await n8n.restart();
		},
		check: assertRefused,
	},
];

/** The runs where the review said no: Get person did not run, and the model read why. */
function assertRefused({ sandbox, model, output, runData }) {
	assert.equal(sandbox.requests.length, 1, 'a request after the SMS: the tool ran');
	assert.equal(runData[TOOL], undefined, 'Get person ran');
	const result = toolResultOf(model);
	assert.match(result, /User rejected the tool call to Get person/);
	assert.equal(output, `The tool answered: ${result}`);
	return `the model read: ${result.slice(0, 120)}`;
}

/** The runs whose name E2E_CASES' regexp (`selected`) matches. */
export const agentReviewRuns = (selected) => runs.filter((run) => selected.test(run.name));

/**
 * The runs in one n8n (2.x): the fake model, its credential and the workflow set up once.
 * `report(version, { file }, started, output, check)` and `untilWaiting(rest, id)` are
 * runs/rig.mjs's, which run.mjs hands on.
 */
export async function runAgentReview(n8n, version, sandbox, selectedRuns, helpers) {
	const { report, untilWaiting } = helpers;
	const model = await startFakeChatModel(script);
	let allPassed = true;
	try {
		let modelCredential;
		try {
			const { data: credential } = await n8n.rest.call('POST', '/rest/credentials', {
				name: 'Fake chat model',
				type: 'openAiApi',
				data: { apiKey: 'sk-fake', url: model.url },
			});
			modelCredential = { id: credential.id, name: credential.name };
		} catch (error) {
			return report(version, { file: `${AGENT_REVIEW} set-up` }, Date.now(), n8n.output, () => {
				throw error;
			});
		}
		for (const run of selectedRuns) {
			sandbox.reset();
			model.reset();
			const started = Date.now();
			let executionId;
			let resultData;
			let sms;
			let failure;
			try {
				const workflowId = await n8n.rest.createWorkflow(
					agentWorkflow(modelCredential, run.review),
				);
				executionId = await n8n.rest.startManualRun(workflowId, 'Manual Trigger');
				await untilWaiting(n8n.rest, executionId);
				sms = theReviewSms(sandbox);
				const page = await fetch(sms.link);
				const html = await page.text();
				assert.equal(page.status, 200, 'the link does not open the page');
				for (const button of ['Approve', 'Decline'])
					assert.ok(html.includes(`>${button}</button>`), `no ${button} button on the page`);
				if (run.instead) await run.instead(n8n);
				else {
					const answered = await press(sms.link, run.approved);
					assert.equal(answered.status, 200, answered.html.slice(0, 300));
				}
				resultData = await n8n.rest.finishedRun(executionId, { timeoutMs: 90_000 });
			} catch (error) {
				failure = error;
				if (executionId)
					await n8n.rest.call('POST', `/rest/executions/${executionId}/stop`).catch(() => {});
			}
			const passed = report(version, { file: run.name }, started, n8n.output, () => {
				if (failure) throw failure;
				if (resultData.error) throw new Error(`the run failed: ${resultData.error.message}`);
				const { runData } = resultData;
				const output = runData[AGENT]?.at(-1)?.data?.main?.[0]?.[0]?.json?.output;
				assert.equal(typeof output, 'string', 'the agent gave no output');
				// The review's output, as the agent read it: n8n's send-and-wait answer.
				const review = runData[REVIEW]?.at(-1)?.data?.ai_tool?.[0]?.[0]?.json;
				assert.equal(
					review?.data?.approved,
					run.approved,
					`the review gave ${JSON.stringify(review)}`,
				);
				return run.check({ sandbox, model, output, runData, sms });
			});
			allPassed = passed && allPassed;
		}
	} finally {
		await model.stop();
	}
	return allPassed;
}
