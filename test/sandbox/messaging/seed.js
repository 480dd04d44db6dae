'use strict';
// The messaging host's seed (docs/api.md §4.9): WhatsApp accounts, their templates and each
// template's variables, the email and SMS templates a send may name, and one message sent
// earlier whose delivery report can be read (the request id of the vendor's examples).

const WELCOME_VARIABLES = [
	{ keyName: 'customer_name', label: 'Customer Name', type: 'TEXT' },
	{ keyName: 'product_image', label: 'Product Image', type: 'IMAGE_URL' },
];

const template = (name, language, category, status, variables = []) => ({
	name,
	language,
	category,
	status,
	components: [],
	variables,
});

/** Twelve approved reminders beside the others: the first account has more than one page. */
const reminders = Array.from({ length: 12 }, (_, i) =>
	template(`reminder_${String(i + 1).padStart(2, '0')}`, 'en', 'UTILITY', 'APPROVED'),
);

const WHATSAPP_ACCOUNTS = [
	{
		phone_id: '104898309288724',
		waba_id: '102290129340398',
		display_phone_number: '+1 234 567 8900',
		verified_name: 'Acme Support',
		quality_rating: 'GREEN',
		daily_limit: 1000,
		templates: [
			template('welcome_message', 'en', 'UTILITY', 'APPROVED', WELCOME_VARIABLES),
			template('welcome_message', 'es', 'UTILITY', 'APPROVED', WELCOME_VARIABLES),
			template('order_update', 'en_US', 'UTILITY', 'APPROVED', [
				{ keyName: 'order_id', label: 'Order Number', type: 'TEXT' },
				{ keyName: 'invoice', label: 'Invoice', type: 'DOCUMENT_URL' },
			]),
			template('login_code', 'en', 'AUTHENTICATION', 'APPROVED', [
				{ keyName: 'otp_code', label: 'OTP Code', type: 'OTP' },
			]),
			template('product_video', 'en', 'MARKETING', 'APPROVED', [
				{ keyName: 'video', label: 'Header Video', type: 'VIDEO_URL' },
			]),
			template('summer_sale', 'en', 'MARKETING', 'PENDING', [
				{ keyName: 'discount', label: 'Discount', type: 'TEXT' },
			]),
			template('old_promo', 'en', 'MARKETING', 'REJECTED'),
			...reminders,
		],
	},
	{
		phone_id: '104898309288725',
		waba_id: '102290129340399',
		display_phone_number: '+44 20 7946 0958',
		verified_name: 'Acme Sales UK',
		quality_rating: 'YELLOW',
		daily_limit: 250,
		templates: [
			template('uk_welcome', 'en_GB', 'UTILITY', 'APPROVED', [
				{ keyName: 'first_name', label: 'First Name', type: 'TEXT' },
			]),
			// "Hello {{first_name}}, please confirm your delivery slot: {{answer_link}}"
			template('delivery_slot', 'en_GB', 'UTILITY', 'APPROVED', [
				{ keyName: 'first_name', label: 'First Name', type: 'TEXT' },
				{ keyName: 'answer_link', label: 'Answer Link', type: 'TEXT' },
			]),
			template('delivery_photo', 'en_GB', 'UTILITY', 'APPROVED', [
				{ keyName: 'photo', label: 'Photo', type: 'IMAGE_URL' },
			]),
		],
	},
];

/** Email and SMS templates have no list endpoint: a send names one of these, with these variables. */
const EMAIL_TEMPLATES = {
	welcome_email: ['first_name'],
	invoice_ready: ['invoice_number', 'amount'],
};
const SMS_TEMPLATES = {
	otp_message: ['otp'],
	order_shipped: ['order_id', 'tracking_url'],
};

/** A WhatsApp message sent before the tests start: its delivery report is there to read. */
const SENT_REQUEST_ID = 'f8df74d1-11fa-4485-b164-b9a65358f4fc';
const sentMessages = (workspaceId) => [
	{
		channel: 'whatsapp',
		message_id: 'wamid.HBgMOTE5ODc2NTQzMjEwFQIAERgSMEQ2',
		recipient: '919876543210',
		request_id: SENT_REQUEST_ID,
		status: 'delivered',
		statusAt: '2026-01-15T10:30:00.000Z',
		remark: 'Message delivered successfully',
		workspace_id: workspaceId,
	},
];

module.exports = {
	WHATSAPP_ACCOUNTS,
	EMAIL_TEMPLATES,
	SMS_TEMPLATES,
	SENT_REQUEST_ID,
	sentMessages,
};
