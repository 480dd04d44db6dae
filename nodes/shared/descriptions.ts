import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
	PostReceiveAction,
	PreSendAction,
} from 'n8n-workflow';

import { parameterId } from './locators';
import { sendFilterAndSort } from './query/send';
import { simplifyItems } from './simplify';
import { checkApiResponse } from './transport/errors';
import { paginateBody } from './transport/pagination';
import type { QueryEndpoint } from './transport/paths';
import { operationThroughDoor, singleRequest } from './transport/operationRequests';

/**
 * Shows `properties` only for one resource and its operation(s), so each file states that
 * condition once. Local conditions a field already has (say `returnAll: [false]`) stay.
 *
 * A field several operations take is declared once for all of them: n8n's routing engine
 * resolves every definition of a parameter for every item, shown or not, so one copy per
 * operation would evaluate the user's expressions once per copy.
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

/** Value → display name of the options of every property called `name`. */
function displayNames(properties: INodeProperties[], name: string): Record<string, string> {
	const names: Record<string, string> = {};
	for (const property of properties.filter((p) => p.name === name)) {
		for (const option of (property.options ?? []) as INodePropertyOptions[])
			names[String(option.value)] = option.name;
	}
	return names;
}

/**
 * The canvas subtitle, in the words of the dropdowns ("Get Many: Record", not
 * "getAll: record"): the display names are looked up in the node's own selectors.
 */
export function subtitleOf(
	properties: INodeProperties[],
	parameters = ['operation', 'resource'],
): string {
	const parts = parameters.map(
		(name) => `${JSON.stringify(displayNames(properties, name))}[$parameter["${name}"]]`,
	);
	return `={{ ${parts.join(' + ": " + ')} }}`;
}

/** A selector whose default is its first option. */
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

/** The Resource selector of a node. */
export const resourceSelector = (options: INodePropertyOptions[]) => selector('resource', options);

/** The Operation selector of one resource. */
export const operationSelector = (
	resource: string,
	options: INodePropertyOptions[],
): INodeProperties => ({
	...selector('operation', options),
	displayOptions: { show: { resource: [resource] } },
});

/** The `data` of the response envelope: one item for an object, one per element for an array. */
const dataRoot: PostReceiveAction = { type: 'rootProperty', properties: { property: 'data' } };

export interface OperationSpec {
	name: string;
	value: string;
	action: string;
	description: string;
	method: IHttpRequestMethods;
	url: string;
	/** Offset pagination in the body, driven by Return All and Limit (transport/pagination.ts). */
	paginate?: boolean;
	/**
	 * Whether its request may be sent twice after a failure whose outcome is unknown (a 5xx, a
	 * dropped connection). By default every method but POST; a query POST declares it.
	 */
	repeatable?: boolean;
	preSend?: PreSendAction[];
	/** What turns the response into items. Defaults to the envelope's `data`. */
	output?: PostReceiveAction[];
	/** A read of records: its items go through Simplify (simplify.ts) when it is on. */
	simplify?: boolean;
	/**
	 * An operation of several requests (such as an upsert). Routing runs it in place of
	 * the single request, through its pagination hook; each request it makes still gets
	 * the error mapper and `output`.
	 */
	run?: (
		this: IExecutePaginationFunctions,
		requestData: DeclarativeRestApiSettings.ResultOptions,
	) => Promise<INodeExecutionData[]>;
}

/**
 * One option of an Operation selector with its request. Every operation gets the same error
 * mapper first, so no response is read before it has been checked.
 */
export function operation(spec: OperationSpec): INodePropertyOptions {
	const { name, value, action, description, method, url, paginate, preSend, run, repeatable } =
		spec;
	return {
		name,
		value,
		action,
		description,
		routing: {
			request: { method, url },
			// Every request leaves through the request door (transport/operationRequests.ts): routing hands a
			// declarative node its requests only through the pagination hook.
			send: { paginate: true, ...(preSend ? { preSend } : {}) },
			operations: {
				pagination: operationThroughDoor(run ?? (paginate ? paginateBody : singleRequest), {
					repeatable,
				}),
			},
			output: {
				postReceive: [
					checkApiResponse,
					...(spec.output ?? [dataRoot]),
					...(spec.simplify ? [simplifyItems] : []),
				],
			},
		},
	};
}

/**
 * Get Many over a query endpoint: paged by Return All and Limit, filtered and sorted by the
 * query fields in the endpoint's filter shape, simplified.
 */
export const queryOperation = ({
	action,
	description,
	endpoint,
}: Pick<OperationSpec, 'action' | 'description'> & { endpoint: QueryEndpoint }) =>
	operation({
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

/** A request's options without its body: for a GET that follows a write. */
export function withoutBody<T extends { body?: unknown }>(options: T): Omit<T, 'body'> {
	const copy = { ...options };
	delete copy.body;
	return copy;
}

/** Whether a request's items carry anything: an update's answer may have no `data`. */
export const hasContent = (items: INodeExecutionData[]) =>
	items.some(({ json }) => json && Object.keys(json).length > 0);

/**
 * An update, then the thing as it is after it. The service answers updates with only
 * `{status, message}` (docs/api.md §4.10), but users expect the updated record: when the
 * answer has no `data`, the same path is read with GET. A server that does send it back
 * costs no second request.
 */
export async function updateThenRead(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const updated = await this.makeRoutingRequest(requestData);
	if (hasContent(updated)) return updated;
	return await this.makeRoutingRequest({
		...requestData,
		options: { ...withoutBody(requestData.options), method: 'GET' },
	});
}

/**
 * The path segment of an id parameter, resource locators included: a placeholder that the
 * request door fills in code (transport/operationRequests.ts, `resolvePath`), encoded, with no expression.
 */
export const idInPath = (parameter: string) => `{${parameter}}`;

/**
 * Delete answers only a message; the item says what was deleted instead (n8n's convention):
 * `{ deleted: true, _id }`, plus the ids of the containers named in `containerParameters`.
 */
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
