import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { isPlainObject } from '../input';
import { idIn, parameterId } from '../locators';
import { requireMessagingHost } from '../messaging/host';
import {
	accountLabel,
	findApprovedTemplates,
	readAccounts,
	templateItem,
} from '../messaging/whatsApp';
import type { QueryEndpoint } from '../transport';
import { apiRequest, PAGE_SIZE, paths, queries, segment } from '../transport';
import { filterFor, where } from '../query/filter';

const matchesText = (filter: string | undefined, ...texts: unknown[]) =>
	!filter ||
	texts.some((text) =>
		String(text ?? '')
			.toLowerCase()
			.includes(filter.toLowerCase()),
	);

/** One page of a query endpoint, searched by name on the server, for "From List" modes. */
async function searchQuery(
	context: ILoadOptionsFunctions,
	endpoint: QueryEndpoint,
	label: (record: IDataObject) => string,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const offset = Number(paginationToken ?? 0);
	const body: IDataObject = { limit: PAGE_SIZE, offset };
	const byName = filterFor(
		endpoint.filterShape,
		filter ? where('name', '$contains', filter) : undefined,
	);
	if (byName) body.filter = byName;
	const records = await apiRequest(context, 'POST', endpoint.path, { body, read: true });
	return {
		results: records.map((record) => ({ name: label(record), value: String(record._id) })),
		paginationToken: records.length === PAGE_SIZE ? String(offset + PAGE_SIZE) : undefined,
	};
}

const nameOf = (record: IDataObject) => String(record.name || record._id);

const firstOf = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);

/** The attributes, in order, whose value tells two records of one name apart. */
const SECOND_IDENTITY = ['emails', 'domains', 'phoneNumbers', 'company'];

/**
 * A record by its name and a second piece of identity (its email, domain, phone or company),
 * else the end of its ID: the picker shows names alone, and two "Grace Hopper"s are common.
 */
function recordLabel(record: IDataObject): string {
	for (const key of SECOND_IDENTITY) {
		const value = firstOf(record[key]);
		const text = isPlainObject(value) ? value.name : value;
		if (typeof text === 'string' && text.trim()) return `${nameOf(record)} (${text.trim()})`;
	}
	return `${nameOf(record)} (ID …${String(record._id).slice(-6)})`;
}

/**
 * What a picker whose list depends on another field offers before that field is chosen: one
 * entry saying so. n8n would show an error ("Could not load list") for a thrown one.
 */
const chooseFirst = (field: string): INodeListSearchResult => ({
	results: [{ name: `Choose ${/^[AEIOU]/.test(field) ? 'an' : 'a'} ${field} first`, value: '' }],
});

interface WholeSearch {
	path: string;
	/** The texts a search term is looked for in. */
	texts: (item: IDataObject) => unknown[];
	name: (item: IDataObject) => string;
	value: (item: IDataObject) => string;
}

/** A whole list from one GET (collections, lists, members), filtered here by the search term. */
async function searchWhole(
	context: ILoadOptionsFunctions,
	filter: string | undefined,
	{ path, texts, name, value }: WholeSearch,
): Promise<INodeListSearchResult> {
	const items = await apiRequest(context, 'GET', path);
	return {
		results: items
			.filter((item) => matchesText(filter, ...texts(item)))
			.map((item) => ({ name: name(item), value: value(item) })),
	};
}

const idOf = (item: IDataObject) => String(item._id);

export async function searchCollections(this: ILoadOptionsFunctions, filter?: string) {
	return await searchWhole(this, filter, {
		path: paths.collections,
		texts: (c) => [c.name, c.slug, c.collectionType],
		// Name and slug alike for every collection: a type would say "custom" for all of yours.
		name: (c) => `${String(c.name)} (${String(c.slug)})`,
		value: idOf,
	});
}

export async function searchLists(this: ILoadOptionsFunctions, filter?: string) {
	return await searchWhole(this, filter, {
		path: paths.lists,
		texts: (l) => [l.name, l.slug],
		// Which collection a list holds: a record of another one cannot be added to it.
		name: (l) => {
			const collection = isPlainObject(l.collection) ? l.collection.name : undefined;
			return collection ? `${String(l.name)} (${String(collection)})` : String(l.name);
		},
		value: idOf,
	});
}

export async function searchMembers(this: ILoadOptionsFunctions, filter?: string) {
	return await searchWhole(this, filter, {
		path: paths.members,
		texts: (m) => [m.fullName, m.email],
		name: (m) => `${String(m.fullName)} <${String(m.email)}>`,
		value: (m) => String(m.userId),
	});
}

export async function searchRecords(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const collectionId = parameterId(this, 'collectionId');
	if (!collectionId.trim()) return chooseFirst('Collection');
	const records = queries.records(segment(collectionId, 'Collection'));
	return await searchQuery(this, records, recordLabel, filter, paginationToken);
}

/** Searched in the Associated Collection chosen beside it, in Additional or Update Fields. */
export async function searchAssociatedRecords(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const fields =
		this.getNodeParameter('operation') === 'update' ? 'updateFields' : 'additionalFields';
	const collectionId = idIn(
		this.getNodeParameter(`${fields}.associatedCollection`, ''),
		'Associated Collection',
	);
	if (!collectionId) return chooseFirst('Associated Collection');
	const records = queries.records(segment(collectionId, 'Associated Collection'));
	return await searchQuery(this, records, recordLabel, filter, paginationToken);
}

/** The records a list can take: those of its collection (GET /lists/{id} says which). */
export async function searchListRecords(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const listId = parameterId(this, 'listId');
	if (!listId.trim()) return chooseFirst('List');
	const list = await apiRequest<IDataObject>(this, 'GET', paths.list(segment(listId, 'List')));
	const records = queries.records(segment(list.collectionId));
	return await searchQuery(this, records, recordLabel, filter, paginationToken);
}

export async function searchActivities(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchQuery(this, queries.activities, nameOf, filter, paginationToken);
}

/** Entries have no name of their own: they are shown by the record they link to. */
export async function searchListEntries(
	this: ILoadOptionsFunctions,
	_filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const listId = parameterId(this, 'listId');
	if (!listId.trim()) return chooseFirst('List');
	const endpoint = queries.listEntries(segment(listId, 'List'));
	const label = (entry: IDataObject) => `Entry for record ${String(entry.recordId)}`;
	return await searchQuery(this, endpoint, label, undefined, paginationToken);
}

/** The sender's WhatsApp accounts, by verified name and number, valued by the phone id sends take. */
export async function searchWhatsAppAccounts(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	await requireMessagingHost(this);
	const accounts = await readAccounts(this);
	return {
		results: accounts
			.filter((a) => matchesText(filter, a.verified_name, a.display_phone_number, a.phone_id))
			.map((a) => ({ name: accountLabel(a), value: String(a.phone_id) })),
	};
}

/** Matches a picker shows at once; scrolling on reads the next pages. */
const TEMPLATES_PER_LOOK = 100;

/** The approved templates of the chosen account, each language its own entry; before an account, what to choose. */
export async function searchWhatsAppTemplates(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const phoneId = parameterId(this, 'phoneId');
	if (!phoneId.trim()) return chooseFirst('Account');
	await requireMessagingHost(this);
	const { found, next } = await findApprovedTemplates(
		this,
		phoneId,
		(t) => matchesText(filter, t.name, t.language, t.category),
		{ offset: Number(paginationToken ?? 0), enough: TEMPLATES_PER_LOOK },
	);
	return {
		results: found.map(templateItem),
		paginationToken: next === undefined ? undefined : String(next),
	};
}
