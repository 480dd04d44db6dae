// The WhatsApp trigger's panel (`npm run test:ui`, listed by run.mjs; its publication from the
// editor is in triggerActivation.mjs):
//  10. its Production URLs, the setup steps, Events, a hidden secret with its hint; none of the
//      setup for Delivery Status alone; its events in the node panel; the test URL's answer.
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';

import { whatsAppTriggerNode as trigger } from '../e2e/whatsAppTrigger.mjs';
import {
	clickCreatorEntry,
	fail,
	json,
	newWorkflow,
	noticesIn,
	openNode,
	searchNodeCreator,
	sel,
	shownParameters,
	shownValue,
	squash,
	waitForText,
} from './editor.mjs';

/** The WhatsApp trigger's Secret Header Value in its check: its Postback URL is made from it. */
const UI_TRIGGER_SECRET = 'ui-secret-value-7f3a';

/** What Secret Header Value says below itself (nodes/WorkspaceWhatsAppTrigger/fields.ts). */
const SECRET_HINT = 'Required: the trigger listens for test events only once it is set';

/** The checks of this file, in run.mjs's order: [title, check]. */
export function whatsAppTriggerPanelChecks() {
	return [
		[
			'WhatsApp Trigger: its two Production URLs under Webhook URLs (/webhook, and /delivery-status/<token made from the secret> for post-backs), the notice saying where to paste each (Settings → Developer → Webhook, Event with Data, Postback URL), Events and a hidden secret',
			async ({ page, env, shot }) => {
				const webhookId = '5d0c5c1e-7a43-4c55-9a8e-0f2b7c9a1e02';
				const id = await env.api.createWorkflow({
					name: 'UI test: WhatsApp trigger',
					nodes: [trigger('Incoming WhatsApp', webhookId, { headerValue: UI_TRIGGER_SECRET })],
					connections: {},
				});
				await openNode(page, env.n8n.base, id, 'Incoming WhatsApp');
				const ndv = page.locator(sel.ndv);
				await ndv.getByText('Webhook URLs').first().click();
				await ndv.getByText('Production URL', { exact: true }).first().click();
				// n8n names its host as its WEBHOOK_URL says (localhost by default), with its port.
				const path = `:${new URL(env.n8n.base).port}/webhook/${webhookId}/webhook`;
				// The post-back URL: its token as the node derives it, computed here on its own.
				const token = createHash('sha256')
					.update(`workspace-post-back:${UI_TRIGGER_SECRET}`, 'utf8')
					.digest('hex')
					.slice(0, 32);
				const postBackPath = `/webhook/${webhookId}/delivery-status/${token}`;
				const text = await waitForText(
					ndv,
					(t) => t.includes(path) && t.includes(postBackPath),
					`the Production URLs …${path} and …${postBackPath}`,
				);
				const url = /\S+/.exec(text.slice(text.lastIndexOf('http', text.indexOf(path))))[0];
				await shot('8-whatsapp-trigger');
				for (const words of [
					'Settings → Developer → Webhook',
					'Event with Data',
					'custom header',
					'ending in /webhook',
				])
					if (!text.includes(words))
						fail(`the panel does not say "${words}": ${text.slice(0, 600)}`);
				const events = await shownValue(ndv.locator(sel.parameter('events')));
				if (!events.includes('Incoming WhatsApp Message'))
					fail(`Events shows "${events}", expected Incoming WhatsApp Message`);
				const secret = ndv.locator(sel.parameter('headerValue')).locator('input').first();
				if ((await secret.getAttribute('type')) !== 'password')
					fail('Secret Header Value is not a password field');
				// The setup in steps of a line each, not one long paragraph (issue 39, item 5).
				const setup = (
					await ndv
						.locator(`${sel.nodeParameters} .notice-content`)
						.filter({ hasText: 'Settings → Developer → Webhook' })
						.first()
						.innerText()
				)
					.split('\n')
					.map((line) => line.trim())
					.filter(Boolean);
				if (setup.length < 4 || setup.some((line) => line.length > 90))
					fail(`the setup notice reads as ${setup.length} line(s): ${json(setup)}`);
				// Why the test button waits, said below the secret before it is touched.
				const secretItem = ndv.locator(sel.parameterItem('headerValue'));
				const secretText = squash(await secretItem.innerText());
				await secretItem.scrollIntoViewIfNeeded();
				await shot('8-whatsapp-trigger-secret-hint');
				if (!secretText.includes(SECRET_HINT))
					fail(`below Secret Header Value, untouched: "${secretText}"`);
				const shown = await shownParameters(ndv);
				return (
					`Production URLs ${url} and …${postBackPath}; parameters: ${shown.map((p) => p.label || '(notice)').join(', ')}; Events: ${events}\n` +
					`setup notice: ${json(setup)}\nbelow Secret Header Value: "${SECRET_HINT}"`
				);
			},
		],
		[
			'WhatsApp Trigger: no workspace-webhook setup nor Secret Header Name when only Delivery Status is chosen, a notice to publish first and paste the Postback URL; the node panel says "On incoming WhatsApp message"; the test URL answers {"message":"Workflow was started"}',
			async ({ page, env, shot }) => {
				const deliveryOnly = await env.api.createWorkflow({
					name: 'UI test: WhatsApp trigger, delivery statuses',
					nodes: [
						trigger('Delivery statuses', '6e1d6d2f-8b54-4d66-8b13-1f3c8dab2f13', {
							events: ['delivery_status'],
						}),
					],
					connections: {},
				});
				await openNode(page, env.n8n.base, deliveryOnly, 'Delivery statuses');
				let ndv = page.locator(sel.ndv);
				await ndv.locator(sel.parameter('events')).waitFor();
				const deliveryNotices = await noticesIn(ndv);
				await shot('8b-whatsapp-trigger-delivery-only');
				if (deliveryNotices.some((n) => n.includes('Settings → Developer → Webhook')))
					fail(`with Delivery Status alone the panel still shows ${json(deliveryNotices)}`);
				// What it does need: the Postback URL, said by a notice of its own.
				if (
					!deliveryNotices.some(
						(n) => n.includes('ending in /delivery-status/') && n.includes('Postback URL'),
					)
				)
					fail(
						`with Delivery Status alone no notice names the Postback URL: ${json(deliveryNotices)}`,
					);
				// Publish first, and where the URL goes; no header to name (a post-back has none).
				if (
					!deliveryNotices.some(
						(n) =>
							n.includes('Publish this workflow first') &&
							n.includes('Additional Fields → Postback URL'),
					)
				)
					fail(
						`the delivery-status notice does not say to publish first: ${json(deliveryNotices)}`,
					);
				const deliveryShown = (await shownParameters(ndv)).map((p) => p.label);
				if (deliveryShown.includes('Secret Header Name'))
					fail(`with Delivery Status alone Secret Header Name is shown: ${json(deliveryShown)}`);

				// The node panel: the trigger's events as n8n lists them inside Workspace WhatsApp.
				await page.keyboard.press('Escape');
				await newWorkflow(page, env.n8n.base);
				await page.locator(sel.addFirstStep).click();
				await searchNodeCreator(page, 'Workspace WhatsApp', 'Workspace WhatsApp');
				await clickCreatorEntry(page, 'Workspace WhatsApp');
				await page.locator(sel.creatorCategory).first().waitFor();
				const triggers = page.locator(sel.creatorCategory, { hasText: /^Triggers/ });
				const actionNames = async () =>
					(await page.locator(`${sel.creatorEntryName}:visible`).allInnerTexts()).map(squash);
				if (!(await actionNames()).some((n) => n.startsWith('On ')) && (await triggers.count()))
					await triggers.first().click();
				const listed = (await actionNames()).filter((n) => n.startsWith('On '));
				await shot('8b-node-panel-whatsapp-events');
				await page.keyboard.press('Escape');
				const wantedEvents = [
					'On delivery status',
					'On incoming RCS message',
					'On incoming WhatsApp message',
				];
				if (!isDeepStrictEqual([...listed].sort(), wantedEvents))
					fail(`the node panel lists ${json(listed)}, expected ${json(wantedEvents)}`);

				// The test URL, listening, answers its caller in words, not "firstEntryJson".
				const webhookId = '7f2e7e30-9c65-4e77-9c24-2a4d9ebc3024';
				const incoming = await env.api.createWorkflow({
					name: 'UI test: WhatsApp trigger, test URL',
					nodes: [
						trigger('Incoming test', webhookId, {
							events: ['incoming.whatsapp.message'],
							headerValue: 'ui-secret',
						}),
					],
					connections: {},
				});
				await openNode(page, env.n8n.base, incoming, 'Incoming test');
				ndv = page.locator(sel.ndv);
				await ndv.locator(sel.executeStep).first().click();
				await waitForText(ndv, (t) => /Listening for test event/i.test(t), 'the trigger listening');
				const testUrl = `${env.n8n.base}/webhook-test/${webhookId}/webhook`;
				const response = await fetch(testUrl, {
					method: 'POST',
					headers: { 'content-type': 'application/json', 'x-webhook-secret': 'ui-secret' },
					body: json({
						event: 'incoming.whatsapp.message',
						eventId: 'ui-evt-1',
						messageId: 'wamid.ui-1',
						from: '919876543210',
						message: { type: 'text', text: { body: 'Hello from the UI test' } },
					}),
				});
				const answer = await response.text();
				await waitForText(
					page.locator(sel.output),
					(t) => t.includes('Hello from the UI test'),
					'the event in the output',
				);
				await shot('8b-whatsapp-trigger-test-event');
				if (response.status !== 200 || answer !== json({ message: 'Workflow was started' }))
					fail(`the test URL answered ${response.status} ${answer}`);
				return (
					`Delivery Status alone: notices ${json(deliveryNotices)}\n` +
					`node panel: ${json(listed)}\ntest URL answered ${response.status} ${answer}`
				);
			},
		],
	];
}
