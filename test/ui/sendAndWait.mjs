// Workspace Send and Wait in the editor (`npm run test:ui`, listed by run.mjs):
//   1. its fields as the user sees them: the setup notice, Channel and each channel's own fields
//      (the WhatsApp Template's Link Variable listing the template's text variables, and the
//      variables mapper without the one that gets the link), Response Type's own options, Time
//      Limit's default; no issue shown with a filled-in SMS setup;
//   2. one executed wait: Manual Trigger -> Send and Wait (SMS, approval), run with the editor's
//      Execute Workflow button; the person reads the link in the SMS the sandbox received, opens
//      it in the browser, presses Approve; the node's output shows data.approved true.
import { isDeepStrictEqual } from 'node:util';

import { waitingLinksIn } from '../rig/answerPage.mjs';
import { PACKAGE } from '../rig/n8n.mjs';
import { CREDENTIALS } from '../rig/sandbox.mjs';
import {
	fail,
	json,
	MANUAL_TRIGGER,
	openLoadedSelect,
	openNode,
	pickOption,
	sel,
	shownParameters,
	shownValue,
	squash,
	pollFor,
	waitForText,
} from './editor.mjs';

const NODE = 'Send and Wait';
const SMS_SEND = '/api/ingest/sms/v1/message/send';
const SETUP_NOTICE = 'The link opens a page of this n8n';
const ACCOUNTS = ['Acme Support (+1 234 567 8900)', 'Acme Sales UK (+44 20 7946 0958)'];
const UK_ACCOUNT = ACCOUNTS[1];
const MESSAGE = 'Hello Ada, may we deliver order 42 tomorrow?';

/** The fields each Channel shows between Operation and Message (labels as the panel shows them). */
const CHANNEL_FIELDS = {
	SMS: ['Recipient', 'Sender ID', 'Route'],
	WhatsApp: ['Account', 'Recipient'],
	'WhatsApp Template': ['Account', 'Recipient', 'Template', 'Link Variable'],
	Email: ['Recipient', 'Subject'],
};
/** The parameter that appears when a Channel is chosen: once shown, the channel has switched. */
const FIRST_OWN_FIELD = {
	SMS: 'senderId',
	WhatsApp: 'phoneId',
	'WhatsApp Template': 'linkVariable',
	Email: 'subject',
};
const ALL_CHANNEL_FIELDS = new Set(Object.values(CHANNEL_FIELDS).flat());

const SMS_SETUP = {
	channel: 'sms',
	recipient: '+91 98765 43210',
	senderId: 'WRKSPC',
	route: 'transactional',
	message: MESSAGE,
	responseType: 'approval',
};

const workflowWith = (parameters) => {
	const node = {
		id: 'saw1',
		name: NODE,
		type: `${PACKAGE}.workspaceSendAndWait`,
		typeVersion: 1,
		position: [440, 0],
		webhookId: '3c9a1f0e-5b7d-4e2a-9c61-8d4f2b7e1a55',
		parameters: { operation: 'sendAndWait', ...parameters },
		credentials: { workspaceRecordsApi: CREDENTIALS.workspaceRecordsApi },
	};
	return {
		nodes: [MANUAL_TRIGGER, node],
		connections: {
			[MANUAL_TRIGGER.name]: { main: [[{ node: NODE, type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
};

/** The items an open resource locator dropdown lists, once it lists any. */
async function locatorItems(page) {
	const items = page.locator(`${sel.locatorItem}:visible`);
	await items.first().waitFor();
	return (await items.allInnerTexts()).map((text) => squash(text).split(' UTILITY')[0]);
}

/** Labels of the panel's top-level fields, without n8n's "Name or ID" ending of a dynamic list. */
const labelsIn = async (ndv) =>
	(await shownParameters(ndv)).map((p) => p.label.replace(/ Name or ID$/, ''));

export function sendAndWaitChecks() {
	return [
		[
			"Send and Wait: the setup notice; each Channel's own fields (SMS, WhatsApp's accounts, WhatsApp Template's Link Variable from the template's text variables and the variables without it, Email); Approval Options, Free Text's Link Label; Time Limit 1 day; no issue with a filled-in SMS setup",
			async ({ page, env, shot }) => {
				const id = await env.api.createWorkflow({
					name: 'UI test: Send and Wait fields',
					...workflowWith({}),
				});
				await openNode(page, env.n8n.base, id, NODE);
				const ndv = page.locator(sel.ndv);
				const channel = ndv.locator(sel.parameter('channel'));
				await channel.waitFor();
				const text = squash(await ndv.locator(sel.nodeParameters).innerText());
				if (!text.includes(SETUP_NOTICE) || !text.includes('WEBHOOK_URL'))
					fail(`the setup notice is not shown: "${text.slice(0, 300)}"`);
				const seen = {};
				let channelNames;
				for (const name of Object.keys(CHANNEL_FIELDS)) {
					const channels = await openLoadedSelect(page, channel);
					channelNames ??= channels.map((c) => c.split(/ (?=In an|An approved)/)[0]);
					if (!isDeepStrictEqual(channelNames, ['Email', 'SMS', 'WhatsApp', 'WhatsApp Template']))
						fail(`Channel offers ${json(channels)}`);
					await pickOption(page, name);
					await ndv.locator(sel.parameterItem(FIRST_OWN_FIELD[name])).waitFor();
					seen[name] = (await labelsIn(ndv)).filter((label) => ALL_CHANNEL_FIELDS.has(label));
					await shot(`s1-channel-${name.toLowerCase().replace(/ /g, '-')}`);
					if (!isDeepStrictEqual(seen[name], CHANNEL_FIELDS[name]))
						fail(`${name} shows ${json(seen[name])}, expected ${json(CHANNEL_FIELDS[name])}`);

					if (name === 'WhatsApp') {
						await ndv.locator(`${sel.locator('phoneId')} ${sel.locatorInput}`).click();
						seen.accounts = await locatorItems(page);
						await shot('s1-whatsapp-accounts');
						if (!isDeepStrictEqual(seen.accounts, ACCOUNTS))
							fail(`the account picker lists ${json(seen.accounts)}, expected ${json(ACCOUNTS)}`);
						await page.keyboard.press('Escape');
					}
					if (name === 'WhatsApp Template') {
						await ndv.locator(`${sel.locator('phoneId')} ${sel.locatorInput}`).click();
						await page.locator(sel.locatorItem, { hasText: UK_ACCOUNT }).first().click();
						await ndv.locator(`${sel.locator('template')} ${sel.locatorInput}`).click();
						await page
							.locator(sel.locatorItem, { hasText: /^\s*delivery_slot \(en_GB\)/ })
							.first()
							.click();
						const linkVariable = ndv.locator(sel.parameter('linkVariable'));
						seen.linkVariables = await openLoadedSelect(page, linkVariable);
						await shot('s1-template-link-variables');
						if (!isDeepStrictEqual(seen.linkVariables, ['First Name', 'Answer Link']))
							fail(`Link Variable offers ${json(seen.linkVariables)}`);
						await pickOption(page, 'Answer Link');
						const mapper = ndv.locator(sel.mapper);
						await mapper.locator(sel.parameter('first_name')).waitFor();
						seen.variables = (await mapper.locator('[data-test-id="input-label"]').allInnerTexts())
							.map((t) => squash(t).replace(/ Fixed Expression$/, ''))
							.filter((t) => t !== 'Template Variables');
						await shot('s1-template-variables');
						if (!isDeepStrictEqual(seen.variables, ['First Name']))
							fail(`with Answer Link as the link, the variables are ${json(seen.variables)}`);
					}
				}

				// Response Type: Approval's options; Free Text's Link Label under Options.
				const responseType = ndv.locator(sel.parameter('responseType'));
				await openLoadedSelect(page, responseType);
				await pickOption(page, 'Approval');
				await ndv.locator(sel.fixedCollection('approvalOptions')).waitFor();
				const approvalLabels = await labelsIn(ndv);
				await shot('s1-approval');
				if (!approvalLabels.includes('Approval Options'))
					fail(`Approval shows ${json(approvalLabels)}`);
				await openLoadedSelect(page, responseType);
				await pickOption(page, 'Free Text');
				await ndv.locator(sel.fixedCollection('approvalOptions')).waitFor({ state: 'detached' });
				const options = ndv.locator(sel.parameterItem('options'));
				await options.locator(sel.collectionAdd).click();
				// Link Label is the one option Free Text shows: n8n adds it at once, with no list to
				// choose from (a list, where a version shows one, offers it).
				const offered = page.locator(sel.openOption).filter({ hasText: 'Link Label' });
				if (await offered.count()) await offered.first().click();
				const linkLabel = ndv.locator(sel.parameter('messageButtonLabel'));
				await linkLabel
					.waitFor({ timeout: 10_000 })
					.catch(() => fail("Free Text's Options added no Link Label"));
				const linkLabelValue = await linkLabel.locator('input, textarea').first().inputValue();
				await shot('s1-free-text-options');
				if (linkLabelValue !== 'Respond') fail(`Link Label shows "${linkLabelValue}", not Respond`);
				const limit = await ndv
					.locator(`${sel.parameter('waitTimeLimit')} input`)
					.first()
					.inputValue();
				const unit = await shownValue(ndv.locator(sel.parameter('waitTimeUnit')));
				if (limit !== '1' || !/Days/.test(unit)) fail(`Time Limit shows ${limit} ${unit}`);
				await page.locator(sel.ndvClose).click();

				// A filled-in SMS setup, as saved: no field marked as missing or wrong.
				const filled = await env.api.createWorkflow({
					name: 'UI test: Send and Wait SMS setup',
					...workflowWith(SMS_SETUP),
				});
				await openNode(page, env.n8n.base, filled, NODE);
				await ndv.locator(sel.parameter('senderId')).waitFor();
				const issues = await ndv.locator(`${sel.parameterIssues}:visible`).count();
				await shot('s1-sms-filled');
				if (issues) fail(`${issues} parameter issue(s) shown with a filled-in SMS setup`);
				return (
					`notice: "${SETUP_NOTICE}…"; Channel offers ${json(channelNames)}\n` +
					Object.keys(CHANNEL_FIELDS)
						.map((name) => `${name}: ${seen[name].join(', ')}`)
						.join('; ') +
					`\naccounts ${json(seen.accounts)}; delivery_slot (en_GB): Link Variable offers ${json(seen.linkVariables)}, variables beside Answer Link ${json(seen.variables)}\n` +
					`Approval: Approval Options shown; Free Text: Options → Link Label "${linkLabelValue}"; Time Limit ${limit} ${unit}; issues with SMS filled in: ${issues}`
				);
			},
		],
		[
			'Send and Wait executed from the editor: SMS approval, the run waits, the link in the SMS opens a page with the words and buttons (nothing of the workflow), Approve says "Got it, thanks", the output shows data.approved true',
			async ({ page, env, shot }) => {
				const { sandbox, api } = env;
				const id = await api.createWorkflow({
					name: 'UI test: Send and Wait run',
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
