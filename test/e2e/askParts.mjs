// Send and Wait for Response's e2e cases, their parts (sendAndWait.mjs builds a case of each
// channel × answer): each channel as its node asks, with its send's options and what the
// sandbox must get; each answer, with its page and its post.
import assert from 'node:assert/strict';

import { ACCOUNT, fromList, variableField } from './messageSends.mjs';

export const SMS_SEND = '/api/ingest/sms/v1/message/send';
export const EMAIL_SEND = '/api/ingest/email/v1/message/send';
export const CONVERSATION_SEND = '/api/v1/campaign/whatsapp/message/send';
export const TEMPLATE_SEND = '/api/ingest/whatsapp/v1/template/send';
export const RCS_TEXT = '/api/v1/campaign/rcs/message/text';
export const UK_ACCOUNT = '104898309288725';
export const VARIABLE_KEYS = `/api/data/whatsapp/v1/${UK_ACCOUNT}/variable-keys`;

export const QUESTION = 'Hello Ada, may we deliver order 42 tomorrow between 9 and 12?';
export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Each channel as its node asks: the node's own fields, with its Send's options where the
 * channel has some, and the send the sandbox must get (`sent`: the body but the text that
 * carries the link, which `split` takes out).
 */
export const CHANNELS = {
	sms: {
		slug: 'sms',
		title: 'Workspace SMS',
		by: 'by SMS',
		node: 'workspaceSms',
		parameters: {
			resource: 'sms',
			operation: 'sendAndWait',
			recipient: '+91 98765 43210',
			senderId: 'WRKSPC',
			route: 'transactional',
			// India's DLT registration, as Send takes it.
			additionalFields: {
				dltEntityId: '1201159965850654321',
				dltTemplateId: '1207161234567890123',
			},
		},
		requests: [['POST', SMS_SEND]],
		split: ({ message, ...rest }) => [message, rest],
		sent: {
			recipient: '919876543210',
			sender_id: 'WRKSPC',
			route: 'transactional',
			dlt_entity_id: '1201159965850654321',
			dlt_template_id: '1207161234567890123',
		},
		carries: 'text',
	},
	whatsApp: {
		slug: 'whatsapp',
		title: 'Workspace WhatsApp',
		by: 'in her WhatsApp conversation',
		node: 'workspaceWhatsApp',
		parameters: {
			resource: 'message',
			operation: 'sendAndWait',
			phoneId: fromList(ACCOUNT, 'Acme Support (+1 234 567 8900)'),
			recipient: '+91 98765 43210',
			sendAs: 'conversation',
			additionalFields: { showInInbox: true, source: 'Delivery bot' },
		},
		// Ada wrote to the account a minute ago: the conversation is open.
		setup: (sandbox) => sandbox.openConversation(ACCOUNT, '919876543210', Date.now() - 60_000),
		requests: [['POST', CONVERSATION_SEND]],
		split: ({ text: { body, ...text }, ...rest }) => [body, { ...rest, text }],
		sent: {
			to: '919876543210',
			phoneId: ACCOUNT,
			type: 'text',
			// No preview: it would fetch the page.
			text: { preview_url: false },
			source: 'Delivery bot',
			linkWithRecord: true,
		},
		carries: 'text',
	},
	whatsAppTemplate: {
		slug: 'whatsapp-template',
		title: 'Workspace WhatsApp',
		by: 'by a WhatsApp template',
		node: 'workspaceWhatsApp',
		parameters: {
			resource: 'message',
			operation: 'sendAndWait',
			phoneId: fromList(UK_ACCOUNT, 'Acme Sales UK (+44 20 7946 0958)'),
			recipient: '+44 7700 900123',
			sendAs: 'template',
			template: fromList('delivery_slot|en_GB', 'delivery_slot (en_GB)'),
			linkVariable: 'answer_link',
			variables: {
				mappingMode: 'defineBelow',
				value: { first_name: 'Ada' },
				matchingColumns: [],
				schema: [variableField('first_name', 'First Name', 'string')],
				attemptToConvertTypes: false,
				convertFieldsToString: false,
			},
		},
		// The template's variables are read first: the link goes in a text variable.
		requests: [
			['GET', VARIABLE_KEYS],
			['POST', TEMPLATE_SEND],
		],
		split: ({ variables: { answer_link: link, ...variables }, ...rest }) => [
			link,
			{ ...rest, variables },
		],
		sent: {
			recipient: '447700900123',
			phone_id: UK_ACCOUNT,
			template_name: 'delivery_slot',
			language: 'en_GB',
			variables: { first_name: 'Ada' },
		},
		carries: 'variable',
	},
	email: {
		slug: 'email',
		title: 'Workspace Email',
		by: 'by email',
		node: 'workspaceEmail',
		parameters: {
			resource: 'message',
			operation: 'sendAndWait',
			recipient: 'ada@example.com',
			subject: 'Your delivery',
			additionalFields: {
				fromName: 'Acme Deliveries',
				replyToEmail: 'deliveries@example.com',
				replyToName: 'Acme Delivery Desk',
				preHeader: 'One question about order 42',
			},
		},
		requests: [['POST', EMAIL_SEND]],
		split: ({ message, ...rest }) => [message, rest],
		sent: {
			recipient: 'ada@example.com',
			subject: 'Your delivery',
			from_name: 'Acme Deliveries',
			reply_to_email: 'deliveries@example.com',
			reply_to_name: 'Acme Delivery Desk',
			pre_header: 'One question about order 42',
		},
		carries: 'buttons',
		// The page a button opens is titled by the subject.
		pageTitle: 'Your delivery',
	},
	rcs: {
		slug: 'rcs',
		title: 'Workspace RCS',
		by: 'by RCS',
		node: 'workspaceRcs',
		parameters: {
			resource: 'message',
			operation: 'sendAndWait',
			botId: 'sandbox_bot',
			recipient: '+91 98765 43210',
			additionalFields: { showInInbox: true },
		},
		requests: [['POST', RCS_TEXT]],
		// The message alone; the links are its buttons, Open URL suggestions.
		split: ({ text, suggestions, ...rest }) => {
			assert.equal(text, QUESTION);
			for (const suggestion of suggestions) assert.equal(suggestion.type, 'open-url');
			const buttons = suggestions.map(({ text: label, url }) => `<a href="${url}">${label}</a>`);
			return [`<p>${text}</p>\n<p>${buttons.join('\n')}</p>`, rest];
		},
		sent: { to: '919876543210', botId: 'sandbox_bot', source: 'API', linkWithRecord: true },
		carries: 'buttons',
	},
};

export const YES_OR_NO = {
	responseType: 'approval',
	approvalOptions: {
		values: { approvalType: 'double', approveLabel: 'Yes', disapproveLabel: 'No' },
	},
};

/** The delivery form: a required text, a number, a required date, a dropdown, checkboxes, a note. */
export const DELIVERY_FORM = {
	responseType: 'customForm',
	defineForm: 'fields',
	formFields: {
		values: [
			{
				fieldLabel: 'Name',
				fieldType: 'text',
				requiredField: true,
				placeholder: 'e.g. Ada Lovelace',
			},
			{ fieldLabel: 'Parcels', fieldType: 'number' },
			{ fieldLabel: 'Delivery day', fieldType: 'date', requiredField: true },
			{
				fieldLabel: 'Time slot',
				fieldType: 'dropdown',
				fieldOptions: { values: [{ option: '9-12' }, { option: '12-15' }, { option: '15-18' }] },
			},
			{
				fieldLabel: 'Leave at',
				fieldType: 'checkbox',
				fieldOptions: {
					values: [{ option: 'Front door' }, { option: 'Neighbour' }, { option: 'Garage' }],
				},
			},
			{ fieldLabel: 'Notes', fieldType: 'textarea' },
		],
	},
	options: {
		messageButtonLabel: 'Choose your slot',
		responseFormTitle: 'Your delivery slot',
		responseFormDescription: 'Tell us when and where to leave order 42.',
		responseFormButtonLabel: 'Book it',
	},
};

/** The form's post as a browser makes it: `field-<index>`, a key per ticked box, empty inputs sent. */
export const formPost = (name) => [
	['field-0', name],
	['field-1', '2'],
	['field-2', '2026-12-03'],
	['field-3', '12-15'],
	['field-4', 'Garage'],
	['field-4', 'Front door'],
	['field-5', ''],
];

/**
 * Each answer: the question's fields, how the link is announced (`linkWords`, the email's
 * buttons), the page, a post the page must refuse and ask again, the post that answers, and
 * what the node returns. `waitMs`: the wait's end, from its Options (7 days without).
 */
export const ANSWERS = {
	approval: {
		slug: 'approval',
		asks: 'ask Ada to confirm the delivery slot',
		outcome: 'she approves',
		parameters: YES_OR_NO,
		linkWords: 'Yes or No',
		buttons: ['Yes', 'No'],
		choice: 'true',
		refused: { post: { approved: 'maybe' }, says: 'Press one of the buttons.' },
		post: { approved: 'true' },
		data: { approved: true },
		waitMs: 7 * DAY_MS,
	},
	decline: {
		slug: 'decline',
		asks: 'ask Ada to confirm the delivery slot',
		outcome: 'she declines',
		parameters: {
			...YES_OR_NO,
			options: {
				limitWaitTime: {
					values: { limitType: 'afterTimeInterval', resumeAmount: 2, resumeUnit: 'hours' },
				},
			},
		},
		linkWords: 'Yes or No',
		buttons: ['Yes', 'No'],
		choice: 'false',
		refused: { post: { approved: 'maybe' }, says: 'Press one of the buttons.' },
		post: { approved: 'false' },
		data: { approved: false },
		waitMs: 2 * 60 * 60 * 1000,
	},
	freeText: {
		slug: 'free-text',
		asks: 'ask Ada for delivery notes',
		outcome: 'she writes one',
		parameters: {
			responseType: 'freeText',
			options: {
				messageButtonLabel: 'Add a note',
				limitWaitTime: {
					values: { limitType: 'afterTimeInterval', resumeAmount: 1, resumeUnit: 'days' },
				},
			},
		},
		linkWords: 'Add a note',
		buttons: ['Submit'],
		pageHas: ['<textarea name="text" required'],
		refused: { post: { text: '   ' }, says: 'Write your answer, then press the button.' },
		post: { text: 'Please leave it with the neighbour <Bob>.' },
		data: { text: 'Please leave it with the neighbour <Bob>.' },
		waitMs: DAY_MS,
	},
	customForm: {
		slug: 'custom-form',
		asks: 'ask Ada to fill in a delivery form',
		outcome: 'she fills it in',
		parameters: DELIVERY_FORM,
		linkWords: 'Choose your slot',
		buttons: ['Book it'],
		title: 'Your delivery slot',
		words: 'Tell us when and where to leave order 42.',
		pageHas: [
			'<input type="text" id="field-0" name="field-0" placeholder="e.g. Ada Lovelace" required>',
			'<input type="number" id="field-1" name="field-1" step="any">',
			'<input type="date" id="field-2" name="field-2" required>',
			'<select id="field-3" name="field-3">',
			'<input type="checkbox" name="field-4" value="Garage">',
			'<textarea id="field-5" name="field-5">',
		],
		// Name (required) left empty: asked again, what was filled in kept.
		refused: {
			post: formPost(''),
			says: 'Fill in &quot;Name&quot;.',
			keeps: [
				'name="field-1" step="any" value="2"',
				'<option value="12-15" selected>',
				'value="Front door" checked',
			],
		},
		post: formPost('  Ada Lovelace '),
		data: {
			Name: 'Ada Lovelace',
			Parcels: 2,
			'Delivery day': '2026-12-03',
			'Time slot': '12-15',
			'Leave at': ['Front door', 'Garage'],
			Notes: null,
		},
		waitMs: 7 * DAY_MS,
	},
};
