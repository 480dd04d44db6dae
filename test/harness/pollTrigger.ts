import { PollContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INodeParameters,
	INodeType,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { additionalDataFor, SingleNodeTypes, testNode } from './runNode';

/** Each trigger a workflow of its own: what the process remembers per trigger never leaks between tests. */
let workflows = 0;

/**
 * A polling trigger in one active workflow: each call is one poll through n8n-core's real
 * PollContext, and the workflow's static data (the trigger's cursor) lives on between polls,
 * as it does while a workflow is active.
 */
export function activeTrigger(
	nodeType: INodeType,
	parameters: INodeParameters,
	credentials: Record<string, ICredentialDataDecryptedObject>,
	{ staticData = {} }: { staticData?: IDataObject } = {},
) {
	const node = testNode(nodeType, parameters, { id: 'trigger-under-test', name: 'Trigger' });
	const workflow = new Workflow({
		id: `trigger-workflow-${++workflows}`,
		nodes: [node],
		connections: {},
		active: true,
		nodeTypes: new SingleNodeTypes(nodeType),
		staticData,
		settings: { timezone: 'UTC' },
	});
	const additionalData = additionalDataFor(credentials);
	return {
		workflow,
		/** One poll; the items it emitted, in order (empty when it returned null). */
		async pollItems(mode: 'trigger' | 'manual' = 'trigger'): Promise<IDataObject[]> {
			const context = new PollContext(workflow, node, additionalData, mode, 'activate');
			const result = await nodeType.poll!.call(context);
			return (result?.[0] ?? []).map((item) => item.json);
		},
		/** One poll; the ids it emitted, in order. */
		async poll(mode: 'trigger' | 'manual' = 'trigger'): Promise<string[]> {
			return (await this.pollItems(mode)).map((json) => String(json._id));
		},
	};
}

/**
 * Polls with `poll` until `done()` holds, at most `maxPolls` times: a pass that never ends fails
 * at once, saying what did not happen, instead of looping into the test's timeout. `done` is
 * asked before each poll, so an already finished pass takes none. What each poll returned, in
 * order.
 */
export async function pollUntil<T>(
	what: string,
	maxPolls: number,
	poll: () => Promise<T>,
	done: () => boolean,
): Promise<T[]> {
	const results: T[] = [];
	while (!done()) {
		if (results.length >= maxPolls) throw new Error(`${what}: not within ${maxPolls} polls`);
		results.push(await poll());
	}
	return results;
}
