import type { IDataObject, IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';

import { isPlainObject } from './input';

/**
 * The service marks an open activity with `completedTime: false` (docs/api.md §2.4): a value an
 * IF node cannot test as a date. Out of the node, an activity carries `completed` (true or
 * false) and `completedTime` (the timestamp, or null), in that order, where the key was.
 */
export function withCompletion(activity: IDataObject): IDataObject {
	if (!isPlainObject(activity) || !('completedTime' in activity)) return activity;
	const shown: IDataObject = {};
	for (const [key, value] of Object.entries(activity)) {
		if (key === 'completed') continue;
		if (key !== 'completedTime') {
			shown[key] = value;
			continue;
		}
		const completed = value !== false && value !== null && value !== undefined && value !== '';
		shown.completed = completed;
		shown.completedTime = completed ? value : null;
	}
	return shown;
}

/** The postReceive of every operation that outputs activities. */
export async function activityItems(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	// An update's answer may have no `data` (updateThenRead then reads): those items pass as they are.
	return items.map((item) => ({ ...item, json: withCompletion(item.json) }));
}
