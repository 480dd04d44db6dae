// `npm run demo`: the sandbox with its seed data and a real n8n on n8n's usual port (or a
// free one when that is taken, said on start), with this package installed, both
// credentials created and every example imported. Ctrl-C stops both. The first start
// installs n8n into ~/.cache (several minutes). n8n's own output goes to a log file (its path
// is printed); what to open is printed once n8n answers, and says whether to create the owner
// account or sign in.
// `npm run demo -- send whatsapp|rcs|status`, in another terminal while the demo runs: the
// sandbox delivers an incoming WhatsApp or RCS message, or a delivery status, to every
// WhatsApp Trigger of the examples that listens (published, or waiting in the editor after
// "Execute workflow"), as the workspace would (test/e2e/whatsAppTrigger.mjs).
// `npm run demo -- answer approve|decline|"some text"`: the person answers the last Send and
// Wait message the sandbox was sent, on the page its link opens, as a browser does.
// In the demo the sandbox posts each send's statuses as the vendor does: sent at once,
// delivered 3 s later, read 5 s after that (the Wait for Delivery examples resume on them).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';

import { cacheRoot, prepare } from '../test/rig/n8n-runtime.mjs';
import {
	buildPackage,
	installPackage,
	outputTail,
	root,
	runN8nCommands,
	startN8nServer,
	writeCredentials,
} from '../test/rig/n8n.mjs';
import { freePort, preferredOrFreePort } from '../test/rig/ports.mjs';
import {
	isStopping,
	onCleanup,
	stopEverythingAndExit,
	stopOnSignals,
} from '../test/rig/processes.mjs';
import { createSandbox, sandboxCredentials } from '../test/rig/sandbox.mjs';
import { deliveryStatus, postBackPathOf, postStatus } from '../test/e2e/whatsAppTrigger.mjs';
import { ACCOUNT } from '../test/e2e/messageSends.mjs';
import { openLink, submitOnPage, waitingLinksIn } from '../test/rig/answerPage.mjs';

const version = process.env.DEMO_N8N_VERSION ?? '2.40.7';
const say = (line) => process.stdout.write(`${line}\n`);

/**
 * The port people expect n8n on: N8N_PORT if set, else the port n8n itself defaults to,
 * asked from the installed n8n's own configuration. The README shows that port; the scripts
 * never write a port number down (test/rig/ports.mjs), and this is a preference only: when the
 * port is taken, the demo takes a free one and says so.
 */
function n8nDefaultPort(runtime) {
	const ask = [
		"require('reflect-metadata');",
		"const { Container } = require('@n8n/di');",
		"const { GlobalConfig } = require('@n8n/config');",
		'process.stdout.write(String(Container.get(GlobalConfig).port));',
	].join(' ');
	try {
		const answer = execFileSync(runtime.nodeExecutable, ['-e', ask], {
			cwd: dirname(dirname(runtime.n8nBin)),
			env: { ...process.env, ...runtime.env },
			stdio: ['ignore', 'pipe', 'ignore'],
		});
		return Number(answer.toString()) || undefined;
	} catch {
		return undefined;
	}
}

/** Where a running demo says where its n8n and sandbox are, for `npm run demo -- send`. */
const addressesFile = () => join(cacheRoot(), 'demo-user', 'demo-addresses.json');

const SENDS = {
	whatsapp: { event: 'incoming.whatsapp.message', what: 'a WhatsApp message' },
	rcs: { event: 'incoming.rcs.message', what: 'an RCS message' },
	status: { event: 'delivery_status', what: 'a delivery status' },
};

/** The examples' WhatsApp Triggers: the workflow's name, the trigger's webhookId and parameters. */
function whatsAppTriggers() {
	const examples = join(root, 'examples');
	return readdirSync(examples)
		.filter((file) => file.endsWith('.json'))
		.flatMap((file) => {
			const workflow = JSON.parse(readFileSync(join(examples, file), 'utf8'));
			return workflow.nodes
				.filter((node) => node.type.endsWith('.workspaceWhatsAppTrigger'))
				.map((trigger) => ({ file, workflow: workflow.name, trigger }));
		});
}

async function call(method, url, body) {
	const response = await fetch(url, {
		method,
		headers: { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	if (!response.ok) throw new Error(`${method} ${url}: HTTP ${response.status}`);
	return response.json();
}

/**
 * `send <whatsapp|rcs|status>`: to each example's WhatsApp Trigger that takes the event, at its
 * production URL (published) and its test URL (the editor listening), as the workspace sends
 * it: a message through the sandbox's webhooks (set up here once, with the trigger's secret
 * header, as step 3 of the README's Incoming messages), a status posted to the Postback URL.
 */
async function send(kind) {
	const wanted = SENDS[kind];
	if (!wanted) {
		process.stderr.write(`Usage: npm run demo -- send ${Object.keys(SENDS).join('|')}\n`);
		return 2;
	}
	if (!existsSync(addressesFile())) {
		process.stderr.write('The demo is not running: start it with npm run demo, then send.\n');
		return 1;
	}
	const { n8nUrl, sandboxUrl } = JSON.parse(readFileSync(addressesFile(), 'utf8'));
	const triggers = whatsAppTriggers().filter(({ trigger }) =>
		(trigger.parameters.events ?? []).includes(wanted.event),
	);
	// Each trigger's URLs, and the workflow each belongs to.
	const urls = new Map();
	for (const { workflow, trigger } of triggers) {
		const path = kind === 'status' ? postBackPathOf(trigger) : 'webhook';
		for (const [prefix, how] of [
			['webhook', 'published'],
			['webhook-test', 'listening in the editor'],
		])
			urls.set(`${n8nUrl}/${prefix}/${trigger.webhookId}/${path}`, { workflow, trigger, how });
	}
	const answers = [];
	if (kind === 'status') {
		const text = deliveryStatus({ requestId: randomUUID(), at: new Date().toISOString() });
		for (const url of urls.keys()) answers.push({ url, status: await postStatus(url, text) });
	} else {
		const { hooks } = await call('GET', `${sandboxUrl}/__sandbox/webhooks`);
		for (const [url, { trigger }] of urls) {
			if (hooks.some((hook) => hook.endpoint === url)) continue;
			const { headerName = 'X-Webhook-Secret', headerValue = '' } = trigger.parameters;
			await call('POST', `${sandboxUrl}/__sandbox/webhooks`, {
				name: 'n8n demo',
				endpoint: url,
				events: [SENDS.whatsapp.event, SENDS.rcs.event],
				dataType: 'event-with-data',
				headers: { [headerName]: headerValue },
			});
		}
		const { hooks: now } = await call('GET', `${sandboxUrl}/__sandbox/webhooks`);
		const { deliveries } = await call('POST', `${sandboxUrl}/__sandbox/webhooks/incoming`, {
			channel: kind,
		});
		for (const delivery of deliveries) {
			const url = now.find((hook) => hook.id === delivery.hookId)?.endpoint;
			if (urls.has(url)) answers.push({ url, status: delivery.status });
		}
	}
	const arrived = answers.filter(({ status }) => status >= 200 && status < 300);
	for (const { url, status } of arrived) {
		const { workflow, how } = urls.get(url);
		say(`${wanted.what} arrived at "${workflow}" (${how}; n8n answered ${status})`);
	}
	if (!arrived.length) {
		// The example whose trigger takes every event.
		const every = triggers.find(({ file }) => file === 'whatsapp-trigger-incoming-message.json');
		say(
			`No WhatsApp Trigger took ${wanted.what}: open "${(every ?? triggers[0])?.workflow}" in n8n and click "Execute workflow" (or publish it), then send again.`,
		);
		return 1;
	}
	return 0;
}

/** A custom form's inputs by label, as its page names them (`field-<i>`, form.ts). */
function formInputsOf(html) {
	const unescaped = (text) =>
		text
			.replace(/&lt;/g, '<')
			.replace(/&gt;/g, '>')
			.replace(/&quot;/g, '"')
			.replace(/&#39;/g, "'")
			.replace(/&amp;/g, '&');
	const inputs = new Map();
	for (const [, name, label] of html.matchAll(/<label for="(field-\d+)">([^<]*)<\/label>/g))
		inputs.set(unescaped(label), name);
	for (const [, label, name] of html.matchAll(
		/<fieldset><legend>([^<]*)<\/legend>.*?name="(field-\d+)"/gs,
	))
		inputs.set(unescaped(label), name);
	return inputs;
}

/** A form's answer as a JSON object by label (a list for checkboxes), in the page's names. */
function formFields(html, answers) {
	const inputs = formInputsOf(html);
	const fields = [];
	for (const [label, value] of Object.entries(answers)) {
		const name = inputs.get(label);
		if (!name)
			throw new Error(`the form has no field "${label}"; it has ${[...inputs.keys()].join(', ')}`);
		for (const one of [value].flat()) fields.push([name, String(one)]);
	}
	return fields;
}

/**
 * `answer <approve|decline|text|{json}>`: the link of the last message the sandbox was sent that
 * has one, opened and answered with its page's form (approved=true|false, the text, or a custom
 * form's values by label, such as '{"Day": "2026-12-24"}'). An email's or RCS's buttons each have
 * their own link: the one of the chosen answer is pressed.
 */
async function answer(words) {
	if (!words) {
		process.stderr.write(
			'Usage: npm run demo -- answer approve|decline|"your answer"|\'{"Field label": "value"}\'\n',
		);
		return 2;
	}
	if (!existsSync(addressesFile())) {
		process.stderr.write('The demo is not running: start it with npm run demo, then answer.\n');
		return 1;
	}
	const { sandboxUrl } = JSON.parse(readFileSync(addressesFile(), 'utf8'));
	const requests = await call('GET', `${sandboxUrl}/__sandbox/requests`);
	// The texts sent (an SMS's message, an email's HTML, a template's variables), links and all.
	const texts = (value) =>
		typeof value === 'string' ? [value] : Object.values(value ?? {}).flatMap(texts);
	const linksOf = (request) => texts(request.body).flatMap(waitingLinksIn);
	const asked = requests.filter((request) => linksOf(request).length).at(-1);
	if (!asked) {
		say('No message with a link was sent yet: run a "send and wait" example first.');
		return 1;
	}
	// A send the sandbox refused began no wait: there is nothing to answer.
	if (!(asked.status >= 200 && asked.status < 300)) {
		say(
			`The last message with a link was refused (HTTP ${asked.status}), so no wait began: the execution in n8n says why.`,
		);
		return 1;
	}
	const choice = { approve: 'true', decline: 'false' }[words];
	const links = linksOf(asked);
	const link =
		links.find((url) => new URL(url).searchParams.get('approved') === choice) ?? links.at(-1);
	const form = words.trim().startsWith('{') ? JSON.parse(words) : undefined;
	// The page first, as the person's browser: its form says how it posts.
	const { html } = await openLink(link);
	const fields = choice ? { approved: choice } : form ? formFields(html, form) : { text: words };
	const response = await submitOnPage(link, html, fields);
	const ok = response.status >= 200 && response.status < 300;
	say(
		ok
			? `Answered ${choice ? words : `"${words}"`} at ${new URL(link).pathname}: the execution resumes.`
			: `n8n answered ${response.status}: the wait of that message is over, or the answer does not fit it (${link}).`,
	);
	return ok ? 0 : 1;
}

/** Statuses as the vendor posts them: the demo's sends go sent → delivered → read. */
const DEMO_DELIVERY = [
	{ status: 'sent', remark: '' },
	{ status: 'delivered', remark: 'Delivered to handset', afterMs: 3000 },
	{ status: 'read', remark: '', afterMs: 8000 },
];

async function main() {
	if (process.argv[2] === 'send') process.exit(await send(process.argv[3]));
	if (process.argv[2] === 'answer') process.exit(await answer(process.argv[3]));
	stopOnSignals({ exitCode: 0 });

	const runtime = await prepare(version);
	say('Building the package …');
	buildPackage();

	const userFolder = join(cacheRoot(), 'demo-user');
	mkdirSync(userFolder, { recursive: true });
	installPackage(userFolder);

	const sandbox = createSandbox();
	await sandbox.start(
		process.env.SANDBOX_PORT ? Number(process.env.SANDBOX_PORT) : await freePort(),
	);
	onCleanup('sandbox', () => sandbox.stop());
	sandbox.config.deliveryPlan = DEMO_DELIVERY;
	// Ada wrote to the WhatsApp account a moment ago, as in the e2e case: the examples that
	// write to her in the conversation (Send and Wait on WhatsApp) can.
	sandbox.openConversation(ACCOUNT, '919876543210', Date.now());
	// The sandbox's clock runs what is due (later statuses, the vendor's retries) every second.
	const postbacks = setInterval(() => sandbox.postbacks.runDue(), 1000);
	onCleanup('postbacks', () => clearInterval(postbacks));
	say(`Sandbox API on ${sandbox.url}`);

	await runN8nCommands(runtime, userFolder, [
		['import:credentials', `--input=${writeCredentials(userFolder, sandboxCredentials(sandbox))}`],
		['import:workflow', '--separate', `--input=${join(root, 'examples')}`],
	]);

	const preferred = Number(process.env.N8N_PORT) || n8nDefaultPort(runtime);
	const n8nPort = await preferredOrFreePort(preferred);
	if (preferred && n8nPort !== preferred)
		say(`Port ${preferred} is taken, so n8n gets port ${n8nPort}.`);
	// n8n's own output (some forty lines on start) goes to a log of this run, not the terminal,
	// so that what to open is the last thing printed.
	const logFile = join(userFolder, 'n8n.log');
	writeFileSync(logFile, '');
	say(`Starting n8n ${version} on port ${n8nPort}; its output goes to ${logFile} …`);
	// n8n shuts down within its own 30 s grace period; one that hangs is killed after 45 s.
	const n8n = await startN8nServer(runtime, userFolder, {
		port: n8nPort,
		listenAddress: null,
		logFile,
		graceMs: 45_000,
	});
	const logTail = () => outputTail({ stdout: n8n.output().stdout }, 15);
	n8n.child.exited.then(async (code) => {
		if (isStopping()) return;
		process.stderr.write(
			`\nn8n stopped by itself (exit ${code}). The end of its log, ${logFile}:\n${logTail()}\n`,
		);
		await stopEverythingAndExit(typeof code === 'number' && code !== 0 ? code : 1);
	});

	// The settings route answers JSON once n8n's REST API is up (rest.mjs), within 3 minutes.
	const startedAt = Date.now();
	const progress = setInterval(
		() =>
			isStopping() ||
			say(`  … waiting for n8n to answer: ${Math.round((Date.now() - startedAt) / 1000)} s`),
		15_000,
	);
	const failure = await n8n.rest.ready().then(
		() => undefined,
		(error) => error,
	);
	clearInterval(progress); // before stopping, which can take n8n's grace period
	if (failure) {
		if (isStopping() || n8n.exited() !== null) return; // Ctrl-C, or n8n's exit says it all
		process.stderr.write(
			`\nn8n never answered on port ${n8nPort} (${failure.message}). The end of its log, ${logFile}:\n${logTail()}\n`,
		);
		await stopEverythingAndExit(1);
	}

	// The public settings say whether n8n still shows its owner set-up (no owner yet, as on the
	// first run) or a sign-in; undefined when this n8n does not say.
	const setUp = await n8n.rest.call('GET', '/rest/settings').then(
		({ data }) => data?.userManagement?.showSetupOnFirstLoad,
		() => undefined,
	);
	const url = `http://localhost:${n8nPort}`;
	writeFileSync(addressesFile(), JSON.stringify({ n8nUrl: url, sandboxUrl: sandbox.url }));
	onCleanup('demo addresses', () => rmSync(addressesFile(), { force: true }));
	let open = `Open ${url} (create the owner account on first visit, or sign in with it).`;
	if (setUp === true) open = `Open ${url} and create the owner account (it stays on this machine).`;
	if (setUp === false)
		open = `Open ${url} and sign in with the owner account you created on an earlier run (forgotten? stop the demo, delete ${userFolder} and start it again).`;
	say(
		[
			'',
			`n8n ${version} is ready (${Math.round((Date.now() - startedAt) / 1000)} s).`,
			open,
			'Open Overview → Workflows: every "Workspace …" workflow is an example of one operation.',
			'Click "Execute workflow" in any of them; the credentials already point at the sandbox.',
			'An incoming message or a delivery status for the WhatsApp Trigger examples (published, or listening after "Execute workflow"): npm run demo -- send whatsapp (or rcs, or status), in another terminal.',
			'The "send and wait" examples wait for an answer: npm run demo -- answer approve (or decline, "some text", or a form\'s values as JSON by label); the "wait" examples resume once the sandbox posts delivered (3 s).',
			`The requests the sandbox received: ${sandbox.url}/__sandbox/requests`,
			`n8n's log: ${logFile}`,
			'Ctrl-C stops n8n and the sandbox.',
			'',
		].join('\n'),
	);
}

main().catch(async (error) => {
	if (isStopping()) return; // stopped by Ctrl-C while setting up
	process.stderr.write(`${error.stack}\n`);
	await stopEverythingAndExit(1);
});
