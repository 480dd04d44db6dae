// Send and Wait for Response, the operation of Workspace SMS and Workspace WhatsApp, in the
// editor (`npm run test:ui`, listed by run.mjs):
//   1. its fields on Workspace SMS as the user sees them: the link notice, Recipient, Sender ID,
//      Route, Message, Response Type's options, the Options collection offering Limit Wait Time;
//      Custom Form's Form Elements; no issue shown with a filled-in SMS setup; on Workspace
//      WhatsApp, Send As, and with Template its Template, the Link Variable listing the
//      template's text variables, and the variables mapper without the one that gets the link;
//   2. one executed wait: Manual Trigger -> Workspace SMS (Send and Wait for Response, approval),
//      run with the editor's Execute Workflow button; the person reads the link in the SMS the
//      sandbox received, opens it in the browser, presses Approve; the node's output shows
//      data.approved true.
import { isDeepStrictEqual } from 'node:util';

import { waitingLinksIn } from '../rig/answerPage.mjs';
import {
	fail,
	json,
	mapperLabels,
	openLoadedSelect,
	openNode,
	pickFromList,
	pickOption,
	pollFor,
	sel,
	shownParameters,
	shownValue,
	squash,
	waitForText,
} from './editor.mjs';
import { chain, MANUAL_TRIGGER, ourNode } from './workflows.mjs';

const NODE = 'Ask by SMS';
const SMS_SEND = '/api/ingest/sms/v1/message/send';
const SETUP_NOTICE = 'The link opens a page of this n8n';
const UK_ACCOUNT = 'Acme Sales UK (+44 20 7946 0958)';
const MESSAGE = 'Hello Ada, may we deliver order 42 tomorrow?';
const OPERATION = 'Send and Wait for Response';

/** The fields of the operation on Workspace SMS, in the panel's order (labels as it shows them). */
const SMS_FIELDS = ['Recipient', 'Sender ID', 'Route', 'Message', 'Response Type'];
/** The fields Custom Form adds; those Approval shows instead. */
const FORM_FIELDS = ['Define Form', 'Form Elements'];
const APPROVAL_FIELDS = ['Approval Options', 'Options'];
/** The node's own request knobs (Max Concurrent Requests…): hidden on this operation. */
const NODE_OPTIONS = 'Max Concurrent Requests';

const SMS_SETUP = {
	resource: 'sms',
	operation: 'sendAndWait',
	recipient: '+91 98765 43210',
	senderId: 'WRKSPC',
	route: 'transactional',
	message: MESSAGE,
	responseType: 'approval',
};

/**
 * Manual Trigger -> `node` (the operation's node: Workspace SMS unless said), as the editor saves
 * it. The node's id ends the link the person opens, which the check prints.
 */
const workflowWith = (parameters, { node = 'workspaceSms', name = NODE } = {}) =>
	chain(
		MANUAL_TRIGGER,
		ourNode(name, node, parameters, {
			id: 'saw1',
			webhookId: '3c9a1f0e-5b7d-4e2a-9c61-8d4f2b7e1a55',
		}),
	);

/** Labels of the panel's top-level fields, without n8n's "Name or ID" ending of a dynamic list. */
const labelsIn = async (ndv) =>
	(await shownParameters(ndv)).map((p) => p.label.replace(/ Name or ID$/, ''));

export function sendAndWaitChecks() {
	return [
		[
			`Send and Wait for Response on Workspace SMS: the link notice, Recipient, Sender ID, Route, Message, Response Type (Approval, Custom Form, Free Text), Options offering Limit Wait Time, not the node's ${NODE_OPTIONS}; Custom Form's Form Elements; no issue with a filled-in SMS setup`,
			async ({ page, env, shot }) => {
				const id = await env.api.createWorkflow({
					name: 'UI test: Send and Wait for Response fields',
					...workflowWith({ resource: 'sms', operation: 'sendAndWait' }),
				});
				await openNode(page, env.n8n.base, id, NODE);
				const ndv = page.locator(sel.ndv);
				const responseType = ndv.locator(sel.parameter('responseType'));
				await responseType.waitFor();
				const operation = await shownValue(ndv.locator(sel.parameter('operation')));
				if (operation !== OPERATION) fail(`Operation shows "${operation}", not ${OPERATION}`);
				const text = squash(await ndv.locator(sel.nodeParameters).innerText());
				if (!text.includes(SETUP_NOTICE) || !text.includes('WEBHOOK_URL'))
					fail(`the link notice is not shown: "${text.slice(0, 300)}"`);
				if (text.includes(NODE_OPTIONS)) fail(`the node's ${NODE_OPTIONS} is shown`);
				const labels = await labelsIn(ndv);
				await shot('s1-sms-approval');
				const fields = labels.filter((label) => SMS_FIELDS.includes(label));
				if (!isDeepStrictEqual(fields, SMS_FIELDS))
					fail(`the panel shows ${json(labels)}, expected ${json(SMS_FIELDS)} in this order`);
				if (!APPROVAL_FIELDS.every((label) => labels.includes(label)))
					fail(`Approval shows ${json(labels)}, without ${json(APPROVAL_FIELDS)}`);

				// Options, on Approval: Limit Wait Time, n8n's own option, alone. A version adds the
				// one option at once; one that lists it offers it.
				const options = ndv.locator(sel.parameterItem('options'));
				await options.locator(sel.collectionAdd).click();
				const offeredList = page.locator(sel.openOption);
				let offered = ['Limit Wait Time'];
				if (
					await offeredList
						.first()
						.waitFor({ timeout: 3_000 })
						.then(() => true)
						.catch(() => false)
				) {
					offered = (await offeredList.allInnerTexts()).map(squash);
					await pickOption(page, 'Limit Wait Time');
				}
				if (!isDeepStrictEqual(offered, ['Limit Wait Time']))
					fail(`Options offers ${json(offered)}, expected Limit Wait Time alone`);
				const limit = ndv.locator(sel.parameter('limitType'));
				await limit
					.waitFor({ timeout: 10_000 })
					.catch(() => fail('Options → Limit Wait Time shows no Limit Type'));
				const limitType = await shownValue(limit);
				const amount = await ndv
					.locator(`${sel.parameter('resumeAmount')} input`)
					.first()
					.inputValue();
				const unit = await shownValue(ndv.locator(sel.parameter('resumeUnit')));
				const limitText = `${limitType}: ${amount} ${unit}`;
				await shot('s1-limit-wait-time');
				if (limitType !== 'After Time Interval' || !amount || !unit)
					fail(`Limit Wait Time shows "${limitText}"`);

				// Response Type's options, and Custom Form's fields.
				const responseTypes = (await openLoadedSelect(page, responseType)).map(
					(option) => option.split(/ The person/)[0],
				);
				if (!isDeepStrictEqual(responseTypes, ['Approval', 'Custom Form', 'Free Text']))
					fail(`Response Type offers ${json(responseTypes)}`);
				await pickOption(page, 'Custom Form');
				await ndv.locator(sel.fixedCollection('formFields')).waitFor();
				const formLabels = await labelsIn(ndv);
				await shot('s1-custom-form');
				if (!FORM_FIELDS.every((label) => formLabels.includes(label)))
					fail(`Custom Form shows ${json(formLabels)}, without ${json(FORM_FIELDS)}`);
				if (formLabels.includes('Approval Options'))
					fail(`Custom Form still shows Approval Options: ${json(formLabels)}`);
				await page.locator(sel.ndvClose).click();

				// A filled-in SMS setup, as saved: no field marked as missing or wrong.
				const filled = await env.api.createWorkflow({
					name: 'UI test: Send and Wait for Response, SMS filled in',
					...workflowWith(SMS_SETUP),
				});
				await openNode(page, env.n8n.base, filled, NODE);
				await ndv.locator(sel.parameter('senderId')).waitFor();
				const issues = await ndv.locator(`${sel.parameterIssues}:visible`).count();
				await shot('s1-sms-filled');
				if (issues) fail(`${issues} parameter issue(s) shown with a filled-in SMS setup`);
				return (
					`notice: "${SETUP_NOTICE}…"; fields ${json(labels)}\n` +
					`Options offers ${json(offered)}: Limit Wait Time "${limitText}"; Response Type offers ${json(responseTypes)}; Custom Form shows ${json(formLabels.filter((l) => !labels.includes(l)))}\n` +
					`issues with SMS filled in: ${issues}`
				);
			},
		],
		[
			'Send and Wait for Response on Workspace WhatsApp: Send As; with Template, Template, the Link Variable listing the text variables of the template, and the variables without it',
			async ({ page, env, shot }) => {
				const name = 'Ask by WhatsApp';
				const id = await env.api.createWorkflow({
					name: 'UI test: Send and Wait for Response on WhatsApp',
					...workflowWith(
						{ resource: 'message', operation: 'sendAndWait' },
						{
							node: 'workspaceWhatsApp',
							name,
						},
					),
				});
				await openNode(page, env.n8n.base, id, name);
				const ndv = page.locator(sel.ndv);
				const sendAs = ndv.locator(sel.parameter('sendAs'));
				await sendAs.waitFor();
				const conversation = await labelsIn(ndv);
				const choices = (await openLoadedSelect(page, sendAs)).map(
					(option) => option.split(/ (?=An approved|In an open)/)[0],
				);
				if (!isDeepStrictEqual(choices, ['Template', 'Text in Conversation']))
					fail(`Send As offers ${json(choices)}`);
				await pickOption(page, 'Template');
				await ndv.locator(sel.parameterItem('linkVariable')).waitFor();
				const template = await labelsIn(ndv);
				await shot('s1-whatsapp-template');
				for (const label of ['Account', 'Recipient', 'Send As', 'Template', 'Link Variable'])
					if (!template.includes(label)) fail(`Send As Template shows ${json(template)}`);
				if (conversation.includes('Template') || conversation.includes('Link Variable'))
					fail(`in a conversation the panel shows ${json(conversation)}`);

				await pickFromList(page, 'phoneId', UK_ACCOUNT, ndv);
				await pickFromList(page, 'template', /^\s*delivery_slot \(en_GB\)/, ndv);
				const linkVariable = ndv.locator(sel.parameter('linkVariable'));
				const linkVariables = await openLoadedSelect(page, linkVariable);
				await shot('s1-template-link-variables');
				if (!isDeepStrictEqual(linkVariables, ['First Name', 'Answer Link']))
					fail(`Link Variable offers ${json(linkVariables)}`);
				await pickOption(page, 'Answer Link');
				const mapper = ndv.locator(sel.mapper);
				await mapper.locator(sel.parameter('first_name')).waitFor();
				const variables = (await mapperLabels(mapper)).filter(
					(t) => t !== 'Variables' && t !== 'Template Variables',
				);
				await shot('s1-template-variables');
				if (!isDeepStrictEqual(variables, ['First Name']))
					fail(`with Answer Link as the link, the variables are ${json(variables)}`);
				return (
					`in a conversation: ${json(conversation)}\nSend As offers ${json(choices)}; Template: ${json(template)}\n` +
					`delivery_slot (en_GB): Link Variable offers ${json(linkVariables)}, variables beside Answer Link ${json(variables)}`
				);
			},
		],
		[
			'Send and Wait for Response executed from the editor: Workspace SMS, approval, the run waits, the link in the SMS opens a page with the words and buttons (nothing of the workflow), Approve says "Got it, thanks", the output shows data.approved true',
			async ({ page, env, shot }) => {
				const { sandbox, api } = env;
				const id = await api.createWorkflow({
					name: 'UI test: Send and Wait for Response run',
					...workflowWith(SMS_SETUP),
				});
				await page.goto(`${env.n8n.base}/workflow/${id}`);
				await page.locator(sel.canvasNode, { hasText: NODE }).waitFor();
				sandbox.clearRequests();
				await page.locator('[data-test-id="execute-workflow-button"]').first().click();
				const waiting = await pollFor(
					async () => (await api.executions(id)).find((e) => e.status === 'waiting'),
					'a waiting execution',
				);
				// The editor says the node waits (n8n's own words on the canvas or in its run bar).
				const editorSays = await waitForText(
					page.locator('body'),
					(t) => /waiting|Executing workflow/i.test(t),
					'the editor showing the run waiting',
				);
				await shot('s2-waiting');

				// The person: the SMS the sandbox received, its link.
				const sends = sandbox.requests.filter((r) => r.method === 'POST' && r.path === SMS_SEND);
				if (sends.length !== 1) fail(`${sends.length} SMS sent, not 1`);
				const [link] = waitingLinksIn(sends[0].body.message);
				if (!link) fail(`no link in the SMS: ${json(sends[0].body.message)}`);
				const person = await page.context().newPage();
				try {
					await person.goto(link);
					const shown = squash(await person.locator('body').innerText());
					await shot('s2-answer-page', person);
					if (!shown.includes(MESSAGE)) fail(`the page shows "${shown.slice(0, 300)}"`);
					const buttons = (await person.locator('button').allInnerTexts()).map(squash);
					if (!isDeepStrictEqual(buttons, ['Approve', 'Decline']))
						fail(`the page's buttons are ${json(buttons)}`);
					const html = await person.content();
					for (const secret of [NODE, 'Manual Trigger', 'When clicking', 'sandbox-key', 'WRKSPC'])
						if (html.includes(secret)) fail(`the page shows "${secret}" of the workflow`);
					await person.getByRole('button', { name: 'Approve' }).click();
					await waitForText(
						person.locator('body'),
						(t) => t.includes('Got it, thanks'),
						'the answer page',
					);
					await shot('s2-answered', person);
				} finally {
					await person.close();
				}
				await pollFor(
					async () =>
						(await api.executions(id)).find((e) => e.id === waiting.id && e.status === 'success'),
					'the resumed execution ending',
				);

				// Back in the editor: the node's output.
				await page.bringToFront();
				await page.locator(sel.canvasNode, { hasText: NODE }).dblclick();
				const output = await waitForText(
					page.locator(sel.output),
					(t) => /approved/.test(t) && /true/.test(t),
					"the node's output with approved true",
				);
				await shot('s2-approved-output');
				return `executed with Execute workflow; execution ${waiting.id} waited (the editor says "${/waiting|Executing workflow/i.exec(editorSays)?.[0]}")\nlink ${link.replace(/signature=\w+/, 'signature=…')} opened in the browser: words and Approve/Decline, nothing of the workflow; Approve -> "Got it, thanks"\noutput: "${output.slice(0, 200)}"`;
			},
		],
	];
}
