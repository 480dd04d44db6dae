import type { INodeParameters } from 'n8n-workflow';

/** What each class of bad input is, as an expression gives it, and how the error says it. */
export const BAD = {
	object: ['={{ { name: "Ada" } }}', 'an object'],
	array: ['={{ ["Ada", "Grace"] }}', 'an array'],
	NaN: ['={{ Number("x") }}', 'NaN'],
	boolean: ['={{ true }}', 'true'],
} as const;

/** The parameters of a Workspace Records and a Workspace SMS Send run, with the field under test. */
export const records = (parameters: INodeParameters) => ({ resource: 'record', ...parameters });
export const sms = (parameters: INodeParameters) => ({
	resource: 'sms',
	operation: 'send',
	recipient: '919876543210',
	message: 'Your code is 4711',
	senderId: 'WRKSPC',
	route: 'otp',
	...parameters,
});
