import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { parameterId } from '../locators';
import { apiRequest } from '../transport/apiRequest';
import { PAGE_SIZE } from '../transport/pagination';
import { paths, segment } from '../transport/paths';

/** The "From List" searches of the resource locators (locators.ts), each by its `searchListMethod`. */

const matchesText = (filter: string | undefined, ...texts: unknown[]) =>
	!filter ||
	texts.some((text) =>
		String(text ?? '')
			.toLowerCase()
			.includes(filter.toLowerCase()),
	);

interface QuerySearch {
	path: string;
	/** The activity query takes its filter as an array of conditions (docs/api.md §4.1). */
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
	const records = await apiRequest(context, 'POST', path, { body, read: true });
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
	const collections = await apiRequest(this, 'GET', paths.collections);
	return {
		results: collections
			.filter((c) => matchesText(filter, c.name, c.slug, c.collectionType))
			// Name and slug alike for every collection: a type would say "custom" for all of yours.
			.map((c) => ({ name: `${String(c.name)} (${String(c.slug)})`, value: String(c._id) })),
	};
}

export async function searchLists(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const lists = await apiRequest(this, 'GET', paths.lists);
	return {
		results: lists
			.filter((l) => matchesText(filter, l.name, l.slug))
			.map((l) => ({ name: String(l.name), value: String(l._id) })),
	};
}

export async function searchMembers(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const members = await apiRequest(this, 'GET', paths.members);
	return {
		results: members
			.filter((m) => matchesText(filter, m.fullName, m.email))
			.map((m) => ({
				name: `${String(m.fullName)} <${String(m.email)}>`,
				value: String(m.userId),
			})),
	};
}

export async function searchRecords(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const path = paths.recordsQuery(segment(parameterId(this, 'collectionId'), 'Collection'));
	return await searchQuery(this, {
		path,
		filterShape: 'object',
		label: byName,
		filter,
		paginationToken,
	});
}

/** The records a list can take: those of its collection (GET /lists/{id} says which). */
export async function searchListRecords(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const list = await apiRequest<IDataObject>(
		this,
		'GET',
		paths.list(segment(parameterId(this, 'listId'), 'List')),
	);
	const path = paths.recordsQuery(segment(list.collectionId));
	return await searchQuery(this, {
		path,
		filterShape: 'object',
		label: byName,
		filter,
		paginationToken,
	});
}

export async function searchActivities(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const path = paths.activitiesQuery;
	return await searchQuery(this, {
		path,
		filterShape: 'array',
		label: byName,
		filter,
		paginationToken,
	});
}

/** Entries have no name of their own: they are shown by the record they link to. */
export async function searchListEntries(
	this: ILoadOptionsFunctions,
	_filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const path = paths.listEntriesQuery(segment(parameterId(this, 'listId'), 'List'));
	const label = (entry: IDataObject) => `Entry for record ${String(entry.recordId)}`;
	return await searchQuery(this, { path, filterShape: 'object', label, paginationToken });
}
