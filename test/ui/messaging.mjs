// The Workspace WhatsApp node in the editor (`npm run test:ui`, listed by run.mjs): Send
// Template's account and template pickers and the template's variables as fields of their own,
// a Delivery Report's unknown Request ID, Send in Conversation's fields.
//   1. before an account is chosen, the Template picker says to choose one first, and neither it
//      nor the variables show an error;
//   2. the account picker lists verified name and number; the template picker the account's
//      approved templates with their language, searchable;
//   3. the chosen template's variables come as required fields, labelled with what they take;
//      values typed by hand are sent by key, and the answer carries a request ID;
//   4. Delivery Report Get with an unknown Request ID: the error names the one ID field;
//   5. Send in Conversation shows each Message Type's own fields, and one executed text reply
//      reaches the records host's campaign path.
import { isDeepStrictEqual } from 'node:util';

import {
	executeStep,
	fail,
	json,
	mapperLabels,
	openLoadedSelect,
	openNode,
	pickFromList,
	pickOption,
	sel,
	shownParameters,
	squash,
	waitForText,
} from './editor.mjs';
import { chain, MANUAL_TRIGGER, ourNode } from './workflows.mjs';

const ACCOUNT = '104898309288724';
const ACCOUNTS = ['Acme Support (+1 234 567 8900)', 'Acme Sales UK (+44 20 7946 0958)'];
const VARIABLE_LABELS = ['Customer Name', 'Product Image — URL'];
const ERROR_WORDS = /error|could not|couldn.t|failed|problem/i;

/** What Send in Conversation shows for each Message Type, below Resource and Operation. */
const CONVERSATION_FIELDS = {
	Text: ['Account', 'Recipient', 'Message Type', 'Text', 'Link Preview'],
	Image: ['Account', 'Recipient', 'Message Type', 'Image URL', 'Caption'],
	Location: [
		'Account',
		'Recipient',
		'Message Type',
		'Latitude',
		'Longitude',
		'Place Name',
		'Address',
	],
};

const ALL_FIELDS = new Set(Object.values(CONVERSATION_FIELDS).flat());
/** The parameter that appears when a Message Type is chosen: once shown, the type has switched. */
const FIRST_OWN_FIELD = { Text: 'text', Image: 'imageUrl', Location: 'latitude' };

const workflowWith = (parameters) =>
	chain(
		MANUAL_TRIGGER,
		ourNode('Send welcome', 'workspaceWhatsApp', {
			resource: 'message',
			operation: 'sendTemplate',
			...parameters,
		}),
	);

/** The items a resource locator's open dropdown lists, once it lists any (or says it has none). */
async function locatorItems(page) {
	const items = page.locator(`${sel.locatorItem}:visible`);
	await items
		.first()
		.waitFor({ timeout: 10_000 })
		.catch(() => {});
	return (await items.allInnerTexts()).map((text) => squash(text).split(' UTILITY')[0]);
}

/** The pointer moved onto `locator`'s middle, as a person's mouse (n8n narrows labels then). */
async function pointAt(page, locator) {
	await locator.scrollIntoViewIfNeeded({ timeout: 5_000 }).catch(() => {});
	const box = await locator.boundingBox({ timeout: 5_000 }).catch(() => null);
	if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
	await page.waitForTimeout(300);
}

/**
 * The variable labels the mapper cuts, and issue icons it pushes out of the panel, each looked at
 * with the pointer on its field: n8n then shortens a long label to fit beside its own buttons
 * (its text ends in "..."), and an issue icon beside a wider input can overflow the panel.
 */
async function cutLabels(page, mapper, keys) {
	const cut = new Set();
	const panel = await page.locator(sel.nodeParameters).boundingBox();
	for (const key of keys) {
		await pointAt(page, mapper.locator(sel.parameter(key)));
		// Cut in words ("…" at the end) or by CSS (an ellipsis on a box narrower than its text).
		const labels = await mapper.locator('[data-test-id="input-label"]').evaluateAll((els) =>
			els.map((el) => ({
				text: el.innerText.replace(/\s+/g, ' ').trim(),
				clipped: [el, ...el.querySelectorAll('*')].some(
					(inner) =>
						getComputedStyle(inner).textOverflow === 'ellipsis' &&
						inner.scrollWidth > inner.clientWidth + 1,
				),
			})),
		);
		for (const { text, clipped } of labels)
			if (clipped || /(\.\.\.|…)$/.test(text)) cut.add(`"${text}" (pointer on ${key})`);
		for (const box of await mapper
			.locator(sel.parameterIssues)
			.evaluateAll((icons) => icons.map((icon) => icon.getBoundingClientRect().toJSON())))
			if (panel && box.right > panel.x + panel.width + 1)
				cut.add(`an issue icon out of the panel (pointer on ${key})`);
	}
	return [...cut];
}

/** What an open resource locator dropdown says besides its items: an error, or "no results". */
const dropdownText = async (page) =>
	squash(
		(
			await page
				.locator('.el-popper:visible, [data-test-id="resource-locator-dropdown"]:visible')
				.allInnerTexts()
		).join(' '),
	);

export function messagingChecks() {
	return [
		[
			'WhatsApp Send Template: before an account is chosen, Template says "Choose an Account first" and nothing shows an error; accounts by name and number; approved templates with their language, searchable',
			async ({ page, env, shot }) => {
				const id = await env.api.createWorkflow({
					name: 'UI test: WhatsApp pickers',
					...workflowWith({}),
				});
				await openNode(page, env.n8n.base, id, 'Send welcome');
				const ndv = page.locator(sel.ndv);
				const template = ndv.locator(sel.locator('template'));
				await template.waitFor();

				// Before an account: the template list says what to choose first, as the Lists and
				// Activities pickers do, with no error; nor has the mapper one.
				await template.locator(sel.locatorInput).click();
				const before = await locatorItems(page);
				const beforeText = await dropdownText(page);
				await shot('m1-template-before-account');
				if (!isDeepStrictEqual(before, ['Choose an Account first']))
					fail(
						`Template lists ${json(before)} ("${beforeText}") before an account is chosen, expected "Choose an Account first"`,
					);
				if (await page.locator('[data-test-id="rlc-error-container"]:visible').count())
					fail(`Template shows an error before an account is chosen: "${beforeText}"`);
				await page.keyboard.press('Escape');
				const mapperText = squash(
					await ndv
						.locator(sel.mapper)
						.innerText()
						.catch(() => ''),
				);
				if (ERROR_WORDS.test(mapperText))
					fail(`the variables show "${mapperText}" before an account is chosen`);

				await ndv.locator(`${sel.locator('phoneId')} ${sel.locatorInput}`).click();
				const accounts = await locatorItems(page);
				await shot('m1-accounts');
				if (!isDeepStrictEqual(accounts, ACCOUNTS))
					fail(`the account picker lists ${json(accounts)}, expected ${json(ACCOUNTS)}`);
				await page.locator(sel.locatorItem, { hasText: ACCOUNTS[0] }).first().click();

				await template.locator(sel.locatorInput).click();
				const templates = await locatorItems(page);
				await shot('m1-templates');
				for (const wanted of [
					'welcome_message (en)',
					'welcome_message (es)',
					'order_update (en_US)',
				])
					if (!templates.some((t) => t.startsWith(wanted)))
						fail(`the template picker lacks "${wanted}": ${json(templates)}`);
				if (templates.some((t) => /summer_sale|old_promo/.test(t)))
					fail(`the template picker lists a template not approved: ${json(templates)}`);
				const search = page.locator('input[placeholder="Search..."]:visible').first();
				await search.fill('order');
				await waitForText(
					page.locator(`${sel.locatorItem}:visible`).first(),
					(t) => t.startsWith('order_update'),
					'the template search for "order"',
				);
				const found = await locatorItems(page);
				await shot('m1-templates-search');
				if (!found.every((t) => t.startsWith('order_update')))
					fail(`searching "order" lists ${json(found)}`);
				await page.keyboard.press('Escape');
				return `before an account: Template lists ${json(before)}, the variables show "${mapperText}"\naccounts: ${json(accounts)}\ntemplates: ${templates.length} approved, such as ${json(templates.slice(0, 3))}; "order" finds ${json(found)}`;
			},
		],
		[
			"WhatsApp Send Template: the template's variables as required fields labelled with what they take, short enough not to be cut (issue icon and pointer on them); values by hand are sent by key",
			async ({ page, env, shot }) => {
				const id = await env.api.createWorkflow({
					name: 'UI test: WhatsApp variables',
					...workflowWith({
						phoneId: { __rl: true, mode: 'list', value: ACCOUNT, cachedResultName: ACCOUNTS[0] },
					}),
				});
				await openNode(page, env.n8n.base, id, 'Send welcome');
				const ndv = page.locator(sel.ndv);
				await pickFromList(page, 'template', /^\s*welcome_message \(en\)/, ndv);
				const mapper = ndv.locator(sel.mapper);
				await mapper.locator(sel.parameter('product_image')).waitFor();
				const labels = (await mapperLabels(mapper)).filter((t) => t !== 'Template Variables');
				// Empty, each shows n8n's issue icon beside its label: the label must fit beside it.
				const cutWelcome = await cutLabels(page, mapper, ['customer_name', 'product_image']);
				await pointAt(page, mapper.locator(sel.parameter('product_image')));
				await shot('m2-variable-fields');
				if (cutWelcome.length) fail(`variable labels cut: ${json(cutWelcome)}`);
				if (!isDeepStrictEqual(labels, VARIABLE_LABELS))
					fail(`the variable fields are ${json(labels)}, expected ${json(VARIABLE_LABELS)}`);
				for (const key of ['customer_name', 'product_image'])
					if (await mapper.locator(sel.removeField(key)).count())
						fail(`${key} can be removed: it is not marked required`);
				const issuesEmpty = await mapper.locator(sel.parameterIssues).count();

				await mapper.locator(`${sel.parameter('customer_name')} input`).fill('Ada');
				await mapper
					.locator(`${sel.parameter('product_image')} input`)
					.fill('https://example.com/welcome.png');
				await ndv
					.locator(`${sel.parameter('recipient')} input, ${sel.parameter('recipient')} textarea`)
					.first()
					.fill('+91 98765 43210');
				env.sandbox.clearRequests();
				await executeStep(page, 'WhatsApp request queued successfully');
				await shot('m2-sent');
				const sends = env.sandbox.requests.filter((r) => r.method === 'POST');
				const wanted = {
					recipient: '919876543210',
					phone_id: ACCOUNT,
					template_name: 'welcome_message',
					language: 'en',
					variables: { customer_name: 'Ada', product_image: 'https://example.com/welcome.png' },
				};
				if (sends.length !== 1 || !isDeepStrictEqual(sends[0].body, wanted))
					fail(`the sandbox got ${json(sends.map((r) => [r.path, r.body]))}`);

				// The longest label of the seed: a document URL whose label does not say "document".
				await pickFromList(page, 'template', /^\s*order_update \(en_US\)/, ndv);
				await mapper.locator(sel.parameter('invoice')).waitFor();
				const orderLabels = (await mapperLabels(mapper)).filter((t) => t !== 'Template Variables');
				const cutOrder = await cutLabels(page, mapper, ['order_id', 'invoice']);
				await pointAt(page, mapper.locator(sel.parameter('invoice')));
				await shot('m2-variable-fields-order-update');
				if (!isDeepStrictEqual(orderLabels, ['Order Number', 'Invoice — document URL']))
					fail(`order_update's variable fields are ${json(orderLabels)}`);
				if (cutOrder.length) fail(`variable labels cut: ${json(cutOrder)}`);
				return `fields: ${json(labels)} (${issuesEmpty} shown as missing while empty), none cut with the pointer on it\nsent: POST ${sends[0].path} ${json(sends[0].body)}\norder_update: ${json(orderLabels)}, none cut`;
			},
		],
		[
			'WhatsApp Delivery Report Get with an unknown Request ID: the error names the one ID field, not "each ID given"',
			async ({ page, env, shot }) => {
				const id = await env.api.createWorkflow({
					name: 'UI test: unknown delivery report',
					...workflowWith({
						resource: 'deliveryReport',
						operation: 'get',
						requestId: 'no-such-request',
					}),
				});
				await openNode(page, env.n8n.base, id, 'Send welcome');
				await page.locator(sel.executeStep).click();
				const said = await waitForText(
					page.locator(sel.output),
					(t) => /not found|did not say/i.test(t),
					'the error of the run',
				);
				await shot('m3-delivery-report-unknown-id');
				if (!said.includes('The Request ID "no-such-request" was not found'))
					fail(`the error reads "${said.slice(0, 300)}"`);
				if (/did not say which ID|each ID given/.test(said))
					fail(`the error still asks to check each ID given: "${said.slice(0, 300)}"`);
				return `the editor says: "${said.slice(0, 300)}"`;
			},
		],
		[
			'WhatsApp Send in Conversation: each Message Type shows its own fields; a text typed by hand is sent once to the campaign path',
			async ({ page, env, shot }) => {
				const id = await env.api.createWorkflow({
					name: 'UI test: WhatsApp reply',
					...workflowWith({
						operation: 'sendInConversation',
						phoneId: { __rl: true, mode: 'list', value: ACCOUNT, cachedResultName: ACCOUNTS[0] },
					}),
				});
				await openNode(page, env.n8n.base, id, 'Send welcome');
				const ndv = page.locator(sel.ndv);
				const messageType = ndv.locator(sel.parameter('messageType'));
				await messageType.waitFor();
				const fieldsOf = async () =>
					(await shownParameters(ndv)).map((p) => p.label).filter((label) => ALL_FIELDS.has(label));
				const seen = {};
				for (const type of ['Image', 'Location', 'Text']) {
					await openLoadedSelect(page, messageType);
					await pickOption(page, type);
					await ndv.locator(sel.parameterItem(FIRST_OWN_FIELD[type])).waitFor();
					seen[type] = await fieldsOf();
					await shot(`m3-conversation-${type.toLowerCase()}`);
					if (!isDeepStrictEqual(seen[type], CONVERSATION_FIELDS[type]))
						fail(`${type} shows ${json(seen[type])}, expected ${json(CONVERSATION_FIELDS[type])}`);
				}

				await ndv
					.locator(`${sel.parameter('recipient')} input, ${sel.parameter('recipient')} textarea`)
					.first()
					.fill('+91 98765 43210');
				await ndv
					.locator(`${sel.parameter('text')} textarea, ${sel.parameter('text')} input`)
					.first()
					.fill('Thanks, your order 1042 ships tomorrow');
				// The customer wrote a moment ago: the conversation is open.
				await env.sandbox.webhooks.receive('whatsapp', { phoneId: ACCOUNT, from: '919876543210' });
				env.sandbox.clearRequests();
				await executeStep(page, 'Message sent successfully');
				await shot('m3-conversation-sent');
				const sends = env.sandbox.requests.filter((r) => r.method === 'POST');
				const wanted = {
					to: '919876543210',
					phoneId: ACCOUNT,
					type: 'text',
					text: { body: 'Thanks, your order 1042 ships tomorrow', preview_url: false },
				};
				if (
					sends.length !== 1 ||
					sends[0].path !== '/api/v1/campaign/whatsapp/message/send' ||
					!isDeepStrictEqual(sends[0].body, wanted)
				)
					fail(`the sandbox got ${json(sends.map((r) => [r.path, r.body]))}`);
				return `fields: ${Object.entries(seen)
					.map(([type, labels]) => `${type}: ${labels.join(', ')}`)
					.join('; ')}\nsent: POST ${sends[0].path} ${json(sends[0].body)}`;
			},
		],
	];
}
