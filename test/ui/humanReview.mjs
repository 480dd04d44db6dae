// Workspace Send and Wait under the node panel's Human review (`npm run test:ui`, listed by
// run.mjs). n8n 2.x's panel has a Human review category (editor `viewsData.ts`
// `getSendAndWaitNodes`, `NodesMode.vue`) that lists the nodes whose codex (`.node.json`) has the
// category HITL and the subcategory "Human in the Loop", each with its `sendAndWait` action, and
// adds the node already on that action; n8n takes a package's codex as it is. Before the codex
// said HITL, our node was missing there, beside n8n's Slack, Gmail, WhatsApp and the others.
import { fail, json, newWorkflow, sel, shownValue, squash } from './editor.mjs';

const NODE = 'Workspace Send and Wait';
const ACTION = 'Send a message and wait for the response';
const CATEGORY = 'Human review';
const OPERATION = 'Send and Wait for Response';

export function humanReviewChecks() {
	return [
		[
			`Node panel: ${CATEGORY} lists ${NODE}, and its action there adds the node on Operation "${OPERATION}"`,
			async ({ page, env, shot }) => {
				// A new workflow as a user starts one: a manual trigger first (the first "+" offers
				// triggers only), then the "+" offers the action categories, Human review among them.
				// The category is opened by its name, not searched: a search finds the node whatever
				// its codex says.
				await newWorkflow(page, env.n8n.base);
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
				const listed = (
					await page
						.locator(sel.creatorEntry)
						.evaluateAll((items) =>
							items.filter((item) => item.offsetParent !== null).map((item) => item.innerText),
						)
				).map(squash);
				await shot('h1-human-review-list');
				const ours = listed.find((text) => text.startsWith(NODE));
				if (!ours) fail(`${CATEGORY} lists ${json(listed)}, not ${NODE}`);

				// n8n lists its own nodes by name and adds them on a click; a community node it lists
				// with its description and opens on its Node details first, which show its one action.
				await page
					.locator(sel.creatorEntryName)
					.filter({ hasText: new RegExp(`^${NODE}$`) })
					.click();
				const action = page.getByText(ACTION, { exact: true });
				await action.waitFor();
				await shot('h1-human-review-node-details');
				await action.click();
				const ndv = page.locator(sel.ndv);
				await ndv.waitFor();
				const operation = await shownValue(ndv.locator(sel.parameter('operation')));
				await shot('h1-human-review-added');
				if (operation !== OPERATION)
					fail(
						`the node added from ${CATEGORY} shows Operation "${operation}", expected "${OPERATION}"`,
					);
				return `${CATEGORY} lists: ${json(listed)}\nadded: Operation "${operation}"`;
			},
		],
	];
}
