// `npm run test:ui`: the nodes in n8n's own editor, in a real browser, as a person uses them.
// A real n8n 2.40.7 with this package installed as users install community packages, the
// sandbox API behind a credential imported with `n8n import:credentials`, an owner set up over
// n8n's REST API (env.mjs); then Debian's Chromium (driven by playwright-core) signs in and runs
// the checks in this order, each file saying at its top what its checks look at:
//   1. the node panel's "Workspace" entries, in its trigger view and its action view
//      (nodePanel.mjs);
//   2. a Record Create filled in by hand and run; 3. Map Automatically, and a Create run
//      twice (recordCreate.mjs);
//   4. Get Many with Simplify on and off (getMany.mjs);
//   5–7. Record Create, Create or Update and Get added fresh from the node panel: the mapper,
//      the attribute to match on, Options last (addedFromPanel.mjs);
//   8. Get Many with a condition (getMany.mjs);
//   9. Workspace WhatsApp's pickers, template variables and an unknown Request ID
//      (messaging.mjs); Wait for Status (deliveryWait.mjs); Send and Wait for Response
//      (sendAndWait.mjs); the node panel's Human review (humanReview.mjs);
//  10. the WhatsApp trigger's panel (whatsAppTriggerPanel.mjs), and the trigger published from
//      the editor (triggerActivation.mjs);
//   then pickers, mapper labels and list-entry output (pickers.mjs); the words of issue 31
//      (words.mjs);
//  11. the credential saved with a wrong API key (credential.mjs; last: the credential is wrong
//      from then on).
// The rig: env.mjs starts n8n, the sandbox and the browser; editor.mjs holds the selectors and
// the moves in the editor; workflows.mjs builds the workflows the checks save.
// UI_CHECKS=<regexp> runs only the checks whose title matches. Every check prints `ok …` or
// `FAIL …` and saves screenshots to $TMPDIR/workspace-records-ui-artifacts/; the run ends with
// `N passed, M failed` and stops n8n, the sandbox and the browser whatever happened.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

import { prepare } from '../rig/n8n-runtime.mjs';
import { outputTail, phaseClock } from '../rig/n8n.mjs';
import { cleanUp, deadline, stopOnSignals } from '../rig/processes.mjs';
import { createReporter } from '../rig/reporter.mjs';
import { addedFromPanelChecks } from './addedFromPanel.mjs';
import * as credential from './credential.mjs';
import { deliveryWaitChecks } from './deliveryWait.mjs';
import { signIn, TIMEOUT } from './editor.mjs';
import { ensureChromium, launchBrowser, N8N_VERSION, OWNER, startEnvironment } from './env.mjs';
import * as getMany from './getMany.mjs';
import { humanReviewChecks } from './humanReview.mjs';
import { messagingChecks } from './messaging.mjs';
import { nodePanelChecks } from './nodePanel.mjs';
import * as pickers from './pickers.mjs';
import { recordCreateChecks } from './recordCreate.mjs';
import { sendAndWaitChecks } from './sendAndWait.mjs';
import { triggerActivationChecks } from './triggerActivation.mjs';
import { whatsAppTriggerPanelChecks } from './whatsAppTriggerPanel.mjs';
import { wordsChecks } from './words.mjs';

// Outside the project: n8n-node build copies every image under it into dist/, which ships.
const ARTIFACTS =
	process.env.WORKSPACE_RECORDS_UI_ARTIFACTS ?? join(tmpdir(), 'workspace-records-ui-artifacts');
// The browser part takes about four minutes with every check, n8n's start about half a minute;
// this leaves room for a machine shared with other work (300 s was once too short on two cores,
// and a run at a load of 40 took 716 s of 720).
// Installing n8n itself (first run only) is not counted.
const DEADLINE_MS = 1_200_000;
/** UI_CHECKS=<regexp> runs only the checks whose title matches (while working on a few). */
const SELECTED = process.env.UI_CHECKS ? new RegExp(process.env.UI_CHECKS) : /./;

/**
 * The checks, in order: [title, check], each check given the page, the environment, a
 * screenshot function and noPicture() (for a check that only reads what an earlier one saw).
 */
const checks = () => [
	...nodePanelChecks(),
	...recordCreateChecks(),
	getMany.simplify,
	...addedFromPanelChecks(),
	getMany.condition,
	...messagingChecks(),
	...deliveryWaitChecks(),
	...sendAndWaitChecks(),
	...humanReviewChecks(),
	...whatsAppTriggerPanelChecks(),
	...triggerActivationChecks(),
	[pickers.associatedRecordPicker.title, pickers.associatedRecordPicker],
	[pickers.statusDropdowns.title, pickers.statusDropdowns],
	[pickers.listPickerAndWrongCollection.title, pickers.listPickerAndWrongCollection],
	[pickers.mapperLabelsAndHint.title, pickers.mapperLabelsAndHint],
	[pickers.listEntriesSimplified.title, pickers.listEntriesSimplified],
	...wordsChecks(),
	credential.wrongApiKey,
];

/** A playwright error without the call log and browser log it appends. */
const withoutPlaywrightLogs = (message) => message.split(/\n(?:Call log|Browser logs):/)[0].trim();

async function main() {
	const reporter = createReporter();
	const started = Date.now();
	const lastWords = () => {
		process.stdout.write(`(${((Date.now() - started) / 1000).toFixed(0)} s in all)\n`);
		return reporter.tally();
	};
	// After an abort (deadline, signal) nothing more is reported: the browser closing under a
	// running check would only add failures that say nothing.
	stopOnSignals({ onSignal: (signal) => reporter.abort(`stopped by ${signal}`), lastWords });
	const timer = deadline(DEADLINE_MS, {
		onExpire: () => reporter.abort(`the run did not finish within ${DEADLINE_MS / 1000} s`),
		lastWords,
	});
	rmSync(ARTIFACTS, { recursive: true, force: true });
	mkdirSync(ARTIFACTS, { recursive: true });

	try {
		ensureChromium(reporter.say);
		await prepare(N8N_VERSION);
		const { phases, phase } = phaseClock();
		const env = await startEnvironment({
			phase,
			keepUserFolder: () => reporter.anyFailed,
			log: reporter.say,
		});
		const browser = await launchBrowser({ viewport: { width: 1600, height: 1000 } });
		browser.context.setDefaultTimeout(TIMEOUT);
		const page = browser.context.pages()[0] ?? (await browser.context.newPage());
		await signIn(page, env.n8n.base, OWNER);
		phase('browser and sign-in');
		let editorFailed = false;
		reporter.say(
			`set-up: ${phases.join(', ')}\nn8n ${N8N_VERSION} at ${env.n8n.base}, sandbox at ${env.sandbox.url}; screenshots in ${ARTIFACTS}\n`,
		);

		for (const [index, [title, check]] of checks().entries()) {
			if (reporter.aborted) break;
			if (!SELECTED.test(title)) continue;
			const shots = [];
			const shot = async (name, target = page) => {
				// Panels slide in: a picture is taken once no CSS transition or animation runs.
				await target
					.waitForFunction(
						() =>
							document
								.getAnimations()
								.every(
									(a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity,
								),
						null,
						{ timeout: 5_000 },
					)
					.catch(() => {});
				await target.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
				shots.push(`${name}.png`);
			};
			// A check that only reads what an earlier one saw has nothing to show on failure.
			let picture = true;
			const noPicture = () => (picture = false);
			await reporter.run(title, () => check({ page, env, shot, noPicture }), {
				describeFailure: async (error) => {
					if (picture) {
						await shot(`failure-${index + 1}`).catch(() => {});
						editorFailed = true;
					}
					return withoutPlaywrightLogs(error.message);
				},
			});
			if (shots.length) reporter.say(`       screenshots: ${shots.join(', ')}`);
			// Whatever a check left open (a dropdown, a panel, a modal) must not cover the next one.
			await page.keyboard.press('Escape').catch(() => {});
		}
		if (editorFailed) reporter.say(`  n8n's output:\n${outputTail(env.n8n.output())}`);
	} catch (error) {
		reporter.fail(withoutPlaywrightLogs(error.message));
	}
	if (reporter.aborted) return;
	timer.clear();
	await cleanUp();
	process.exit(lastWords());
}

main().catch(async (error) => {
	process.stderr.write(`${error.stack}\n`);
	process.stdout.write('0 passed, 1 failed\n');
	await cleanUp();
	process.exit(1);
});
