// Publishing the WhatsApp trigger from the editor (`npm run test:ui`, listed by run.mjs), as a
// user does: the header's Publish, then Publish in its dialog. Issue 54 asked whether a trigger
// that cannot listen shows it anywhere, or is left "active" receiving nothing. Read in a real
// n8n 2.40.7 (and 2.41.1, whose publication code is the same):
//   1. Incoming WhatsApp Message with Secret Header Value empty: n8n's own check of required
//      fields refuses the publication before the trigger runs (its checkExists is never called).
//      The editor says so in a toast, in n8n's words (the field by its name, headerValue), and
//      the node's issues say `Parameter "Secret Header Value" is required.`; the workflow is not
//      published, and its URL answers 404. (A refusal from checkExists itself is another matter:
//      n8n 2.x publishes first and tries later, then shows "Workflow could not be activated" with
//      the node's message, and leaves the workflow published; not what a user meets here.)
//   2. Delivery Status alone, Secret Header Value set: published with no error, and a delivery
//      status posted to its Postback URL starts one execution.
import {
	deliveryStatus,
	postBackPathOf,
	postStatus,
	whatsAppTriggerNode as trigger,
} from '../e2e/whatsAppTrigger.mjs';
import { fail, json, pollFor, sel, squash, waitForText } from './editor.mjs';

const PUBLISH = '[data-test-id="workflow-open-publish-modal-button"]';
const PUBLISH_IN_DIALOG = '[data-test-id="workflow-publish-button"]';
/** n8n's toasts (Element Plus notifications). */
const TOAST = '.el-notification:visible';
/** What the node's issues say of the empty secret (n8n's words around our field's label). */
const REQUIRED = 'Parameter "Secret Header Value" is required';

/** Opens the saved workflow and publishes it as a user does: Publish, then Publish in the dialog. */
async function publishInEditor(page, base, workflowId) {
	await page.goto(`${base}/workflow/${workflowId}`);
	await page.locator(sel.canvasNode).first().waitFor();
	await page.locator(PUBLISH).click();
	await page.locator(PUBLISH_IN_DIALOG).click();
}

/** The workflow as n8n holds it: published (activeVersionId) and its publication status. */
async function publication(api, workflowId) {
	const { data: workflow } = await api.call('GET', `/rest/workflows/${workflowId}`);
	const { data: status } = await api.call(
		'GET',
		`/rest/workflows/${workflowId}/publication-status`,
	);
	return { active: workflow.active, activeVersionId: workflow.activeVersionId, status };
}

export function triggerActivationChecks() {
	return [
		[
			'WhatsApp Trigger published from the editor with Incoming WhatsApp Message and no Secret Header Value: the node says Secret Header Value is required, the editor says the workflow could not be published, and it is not published (its URL answers 404)',
			async ({ page, env, shot }) => {
				const webhookId = '0b6f3b0e-54d4-4d1e-9f55-3c1d2a7e9a41';
				const id = await env.api.createWorkflow({
					name: 'UI test: WhatsApp trigger without its secret',
					nodes: [
						trigger('Incoming WhatsApp', webhookId, {
							events: ['incoming.whatsapp.message'],
							headerName: 'X-Webhook-Secret',
							headerValue: '',
						}),
					],
					connections: {},
				});
				await page.goto(`${env.n8n.base}/workflow/${id}`);
				// The node's warning sign on the canvas; its tooltip names the field by its label.
				const issues = page.locator(`${sel.canvasNode} [data-test-id="node-issues"]`);
				await issues.hover();
				const required = page.getByText(REQUIRED).first();
				await required.waitFor().catch(() => {});
				const issueText = (await required.isVisible()) ? squash(await required.innerText()) : '';
				await shot('a1-trigger-no-secret-issue');
				if (!issueText) fail(`hovering the node's issues shows no "${REQUIRED}"`);

				await publishInEditor(page, env.n8n.base, id);
				const toast = await waitForText(
					page.locator(TOAST).first(),
					(t) => /could not be (published|activated)/.test(t),
					'the refusal of the publication',
				);
				await shot('a1-trigger-no-secret-refused');
				if (!toast.includes('Incoming WhatsApp') || !/headerValue|Secret Header Value/.test(toast))
					fail(`the refusal names neither the node nor the field: "${toast}"`);
				const after = await publication(env.api, id);
				if (after.active || after.activeVersionId || after.status.status !== 'not_published')
					fail(`after the refusal the workflow is left ${json(after)}`);
				const answer = await fetch(`${env.n8n.base}/webhook/${webhookId}/webhook`, {
					method: 'POST',
					body: '{}',
				});
				await answer.text();
				if (answer.status !== 404) fail(`its Production URL answers ${answer.status}, not 404`);
				return (
					`the node's issues: "${issueText}"\nthe editor says: "${toast}"\n` +
					`afterwards: active ${after.active}, publication ${after.status.status}; its URL answers 404`
				);
			},
		],
		[
			'WhatsApp Trigger with Delivery Status alone and Secret Header Value set: published from the editor with no error, and a delivery status posted to its Postback URL starts one execution',
			async ({ page, env, shot }) => {
				const node = trigger('Delivery statuses', '3c9a1f4e-2b7d-4f0a-8e61-5d2c7b9e0f13', {
					events: ['delivery_status'],
					headerValue: 'ui-delivery-secret-5b1c',
				});
				const id = await env.api.createWorkflow({
					name: 'UI test: WhatsApp trigger, delivery statuses published',
					nodes: [node],
					connections: {},
				});
				await publishInEditor(page, env.n8n.base, id);
				// n8n 2.x answers at once and registers the trigger after (its outbox): wait for that.
				const published = await pollFor(async () => {
					const now = await publication(env.api, id);
					return ['published', 'failed', 'partial'].includes(now.status.status) && now;
				}, 'the publication');
				await waitForText(page.locator(PUBLISH), (t) => t.includes('Published'), 'Published');
				const toasts = (await page.locator(TOAST).allInnerTexts()).map(squash);
				await shot('a2-trigger-delivery-only-published');
				if (published.status.status !== 'published' || toasts.some((t) => /could not/.test(t)))
					fail(`published as ${json(published.status)}; the editor shows ${json(toasts)}`);
				try {
					const url = `${env.n8n.base}/webhook/${node.webhookId}/${postBackPathOf(node)}`;
					const status = await postStatus(url, deliveryStatus({ requestId: 'ui-req-1' }));
					if (status !== 200) fail(`the Postback URL answered ${status}`);
					const runs = await pollFor(async () => {
						const ended = (await env.api.executions(id)).filter((e) => e.status === 'success');
						return ended.length && ended;
					}, 'an execution');
					if (runs.length !== 1) fail(`${runs.length} executions for one delivery status`);
					return `publication ${published.status.status}, no error shown; the Postback URL answered ${status}, one execution`;
				} finally {
					await env.api.deactivate(id);
				}
			},
		],
	];
}
