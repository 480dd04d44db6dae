import { PollContext } from 'n8n-core';
import type { ICredentialDataDecryptedObject, INodeParameters, INodeType } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { additionalDataFor, SingleNodeTypes, testNode } from './runNode';

/**
 * A polling trigger in one active workflow: each call is one poll through n8n-core's real
 * PollContext, and the workflow's static data (the trigger's cursor) lives on between polls,
 * as it does while a workflow is active.
 */
export function activeTrigger(
	nodeType: INodeType,
	parameters: INodeParameters,
	credentials: Record<string, ICredentialDataDecryptedObject>,
) {
	const node = testNode(nodeType, parameters, { id: 'trigger-under-test', name: 'Trigger' });
	const workflow = new Workflow({
		id: 'trigger-workflow',
		nodes: [node],
		connections: {},
		active: true,
		nodeTypes: new SingleNodeTypes(nodeType),
		staticData: {},
		settings: { timezone: 'UTC' },
	});
	const additionalData = additionalDataFor(credentials);
	return {
		workflow,
		/** One poll; the ids it emitted, in order (empty when it returned null). */
		async poll(mode: 'trigger' | 'manual' = 'trigger'): Promise<string[]> {
			const context = new PollContext(workflow, node, additionalData, mode, 'activate');
			const result = await nodeType.poll!.call(context);
			return (result?.[0] ?? []).map((item) => String(item.json._id));
		},
	};
}
