import type { INodeProperties } from 'n8n-workflow';

import { toUtcIso } from '../../dates';
import { InputError, isPlainObject } from '../../input';
import { toTimeLimitMs } from '../../waiting';

/**
 * Options → Limit Wait Time, in the shape and names of n8n's own send-and-wait operations. Where
 * n8n waits forever without it, ours waits a week: every wait here ends (README, "Messages").
 */

export const DEFAULT_WAIT_DAYS = 7;

export const limitWaitTimeOption: INodeProperties = {
	displayName: 'Limit Wait Time',
	name: 'limitWaitTime',
	type: 'fixedCollection',
	description: `How long to wait for the answer at most; without this option, ${DEFAULT_WAIT_DAYS} days. When it passes, the execution goes on with the input item as it came, as n8n's own send-and-wait nodes do.`,
	default: { values: { limitType: 'afterTimeInterval', resumeAmount: 45, resumeUnit: 'minutes' } },
	options: [
		{
			displayName: 'Values',
			name: 'values',
			values: [
				{
					displayName: 'Limit Type',
					name: 'limitType',
					type: 'options',
					default: 'afterTimeInterval',
					options: [
						{
							name: 'After Time Interval',
							value: 'afterTimeInterval',
							description: 'Waits for a certain amount of time',
						},
						{
							name: 'At Specified Time',
							value: 'atSpecifiedTime',
							description: 'Waits until a date and time',
						},
					],
				},
				{
					displayName: 'Amount',
					name: 'resumeAmount',
					type: 'number',
					typeOptions: { minValue: 0, numberPrecision: 2 },
					default: 1,
					description: 'The time to wait',
					displayOptions: { show: { limitType: ['afterTimeInterval'] } },
				},
				{
					displayName: 'Unit',
					name: 'resumeUnit',
					type: 'options',
					options: [
						{ name: 'Minutes', value: 'minutes' },
						{ name: 'Hours', value: 'hours' },
						{ name: 'Days', value: 'days' },
					],
					default: 'hours',
					description: 'The unit of the amount',
					displayOptions: { show: { limitType: ['afterTimeInterval'] } },
				},
				{
					displayName: 'Max Date and Time',
					name: 'maxDateAndTime',
					type: 'dateTime',
					default: '',
					description:
						"When the wait ends; a date without an offset is read in the workflow's time zone",
					displayOptions: { show: { limitType: ['atSpecifiedTime'] } },
				},
			],
		},
	],
};

/** When the wait ends: from Limit Wait Time's values (`options.limitWaitTime.values`), at `now`. */
export function waitTillOf(limit: unknown, timeZone: string, now: number): Date {
	if (!isPlainObject(limit) || !Object.keys(limit).length) {
		return new Date(now + toTimeLimitMs(DEFAULT_WAIT_DAYS, 'days'));
	}
	if (limit.limitType === 'atSpecifiedTime') {
		const at = Date.parse(toUtcIso(limit.maxDateAndTime, timeZone, 'Max Date and Time'));
		if (at <= now) {
			throw new InputError(
				'Max Date and Time',
				`${new Date(at).toISOString()} has passed`,
				'Give a date and time still to come: the wait would end before the person could answer.',
			);
		}
		return new Date(at);
	}
	const unit = limit.resumeUnit ?? 'hours';
	const fields = { amount: 'Limit Wait Time (Amount)', unit: 'Limit Wait Time (Unit)' };
	return new Date(now + toTimeLimitMs(limit.resumeAmount ?? 1, unit, fields));
}
