import { InputError } from '../../../../../nodes/shared/input';
import type { Links, Question } from '../../../../../nodes/shared/messaging/ask/question';
import {
	MAX_LABEL_CHARACTERS,
	toQuestion,
} from '../../../../../nodes/shared/messaging/ask/question';
import type { AskSpec } from '../../../../../nodes/shared/messaging/ask/sendAndWait';
import { emailAsk } from '../../../../../nodes/WorkspaceEmail/resources/message/sendAndWait';
import { smsAsk } from '../../../../../nodes/WorkspaceSms/resources/sms/sendAndWait';
import { whatsAppConversationAsk } from '../../../../../nodes/WorkspaceWhatsApp/resources/message/sendAndWait';
import { parametersOf } from '../../../../harness/parameters';

/** An ask's parameters, by channel: each goes as its node's send goes. */
type AskInput = Record<string, unknown> & { channel: 'sms' | 'whatsApp' | 'email' };
const ASKS: Record<AskInput['channel'], AskSpec> = {
	sms: smsAsk,
	whatsApp: whatsAppConversationAsk,
	email: emailAsk,
};

function toAskRequest({ channel, ...parameters }: AskInput, question: Question, links: Links) {
	const { host, url, body } = ASKS[channel];
	return { host, url, body: body(parametersOf(parameters), question, links) };
}

/** n8n's signed waiting addresses, as `getSignedResumeUrl` makes them (64 hex digits). */
const BASE = 'https://n8n.example.com/webhook-waiting/7/n1';
const SIGNATURE = 'a'.repeat(64);
const LINKS: Links = {
	page: `${BASE}?signature=${SIGNATURE}`,
	byChoice: {
		true: `${BASE}?approved=true&signature=${'b'.repeat(64)}`,
		false: `${BASE}?approved=false&signature=${'c'.repeat(64)}`,
	},
};
/** "\n\nApprove or Decline: " (22) and the page's address (119): what the default link line adds. */
const LINK_LINE_CHARACTERS = 141;

const approval = (values: object = {}, message = 'May we deliver tomorrow?') =>
	toQuestion({ message, responseType: 'approval', approvalOptions: { values } });

/** What a throw says, the hint included (the node shows the hint as the error's description). */
function refusal(build: () => unknown): { message: string; hint: string } {
	try {
		build();
	} catch (error) {
		expect(error).toBeInstanceOf(InputError);
		return { message: (error as InputError).message, hint: (error as InputError).hint };
	}
	throw new Error('not refused');
}

describe('the question', () => {
	test('the defaults: Approve and Decline; a free text answer behind "Respond"', () => {
		expect(toQuestion({ message: 'Go?', responseType: 'approval', approvalOptions: {} })).toEqual({
			message: 'Go?',
			responseType: 'approval',
			choices: [
				{ label: 'Approve', approved: true },
				{ label: 'Decline', approved: false },
			],
			linkLabel: '',
		});
		expect(toQuestion({ message: 'Go?', responseType: 'freeText' }).linkLabel).toBe('Respond');
	});

	test('an approval ignores a Link Label left from free text, even an empty one', () => {
		const question = toQuestion({
			message: 'Go?',
			responseType: 'approval',
			options: { messageButtonLabel: '' },
		});
		expect(question.choices.map((choice) => choice.label)).toEqual(['Approve', 'Decline']);
	});

	test('Approve Only offers one choice, whatever the hidden Decline label says', () => {
		expect(
			approval({ approvalType: 'single', approveLabel: 'Yes', disapproveLabel: 'Yes' }).choices,
		).toEqual([{ label: 'Yes', approved: true }]);
	});

	test('labels are trimmed', () => {
		expect(approval({ approveLabel: ' Yes ', disapproveLabel: '\tNo\n' }).choices).toEqual([
			{ label: 'Yes', approved: true },
			{ label: 'No', approved: false },
		]);
	});

	test('free text: no choices, the link label as given', () => {
		expect(
			toQuestion({
				message: 'Any notes?',
				responseType: 'freeText',
				options: { messageButtonLabel: 'Add a note' },
			}),
		).toEqual({
			message: 'Any notes?',
			responseType: 'freeText',
			choices: [],
			linkLabel: 'Add a note',
			form: { title: '', description: 'Any notes?', buttonLabel: 'Submit' },
		});
	});

	test("a form's page: n8n's Response Form Title, Description and Button Label, trimmed", () => {
		const options = {
			responseFormTitle: ' Delivery ',
			responseFormDescription: 'Tell us when',
			responseFormButtonLabel: 'Done',
		};
		expect(toQuestion({ message: 'When?', responseType: 'freeText', options }).form).toEqual({
			title: 'Delivery',
			description: 'Tell us when',
			buttonLabel: 'Done',
		});
	});

	test('custom form: its fields, and a form without any refused', () => {
		const formFields = { values: [{ fieldLabel: 'Day', fieldType: 'date', requiredField: true }] };
		const question = toQuestion({ message: 'When?', responseType: 'customForm', formFields });
		expect(question.fields).toEqual([
			expect.objectContaining({ label: 'Day', type: 'date', required: true }),
		]);
		expect(question.linkLabel).toBe('Respond');
		expect(() => toQuestion({ message: 'When?', responseType: 'customForm' })).toThrow(
			'Form Elements: none given',
		);
	});

	test('the message is kept as written, new lines and spaces included', () => {
		expect(approval({}, '  Line one\nLine two  ').message).toBe('  Line one\nLine two  ');
	});

	test.each([
		['', 'Message: empty'],
		['   ', 'Message: empty'],
		[undefined, 'Message: empty'],
	])('a message %j is refused', (message, said) => {
		expect(() => toQuestion({ message, responseType: 'approval' })).toThrow(said);
	});

	test.each([
		[undefined, 'Response Type: "undefined" is not a response type'],
		['form', 'Response Type: "form" is not a response type'],
	])('a response type %j is refused', (responseType, said) => {
		expect(refusal(() => toQuestion({ message: 'Go?', responseType }))).toEqual({
			message: said,
			hint: 'Choose Approval, Free Text or Custom Form.',
		});
	});

	test.each([
		['Approve Button Label', { approveLabel: '  ' }, 'Approve'],
		['Decline Button Label', { disapproveLabel: '' }, 'Decline'],
	])('an empty %s is refused, with an example', (field, values, example) => {
		expect(refusal(() => approval(values))).toEqual({
			message: `${field}: empty`,
			hint: `Give the button's words, such as ${example}.`,
		});
	});

	test('an empty Message Button Label is refused', () => {
		expect(() =>
			toQuestion({
				message: 'Go?',
				responseType: 'freeText',
				options: { messageButtonLabel: ' ' },
			}),
		).toThrow('Message Button Label: empty');
	});

	test(`a label of ${MAX_LABEL_CHARACTERS} characters is taken, one more is refused`, () => {
		const longest = 'x'.repeat(MAX_LABEL_CHARACTERS);
		expect(approval({ approveLabel: longest }).choices[0].label).toBe(longest);
		expect(refusal(() => approval({ approveLabel: `${longest}x` }))).toEqual({
			message: 'Approve Button Label: 41 characters, more than 40',
			hint: 'Shorten it to a few words: it is a button on a phone.',
		});
	});

	test('a label is counted in characters as a person sees them: an emoji is one', () => {
		const emoji = '👍'.repeat(MAX_LABEL_CHARACTERS);
		expect(approval({ approveLabel: emoji }).choices[0].label).toBe(emoji);
		expect(() => approval({ approveLabel: `${emoji}👍` })).toThrow(
			'Approve Button Label: 41 characters',
		);
	});

	test('the two labels may not be the same words (after trimming)', () => {
		expect(refusal(() => approval({ approveLabel: 'OK', disapproveLabel: ' OK ' }))).toEqual({
			message: 'Decline Button Label: the same words as Approve Button Label ("OK")',
			hint: 'Give the two buttons different words, or choose Approve Only.',
		});
	});

	test('a label that is not text is refused, naming the field', () => {
		expect(() => approval({ approveLabel: { a: 1 } })).toThrow(
			'Approve Button Label: got an object, expected text',
		);
	});
});

describe('the send, by channel', () => {
	const SMS: AskInput = {
		channel: 'sms',
		recipient: '+91 98765 43210',
		senderId: 'WRKSPC',
		route: 'Transactional',
	};
	const WHATSAPP: AskInput = {
		channel: 'whatsApp',
		recipient: '+91 98765 43210',
		phoneId: 'acct-1',
	};
	const EMAIL: AskInput = {
		channel: 'email',
		recipient: ' ada@example.com ',
		subject: 'Your delivery',
	};
	const yesNo = approval({ approveLabel: 'Yes', disapproveLabel: 'No' }, 'Deliver at 9?');

	test("SMS: the messaging host's send, the message then the link line", () => {
		expect(toAskRequest(SMS, yesNo, LINKS)).toEqual({
			host: 'messaging',
			url: '/api/ingest/sms/v1/message/send',
			body: {
				recipient: '919876543210',
				sender_id: 'WRKSPC',
				route: 'transactional',
				message: `Deliver at 9?\n\nYes or No: ${LINKS.page}`,
			},
		});
	});

	test("WhatsApp: the records host's conversation send, without a link preview", () => {
		expect(toAskRequest(WHATSAPP, yesNo, LINKS)).toEqual({
			host: 'records',
			url: '/api/v1/campaign/whatsapp/message/send',
			body: {
				to: '919876543210',
				phoneId: 'acct-1',
				type: 'text',
				text: { body: `Deliver at 9?\n\nYes or No: ${LINKS.page}`, preview_url: false },
			},
		});
	});

	test('WhatsApp: an account picked from the list or by ID is its phone ID', () => {
		const picked = { ...WHATSAPP, phoneId: { __rl: true, mode: 'id', value: ' acct-2 ' } };
		expect(toAskRequest(picked, yesNo, LINKS).body.phoneId).toBe('acct-2');
		expect(() => toAskRequest({ ...WHATSAPP, phoneId: '' }, yesNo, LINKS)).toThrow(
			'Account: no phone ID entered',
		);
	});

	test('the link line: Approve Only names one choice; free text its link label', () => {
		const only = approval({ approvalType: 'single' }, 'Go?');
		expect(toAskRequest(SMS, only, LINKS).body.message).toBe(`Go?\n\nApprove: ${LINKS.page}`);
		const notes = toQuestion({ message: 'Notes?', responseType: 'freeText' });
		expect(toAskRequest(SMS, notes, LINKS).body.message).toBe(`Notes?\n\nRespond: ${LINKS.page}`);
	});

	test('email, approval: one button per choice, each with its own signed address', () => {
		const button = (url: string, label: string) =>
			`<a href="${url.replace(/&/g, '&amp;')}" style="display:inline-block;margin:4px 8px 4px 0;padding:10px 20px;border-radius:6px;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600">${label}</a>`;
		expect(toAskRequest(EMAIL, yesNo, LINKS)).toEqual({
			host: 'messaging',
			url: '/api/ingest/email/v1/message/send',
			body: {
				recipient: 'ada@example.com',
				subject: 'Your delivery',
				message: `<p>Deliver at 9?</p>\n<p>${button(LINKS.byChoice.true, 'Yes')}\n${button(LINKS.byChoice.false, 'No')}</p>`,
			},
		});
	});

	test('email, free text: one button to the page, with the link label', () => {
		const notes = toQuestion({
			message: 'Notes?',
			responseType: 'freeText',
			options: { messageButtonLabel: 'Add a note' },
		});
		const { message } = toAskRequest(EMAIL, notes, LINKS).body as { message: string };
		expect(message).toMatch(
			/^<p>Notes\?<\/p>\n<p><a href="([^"]+)" style="[^"]+">Add a note<\/a><\/p>$/,
		);
		expect(message).toContain(`href="${LINKS.page}"`);
		expect(message).not.toContain('approved=');
	});

	test('email: the message and the labels are escaped, new lines become <br>', () => {
		const question = approval(
			{ approveLabel: '<b>Yes</b>', disapproveLabel: 'No & "never"' },
			`Tom's <script>alert(1)</script>\r\nline 2`,
		);
		const { message } = toAskRequest(EMAIL, question, LINKS).body as { message: string };
		expect(message).toMatch(
			/^<p>Tom&#39;s &lt;script&gt;alert\(1\)&lt;\/script&gt;<br>line 2<\/p>\n<p><a /,
		);
		expect(message).toContain('>&lt;b&gt;Yes&lt;/b&gt;</a>');
		expect(message).toContain('>No &amp; &quot;never&quot;</a>');
		expect(message).not.toMatch(/<script|<b>/);
	});

	test('email: no subject or a name around the address is refused', () => {
		expect(() => toAskRequest({ ...EMAIL, subject: ' ' }, yesNo, LINKS)).toThrow('Subject: empty');
		expect(() =>
			toAskRequest({ ...EMAIL, recipient: 'Ada <ada@example.com>' }, yesNo, LINKS),
		).toThrow(/^Recipient: .* is not an email address$/);
	});

	test('SMS: a bad recipient or route is refused before sending', () => {
		expect(() => toAskRequest({ ...SMS, recipient: 'Ada' }, yesNo, LINKS)).toThrow(
			'Recipient: "Ada" is not a phone number',
		);
		expect(() => toAskRequest({ ...SMS, route: 'fast' }, yesNo, LINKS)).toThrow(
			'Route: "fast" is not a route',
		);
	});
});

describe('the link counts in the length', () => {
	const SMS: AskInput = {
		channel: 'sms',
		recipient: '919876543210',
		senderId: 'WRKSPC',
		route: 'otp',
	};
	const ask = (message: string): Question => approval({}, message);

	test('the default link line adds the characters these tests count on', () => {
		const { body } = toAskRequest(SMS, ask('x'), LINKS);
		expect([...String(body.message)].length - 1).toBe(LINK_LINE_CHARACTERS);
	});

	test('GSM-7: 10 segments (1,530 characters) with the link are sent, 11 are refused with the counts', () => {
		const fits = 'a'.repeat(1530 - LINK_LINE_CHARACTERS);
		expect(String(toAskRequest(SMS, ask(fits), LINKS).body.message)).toHaveLength(1530);
		// Alone the message is 10 segments (1,390 characters); the link makes it 11.
		expect(refusal(() => toAskRequest(SMS, ask(`${fits}a`), LINKS))).toEqual({
			message: 'Message: with the link the SMS is 11 segments, more than 10',
			hint: 'The link and its words add 141 characters (1 segment here). Shorten the message.',
		});
	});

	test('UCS-2: one character outside GSM-7 makes it 67 a segment; the link costs 3 here', () => {
		const fits = 'ł'.repeat(670 - LINK_LINE_CHARACTERS);
		expect(() => toAskRequest(SMS, ask(fits), LINKS)).not.toThrow();
		// 530 characters alone are 8 segments; with the link, 671 are 11.
		expect(refusal(() => toAskRequest(SMS, ask(`${fits}ł`), LINKS))).toEqual({
			message: 'Message: with the link the SMS is 11 segments, more than 10',
			hint: 'The link and its words add 141 characters (3 segments here). Shorten the message.',
		});
	});

	test('WhatsApp: 4,096 characters with the link are sent, one more is refused', () => {
		const WHATSAPP: AskInput = {
			channel: 'whatsApp',
			recipient: '919876543210',
			phoneId: 'acct-1',
		};
		const fits = 'a'.repeat(4096 - LINK_LINE_CHARACTERS);
		const body = toAskRequest(WHATSAPP, ask(fits), LINKS).body as { text: { body: string } };
		expect(body.text.body).toHaveLength(4096);
		expect(refusal(() => toAskRequest(WHATSAPP, ask(`${fits}a`), LINKS))).toEqual({
			message: "Message: with the link the text is 4,097 characters, more than WhatsApp's 4,096",
			hint: 'The link and its words add 141 characters. Shorten the message.',
		});
	});

	test('email has no length limit of ours', () => {
		const EMAIL: AskInput = { channel: 'email', recipient: 'ada@example.com', subject: 'S' };
		expect(() => toAskRequest(EMAIL, ask('a'.repeat(20_000)), LINKS)).not.toThrow();
	});
});
