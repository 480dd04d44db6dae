import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
	PostReceiveAction,
	PreSendAction,
} from 'n8n-workflow';

import { parameterId } from './locators';
import { filterAndSortFields } from './query/fields';
import { sendFilterAndSort } from './query/queryBody';
import { simplifyItems } from './simplify';
import type { CreatedLookup, Hints, OperationRun, QueryEndpoint } from './transport';
import { checkAnswer, paginateBody, singleRequest, throughDoor } from './transport';

/**
 * Shows `properties` for one resource and its operation(s). A field several operations take is
 * declared once: routing evaluates every copy of a parameter for every item, shown or not.
 */
export function forOperation(
	resource: string,
	operation: string | string[],
	properties: INodeProperties[],
): INodeProperties[] {
	return properties.map((property) => ({
		...property,
		displayOptions: {
			...property.displayOptions,
			show: {
				...property.displayOptions?.show,
				resource: [resource],
				operation: Array.isArray(operation) ? operation : [operation],
			},
		},
	}));
}

function displayNames(properties: INodeProperties[], name: string): Record<string, string> {
	const names: Record<string, string> = {};
	for (const property of properties.filter((p) => p.name === name)) {
		for (const option of (property.options ?? []) as INodePropertyOptions[])
			names[String(option.value)] = option.name;
	}
	return names;
}

/** The canvas subtitle in the dropdowns' words: "Get Many: Record", not "getAll: record". */
export function subtitleOf(
	properties: INodeProperties[],
	parameters = ['operation', 'resource'],
): string {
	const parts = parameters.map(
		(name) => `${JSON.stringify(displayNames(properties, name))}[$parameter["${name}"]]`,
	);
	return `={{ ${parts.join(' + ": " + ')} }}`;
}

function selector(
	name: 'resource' | 'operation',
	options: INodePropertyOptions[],
): INodeProperties {
	const first = options[0].value;
	return {
		displayName: name === 'resource' ? 'Resource' : 'Operation',
		name,
		type: 'options',
		noDataExpression: true,
		options,
		default: first,
	};
}

export const resourceSelector = (options: INodePropertyOptions[]) => selector('resource', options);

/**
 * A resource's operations, their refusals explained in the node's words (its `hints.ts`): an
 * `Operation` becomes an option only here, so none can miss them. Options without a request
 * (custom operations) are given as they are.
 */
export const operationSelector = (
	resource: string,
	options: Array<Operation | INodePropertyOptions>,
	hints: Hints,
): INodeProperties => ({
	...selector(
		'operation',
		options.map((option) => (typeof option === 'function' ? option(hints) : option)),
	),
	displayOptions: { show: { resource: [resource] } },
});

/** The `data` of the response envelope: one item for an object, one per element for an array. */
export const dataRoot: PostReceiveAction = {
	type: 'rootProperty',
	properties: { property: 'data' },
};

export interface OperationSpec {
	name: string;
	value: string;
	action: string;
	description: string;
	method: IHttpRequestMethods;
	url: string;
	/** Another host than the node's (`requestDefaults`): a credential field's placeholder (transport/baseUrl.ts). */
	baseURL?: string;
	/** Offset pagination in the body, driven by Return All and Limit (transport/pagination.ts). */
	paginate?: boolean;
	/** Safe to resend after a failure of unknown outcome; by default every method but POST is. */
	repeatable?: boolean;
	preSend?: PreSendAction[];
	/** What turns the response into items. Defaults to the envelope's `data`. */
	output?: PostReceiveAction[];
	/** Reads the answer before the shared error mapper: for a refusal only this operation can explain. */
	readAnswer?: PostReceiveAction;
	/** A read of records: its items go through Simplify (simplify.ts) when it is on. */
	simplify?: boolean;
	/** How to find what a create made when its answer is lost (transport/lostAnswer.ts). */
	lookUp?: CreatedLookup;
	/** Several requests (an upsert), run in place of the single one; each still gets `output`. */
	run?: OperationRun;
}

/** An operation waiting for its node's hints, which only `operationSelector` gives it. */
export type Operation = (hints: Hints) => INodePropertyOptions;

/** An Operation option and its request: the error mapper reads every response first. */
export function operation(spec: OperationSpec): Operation {
	const { name, value, action, description, method, url, baseURL, paginate, preSend, run } = spec;
	return (hints) => ({
		name,
		value,
		action,
		description,
		routing: {
			request: { method, url, ...(baseURL ? { baseURL } : {}) },
			// Routing hands a declarative node its requests only through the pagination hook.
			send: { paginate: true, ...(preSend ? { preSend } : {}) },
			operations: {
				pagination: throughDoor(run ?? (paginate ? paginateBody : singleRequest), spec),
			},
			output: {
				postReceive: [
					...(spec.readAnswer ? [spec.readAnswer] : []),
					checkAnswer(hints),
					...(spec.output ?? [dataRoot]),
					...(spec.simplify ? [simplifyItems] : []),
				],
			},
		},
	});
}

/** Get Many over a query endpoint: paged, filtered in the endpoint's shape, sorted, simplified. */
export const queryOperation = ({
	action,
	description,
	endpoint,
	output,
}: Pick<OperationSpec, 'action' | 'description' | 'output'> & { endpoint: QueryEndpoint }) =>
	operation({
		output,
		name: 'Get Many',
		value: 'getAll',
		action,
		description,
		method: 'POST',
		url: endpoint.path,
		repeatable: true,
		paginate: true,
		simplify: true,
		preSend: [sendFilterAndSort(endpoint.filterShape)],
	});

/** Get Many's own fields over a query endpoint: Return All, Limit, the filter and the sort. */
export const queryFields = (resource: string) =>
	forOperation(resource, 'getAll', [...returnAllAndLimit, ...filterAndSortFields]);

/** An id's path placeholder, filled and encoded in code (`resolvePath`), not by an expression. */
export const idInPath = (parameter: string) => `{${parameter}}`;

/** Delete answers only a message: the item says what was deleted, as n8n's own nodes do. */
export function reportDeleted(
	idParameter: string,
	containerParameters: string[] = [],
): PostReceiveAction {
	return async function (this: IExecuteSingleFunctions): Promise<INodeExecutionData[]> {
		const json: IDataObject = { deleted: true, _id: parameterId(this, idParameter) };
		for (const name of containerParameters) json[name] = parameterId(this, name);
		return [{ json }];
	};
}

export const returnAllAndLimit: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	},
];

/** The optional fields of an operation, each added by the user from the "Add Field" list. */
export const additionalFieldsCollection = (options: INodeProperties[]): INodeProperties => ({
	displayName: 'Additional Fields',
	name: 'additionalFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	options,
});

/** What an Update changes: only the fields added, each from the "Add Field" list. */
export const updateFieldsCollection = (
	options: INodeProperties[],
	description = 'Only the fields given are changed',
): INodeProperties => ({
	...additionalFieldsCollection(options),
	displayName: 'Update Fields',
	name: 'updateFields',
	description,
});

/** Options: the knobs of the door, at the bottom of every action node, as n8n's own nodes keep such settings. */
export const optionsField: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	description:
		'How the node deals with rate limits and temporary failures; it retries them by itself',
	options: [
		{
			displayName: 'Max Concurrent Requests',
			name: 'maxConcurrency',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 100 },
			// The lint wants literals here; a description test checks they match DEFAULT_RUN_SETTINGS.
			default: 10,
			description:
				'How many requests this node sends at once at most, for all its items. After a rate limit (HTTP 429) it also slows down by itself, to the pace the service accepts.',
		},
		{
			displayName: 'Give Up After (Seconds)',
			name: 'maxWaitSeconds',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 120,
			description:
				'How long one request may wait in all for retries after rate limits and temporary failures before its item fails',
		},
	],
};
