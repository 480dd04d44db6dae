import type { IExecuteFunctions, IHookFunctions, INodeProperties } from 'n8n-workflow';

import { InputError, numberIn } from './input';

/**
 * What the two waiting nodes (Wait for Delivery, Send and Wait) share: the time limit that ends
 * every wait, and the warning when the address the host must reach is this machine's own.
 */

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

/**
 * Said in the node's output (n8n shows it beside the run): an address on this machine's own
 * name cannot be reached by the host nor opened on a customer's phone.
 */
export function warnIfLocal(context: IExecuteFunctions, address: string, who: string): void {
	const { hostname } = new URL(address);
	if (!LOCAL_HOSTS.test(hostname)) return;
	context.addExecutionHints({
		message: `The resume address is on ${hostname}, which ${who} cannot reach. Set n8n's WEBHOOK_URL (N8N_WEBHOOK_URL on n8n 2) to its public address.`,
		type: 'warning',
		location: 'outputPane',
	});
}

/**
 * A waiting node's webhook is n8n's own resume address, given to each send by the workflow:
 * nothing to register with the workspace, and n8n calls none of these for it.
 */
export const NOTHING_TO_REGISTER = {
	async checkExists(this: IHookFunctions): Promise<boolean> {
		return true;
	},
	async create(this: IHookFunctions): Promise<boolean> {
		return true;
	},
	async delete(this: IHookFunctions): Promise<boolean> {
		return true;
	},
};
