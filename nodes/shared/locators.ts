import type {
	IGetNodeParameterOptions,
	INodeProperties,
	NodeParameterValueType,
} from 'n8n-workflow';

import { isPlainObject, textIn } from './input';

/** What every n8n context a node runs in (an item, a poll, a dropdown) offers to read parameters. */
export interface ParameterSource {
	getNodeParameter(
		name: string,
		fallback?: unknown,
		options?: IGetNodeParameterOptions,
	): NodeParameterValueType | object;
}

/** The ID parameters as the user sees them: errors name them, and a 404 the one it means (transport/notFound.ts). */
export const ID_FIELDS: Record<string, string> = {
	collectionId: 'Collection',
	recordId: 'Record',
	listId: 'List',
	entryId: 'List Entry',
	activityId: 'Activity',
	memberId: 'Member',
	attributeId: 'Attribute',
	optionId: 'Status Option',
	requestId: 'Request ID',
	phoneId: 'Account',
};

/** Every parameter read as an ID, as the user sees it: the ID ones, a path's target, a template. */
const ID_LIKE_FIELDS: Record<string, string> = {
	...ID_FIELDS,
	target: 'Target',
	targetId: 'Collection or List',
	template: 'Template',
};

export const idFieldOf = (name: string): string => ID_LIKE_FIELDS[name] ?? name;

/** The ID a parameter holds: a resource locator's value in any mode, or a plain ID field; '' when none. */
export const parameterId = (context: ParameterSource, name: string): string =>
	textIn(context.getNodeParameter(name, '', { extractValue: true }), idFieldOf(name), 'id');

/** A picker's choice: the ID ('' when none), its mode, and whether an expression gave the ID. */
export interface PickedId {
	id: string;
	mode: string;
	byExpression: boolean;
}

/** As `parameterId`, also saying how the ID was given, so that a missing one is explained rightly. */
export function pickedId(context: ParameterSource, name: string): PickedId {
	const raw: unknown = context.getNodeParameter(name, '', { rawExpressions: true });
	const { mode, value } = isPlainObject(raw) ? raw : { mode: 'id', value: raw };
	return {
		id: parameterId(context, name),
		mode: typeof mode === 'string' ? mode : 'id',
		byExpression: typeof value === 'string' && value.startsWith('='),
	};
}

/** For pickers inside a collection, which n8n's `extractValue` cannot find. */
export const idIn = (stored: unknown, field: string): string =>
	textIn(isPlainObject(stored) ? stored.value : stored, field, 'id').trim();

interface LocatorSpec {
	name: string;
	displayName: string;
	searchListMethod: string;
	description: string;
}

/** A resource locator: "From List" (searchable, the default) or "By ID". */
function locator({
	name,
	displayName,
	searchListMethod,
	description,
}: LocatorSpec): INodeProperties {
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 64b1f0c2a9e4d3b2c1a09f87',
				// No regex validation: n8n checks it in a VM with a 250 ms timeout at every run,
				// which a busy machine exceeds, failing the workflow before it starts.
			},
		],
	};
}

export const collectionLocator = locator({
	name: 'collectionId',
	displayName: 'Collection',
	searchListMethod: 'searchCollections',
	description: 'The collection (People, Companies, Deals or a custom one) that holds the records',
});

export const recordLocator = locator({
	name: 'recordId',
	displayName: 'Record',
	searchListMethod: 'searchRecords',
	description: 'The record, searched by name within the chosen collection',
});

/** A record to add to a list: searched in the list's own collection. */
export const listRecordLocator = locator({
	name: 'recordId',
	displayName: 'Record',
	searchListMethod: 'searchListRecords',
	description:
		"The record to add, searched by name in the list's collection; By ID takes an expression such as {{ $json._id }}",
});

export const listLocator = locator({
	name: 'listId',
	displayName: 'List',
	searchListMethod: 'searchLists',
	description: 'The list',
});

export const activityLocator = locator({
	name: 'activityId',
	displayName: 'Activity',
	searchListMethod: 'searchActivities',
	description: 'The activity (task), searched by title',
});

export const memberLocator = locator({
	name: 'memberId',
	displayName: 'Member',
	searchListMethod: 'searchMembers',
	description: 'The workspace member, searched by name or email',
});

/** Only for choosing the record from a list: the API takes its ID alone (docs/api.md §4.1). */
export const associatedCollectionLocator: INodeProperties = {
	...locator({
		name: 'associatedCollection',
		displayName: 'Associated Collection',
		searchListMethod: 'searchCollections',
		description: 'The collection of the associated record, to choose the record from a list',
	}),
	required: false,
};

export const associatedRecordLocator: INodeProperties = {
	...locator({
		name: 'associatedRecord',
		displayName: 'Associated Record',
		searchListMethod: 'searchAssociatedRecords',
		description:
			'The person, company or deal record the activity is about: from the list of the Associated Collection, or By ID, such as {{ $json._id }}',
	}),
	required: false,
};

export const entryLocator = locator({
	name: 'entryId',
	displayName: 'List Entry',
	searchListMethod: 'searchListEntries',
	description: 'The entry of the chosen list',
});
