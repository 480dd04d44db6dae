import { NodeHelpers } from 'n8n-workflow';

import { WorkspaceWhatsAppTrigger } from '../../../nodes/WorkspaceWhatsAppTrigger/WorkspaceWhatsAppTrigger.node';

const { description } = new WorkspaceWhatsAppTrigger();
const field = (name: string) => description.properties.find((p) => p.name === name)!;

test("n8n's node panel files it under Workspace WhatsApp: its name is that node's, plus Trigger", () => {
	expect(description.name).toBe('workspaceWhatsAppTrigger');
	expect(description.group).toEqual(['trigger']);
	expect(description.usableAsTool).toBeUndefined();
});

test('a webhook trigger that answers at once, with no credential: it calls nothing', () => {
	// Incoming messages at the path they always had; post-backs at one holding a token.
	expect(description.webhooks).toEqual([
		{
			name: 'default',
			httpMethod: 'POST',
			responseMode: 'onReceived',
			// Without it n8n answers the literal body "firstEntryJson" (its default).
			responseData: '',
			path: 'webhook',
		},
		{
			name: 'setup',
			httpMethod: 'POST',
			responseMode: 'onReceived',
			responseData: '',
			path: expect.stringMatching(/^=\{\{ "delivery-status\/" \+ /),
		},
	]);
	expect(description.credentials).toBeUndefined();
	expect(description.polling).toBeUndefined();
});

test('it says where to paste its URL, which events and which Data Type to choose, one step a line', () => {
	const notice = description.properties[0];
	expect(notice.type).toBe('notice');
	for (const words of [
		'Settings → Developer → Webhook',
		'Production URL',
		'incoming.whatsapp.message',
		'incoming.rcs.message',
		'Event with Data',
		'custom header',
		'ending in /webhook',
	])
		expect(notice.displayName).toContain(words);
	// n8n's notices keep <ul> and <li> (not <br>): four steps, four list items.
	expect(notice.displayName.match(/<li>/g)).toHaveLength(4);
});

test('the workspace-webhook setup shows while an incoming event is chosen; Delivery Status alone needs none', () => {
	const notice = description.properties[0];
	const shownFor = (events: string[]) =>
		NodeHelpers.displayParameter({ events }, notice, { typeVersion: 1 }, description);
	expect(shownFor(['incoming.whatsapp.message'])).toBe(true);
	expect(shownFor(['incoming.rcs.message', 'delivery_status'])).toBe(true);
	expect(shownFor(['delivery_status'])).toBe(false);
	// Where a delivery status comes from is said by its option, and by a notice of its own.
	const options = field('events').options as Array<{ value: string; description: string }>;
	expect(options.find((o) => o.value === 'delivery_status')?.description).toContain(
		'ending in /delivery-status/',
	);
	const postBack = field('postBackNotice');
	const postBackShownFor = (events: string[]) =>
		NodeHelpers.displayParameter({ events }, postBack, { typeVersion: 1 }, description);
	expect(postBack.displayName).toContain('Postback URL');
	expect(postBackShownFor(['delivery_status'])).toBe(true);
	expect(postBackShownFor(['incoming.whatsapp.message'])).toBe(false);
});

test("the node panel's events read as written: 'On incoming WhatsApp message', not 'whats app'", () => {
	const options = field('events').options as Array<{ name: string; action?: string }>;
	expect(options.map((o) => o.action)).toEqual([
		'On delivery status',
		'On incoming RCS message',
		'On incoming WhatsApp message',
	]);
});

test('Secret Header Value says below itself, before it is touched, that the test waits for it', () => {
	expect(field('headerValue').hint).toBe(
		'Required: the trigger listens for test events only once it is set',
	);
});

test('the secret is typed as a password and both header fields are required', () => {
	expect(field('headerValue').typeOptions?.password).toBe(true);
	expect(field('headerValue').required).toBe(true);
	expect(field('headerName').required).toBe(true);
});

test('events: the three, alphabetical, default among them', () => {
	const events = field('events');
	const options = events.options as Array<{ name: string; value: string }>;
	const names = options.map((o) => o.name);
	expect(names).toEqual([...names].sort());
	expect(options.map((o) => o.value).sort()).toEqual([
		'delivery_status',
		'incoming.rcs.message',
		'incoming.whatsapp.message',
	]);
	for (const value of events.default as string[])
		expect(options.map((o) => o.value)).toContain(value);
});

test('with Delivery Status alone, Secret Header Name is neither shown nor required; its notice says where the URL goes and to publish first', () => {
	const shown = (name: string, events: string[]) =>
		NodeHelpers.displayParameter({ events }, field(name), { typeVersion: 1 }, description);
	expect(shown('headerName', ['delivery_status'])).toBe(false);
	expect(shown('headerName', ['incoming.rcs.message', 'delivery_status'])).toBe(true);
	expect(shown('headerValue', ['delivery_status'])).not.toBe(false);
	const issues = NodeHelpers.getNodeParametersIssues(
		description.properties,
		{
			id: 'n',
			name: 'Trigger',
			type: 'x',
			typeVersion: 1,
			position: [0, 0],
			parameters: { events: ['delivery_status'], headerName: '', headerValue: 'secret' },
		} as never,
		description,
	);
	expect(issues?.parameters?.headerName).toBeUndefined();
	const notice = field('postBackNotice').displayName;
	for (const words of [
		'Publish this workflow first',
		'/delivery-status/',
		'Additional Fields → Postback URL',
	])
		expect(notice).toContain(words);
});
