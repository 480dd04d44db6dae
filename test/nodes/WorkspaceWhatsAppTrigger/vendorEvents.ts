import type { IDataObject } from 'n8n-workflow';

/** The vendor's documented payloads ("Event with Data"), one per message type it shows. */
export const whatsApp = (eventId: string, message: IDataObject): IDataObject => ({
	event: 'incoming.whatsapp.message',
	eventId,
	timestamp: 1744346001738,
	phoneId: '104898309288724',
	wabaId: '102290129340398',
	messageId: `wamid.${eventId}`,
	sender: { name: 'John Doe', number: '919999999999' },
	message,
});
export const rcs = (eventId: string, message: IDataObject): IDataObject => ({
	event: 'incoming.rcs.message',
	eventId,
	timestamp: 1744346001738,
	botId: 'bot_79',
	messageId: 'MxUMzTyF6kRBe7q5cPpwDufg',
	sender: { number: '919999999999' },
	message,
});
/** A delivery callback as the vendor's example, with its message_id beyond a double's precision. */
export const CALLBACK_TEXT =
	'{"workspace_id": "69614209f51dfafb2231a6fe", "type": "delivery_status", "message_id": 604132581490819123, "request_id": "65ca1d21-8854-4d39-a0bd-64f1cd7b8db1", "channel": "whatsapp", "recipient": "919090909090", "status": "delivered", "remark": "", "status_at": "2026-01-28T17:17:59.254174911Z", "post_back_data": "somedata"}';
