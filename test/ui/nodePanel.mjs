// The node panel (`npm run test:ui`, listed by run.mjs): "Workspace" searched in its trigger view
// (an empty workflow's "Add first step") and in its action view (the "+" after a trigger) lists
// every node of this package with its description, as n8n merges a trigger into its action node;
// the entry that holds the record actions does not read as a trigger.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';

import { root } from '../rig/n8n.mjs';
import { clickCreatorEntry, fail, newWorkflow, searchNodeCreator, sel } from './editor.mjs';
import { chain, MANUAL_TRIGGER } from './workflows.mjs';

const require = createRequire(import.meta.url);

/** The actions n8n's panel makes of a trigger: one per option of its Event(s) or Trigger On field. */
function eventActions(trigger) {
	const field = trigger.properties.find((p) =>
		['event', 'events', 'trigger on'].includes(p.displayName?.toLowerCase()),
	);
	return (field?.options ?? []).filter((o) => !['*', '', ' '].includes(o.name)).length;
}

/**
 * What the node panel should list for this package, worked out from the built nodes and n8n's
 * own rule (n8n-editor-ui, generateMergedNodesAndActions): a trigger "X Trigger" whose action
 * node "X" has actions is not listed by itself; "X" is listed once, with the actions and the
 * triggers, and **with the trigger's description**, in the trigger view and the action view alike.
 */
function expectedPanelEntries() {
	const { n8n } = require(join(root, 'package.json'));
	// A hidden node (kept for saved workflows: Wait for Delivery) is not in the panel.
	const nodes = n8n.nodes
		.map((file) => {
			const exports = require(join(root, file));
			return new (Object.values(exports)[0])().description;
		})
		.filter((description) => !description.hidden);
	const entries = new Map(
		nodes
			.filter((n) => !n.group.includes('trigger'))
			.map((n) => [n.name, { name: n.displayName, description: n.description }]),
	);
	const merged = [];
	for (const trigger of nodes.filter((n) => n.group.includes('trigger'))) {
		const action = entries.get(trigger.name.replace('Trigger', ''));
		if (action) {
			merged.push({
				entry: action.name,
				trigger: trigger.displayName,
				ownDescription: action.description,
			});
			action.description = trigger.description;
		} else {
			// Listed alone, a trigger with several events (one action each) loses "Trigger" from its name.
			const name =
				eventActions(trigger) > 1
					? trigger.displayName.replace('Trigger', '').trim()
					: trigger.displayName;
			entries.set(trigger.name, { name, description: trigger.description });
		}
	}
	return { entries: [...entries.values()], merged };
}

/** The checks of this file, in run.mjs's order; the second reads what the first saw. */
export function nodePanelChecks() {
	const seen = {};
	return [
		[
			'Node panel: "Workspace" lists every node of the package with its description, in the trigger view and the action view',
			async ({ page, env, shot }) => {
				const { entries: wanted, merged } = expectedPanelEntries();
				const ours = (entries) =>
					entries.filter((entry) => wanted.some((w) => w.name === entry.name));
				const compare = (view, shown) => {
					const got = ours(shown)
						.map(({ name, description }) => `${name}: ${description}`)
						.sort();
					const expected = wanted.map(({ name, description }) => `${name}: ${description}`).sort();
					if (!isDeepStrictEqual(got, expected))
						fail(
							`${view}: the panel lists\n      ${got.join('\n      ')}\n    expected\n      ${expected.join('\n      ')}`,
						);
				};
				// Searches the open panel for "Workspace", judges what it lists, then opens the
				// Workspace Records entry, a screenshot of each; returns what it listed.
				const readView = async (view, picture) => {
					const shown = await searchNodeCreator(page, 'Workspace', 'Workspace Records');
					await shot(picture);
					compare(view, shown);
					await clickCreatorEntry(page, 'Workspace Records');
					await page.locator(sel.creatorCategory).first().waitFor();
					await shot(`${picture}-workspace-records`);
					return shown;
				};

				// An empty workflow: "Add first step" opens the trigger view.
				await newWorkflow(page, env.n8n.base);
				await page.locator(sel.addFirstStep).click();
				const triggerView = await readView('trigger view', '1-node-panel-trigger-view');

				// With a trigger on the canvas, the "+" opens the action view ("What happens next?").
				await page.keyboard.press('Escape');
				const id = await env.api.createWorkflow({
					name: 'UI test: node panel',
					...chain(MANUAL_TRIGGER),
				});
				await page.goto(`${env.n8n.base}/workflow/${id}`);
				await page.locator(sel.canvasNode).first().waitFor();
				await page.locator(sel.canvasPlus).click();
				const actionView = await readView('action view', '1-node-panel-action-view');
				await page.keyboard.press('Escape');

				seen.panel = { triggerView: ours(triggerView), actionView: ours(actionView), merged };
				const describe = (entries) =>
					entries.map((e) => `         ${e.name}: "${e.description}"`).join('\n');
				return (
					`trigger view:\n${describe(seen.panel.triggerView)}\n` +
					`action view:\n${describe(seen.panel.actionView)}\n` +
					merged
						.map(
							(m) =>
								`n8n lists "${m.trigger}" inside "${m.entry}" (no entry of its own) and shows the trigger's description for both; "${m.entry}"'s own description ("${m.ownDescription}") is shown nowhere in the panel`,
						)
						.join('\n')
				);
			},
		],
		[
			'Node panel: the Workspace Records entry (actions and trigger) does not describe itself as a trigger, in either view',
			async ({ noPicture }) => {
				noPicture();
				if (!seen.panel) fail('the node panel check did not get as far as reading the entries');
				const wrong = [];
				for (const [view, entries] of Object.entries({
					'trigger view': seen.panel.triggerView,
					'action view': seen.panel.actionView,
				})) {
					const entry = entries.find((e) => e.name === 'Workspace Records');
					if (!entry) wrong.push(`${view}: no Workspace Records entry`);
					else if (/^\s*starts? (a|the) workflow/i.test(entry.description))
						wrong.push(`${view}: "${entry.description}"`);
				}
				if (wrong.length) {
					fail(
						`the entry that holds the record actions reads as a trigger:\n      ${wrong.join('\n      ')}\n` +
							`    n8n shows the trigger node's description for the merged entry, so the fix is the description of ` +
							`Workspace Records Trigger (nodes/WorkspaceRecordsTrigger), worded for the actions and the trigger together`,
					);
				}
			},
		],
	];
}
