// Every choice of the WhatsApp trigger's Events listens and receives what it chose (issue 54):
// the workspace posts a WhatsApp message and an RCS message to /webhook (with the secret
// header) and a send's delivery status to the Postback URL, whatever the trigger chose; exactly
// the chosen ones start an execution, each once. And a trigger that cannot listen (an incoming
// message chosen, the secret left empty) is refused at activation with the field to set. In the
// form cases.mjs describes.
import assert from 'node:assert/strict';

import {
	deliveryStatus,
	hookTo,
	postStatus,
	WHATSAPP_HEADER_NAME,
	WHATSAPP_SECRET_HEADER,
} from './whatsAppTrigger.mjs';

const WHATSAPP = 'incoming.whatsapp.message';
const RCS = 'incoming.rcs.message';
const STATUS = 'delivery_status';
const NAMES = { [WHATSAPP]: 'WhatsApp', [RCS]: 'RCS', [STATUS]: 'Status' };

const TRIGGER = {
	node: 'workspaceWhatsAppTrigger',
	nodeName: 'Workspace WhatsApp Trigger',
	trigger: true,
	webhook: true,
};

/**
 * Events as a user chooses them: Secret Header Name is left out where the editor hides it (an
 * incoming message not chosen), as a saved workflow has it.
 */
const parametersFor = (events) => ({
	events,
	...(events.some((event) => event !== STATUS) ? { headerName: WHATSAPP_HEADER_NAME } : {}),
	headerValue: WHATSAPP_SECRET_HEADER[WHATSAPP_HEADER_NAME],
});

/** One of each event, as the workspace posts them; what n8n answered each. */
async function postOneOfEach(sandbox, url, postBackUrl) {
	hookTo(sandbox, url, [WHATSAPP, RCS]);
	const { event: whatsApp, deliveries: toWhatsApp } = await sandbox.webhooks.receive('whatsapp', {
		from: '919876543210',
		message: { type: 'text', text: { body: 'By WhatsApp' } },
	});
	const { event: rcs, deliveries: toRcs } = await sandbox.webhooks.receive('rcs', {
		from: '919876543210',
		message: { type: 'text', text: 'By RCS' },
	});
	const requestId = 'e2e6b7c1-54a0-4d39-a0bd-64f1cd7b8db1';
	const status = await postStatus(postBackUrl, deliveryStatus({ requestId }));
	return {
		posted: { [WHATSAPP]: whatsApp.eventId, [RCS]: rcs.eventId, [STATUS]: requestId },
		answers: [toWhatsApp[0]?.status, toRcs[0]?.status, status],
	};
}

/** What identifies an emitted item, as postOneOfEach names what it posted. */
const idOf = (item) => (item.event === STATUS ? item.request_id : item.eventId);

/** A case for one choice of Events: each chosen event once, the others acknowledged and left out. */
const eventsCase = (events, lines) => ({
	...TRIGGER,
	file: `whatsapp-trigger-events-${events.map((event) => NAMES[event].toLowerCase()).join('-')}`,
	lines,
	title: `Workspace WhatsApp Trigger: Events ${events.map((event) => NAMES[event]).join(' + ')} receives those alone`,
	parameters: parametersFor(events),
	during: async (sandbox, url, postBackUrl) => ({
		...(await postOneOfEach(sandbox, url, postBackUrl)),
		executions: events.length,
	}),
	withinSeconds: 30,
	check: (runs, sandbox, { posted, answers }) => {
		assert.ok(
			answers.every((status) => status >= 200 && status < 300),
			`every post answered 2xx, so that the workspace does not retry it: ${answers.join(', ')}`,
		);
		assert.deepEqual(
			runs.map((run) => [run.status, run.items.length]),
			events.map(() => ['success', 1]),
			'executions: one per chosen event',
		);
		assert.deepEqual(
			runs.map((run) => idOf(run.items[0])).sort(),
			events.map((event) => posted[event]).sort(),
			'the chosen events, each once',
		);
		return `${runs.length} execution(s) of 3 events posted (${events.map((event) => NAMES[event]).join(', ')}), every post 2xx`;
	},
});

/**
 * A trigger for incoming messages whose Secret Header Value is `headerValue` (empty): refused
 * when it is published, with the field named; not left active; a message posted meets no URL.
 */
const notListeningCase = (file, what, headerValue) => ({
	...TRIGGER,
	file,
	lines: 'every',
	title: `Workspace WhatsApp Trigger: ${what}`,
	parameters: { events: [WHATSAPP], headerName: WHATSAPP_HEADER_NAME, headerValue },
	refusedAtActivation: true,
	during: async (sandbox, url) => {
		hookTo(sandbox, url, [WHATSAPP]);
		const { deliveries } = await sandbox.webhooks.receive('whatsapp');
		return { answers: deliveries.map((d) => d.status), executions: 0 };
	},
	withinSeconds: 0,
	check: (runs, sandbox, { refusal, active, answers }) => {
		assert.match(String(refusal), /Secret Header Value|headerValue/);
		assert.deepEqual(answers, [404], 'n8n registered no URL');
		assert.deepEqual(runs, [], 'executions');
		return `refused: "${String(refusal)
			.replace(/^.*?HTTP \d+ /, '')
			.slice(0, 110)}…"; ${active ? 'left active' : 'not active'}; a message met 404`;
	},
});

export const triggerEventsCases = [
	// The choice that never listened: a delivery status needs no secret header, only its URL.
	eventsCase([STATUS], 'every'),
	eventsCase([WHATSAPP], '2.x'),
	eventsCase([RCS], '2.x'),
	eventsCase([WHATSAPP, RCS], '2.x'),
	eventsCase([RCS, STATUS], '2.x'),
	// The field left empty: n8n 2.x refuses to publish a node whose required field is empty,
	// naming the field (headerValue); where it does not, the trigger refuses at activation.
	notListeningCase(
		'whatsapp-trigger-without-secret-not-listening',
		'without Secret Header Value it is refused at activation, saying so',
		'',
	),
	// An expression that comes out empty passes n8n's check of required fields: the trigger's
	// own refusal at activation is what the user sees.
	notListeningCase(
		'whatsapp-trigger-secret-expression-empty',
		'a Secret Header Value expression that comes out empty is refused at activation',
		'={{ "" }}',
	),
];
