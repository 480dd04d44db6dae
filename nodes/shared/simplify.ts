import type {
	IDataObject,
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { isPlainObject } from './input';

/**
 * Record values are nested objects (docs/api.md §2.3, §2.6): an option or a status becomes its
 * name, a user their ID, name and email (the ID for a Members node or an assignee next), a
 * company reference its name and `_id`.
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
	if (typeof value.email === 'string')
		return { ...(has('_id') ? { _id: value._id } : {}), name: value.name, email: value.email };
	if (has('_id') && keys.every((key) => ['_id', 'name', 'avatar'].includes(key)))
		return { _id: value._id, name: value.name };
	return value;
}

/** A list entry links its record by the collection's kind: two of these are always null (§2.5). */
const ENTRY_LINKS = ['peopleId', 'companyId', 'dealId'];

/** Neither the storage's revision counter `__v` nor an entry's empty links tell a user anything. */
const isNoise = (key: string, value: unknown) =>
	key === '__v' || (value === null && ENTRY_LINKS.includes(key));

/** A record, list entry or activity as Simplify shows it (reads and triggers alike). */
export function simplifyRecord(record: IDataObject): IDataObject {
	return Object.fromEntries(
		Object.entries(record)
			.filter(([key, value]) => !isNoise(key, value))
			.map(([key, value]) => [key, simplifyValue(value)]),
	) as IDataObject;
}

export const simplifyField: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description:
		'Whether to return options and statuses as their names, people as ID, name and email, and companies as name and ID, without internal fields, instead of the full objects',
};

/** The postReceive of the reads that offer Simplify. */
export async function simplifyItems(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	if (!(this.getNodeParameter('simplify', false) as boolean)) return items;
	return items.map((item) => ({ ...item, json: simplifyRecord(item.json) }));
}
