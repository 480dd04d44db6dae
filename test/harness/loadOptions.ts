import { LoadOptionsContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ILoadOptionsFunctions,
	INodeParameters,
	INodeType,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { additionalDataFor, SingleNodeTypes, testNode } from './runNode';

/**
 * The context n8n gives a dropdown or search method while a user edits the node: n8n-core's
 * own LoadOptionsContext, with the node's current parameters and our credentials.
 */
export function loadOptionsContext(
	nodeType: INodeType,
	parameters: INodeParameters,
	credentials: Record<string, ICredentialDataDecryptedObject>,
): ILoadOptionsFunctions {
	const node = testNode(nodeType, parameters, { id: 'node-being-edited', name: 'Node' });
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: new SingleNodeTypes(nodeType),
	});
	return new LoadOptionsContext(workflow, node, additionalDataFor(credentials), '');
}
