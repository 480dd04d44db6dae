import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	PostReceiveAction,
} from 'n8n-workflow';

import { apiError } from './transport';

/**
 * An operation's `readAnswer` for a refusal only it can explain, before the shared error mapper
 * (which says everything else): what the service said becomes this operation's words.
 */

/** Whether an answer refuses the request's values: a 4xx other than credential, path and rate, or `status: false`. */
export function isRefusal({ statusCode, body }: IN8nHttpFullResponse): boolean {
	if (statusCode >= 400 && statusCode < 500) return ![401, 403, 404, 429].includes(statusCode);
	const envelope = envelopeOf(body);
	return statusCode < 300 && (envelope.status === false || envelope.success === false);
}

const envelopeOf = (body: unknown): IDataObject =>
	typeof body === 'object' && body !== null ? (body as IDataObject) : {};

/** The service's `message`, or '' when it gave none. */
const refusalText = ({ body }: IN8nHttpFullResponse): string => {
	const said = envelopeOf(body).message;
	return typeof said === 'string' ? said : '';
};

export type ExplainRefusal = (
	context: IExecuteSingleFunctions,
	said: string,
	response: IN8nHttpFullResponse,
) => { message: string; description: string };

/** A refusal fails the item in `explain`'s words; any other answer goes on to the error mapper. */
export const explainRefusal = (explain: ExplainRefusal): PostReceiveAction =>
	async function (
		this: IExecuteSingleFunctions,
		items: INodeExecutionData[],
		response: IN8nHttpFullResponse,
	): Promise<INodeExecutionData[]> {
		if (!isRefusal(response)) return items;
		const failure = explain(this, refusalText(response), response);
		// A refusal: the door does not retry it.
		throw apiError(this.getNode(), response, failure, this.getItemIndex());
	};
