import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';

import { attributeKey, attributeType } from './attributeMapper';
import { PAGE_SIZE } from './pagination';
import { apiRequest } from './transport';

const matchesText = (filter: string | undefined, ...texts: unknown[]) =>
	!filter || texts.some((text) => String(text ?? '').toLowerCase().includes(filter.toLowerCase()));

const selectedId = (context: ILoadOptionsFunctions, name: string) =>
	encodeURIComponent(context.getNodeParameter(name, '', { extractValue: true }) as string);

interface QuerySearch {
	path: string;
	/** The activity query takes its filter as an array of conditions (spec §4.1). */
	filterShape: 'object' | 'array';
	label: (record: IDataObject) => string;
	filter?: string;
	paginationToken?: string;
}

/** One page of a query endpoint, searched by name on the server, for "From List" modes. */
async function searchQuery(
	context: ILoadOptionsFunctions,
	{ path, filterShape, label, filter, paginationToken }: QuerySearch,
): Promise<INodeListSearchResult> {
	const offset = Number(paginationToken ?? 0);
	const body: IDataObject = { limit: PAGE_SIZE, offset };
	if (filter) {
		const condition = { name: { $contains: filter } };
		body.filter = filterShape === 'array' ? [condition] : condition;
	}
	const records = await apiRequest(context, 'POST', path, body);
	return {
		results: records.map((record) => ({ name: label(record), value: String(record._id) })),
		paginationToken: records.length === PAGE_SIZE ? String(offset + PAGE_SIZE) : undefined,
	};
}

const byName = (record: IDataObject) => String(record.name || record._id);

export async function searchCollections(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const collections = await apiRequest(this, 'GET', '/api/v1/collections');
	return {
		results: collections
			.filter((c) => matchesText(filter, c.name, c.slug, c.collectionType))
			// Name and slug alike for every collection: a type would say "custom" for all of yours.
			.map((c) => ({ name: `${String(c.name)} (${String(c.slug)})`, value: String(c._id) })),
	};
}

export async function searchLists(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const lists = await apiRequest(this, 'GET', '/api/v1/lists');
	return {
		results: lists
			.filter((l) => matchesText(filter, l.name, l.slug))
			.map((l) => ({ name: String(l.name), value: String(l._id) })),
	};
}

export async function searchMembers(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const members = await apiRequest(this, 'GET', '/api/v1/workspace-members');
	return {
		results: members
			.filter((m) => matchesText(filter, m.fullName, m.email))
			.map((m) => ({ name: `${String(m.fullName)} <${String(m.email)}>`, value: String(m.userId) })),
	};
}

export async function searchRecords(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const path = `/api/v1/collection-records/${selectedId(this, 'collectionId')}/query`;
	return await searchQuery(this, { path, filterShape: 'object', label: byName, filter, paginationToken });
}

/** The records a list can take: those of its collection (GET /lists/{id} says which). */
export async function searchListRecords(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const list = await apiRequest<IDataObject>(this, 'GET', `/api/v1/lists/${selectedId(this, 'listId')}`);
	const path = `/api/v1/collection-records/${encodeURIComponent(String(list.collectionId))}/query`;
	return await searchQuery(this, { path, filterShape: 'object', label: byName, filter, paginationToken });
}

export async function searchActivities(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const path = '/api/v1/collection-records/activity-list/query';
	return await searchQuery(this, { path, filterShape: 'array', label: byName, filter, paginationToken });
}

/** Entries have no name of their own: they are shown by the record they link to. */
export async function searchListEntries(
	this: ILoadOptionsFunctions,
	_filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const path = `/api/v1/list-entries/${selectedId(this, 'listId')}/query`;
	const label = (entry: IDataObject) => `Entry for record ${String(entry.recordId)}`;
	return await searchQuery(this, { path, filterShape: 'object', label, paginationToken });
}

/**
 * The attributes that fit where the user is: a list's for list entries, the activity
 * collection's for activities, otherwise the chosen collection's.
 */
export async function getAttributes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	// The trigger names its subject by Event rather than Resource.
	const resource = (this.getNodeParameter('resource', '') || this.getNodeParameter('event', '')) as string;
	const target =
		resource === 'listEntry' || resource === 'newListEntry'
			? `list/${selectedId(this, 'listId')}`
			: resource === 'activity' || resource === 'newActivity'
				? 'collection/activity-list'
				: `collection/${selectedId(this, 'collectionId')}`;
	const attributes = await apiRequest(this, 'GET', `/api/v1/attributes/${target}`);
	return attributes.map((a) => ({
		name: `${String(a.name)} (${attributeKey(a)})`,
		value: attributeKey(a),
		description: `Type: ${attributeType(a)}`,
	}));
}

/** The statuses an activity can take: the options of the activity collection's status attribute. */
export async function getActivityStatuses(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const attributes = await apiRequest(this, 'GET', '/api/v1/attributes/collection/activity-list');
	const status = attributes.find((a) => attributeType(a) === 'status');
	if (!status) return [];
	const options = await apiRequest(
		this,
		'GET',
		`/api/v1/attributes/collection/activity-list/${encodeURIComponent(String(status._id))}/status`,
	);
	return options.map((o) => ({ name: String(o.name), value: String(o._id) }));
}

/** The custom (deletable) attributes of the chosen target, by id. */
export async function getCustomAttributes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const target = this.getNodeParameter('target', 'collection') as string;
	const id = selectedId(this, target === 'list' ? 'listId' : 'collectionId');
	const attributes = await apiRequest(this, 'GET', `/api/v1/attributes/${target}/${id}`);
	return attributes
		.filter((a) => a.isSystem !== true)
		.map((a) => ({ name: `${String(a.name)} (${attributeKey(a)})`, value: String(a._id) }));
}
