// The WhatsApp trigger as the cases set it up (cases.mjs, eventMemory.mjs): the secret header
// the trigger's parameters and the sandbox's webhooks share.

export const WHATSAPP_HEADER_NAME = 'X-Webhook-Secret';
export const WHATSAPP_SECRET_HEADER = { [WHATSAPP_HEADER_NAME]: 'example-secret-replace-me' };
export const WHATSAPP_TRIGGER_PARAMETERS = {
	events: ['incoming.whatsapp.message', 'delivery_status'],
	headerName: WHATSAPP_HEADER_NAME,
	headerValue: WHATSAPP_SECRET_HEADER[WHATSAPP_HEADER_NAME],
};
