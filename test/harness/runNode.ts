import { randomUUID } from 'crypto';
import { ExecutionLifecycleHooks, RoutingNode, WorkflowExecute } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
	IRun,
	IVersionedNodeType,
	IWorkflowExecuteAdditionalData,
	ExecutionError,
} from 'n8n-workflow';
import { createRunExecutionData, Workflow } from 'n8n-workflow';

import { TestCredentialsHelper } from './credentials';

export interface RunOptions {
	nodeType: INodeType;
	parameters: INodeParameters;
	/** The input items; one empty item by default, like a Manual Trigger. */
	items?: IDataObject[];
	/** Binary data of the input items, by item index (n8n's in-memory form: base64 `data`). */
	binaries?: Array<INodeExecutionData['binary']>;
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	continueOnFail?: boolean;
	/** The workflow's time zone (Workflow Settings); UTC unless given, as on an instance set to UTC. */
	timezone?: string;
	/** Node settings such as Retry On Fail: `{ retryOnFail: true, maxTries: 2, waitBetweenTries: 1 }` (n8n reads a 0 as its default, 1,000 ms). */
	settings?: Pick<INode, 'retryOnFail' | 'maxTries' | 'waitBetweenTries'>;
}

export interface RunResult {
	items: INodeExecutionData[];
	/** The node's error when it failed (Continue On Fail off). */
	error?: ExecutionError;
	run: IRun;
}

/** What n8n hands a node at run time, with our credentials helper; no hooks. */
export function additionalDataFor(credentials: Record<string, ICredentialDataDecryptedObject>) {
	return {
		credentialsHelper: new TestCredentialsHelper(credentials),
		currentNodeParameters: undefined,
		currentNodeExecutionIndex: 0,
		variables: {},
		restApiUrl: 'http://n8n.invalid/rest',
		instanceBaseUrl: 'http://n8n.invalid',
		webhookBaseUrl: 'http://n8n.invalid/webhook',
		webhookWaitingBaseUrl: 'http://n8n.invalid/webhook-waiting',
		webhookTestBaseUrl: 'http://n8n.invalid/webhook-test',
		formBaseUrl: 'http://n8n.invalid/form',
		formWaitingBaseUrl: 'http://n8n.invalid/form-waiting',
		formTestBaseUrl: 'http://n8n.invalid/form-test',
		mcpBaseUrl: 'http://n8n.invalid/mcp',
		mcpTestBaseUrl: 'http://n8n.invalid/mcp-test',
		logAiEvent: () => {},
	} as unknown as IWorkflowExecuteAdditionalData;
}

const NODE_NAME = 'Node Under Test';

/** A node of `nodeType` as a workflow holds it, with a credential of each type it takes. */
export function testNode(
	nodeType: INodeType,
	parameters: INodeParameters,
	{ id = 'node-under-test', name = NODE_NAME }: Partial<Pick<INode, 'id' | 'name'>> = {},
): INode {
	return {
		id,
		name,
		type: `n8n-nodes-workspace-records.${nodeType.description.name}`,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: Object.fromEntries(
			(nodeType.description.credentials ?? []).map(({ name: type }) => [
				type,
				{ id: type, name: type },
			]),
		),
	};
}

/**
 * A node type as n8n's CLI loads it (`NodeTypes`, `shouldAssignExecuteMethod` in n8n/dist):
 * a declarative type (requestDefaults set) gets an `execute` that runs its routing, also when it
 * has a `webhook`. n8n-core alone would give such a type no input for its expressions.
 */
export function loadedAsN8nDoes(nodeType: INodeType): INodeType {
	const { description } = nodeType;
	const declarative = description.requestDefaults !== undefined;
	const assigned =
		!nodeType.execute &&
		!nodeType.supplyData &&
		!nodeType.poll &&
		!nodeType.trigger &&
		(!nodeType.webhook || declarative) &&
		(!nodeType.methods || declarative);
	if (!assigned) return nodeType;
	const loaded = Object.create(nodeType) as INodeType;
	loaded.execute = async function (this: IExecuteFunctions) {
		// n8n's CLI hands RoutingNode the execute context it was called with.
		const context = this as ConstructorParameters<typeof RoutingNode>[0];
		return (await new RoutingNode(context, loaded).runNode()) ?? [];
	};
	return loaded;
}

export class SingleNodeTypes implements INodeTypes {
	private readonly nodeType: INodeType;

	constructor(nodeType: INodeType) {
		this.nodeType = loadedAsN8nDoes(nodeType);
	}

	getByName(): INodeType | IVersionedNodeType {
		return this.nodeType;
	}

	getByNameAndVersion(): INodeType {
		return this.nodeType;
	}

	getKnownTypes() {
		return {};
	}
}

/**
 * Runs one node through n8n-core's WorkflowExecute, and so through the real RoutingNode
 * for declarative nodes: parameters, expressions, preSend, pagination, postReceive and
 * Continue On Fail all behave as in n8n. Requests really go out over HTTP.
 */
export async function runNode({
	nodeType,
	parameters,
	items = [{}],
	binaries,
	credentials = {},
	continueOnFail = false,
	timezone = 'UTC',
	settings = {},
}: RunOptions): Promise<RunResult> {
	const node: INode = {
		...testNode(nodeType, parameters),
		...(continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
		...settings,
	};
	const workflow = new Workflow({
		id: 'test-workflow',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: new SingleNodeTypes(nodeType),
		settings: { timezone },
	});

	// Each run is its own execution, as in n8n: what a node remembers per execution stays in it.
	const executionId = randomUUID();
	const hooks = new ExecutionLifecycleHooks('manual', executionId, {
		id: 'test-workflow',
		name: 'test',
		active: false,
		isArchived: false,
		nodes: [node],
		connections: {},
		createdAt: new Date(),
		updatedAt: new Date(),
		activeVersionId: null,
	} as never);
	let resolveRun: (run: IRun) => void = () => {};
	const finished = new Promise<IRun>((resolve) => (resolveRun = resolve));
	hooks.addHandler('workflowExecuteAfter', (run) => resolveRun(run));

	const additionalData = {
		...additionalDataFor(credentials),
		hooks,
		executionId,
	} as IWorkflowExecuteAdditionalData;

	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [
				{
					node,
					data: { main: [items.map((json, i) => ({ json, binary: binaries?.[i] }))] },
					source: null,
				},
			],
		},
	});

	await new WorkflowExecute(additionalData, 'manual', runExecutionData).processRunExecutionData(
		workflow,
	);
	const run = await finished;
	const task = run.data.resultData.runData[NODE_NAME]?.[0];
	return {
		items: task?.data?.main?.[0] ?? [],
		error: task?.error ?? run.data.resultData.error,
		run,
	};
}
