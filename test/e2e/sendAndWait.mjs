// Send and Wait for Response (README "Messages"): the node sends a message with a link that n8n
// signs, and waits in n8n's waiting state until the person answers on the page the link opens;
// in the form of cases.mjs (`waits`: run.mjs's runWaitCase). Each case's `during` is the person:
// it reads the link from what the sandbox was sent, opens it, and presses a button.
import assert from 'node:assert/strict';

import { openLink, pressOnPage, waitingLinksIn } from '../rig/answerPage.mjs';
import { ACCOUNT, fromList, variableField } from './messageSends.mjs';

const SMS_SEND = '/api/ingest/sms/v1/message/send';
const EMAIL_SEND = '/api/ingest/email/v1/message/send';
const CONVERSATION_SEND = '/api/v1/campaign/whatsapp/message/send';
const TEMPLATE_SEND = '/api/ingest/whatsapp/v1/template/send';
const UK_ACCOUNT = '104898309288725';

const QUESTION = 'Hello Ada, may we deliver order 42 tomorrow between 9 and 12?';

const sendAndWait = (channel, extra = {}) => ({
	channel,
	operation: 'sendAndWait',
	message: QUESTION,
	responseType: 'approval',
	approvalOptions: {
		values: { approvalType: 'double', approveLabel: 'Yes', disapproveLabel: 'No' },
	},
	waitTimeLimit: 1,
	waitTimeUnit: 'days',
	...extra,
});

const SMS = {
	recipient: '+91 98765 43210',
	senderId: 'WRKSPC',
	route: 'transactional',
};

/** The one send the sandbox got, on `path`. */
function theSend(requests, path) {
	const sends = requests.filter((r) => r.method === 'POST');
	assert.equal(sends.length, 1, `${sends.length} sends, not 1`);
	assert.equal(sends[0].path, path);
	return sends[0].body;
}

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

const sentLinks = (sandbox, path, read) => linksIn(read(theSend(sandbox.requests, path)));

/** The page shows the message's words and the buttons, and nothing of the workflow. */
function assertQuestionPage({ status, html, headers }, words, { title } = {}) {
	assert.equal(status, 200);
	assert.match(headers.get('content-security-policy') ?? '', /default-src 'none'/);
	assert.ok(html.includes('may we deliver order 42 tomorrow'), 'the message is on the page');
	for (const word of words) assert.ok(html.includes(`>${word}</button>`), `a ${word} button`);
	if (title) assert.ok(html.includes(`<title>${title}</title>`), `the title ${title}`);
	for (const secret of ['Send and Wait', 'Manual Trigger', 'wr0', 'sandbox-key'])
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

export const sendAndWaitCases = [
	{
		file: 'sms-send-and-wait-approval',
		lines: '2.x',
		waits: true,
		title: 'Workspace Send and Wait: ask Ada by SMS to confirm the delivery slot',
		node: 'workspaceSendAndWait',
		parameters: sendAndWait('sms', SMS),
		requests: (requests) => {
			const body = theSend(requests, SMS_SEND);
			assert.deepEqual(
				{ ...body, message: undefined },
				{
					recipient: '919876543210',
					sender_id: 'WRKSPC',
					route: 'transactional',
					message: undefined,
				},
			);
			assert.ok(body.message.startsWith(`${QUESTION}\n\nYes or No: http`), body.message);
		},
		async during(sandbox) {
			const [link] = sentLinks(sandbox, SMS_SEND, (body) => body.message);
			// A link preview, or the person opening it: the page, and nothing is answered.
			assertQuestionPage(await openLink(link), ['Yes', 'No'], { title: 'Your answer' });
			// A link altered by one character: n8n's refusal, and still nothing answered.
			const forged = link.replace(/signature=(.)/, (_, c) => `signature=${c === 'a' ? 'b' : 'a'}`);
			const refused = await pressOnPage(forged, { approved: 'true' });
			assert.equal(refused.status, 401);
			assertQuestionPage(await openLink(link), ['Yes', 'No']);
			// A post without a choice is asked again.
			const again = await pressOnPage(link, { approved: 'maybe' });
			assert.equal(again.status, 400);
			assert.ok(again.html.includes('Press one of the buttons.'));
			const answered = await pressOnPage(link, { approved: 'true' });
			assert.equal(answered.status, 200);
			assert.ok(answered.html.includes('Got it, thanks'), answered.html.slice(0, 300));
			// A second press, once the execution went on: n8n's "no action required".
			const second = await untilAnswered(link);
			const late = await pressOnPage(link, { approved: 'false' });
			return [refused.status, again.status, answered.status, second.status, late.status];
		},
		check(items, sandbox, statuses) {
			assertAnswer(items, { approved: true });
			assert.equal(sandbox.requests.filter((r) => r.method === 'POST').length, 1);
			return `forged ${statuses[0]}, no choice ${statuses[1]}, answer ${statuses[2]}, then ${statuses[3]} and ${statuses[4]}`;
		},
	},
	{
		file: 'whatsapp-send-and-wait-decline',
		lines: '2.x',
		waits: true,
		title: 'Workspace Send and Wait: ask Ada in her WhatsApp conversation; she declines',
		node: 'workspaceSendAndWait',
		parameters: sendAndWait('whatsApp', {
			phoneId: fromList(ACCOUNT, 'Acme Support (+1 234 567 8900)'),
			recipient: '+91 98765 43210',
		}),
		setup(sandbox) {
			// Ada wrote to the account a minute ago: the conversation is open.
			sandbox.openConversation(ACCOUNT, '919876543210', Date.now() - 60_000);
		},
		requests: (requests) => {
			const body = theSend(requests, CONVERSATION_SEND);
			assert.equal(body.to, '919876543210');
			assert.equal(body.phoneId, ACCOUNT);
			assert.equal(body.text.preview_url, false);
			assert.ok(body.text.body.startsWith(`${QUESTION}\n\nYes or No: http`));
		},
		async during(sandbox) {
			const [link] = sentLinks(sandbox, CONVERSATION_SEND, (body) => body.text.body);
			assertQuestionPage(await openLink(link), ['Yes', 'No']);
			return (await pressOnPage(link, { approved: 'false' })).status;
		},
		check(items, sandbox, status) {
			assert.equal(status, 200);
			assertAnswer(items, { approved: false });
		},
	},
	{
		file: 'whatsapp-template-send-and-wait-approval',
		lines: '2.x',
		waits: true,
		title: 'Workspace Send and Wait: a WhatsApp template carries the link; Ada approves',
		node: 'workspaceSendAndWait',
		parameters: sendAndWait('whatsAppTemplate', {
			phoneId: fromList(UK_ACCOUNT, 'Acme Sales UK (+44 20 7946 0958)'),
			recipient: '+44 7700 900123',
			template: fromList('delivery_slot|en_GB', 'delivery_slot (en_GB)'),
			linkVariable: 'answer_link',
			variables: {
				mappingMode: 'defineBelow',
				value: { first_name: 'Ada' },
				matchingColumns: [],
				schema: [variableField('first_name', 'First Name', 'string')],
				attemptToConvertTypes: false,
				convertFieldsToString: false,
			},
		}),
		requests: (requests) => {
			// The template's variables are read first: the link goes in a text variable.
			assert.deepEqual(
				requests.map((r) => [r.method, r.path]),
				[
					['GET', `/api/data/whatsapp/v1/${UK_ACCOUNT}/variable-keys`],
					['POST', TEMPLATE_SEND],
				],
			);
			const body = theSend(requests, TEMPLATE_SEND);
			assert.deepEqual(
				{ ...body, variables: { ...body.variables, answer_link: 'link' } },
				{
					recipient: '447700900123',
					phone_id: UK_ACCOUNT,
					template_name: 'delivery_slot',
					language: 'en_GB',
					variables: { first_name: 'Ada', answer_link: 'link' },
				},
			);
			assert.equal(linksIn(body.variables.answer_link).length, 1);
		},
		async during(sandbox) {
			const [link] = sentLinks(sandbox, TEMPLATE_SEND, (body) => body.variables.answer_link);
			assertQuestionPage(await openLink(link), ['Yes', 'No']);
			return (await pressOnPage(link, { approved: 'true' })).status;
		},
		check(items, sandbox, status) {
			assert.equal(status, 200);
			assertAnswer(items, { approved: true });
		},
	},
	{
		file: 'email-send-and-wait-free-text',
		lines: '2.x',
		waits: true,
		title: 'Workspace Send and Wait: email Ada for delivery notes; n8n restarts before she answers',
		node: 'workspaceSendAndWait',
		parameters: sendAndWait('email', {
			recipient: 'ada@example.com',
			subject: 'Your delivery',
			responseType: 'freeText',
			options: { messageButtonLabel: 'Add a note' },
		}),
		requests: (requests) => {
			const body = theSend(requests, EMAIL_SEND);
			assert.equal(body.recipient, 'ada@example.com');
			assert.equal(body.subject, 'Your delivery');
			assert.match(body.message, /^<p>Hello Ada, may we deliver order 42 tomorrow/);
			assert.match(body.message, />Add a note<\/a><\/p>$/);
		},
		async during(sandbox, n8nAt) {
			const [link] = sentLinks(sandbox, EMAIL_SEND, (body) => body.message);
			await n8nAt.restart();
			const page = await openLink(link);
			assertQuestionPage(page, ['Send'], { title: 'Your delivery' });
			assert.ok(page.html.includes('<textarea name="text" required'));
			assert.equal((await pressOnPage(link, { text: '   ' })).status, 400);
			return (await pressOnPage(link, { text: 'Please leave it with the neighbour <Bob>.' }))
				.status;
		},
		check(items, sandbox, status) {
			assert.equal(status, 200);
			assertAnswer(items, { text: 'Please leave it with the neighbour <Bob>.' });
		},
	},
	{
		file: 'email-send-and-wait-approve-only',
		lines: '2.x',
		waits: true,
		title: 'Workspace Send and Wait: email Ada one Approve button; nobody answers within 2 seconds',
		node: 'workspaceSendAndWait',
		parameters: sendAndWait('email', {
			recipient: 'ada@example.com',
			subject: 'Confirm your slot',
			approvalOptions: { values: { approvalType: 'single' } },
			waitTimeLimit: 2,
			waitTimeUnit: 'seconds',
		}),
		requests: (requests) => {
			const body = theSend(requests, EMAIL_SEND);
			const links = linksIn(body.message);
			assert.equal(links.length, 1);
			assert.equal(new URL(links[0]).searchParams.get('approved'), 'true');
			assert.match(body.message, />Approve<\/a><\/p>$/);
		},
		async during(sandbox, n8nAt) {
			const [link] = sentLinks(sandbox, EMAIL_SEND, (body) => body.message);
			// The button's own page offers its choice alone; a post of another is refused.
			assertQuestionPage(await openLink(link), ['Approve'], { title: 'Confirm your slot' });
			assert.equal((await pressOnPage(link, { approved: 'false' })).status, 400);
			// n8n looks for waits whose time has come every minute, and at its start.
			await new Promise((resolve) => setTimeout(resolve, 2500));
			await n8nAt.restart();
			return link;
		},
		afterEnd: async (link) => (await untilAnswered(link)).status,
		check(items, sandbox, lateStatus) {
			// The time limit: the input item goes on as it came, as in n8n's own nodes.
			assert.deepEqual(
				items.map((item) => item.json),
				[{}],
			);
			assert.equal(lateStatus, 200);
		},
	},
];

/** Bad input, said before anything is sent (cases.mjs's action cases). */
export const sendAndWaitRefusals = [
	{
		file: 'sms-send-and-wait-too-long',
		lines: '2.x',
		title:
			'Workspace Send and Wait: an SMS question too long once the link is added (error example)',
		node: 'workspaceSendAndWait',
		parameters: sendAndWait('sms', { ...SMS, message: 'Please confirm. '.repeat(95) }),
		requests: [],
		error: /^Message: with the link the SMS is 11 segments, more than 10$/,
	},
	{
		file: 'whatsapp-template-send-and-wait-no-text-variable',
		lines: '2.x',
		title:
			'Workspace Send and Wait: a WhatsApp template with no text variable cannot carry the link (error example)',
		node: 'workspaceSendAndWait',
		parameters: sendAndWait('whatsAppTemplate', {
			phoneId: fromList(UK_ACCOUNT, 'Acme Sales UK (+44 20 7946 0958)'),
			recipient: '+44 7700 900123',
			template: fromList('delivery_photo|en_GB', 'delivery_photo (en_GB)'),
			linkVariable: 'photo',
		}),
		// Read, never sent.
		requests: [['GET', `/api/data/whatsapp/v1/${UK_ACCOUNT}/variable-keys`]],
		error: /^Link Variable: the template has no text variable to carry the link$/,
	},
	{
		file: 'sms-send-and-wait-two-items',
		lines: '2.x',
		title: 'Workspace Send and Wait: two people in one execution (error example)',
		node: 'workspaceSendAndWait',
		items: 2,
		parameters: sendAndWait('sms', SMS),
		requests: [],
		error: /^Send and Wait asks one person per execution, and got 2 items$/,
	},
];
