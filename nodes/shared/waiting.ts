import type { IExecuteFunctions, INodeProperties, IWebhookDescription } from 'n8n-workflow';

import { InputError, numberIn } from './input';

/** What Wait for Status and Send and Wait share: time limit, webhook, localhost warning. */

const UNITS: Record<string, number> = {
	seconds: 1000,
	minutes: 60_000,
	hours: 3_600_000,
	days: 86_400_000,
};

/** Time Limit and its unit; a waiting node spreads them with its own default and words. */
export const timeLimitField: INodeProperties = {
	displayName: 'Time Limit',
	name: 'waitTimeLimit',
	type: 'number',
	default: 10,
	typeOptions: { minValue: 1 },
	description: 'How long to wait at most',
};

export const timeLimitUnitField: INodeProperties = {
	displayName: 'Time Limit Unit',
	name: 'waitTimeUnit',
	type: 'options',
	options: [
		{ name: 'Days', value: 'days' },
		{ name: 'Hours', value: 'hours' },
		{ name: 'Minutes', value: 'minutes' },
		{ name: 'Seconds', value: 'seconds' },
	],
	default: 'minutes',
};

/** The time limit in milliseconds: a positive duration; errors name the node's own two fields. */
export function toTimeLimitMs(
	amount: unknown,
	unit: unknown,
	fields = { amount: 'Time Limit', unit: 'Time Limit Unit' },
): number {
	const perUnit = Object.hasOwn(UNITS, String(unit)) ? UNITS[String(unit)] : undefined;
	if (!perUnit) {
		throw new InputError(
			fields.unit,
			`"${String(unit)}" is not a unit`,
			'Choose Seconds, Minutes, Hours or Days.',
		);
	}
	const number = numberIn(amount, fields.amount, {
		min: 0,
		whole: false,
		hint: 'Give how long to wait, a number above 0, such as 10.',
	});
	if (number <= 0) {
		throw new InputError(
			fields.amount,
			'0 waits for nothing',
			'Give how long to wait, a number above 0, such as 10.',
		);
	}
	return number * perUnit;
}

const LOCAL_HOSTS = /^(localhost|127(?:\.\d+){3}|\[::1\]|0\.0\.0\.0)$/i;

/** Said beside the run: an address on this machine cannot be reached by the host nor a phone. */
export function warnIfLocal(context: IExecuteFunctions, address: string, who: string): void {
	const { hostname } = new URL(address);
	if (!LOCAL_HOSTS.test(hostname)) return;
	context.addExecutionHints({
		message: `The resume address is on ${hostname}, which ${who} cannot reach. Set n8n's WEBHOOK_URL (N8N_WEBHOOK_URL on n8n 2) to its public address.`,
		type: 'warning',
		location: 'outputPane',
	});
}

/** n8n calls it at the resume address, only while the execution waits. */
export const resumeWebhook: IWebhookDescription = {
	name: 'default',
	httpMethod: 'POST',
	responseMode: 'onReceived',
	// Empty: else n8n answers a resume with the words "firstEntryJson", not the node's own answer.
	responseData: '',
	path: '',
	restartWebhook: true,
};

/** A wait's webhook is n8n's own resume address, handed to each send: n8n calls none of these. */
export const NOTHING_TO_REGISTER = {
	checkExists: async () => true,
	create: async () => true,
	delete: async () => true,
};
