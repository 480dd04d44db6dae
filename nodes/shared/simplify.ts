import type {
	IDataObject,
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { isPlainObject } from './input';

/**
 * Record values are nested objects (docs/api.md §2.3, §2.6): an option or a status becomes its
 * name, a user their name and email, a company reference its name and `_id`.
 */
export function simplifyValue(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(simplifyValue);
	if (!isPlainObject(value) || typeof value.name !== 'string') return value;
	const keys = Object.keys(value);
	const has = (key: string) => keys.includes(key);
	// A status (statusType, celebrationEnabled) or an option (color, order, isArchived).
	if (
		has('statusType') ||
		has('celebrationEnabled') ||
		(has('color') && (has('order') || has('isArchived')))
	) {
		return value.name;
	}
	if (typeof value.email === 'string') return { name: value.name, email: value.email };
	if (has('_id') && keys.every((key) => ['_id', 'name', 'avatar'].includes(key)))
		return { _id: value._id, name: value.name };
	return value;
}

export function simplifyRecord(record: IDataObject): IDataObject {
	return Object.fromEntries(
		Object.entries(record).map(([key, value]) => [key, simplifyValue(value)]),
	) as IDataObject;
}

export const simplifyField: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description:
		'Whether to return options and statuses as their names, people as name and email, and companies as name and ID, instead of the full objects',
};

/** The postReceive of the reads that offer Simplify. */
export async function simplifyItems(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	if (!(this.getNodeParameter('simplify', false) as boolean)) return items;
	return items.map((item) => ({ ...item, json: simplifyRecord(item.json) }));
}
