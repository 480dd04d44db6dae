import { InputError } from '../shared/input';
import type { ParameterSource } from '../shared/locators';
import type { AskSpec } from '../shared/messaging/ask/sendAndWait';
import { emailAsk } from '../WorkspaceEmail/resources/message/sendAndWait';
import { smsAsk } from '../WorkspaceSms/resources/sms/sendAndWait';
import {
	whatsAppConversationAsk,
	whatsAppTemplateAsk,
} from '../WorkspaceWhatsApp/resources/message/sendAndWait';

/** Each channel's question goes as the Workspace SMS, WhatsApp and Email nodes send it. */
const ASKS = {
	sms: smsAsk,
	whatsApp: whatsAppConversationAsk,
	whatsAppTemplate: whatsAppTemplateAsk,
	email: emailAsk,
};

export function askOf(read: ParameterSource): AskSpec {
	const channel = String(read.getNodeParameter('channel', ''));
	if (Object.hasOwn(ASKS, channel)) return ASKS[channel as keyof typeof ASKS];
	throw new InputError(
		'Channel',
		`"${channel}" is not a channel`,
		'Choose Email, SMS, WhatsApp or WhatsApp Template.',
	);
}
