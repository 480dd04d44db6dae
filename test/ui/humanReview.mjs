// Send and Wait for Response under the node panel's Human review (`npm run test:ui`, listed by
// run.mjs). n8n 2.x's panel has a Human review category (editor `viewsData.ts`
// `getSendAndWaitNodes`, `NodesMode.vue`) that lists the nodes whose codex (`.node.json`) has the
// category HITL and the subcategory "Human in the Loop", each with its `sendAndWait` action, and
// adds the node already on that action; n8n takes a package's codex as it is. Send and Wait for
// Response is an operation of Workspace SMS, WhatsApp, RCS and Email: each is listed there, beside
// n8n's Slack, Gmail, WhatsApp and the others; the old Workspace Send and Wait (hidden, kept for
// saved workflows) is not.
import { isDeepStrictEqual } from 'node:util';

import { fail, json, newWorkflow, sel, shownValue, squash } from './editor.mjs';

/** The nodes Human review must list, each added from its action there on the operation below. */
const NODES = ['Workspace SMS', 'Workspace WhatsApp', 'Workspace RCS', 'Workspace Email'];
const HIDDEN = 'Workspace Send and Wait';
const ACTION = 'Send message and wait for response';
const CATEGORY = 'Human review';
const OPERATION = 'Send and Wait for Response';

/** A new workflow's panel open on Human review; the entries it lists (name and description). */
async function openHumanReview(page, base) {
	// A new workflow as a user starts one: a manual trigger first (the first "+" offers
	// triggers only), then the "+" offers the action categories, Human review among them.
	// The category is opened by its name, not searched: a search finds the node whatever
	// its codex says.
	await newWorkflow(page, base);
	await page.locator(sel.addFirstStep).click();
	await page
		.locator(sel.creatorEntryName)
		.filter({ hasText: /^Trigger manually$/ })
		.click();
	await page.locator(sel.canvasNode).first().waitFor();
	await page.keyboard.press('Escape');
	await page.locator(sel.canvasPlus).click();
	const category = page
		.locator(sel.creatorEntryName)
		.filter({ hasText: new RegExp(`^${CATEGORY}$`) });
	await category.click();
	// The list has loaded once n8n's own Slack is in it and the categories slid away.
	await page
		.locator(sel.creatorEntryName, { hasText: /^Slack$/ })
		.first()
		.waitFor();
	await category.waitFor({ state: 'hidden' });
	return (
		await page
			.locator(sel.creatorEntry)
			.evaluateAll((items) =>
				items.filter((item) => item.offsetParent !== null).map((item) => item.innerText),
			)
	).map(squash);
}

export function humanReviewChecks() {
	return [
		[
			`Node panel: ${CATEGORY} lists ${NODES.join(', ')} (not the hidden ${HIDDEN}); each one's action "${ACTION}" adds it on Operation "${OPERATION}"`,
			async ({ page, env, shot }) => {
				let listed;
				const added = [];
				for (const [index, name] of NODES.entries()) {
					const shown = await openHumanReview(page, env.n8n.base);
					if (!index) {
						listed = shown;
						await shot('h1-human-review-list');
						const missing = NODES.filter((n) => !listed.some((text) => text.startsWith(`${n} `)));
						if (missing.length) fail(`${CATEGORY} lists ${json(listed)}, not ${json(missing)}`);
						if (listed.some((text) => text.startsWith(HIDDEN)))
							fail(`${CATEGORY} lists the hidden ${HIDDEN}: ${json(listed)}`);
					}
					// n8n lists its own nodes by name and adds them on a click; a community node it
					// lists with its description and opens on its Node details first, which show its
					// send-and-wait action.
					await page
						.locator(sel.creatorEntryName)
						.filter({ hasText: new RegExp(`^${name}$`) })
						.click();
					const action = page.locator(sel.creatorEntryName).filter({ hasText: ACTION });
					await action
						.first()
						.waitFor()
						.catch(async () => {
							const shownNow = (
								await page.locator(`${sel.creatorEntryName}:visible`).allInnerTexts()
							).map(squash);
							fail(`${name}'s node details show ${json(shownNow)}, not "${ACTION}"`);
						});
					// The category's list slides away behind the details: then only the actions show.
					await page
						.locator(sel.creatorEntryName, { hasText: /^Slack$/ })
						.first()
						.waitFor({ state: 'hidden' });
					const actions = (
						await page.locator(`${sel.creatorEntryName}:visible`).allInnerTexts()
					).map(squash);
					if (!isDeepStrictEqual(actions, [ACTION]))
						fail(`${name}'s node details show the actions ${json(actions)}, not ${json([ACTION])}`);
					const slug = name.split(' ')[1].toLowerCase();
					await shot(`h1-human-review-${slug}-details`);
					await action.first().click();
					const ndv = page.locator(sel.ndv);
					await ndv.waitFor();
					const operation = await shownValue(ndv.locator(sel.parameter('operation')));
					await shot(`h1-human-review-${slug}-added`);
					if (operation !== OPERATION)
						fail(
							`${name} added from ${CATEGORY} shows Operation "${operation}", expected "${OPERATION}"`,
						);
					added.push(`${name}: actions ${json(actions)}, added on Operation "${operation}"`);
					await page.keyboard.press('Escape');
				}
				return `${CATEGORY} lists: ${json(listed)}\n${added.join('\n')}`;
			},
		],
	];
}
