// Send and Wait for Response (README "Messages"): the operation of Workspace SMS, WhatsApp, RCS
// and Email sends a message with a link that n8n signs, and waits in n8n's waiting state until the
// person answers on the page the link opens; in the form cases.mjs describes (`waits`: runs/waits.mjs's
// runWaitCase). Each case's `during` is the person: it reads the link from what the sandbox was
// sent, opens it, and answers on the page as a browser posts its form. One builder (askCase)
// makes a case of each channel × answer, the channel's send options included.
import assert from 'node:assert/strict';

import { openLink, pressOnPage, submitOnPage, waitingLinksIn } from '../rig/answerPage.mjs';
import {
	ANSWERS,
	CHANNELS,
	DAY_MS,
	EMAIL_SEND,
	QUESTION,
	VARIABLE_KEYS,
	YES_OR_NO,
} from './askParts.mjs';
import { fromList } from './messageSends.mjs';
import { workflowIdOf } from './workflow.mjs';

/** The links in what was sent: n8n's waiting address of this execution and node, signed. */
function linksIn(text) {
	const links = waitingLinksIn(text);
	for (const link of links) {
		const url = new URL(link);
		assert.match(url.pathname, /^\/webhook-waiting\/\d+\/[\w-]+$/);
		assert.match(url.searchParams.get('signature') ?? '', /^[0-9a-f]{64}$/);
	}
	return links;
}

/** The one send the sandbox got, on `path`. */
function theSend(requests, path) {
	const sends = requests.filter((r) => r.method === 'POST');
	assert.equal(sends.length, 1, `${sends.length} sends, not 1`);
	assert.equal(sends[0].path, path);
	return sends[0].body;
}

/**
 * The send: the channel's body with its options, and the text that carries the link as the
 * answer announces it: after the message (SMS, conversation), the whole template variable, or
 * the email's buttons, one per choice (each its own signed page) or one for a form. The links.
 */
function assertSent(channel, answer, body) {
	const [carrier, rest] = channel.split(body);
	assert.deepEqual(rest, channel.sent);
	const links = linksIn(carrier);
	if (channel.carries === 'text') {
		assert.equal(links.length, 1);
		assert.equal(carrier, `${QUESTION}\n\n${answer.linkWords}: ${links[0]}`);
	} else if (channel.carries === 'variable') {
		assert.deepEqual([carrier], links);
	} else {
		assert.ok(carrier.startsWith(`<p>${QUESTION}</p>\n<p><a href="http`), carrier.slice(0, 200));
		const labels = [...carrier.matchAll(/>([^<]+)<\/a>/g)].map((match) => match[1]);
		const choices = answer.choice ? ['true', 'false'] : [null];
		assert.deepEqual(labels, answer.choice ? answer.buttons : [answer.linkWords]);
		assert.deepEqual(
			links.map((link) => new URL(link).searchParams.get('approved')),
			choices,
		);
	}
	return links;
}

/** The link the person opens: an email's button of the choice, else the one link. */
const linkFor = (links, answer) =>
	links.length > 1
		? links.find((link) => new URL(link).searchParams.get('approved') === answer.choice)
		: links[0];

/** The page shows its words and buttons, and nothing of the workflow. */
function assertQuestionPage(
	{ status, html, headers },
	{ words, buttons, title, has = [], hidden, workflowId },
) {
	assert.equal(status, 200);
	assert.match(headers.get('content-security-policy') ?? '', /default-src 'none'/);
	assert.ok(html.includes(`<p>${words}</p>`), `the words "${words}" are on the page`);
	for (const button of buttons)
		assert.ok(html.includes(`>${button}</button>`), `a ${button} button`);
	assert.equal(
		[...html.matchAll(/<\/button>/g)].length,
		buttons.length,
		`only the buttons ${buttons}`,
	);
	assert.ok(html.includes(`<title>${title}</title>`), `the title ${title}`);
	for (const part of has) assert.ok(html.includes(part), `the page has ${part}`);
	for (const secret of [
		'Send and Wait',
		'Manual Trigger',
		'Workspace',
		workflowId,
		'sandbox-key',
		hidden,
	])
		assert.ok(!html.includes(secret), `the page shows nothing of the workflow (${secret})`);
}

/** Until the link's wait is over (the execution ended): n8n's own "no action required" page. */
async function untilAnswered(link) {
	for (const startedAt = Date.now(); Date.now() - startedAt < 30_000; ) {
		const page = await openLink(link);
		if (page.status === 200 && !page.html.includes('<form')) return page;
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	throw new Error('the execution did not end within 30 s of the answer');
}

/** The node's output after the answer: n8n's send-and-wait shape. */
function assertAnswer(items, data) {
	assert.equal(items.length, 1);
	const { respondedAt, ...answer } = items[0].json.data;
	assert.deepEqual(answer, data);
	assert.match(respondedAt, /^\d{4}-\d\d-\d\dT[\d:.]+Z$/);
}

/** When n8n's database says the execution stops waiting (its `waitTill`, stored in UTC), in ms. */
async function waitTillOf(n8nAt, executionId) {
	const [row] = await n8nAt.sqlite('SELECT "waitTill" FROM execution_entity WHERE id = ?', [
		Number(executionId),
	]);
	const stored = row?.waitTill;
	assert.ok(stored, `execution ${executionId} has no waitTill`);
	return typeof stored === 'number' ? stored : Date.parse(`${stored.replace(' ', 'T')}Z`);
}

/** The link altered by one character of its signature. */
const forgedOf = (link) =>
	link.replace(/signature=(.)/, (_, c) => `signature=${c === 'a' ? 'b' : 'a'}`);

/**
 * The case of `channel` × `answer`: the question sent with the channel's options; its wait's end
 * where its Options put it; the page opened (a link preview answers nothing); a forged link
 * refused by n8n (401); a post the page refuses and asks again (400); the answer (200, "Got
 * it"); then, the execution over, n8n's own page and its answer to a second press.
 * `restartFirst`: n8n restarts between the send and the answer. `changes`: another file, title…
 */
function askCase(channel, answer, { restartFirst = false, ...changes } = {}) {
	const restart = restartFirst ? '; n8n restarts before she answers' : '';
	const title = `${channel.title}: ${answer.asks} ${channel.by}; ${answer.outcome}${restart}`;
	const nodeName = changes.nodeName ?? title.split(': ')[1].replace(/^./, (c) => c.toUpperCase());
	const file = changes.file ?? `${channel.slug}-send-and-wait-${answer.slug}`;
	return {
		file,
		lines: '2.x',
		waits: true,
		title,
		node: channel.node,
		parameters: { ...channel.parameters, message: QUESTION, ...answer.parameters },
		...(channel.setup && { setup: channel.setup }),
		requests(requests) {
			assert.deepEqual(
				requests.map((r) => [r.method, r.path]),
				channel.requests,
			);
			assertSent(channel, answer, theSend(requests, channel.requests.at(-1)[1]));
		},
		async during(sandbox, n8nAt, executionId) {
			const waitTill = await waitTillOf(n8nAt, executionId);
			const links = assertSent(
				channel,
				answer,
				theSend(sandbox.requests, channel.requests.at(-1)[1]),
			);
			const link = linkFor(links, answer);
			if (restartFirst) await n8nAt.restart();
			const page = {
				words: answer.words ?? QUESTION,
				// An email button's page offers its own choice alone.
				buttons:
					links.length > 1 ? [answer.buttons[answer.choice === 'true' ? 0 : 1]] : answer.buttons,
				title: answer.title ?? channel.pageTitle ?? 'Your answer',
				has: answer.pageHas,
				hidden: nodeName,
				workflowId: workflowIdOf(file),
			};
			// A link preview, or the person opening it: the page, and nothing is answered.
			const opened = await openLink(link);
			assertQuestionPage(opened, page);
			const submit = (to, fields) => submitOnPage(to, opened.html, fields);
			// A link altered by one character: n8n's refusal, and still nothing answered.
			const forged = await submit(forgedOf(link), answer.post);
			assert.equal(forged.status, 401);
			assertQuestionPage(await openLink(link), page);
			// A post the page cannot take: asked again, nothing answered.
			const again = await submit(link, answer.refused.post);
			assert.equal(again.status, 400, again.html.slice(0, 300));
			assertQuestionPage({ ...again, status: 200 }, { ...page, has: [] });
			assert.ok(again.html.includes(`<p class="error">${answer.refused.says}</p>`), again.html);
			for (const kept of answer.refused.keeps ?? [])
				assert.ok(again.html.includes(kept), `the post's ${kept} kept`);
			const answered = await submit(link, answer.post);
			assert.equal(answered.status, 200);
			assert.ok(answered.html.includes('Got it, thanks'), answered.html.slice(0, 300));
			// A second press, once the execution went on: n8n's "no action required".
			const second = await untilAnswered(link);
			const late = await submit(link, answer.post);
			return {
				waitTill,
				statuses: [forged.status, again.status, answered.status, second.status, late.status],
			};
		},
		check(items, sandbox, { waitTill, statuses }) {
			assertAnswer(items, answer.data);
			assert.equal(sandbox.requests.filter((r) => r.method === 'POST').length, 1);
			// Set as the execution began waiting, a few seconds before it was read.
			const early = waitTill - Date.now() - answer.waitMs;
			assert.ok(early < 0 && early > -120_000, `waitTill ${new Date(waitTill).toISOString()}`);
			const [forged, again, answered, second, late] = statuses;
			return `forged ${forged}, refused post ${again}, answer ${answered}, then ${second} and ${late}`;
		},
		...changes,
	};
}

const CHANNEL_NAMES = Object.keys(CHANNELS);
const ANSWER_NAMES = Object.keys(ANSWERS);
/** Every channel × every answer. */
const everyAsk = CHANNEL_NAMES.flatMap((channel) =>
	ANSWER_NAMES.map((answer) =>
		askCase(CHANNELS[channel], ANSWERS[answer], {
			restartFirst: channel === 'email' && answer === 'freeText',
			// n8n 1.x too, where n8n checks the links' signature only when the node asks it to.
			...(channel === 'sms' && { lines: 'every' }),
		}),
	),
);

/**
 * A limit at a date: Max Date and Time a few seconds ahead, as the workflow's time zone (Asia/
 * Kolkata, +05:30) writes it, without an offset: read as UTC or the server's zone, the wait would
 * end hours away, or be refused as passed. Nobody answers; the item goes on as it came.
 */
const approveOnlyUntilDate = {
	file: 'email-send-and-wait-approve-only',
	lines: '2.x',
	waits: true,
	title:
		'Workspace Email: email Ada one Approve button, until a time a few seconds ahead; nobody answers',
	node: 'workspaceEmail',
	timezone: 'Asia/Kolkata',
	parameters: {
		...CHANNELS.email.parameters,
		subject: 'Confirm your slot',
		message: QUESTION,
		responseType: 'approval',
		approvalOptions: { values: { approvalType: 'single' } },
		options: {
			limitWaitTime: {
				values: {
					limitType: 'atSpecifiedTime',
					maxDateAndTime: `={{ $now.plus({ seconds: 6 }).toFormat("yyyy-MM-dd'T'HH:mm:ss") }}`,
				},
			},
		},
	},
	requests: (requests) => {
		const body = theSend(requests, EMAIL_SEND);
		assert.deepEqual(
			{ ...body, message: undefined },
			{ ...CHANNELS.email.sent, subject: 'Confirm your slot', message: undefined },
		);
		const links = linksIn(body.message);
		assert.equal(links.length, 1);
		assert.equal(new URL(links[0]).searchParams.get('approved'), 'true');
		assert.match(body.message, />Approve<\/a><\/p>$/);
	},
	async during(sandbox, n8nAt, executionId) {
		const waitTill = await waitTillOf(n8nAt, executionId);
		const ahead = waitTill - Date.now();
		// Seconds ahead, not 5.5 hours off.
		assert.ok(ahead > -2000 && ahead < 7000, `the wait ends in ${ahead} ms`);
		const [link] = linksIn(theSend(sandbox.requests, EMAIL_SEND).message);
		// The button's own page offers its choice alone; a post of another is refused.
		const page = {
			words: QUESTION,
			buttons: ['Approve'],
			title: 'Confirm your slot',
			hidden: 'Email Ada one Approve button',
			workflowId: workflowIdOf(approveOnlyUntilDate.file),
		};
		assertQuestionPage(await openLink(link), page);
		assert.equal((await pressOnPage(link, { approved: 'false' })).status, 400);
		// n8n looks for waits whose time has come every minute, and at its start: a restart once
		// the time has passed stands for that minute.
		await new Promise((resolve) => setTimeout(resolve, Math.max(0, ahead) + 500));
		await n8nAt.restart();
		return { link, ahead };
	},
	afterEnd: async ({ link, ahead }) => ({ ahead, late: (await untilAnswered(link)).status }),
	check(items, sandbox, { ahead, late }) {
		// The time limit: the input item goes on as it came, as in n8n's own nodes.
		assert.deepEqual(
			items.map((item) => item.json),
			[{}],
		);
		assert.equal(late, 200);
		return `the wait ended ${(ahead / 1000).toFixed(1)} s after it began; the link then: ${late}`;
	},
};

/** Every ask, and the limit at a date. */
export const sendAndWaitCases = [...everyAsk, approveOnlyUntilDate];

const { variables: _, ...TEMPLATE_WITHOUT_VARIABLES } = CHANNELS.whatsAppTemplate.parameters;

/** Bad input, said before anything is sent (run as action cases). */
export const sendAndWaitRefusals = [
	{
		file: 'sms-send-and-wait-too-long',
		lines: '2.x',
		title: 'Workspace SMS: an SMS question too long once the link is added (error example)',
		node: 'workspaceSms',
		parameters: {
			...CHANNELS.sms.parameters,
			message: 'Please confirm. '.repeat(95),
			...YES_OR_NO,
		},
		requests: [],
		error: /^Message: with the link the SMS is 11 segments, more than 10$/,
	},
	{
		file: 'whatsapp-template-send-and-wait-no-text-variable',
		lines: '2.x',
		title:
			'Workspace WhatsApp: a template with no text variable cannot carry the link (error example)',
		node: 'workspaceWhatsApp',
		parameters: {
			...TEMPLATE_WITHOUT_VARIABLES,
			template: fromList('delivery_photo|en_GB', 'delivery_photo (en_GB)'),
			linkVariable: 'photo',
			message: QUESTION,
			...YES_OR_NO,
		},
		// Read, never sent.
		requests: [['GET', VARIABLE_KEYS]],
		error: /^Link Variable: the template has no text variable to carry the link$/,
	},
	{
		file: 'sms-send-and-wait-two-items',
		lines: '2.x',
		title: 'Workspace SMS: ask two people in one execution (error example)',
		node: 'workspaceSms',
		items: 2,
		parameters: { ...CHANNELS.sms.parameters, message: QUESTION, ...YES_OR_NO },
		requests: [],
		error: /^Send and Wait asks one person per execution, and got 2 items$/,
	},
];

/**
 * A workflow saved with the hidden Workspace Send and Wait node (Channel, Time Limit), which still
 * sends, as before, and resumes.
 */
export const savedAskCases = [
	askCase(
		{
			...CHANNELS.sms,
			node: 'workspaceSendAndWait',
			// The hidden node's fields: Channel, no send options, its own Time Limit.
			parameters: {
				channel: 'sms',
				operation: 'sendAndWait',
				recipient: '+91 98765 43210',
				senderId: 'WRKSPC',
				route: 'transactional',
				waitTimeLimit: 1,
				waitTimeUnit: 'days',
			},
			sent: { recipient: '919876543210', sender_id: 'WRKSPC', route: 'transactional' },
		},
		{ ...ANSWERS.approval, waitMs: DAY_MS },
		{
			file: 'sms-send-and-wait-saved-node',
			title:
				'Workspace Send and Wait: a workflow saved with Workspace Send and Wait (hidden since Send and Wait for Response) still asks by SMS and resumes',
			nodeName: 'Send and Wait',
		},
	),
];
