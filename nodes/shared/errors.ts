import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INode,
	INodeExecutionData,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

export interface Failure {
	message: string;
	description: string;
	httpCode: string;
}

/** The id parameters of our nodes, with the name a user sees, for "not found" errors. */
export const ID_PARAMETERS: Record<string, string> = {
	collectionId: 'Collection',
	recordId: 'Record',
	listId: 'List',
	entryId: 'List Entry',
	activityId: 'Activity',
	memberId: 'Member',
	attributeId: 'Attribute',
};

const CREDENTIAL_HINT =
	'Check the API key and workspace ID in the credential. Both are in the dashboard under Settings → Developer → API Key.';

/** A parameter whose id a 404 may be about: its name, label and current value. */
export interface IdParameter {
	label: string;
	value: string;
}

const serverMessage = (body: unknown): string | undefined => {
	if (typeof body !== 'object' || body === null) return undefined;
	const message = (body as IDataObject).message;
	return typeof message === 'string' && message ? message : undefined;
};

/**
 * Reads one response of the API (either host, either envelope) and says what went wrong,
 * or nothing when it succeeded. Pure, so every case is unit-tested; it never looks at the
 * request, so nothing of the credential can end up in a message.
 */
export function describeFailure(
	response: Pick<IN8nHttpFullResponse, 'statusCode' | 'body' | 'headers'>,
	idParameters: IdParameter[] = [],
): Failure | undefined {
	const { statusCode, body } = response;
	const httpCode = String(statusCode);
	const said = serverMessage(body);

	if (body !== undefined && body !== null && (typeof body !== 'object' || Buffer.isBuffer(body))) {
		const text = String(body).trim();
		return {
			message: `The service answered with something that is not JSON (HTTP ${statusCode})`,
			description: `Check the Base URL in the credential: it should be the API's address alone, with no path. The answer began: ${text.slice(0, 120)}`,
			httpCode,
		};
	}

	if (statusCode === 401 || statusCode === 403) {
		return {
			message: `Authorization failed: ${said ?? 'the service refused the credential'}`,
			description: CREDENTIAL_HINT,
			httpCode,
		};
	}

	if (statusCode === 404) {
		const named = idParameters.find((p) => p.value && said?.includes(p.value)) ?? idParameters.at(-1);
		return named
			? {
					message: `The ${named.label.toLowerCase()} with ID "${named.value}" was not found`,
					description: `Check the ${named.label} parameter: choose it from the list, or copy its ID from the dashboard. The service said: ${said ?? 'not found'}`,
					httpCode,
				}
			: {
					message: `Not found: ${said ?? 'the service has no such path'}`,
					description: 'Check the IDs given to this node, and the Base URL in the credential.',
					httpCode,
				};
	}

	if (statusCode === 429) {
		const retryAfter = response.headers?.['retry-after'];
		return {
			message: `The service is limiting the rate of requests (HTTP 429)${retryAfter ? `: it asks to wait ${String(retryAfter)} s` : ''}`,
			description:
				"Space the requests out: under this node's Options, add Request Options → Batching with fewer items per batch and an interval between batches, or turn on Retry On Fail in the node's Settings.",
			httpCode,
		};
	}

	if (statusCode >= 400 && statusCode < 500) {
		return {
			message: said ?? `The service rejected the request (HTTP ${statusCode})`,
			description:
				'Check the values given to this node: attribute keys must exist in the collection or list, and each value must fit the attribute type.',
			httpCode,
		};
	}

	if (statusCode >= 500) {
		return {
			message: `The service failed (HTTP ${statusCode})${said ? `: ${said}` : ''}`,
			description:
				"This is usually temporary. Turn on Retry On Fail in the node's Settings, or run the workflow again later.",
			httpCode,
		};
	}

	const envelope = (body ?? {}) as IDataObject;
	const rejected = `The service rejected the request: ${said ?? 'no reason given'}`;
	if (envelope.status === false) {
		return { message: rejected, description: 'Check the values given to this node and the credential.', httpCode };
	}
	if (envelope.success === 0) {
		return {
			message: rejected,
			description: 'Check the API key in the credential, the current token and the user group ID.',
			httpCode,
		};
	}
	if (envelope.success === false) {
		return {
			message: rejected,
			description: 'Check the recipient, the sender ID (it must be registered and approved) and the route.',
			httpCode,
		};
	}
	return undefined;
}

export function throwIfFailed(
	node: INode,
	response: IN8nHttpFullResponse,
	idParameters: IdParameter[] = [],
	itemIndex?: number,
): void {
	const failure = describeFailure(response, idParameters);
	if (!failure) return;
	const body = typeof response.body === 'object' && response.body !== null ? response.body : {};
	throw new NodeApiError(node, body as JsonObject, { ...failure, itemIndex });
}

/** The id parameters this node has, with their values, for naming the one a 404 is about. */
function idParametersOf(context: IExecuteSingleFunctions): IdParameter[] {
	const { parameters } = context.getNode();
	return Object.entries(ID_PARAMETERS)
		.filter(([name]) => parameters[name] !== undefined)
		.map(([name, label]) => ({
			label,
			value: String(context.getNodeParameter(name, '', { extractValue: true }) ?? ''),
		}));
}

/** The postReceive every operation starts with: API failures become node errors. */
export async function checkApiResponse(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const ids = response.statusCode === 404 ? idParametersOf(this) : [];
	throwIfFailed(this.getNode(), response, ids, this.getItemIndex());
	return items;
}
