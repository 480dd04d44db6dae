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
		{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' },
		{
			name: 'setup',
			httpMethod: 'POST',
			responseMode: 'onReceived',
			path: expect.stringMatching(/^=\{\{ "delivery-status\/" \+ /),
		},
	]);
	expect(description.credentials).toBeUndefined();
	expect(description.polling).toBeUndefined();
});

test('it says where to paste its URL, which events and which Data Type to choose', () => {
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
		'ending in /delivery-status/',
		'Postback URL',
	])
		expect(notice.displayName).toContain(words);
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
