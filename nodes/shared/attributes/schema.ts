import type {
	IDataObject,
	IExecuteSingleFunctions,
	ILoadOptionsFunctions,
	INodePropertyOptions,
	IPollFunctions,
} from 'n8n-workflow';

import type { ParameterSource } from '../locators';
import { parameterId } from '../locators';
import { loadOnce, reloadNext, runOf } from '../memory';
import { ACTIVITY_COLLECTION, apiRequest, paths, segment } from '../transport';
import type { AttributeChoices } from './types';
import { attributeKey, attributeType, isWritable } from './types';

/** The resources and trigger events whose attributes are the activity collection's, or a list's. */
const ACTIVITY_SUBJECTS = ['activity', 'newActivity', 'activityCompleted', 'activityDue'];
const LIST_ENTRY_SUBJECTS = ['listEntry', 'newListEntry', 'listEntryUpdated'];
/** The Attributes node's resources, whose Target says collection or list. */
const TARGETED_SUBJECTS = ['attribute', 'statusOption'];

/** Whether the node's subject has its attributes on a list (else on a collection). */
function ofList(context: ParameterSource, subject: string): boolean {
	return (
		LIST_ENTRY_SUBJECTS.includes(subject) ||
		(TARGETED_SUBJECTS.includes(subject) &&
			context.getNodeParameter('target', 'collection') === 'list')
	);
}

const subjectOf = (context: ParameterSource) =>
	String(context.getNodeParameter('resource', '') || context.getNodeParameter('event', ''));

/** Where the attributes of the node's subject live; undefined until its collection or list is chosen. */
export function subjectAttributesPath(context: ParameterSource): string | undefined {
	const subject = subjectOf(context);
	if (ACTIVITY_SUBJECTS.includes(subject))
		return paths.attributes('collection', ACTIVITY_COLLECTION);
	const list = ofList(context, subject);
	const id = parameterId(context, list ? 'listId' : 'collectionId');
	return id ? paths.attributes(list ? 'list' : 'collection', segment(id)) : undefined;
}

/** The field to choose before the attributes can be listed, as the user sees it. */
export const subjectField = (context: ParameterSource): 'Collection' | 'List' =>
	ofList(context, subjectOf(context)) ? 'List' : 'Collection';

/** The attribute definitions at `path`: within an operation, once per node run for all its items. */
function definitionsAt(
	context: IExecuteSingleFunctions | IPollFunctions,
	path: string,
): Promise<IDataObject[]> {
	if (!('getItemIndex' in context)) return apiRequest(context, 'GET', path);
	return loadOnce(
		`${runOf(context)}|${path}`,
		async () => await apiRequest(context, 'GET', path),
		path,
	);
}

/**
 * After a write to the attributes at `path` (an attribute created, changed or deleted): node runs
 * that kept them (an AI tool keeps them for its whole execution) read them again on their next
 * item, so a new attribute is written at once, not dropped as unknown.
 */
export const attributesChangedAt = (path: string) => reloadNext(path);

/** Input types by key: the writable attributes for writes; all (createdAt too) for filters. */
export async function attributeTypesOf(
	context: IExecuteSingleFunctions | IPollFunctions,
	{ writableOnly = true } = {},
): Promise<Map<string, string>> {
	return (await attributeSchemaOf(context, { writableOnly })).types;
}

export interface AttributeSchema {
	/** The input type of each attribute, by key. */
	types: Map<string, string>;
	/** The key of each attribute by its name, lower case, where no other attribute has that name or key. */
	keyOfName: Map<string, string>;
}

/** The attributes' types by key, and their keys by unambiguous name (see `attributeTypesOf`). */
export async function attributeSchemaOf(
	context: IExecuteSingleFunctions | IPollFunctions,
	{ writableOnly = true } = {},
): Promise<AttributeSchema> {
	const path = subjectAttributesPath(context) ?? paths.attributes('collection', '');
	const definitions = (await definitionsAt(context, path)).filter(
		(d) => !writableOnly || isWritable(d),
	);
	const types = new Map(definitions.map((d) => [attributeKey(d), attributeType(d)]));
	const named = definitions.map(
		(d) =>
			[
				String(d.name ?? '')
					.trim()
					.toLowerCase(),
				attributeKey(d),
			] as const,
	);
	// A name is its own key in other letters ("Emails", emails) without being ambiguous.
	const taken = (name: string, own: string) =>
		named.filter(([other]) => other === name).length > 1 ||
		[...types.keys()].some((key) => key !== own && key.toLowerCase() === name);
	return { types, keyOfName: new Map(named.filter(([name, key]) => name && !taken(name, key))) };
}

/** The attributes the service keeps unique (`isUnique`), as definitions. */
export async function uniqueAttributesOf(context: IExecuteSingleFunctions): Promise<IDataObject[]> {
	const path = subjectAttributesPath(context) ?? paths.attributes('collection', '');
	return (await definitionsAt(context, path)).filter((d) => d.isUnique === true);
}

/** The choices of a select, status or member attribute, for the editor's dropdowns. */
export async function attributeChoices(
	context: ILoadOptionsFunctions,
	attributesPath: string,
	definition: IDataObject,
	kind: AttributeChoices,
): Promise<INodePropertyOptions[]> {
	if (kind === 'members') {
		const members = await apiRequest(context, 'GET', paths.members);
		return members.map((m) => ({
			name: `${String(m.fullName)} <${String(m.email)}>`,
			value: String(m.userId),
		}));
	}
	const path = paths.attributeChoices(attributesPath, segment(definition._id), kind);
	const options = await apiRequest(context, 'GET', path);
	return options.map((o) => ({ name: String(o.name), value: String(o._id) }));
}
