import type {
	INodePropertyOptions,
	INode,
	INodeParameters,
	INodeProperties,
	INodeType,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { WorkspaceLists } from '../../nodes/WorkspaceLists/WorkspaceLists.node';
import { WorkspaceRecords } from '../../nodes/WorkspaceRecords/WorkspaceRecords.node';
import { WorkspaceActivitiesTrigger } from '../../nodes/WorkspaceActivitiesTrigger/WorkspaceActivitiesTrigger.node';
import { WorkspaceListsTrigger } from '../../nodes/WorkspaceListsTrigger/WorkspaceListsTrigger.node';
import { WorkspaceRecordsTrigger } from '../../nodes/WorkspaceRecordsTrigger/WorkspaceRecordsTrigger.node';
import { WorkspaceSms } from '../../nodes/WorkspaceSms/WorkspaceSms.node';
import { WorkspaceUserGroups } from '../../nodes/WorkspaceUserGroups/WorkspaceUserGroups.node';
import { WorkspaceWhatsApp } from '../../nodes/WorkspaceWhatsApp/WorkspaceWhatsApp.node';
import { WorkspaceWhatsAppTrigger } from '../../nodes/WorkspaceWhatsAppTrigger/WorkspaceWhatsAppTrigger.node';
import { CREDENTIAL_TYPES } from '../harness/credentials';
import { ACTION_NODES, POLL_TRIGGERS } from '../harness/nodes';
import { SingleNodeTypes } from '../harness/runNode';

const NODES = ACTION_NODES;

const TRIGGERS = POLL_TRIGGERS;

/** Invariants of every node description, which lint cannot see. */
describe.each(NODES.map((node) => [node.description.name, node] as const))('%s', (_, node) => {
	const { properties } = node.description;
	const resources = properties.find((p) => p.name === 'resource')!;
	const operationSelectors = properties.filter((p) => p.name === 'operation');
	const resourceValues = resources.options!.map((o) => ('value' in o ? o.value : undefined));
	const operationsOf = (resource: string) =>
		operationSelectors
			.find((p) => p.displayOptions?.show?.resource?.includes(resource))!
			.options!.map((o) => ('value' in o ? o.value : undefined));

	test('is usable as a tool and declarative', () => {
		expect(node.description.usableAsTool).toBe(true);
		expect(node.description.requestDefaults).toBeDefined();
		expect(node.execute).toBeUndefined();
	});

	test('every selector default is one of its options', () => {
		for (const selector of [resources, ...operationSelectors]) {
			const values = selector.options!.map((o) => ('value' in o ? o.value : undefined));
			expect(values).toContain(selector.default);
		}
	});

	test('every resource has an operation selector whose options have action text and a request, or run as a custom operation', () => {
		for (const resource of resourceValues) {
			const selector = operationSelectors.find((p) =>
				p.displayOptions?.show?.resource?.includes(resource as string),
			);
			expect(selector).toBeDefined();
			for (const option of selector!.options! as INodePropertyOptions[]) {
				const custom = node.customOperations?.[resource as string]?.[String(option.value)];
				expect(option).toMatchObject({
					action: expect.stringMatching(/^[A-Z]/),
					...(custom ? {} : { routing: { request: expect.anything() } }),
				});
				// A custom operation waits through the node's webhook (n8n's resume address).
				if (custom) expect(node.webhook).toBeDefined();
			}
		}
	});

	test('no field points at a resource or operation that does not exist', () => {
		const fields = properties.filter(
			(p: INodeProperties) => p.name !== 'resource' && p.name !== 'operation',
		);
		for (const field of fields) {
			const show = field.displayOptions?.show ?? {};
			for (const resource of (show.resource ?? []) as string[]) {
				expect(resourceValues).toContain(resource);
				for (const operation of (show.operation ?? []) as string[]) {
					expect(operationsOf(resource)).toContain(operation);
				}
			}
		}
	});

	test('no two fields of one operation share a name unless their conditions differ', () => {
		const seen = new Set<string>();
		for (const field of properties) {
			const key = `${field.name}|${JSON.stringify(field.displayOptions ?? {})}`;
			expect(seen.has(key)).toBe(false);
			seen.add(key);
		}
	});
});

/** What the canvas shows under a node: its subtitle, evaluated by n8n's expression engine. */
function subtitleFor(nodeType: INodeType, parameters: INodeParameters): string {
	const node: INode = {
		id: 'n',
		name: 'Node',
		type: `n8n-nodes-workspace-records.${nodeType.description.name}`,
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: new SingleNodeTypes(nodeType),
	});
	return String(
		workflow.expression.getSimpleParameterValue(
			node,
			nodeType.description.subtitle as string,
			'internal',
			{},
		),
	);
}

test.each([
	[new WorkspaceRecords(), { resource: 'record', operation: 'getAll' }, 'Get Many: Record'],
	[new WorkspaceRecords(), { resource: 'record', operation: 'upsert' }, 'Create or Update: Record'],
	[new WorkspaceLists(), { resource: 'listEntry', operation: 'create' }, 'Create: List Entry'],
	[
		new WorkspaceUserGroups(),
		{ resource: 'userGroup', operation: 'createOrRotate' },
		'Create or Rotate Token: User Group',
	],
	[
		new WorkspaceWhatsApp(),
		{ resource: 'message', operation: 'sendTemplate' },
		'Send Template: Message',
	],
	[new WorkspaceSms(), { resource: 'deliveryReport', operation: 'get' }, 'Get: Delivery Report'],
	[new WorkspaceRecordsTrigger(), { event: 'newRecord' }, 'New Record'],
	[new WorkspaceListsTrigger(), { event: 'listEntryUpdated' }, 'List Entry Updated'],
	[new WorkspaceActivitiesTrigger(), { event: 'activityDue' }, 'Activity Due'],
	[
		new WorkspaceWhatsAppTrigger(),
		{ events: ['incoming.whatsapp.message', 'delivery_status'] },
		'Incoming WhatsApp Message, Delivery Status',
	],
])("the canvas subtitle speaks the dropdowns' words: %#", (node, parameters, shown) => {
	expect(subtitleFor(node, parameters)).toBe(shown);
});

/** Every string of a description that n8n would evaluate as an expression, with where it is. */
function expressionsIn(value: unknown, path = ''): string[] {
	if (typeof value === 'string') return value.startsWith('=') ? [`${path}: ${value}`] : [];
	if (Array.isArray(value))
		return value.flatMap((entry, i) => expressionsIn(entry, `${path}[${i}]`));
	if (typeof value === 'object' && value !== null) {
		return Object.entries(value).flatMap(([key, entry]) => expressionsIn(entry, `${path}.${key}`));
	}
	return [];
}

test.each(NODES.map((node) => [node.description.name, node] as const))(
	'%s evaluates no expression of ours per item: paths and bodies are built in code',
	(_, node) => {
		const { subtitle, requestDefaults, ...rest } = node.description;
		// The subtitle is the editor's, evaluated once per node on the canvas. The base URL is
		// a placeholder the credential fills in (transport/baseUrl.ts), not an expression.
		expect(String(subtitle)).toMatch(/^=\{\{/);
		expect(String(requestDefaults?.baseURL)).toMatch(/^\{(baseUrl|aiBaseUrl)\}$/);
		// One exception: Time Zone's default, the one way the editor can show the workflow's time
		// zone where Schedule At is entered (a hint or notice is not evaluated). About 3 ms an item,
		// on Activity Create and Update only; a zone typed in instead costs nothing.
		// And the fields of a custom operation (Wait for Status): routing never runs it, n8n calls
		// its own code, which reads them once.
		const custom = (p: INodeProperties) => {
			const { resource = [], operation = [] } = p.displayOptions?.show ?? {};
			return (
				resource.length === 1 &&
				operation.length > 0 &&
				operation.every((op) => node.customOperations?.[String(resource[0])]?.[String(op)])
			);
		};
		const allowed = rest.properties
			.map((p, i) =>
				p.name === 'timeZone'
					? `.properties[${i}].default: ={{ $now.zoneName }}`
					: custom(p)
						? `.properties[${i}].default: ${String(p.default)}`
						: '',
			)
			.filter(Boolean);
		// And n8n's own waiting address of a send-and-wait link, which n8n resolves, not per item.
		(rest.webhooks ?? []).forEach((webhook, i) => {
			if (webhook.path === '={{ $nodeId }}') allowed.push(`.webhooks[${i}].path: ={{ $nodeId }}`);
		});
		expect(
			expressionsIn({ ...rest, requestDefaults }).filter((found) => !allowed.includes(found)),
		).toEqual([]);
	},
);

/** Every method a description names by string, with the kind of method it must be. */
function methodsNamedIn(value: unknown): Array<[kind: string, name: string]> {
	if (Array.isArray(value)) return value.flatMap(methodsNamedIn);
	if (typeof value !== 'object' || value === null) return [];
	const named: Array<[string, string]> = [];
	const { searchListMethod, loadOptionsMethod, resourceMapperMethod } = value as Record<
		string,
		unknown
	>;
	if (typeof searchListMethod === 'string') named.push(['listSearch', searchListMethod]);
	if (typeof loadOptionsMethod === 'string') named.push(['loadOptions', loadOptionsMethod]);
	if (typeof resourceMapperMethod === 'string')
		named.push(['resourceMapping', resourceMapperMethod]);
	return [...named, ...Object.values(value).flatMap(methodsNamedIn)];
}

test.each([...NODES, ...TRIGGERS].map((node) => [node.description.name, node] as const))(
	'%s has every method its fields name (a rename would empty a dropdown silently)',
	(_, node) => {
		const named = methodsNamedIn(node.description.properties);
		const methods = node.methods as Record<string, Record<string, unknown> | undefined>;
		const missing = named.filter(([kind, name]) => typeof methods?.[kind]?.[name] !== 'function');
		expect(missing).toEqual([]);
		if (node.description.name === 'workspaceRecords') expect(named.length).toBeGreaterThan(3);
	},
);

test.each([...NODES, ...TRIGGERS].map((node) => [node.description.name, node] as const))(
	'%s names a credential that exists and its test (n8n takes the first node that names one)',
	(_, node) => {
		const credentials = node.description.credentials ?? [];
		expect(credentials).toHaveLength(1);
		const [{ name, testedBy }] = credentials;
		expect(Object.keys(CREDENTIAL_TYPES)).toContain(name);
		// A credential with a `test` of its own would be tested by that, never by `testedBy`.
		expect(CREDENTIAL_TYPES[name].test).toBeUndefined();
		const methods = node.methods as Record<string, Record<string, unknown> | undefined>;
		expect(typeof methods?.credentialTest?.[testedBy as string]).toBe('function');
	},
);

test.each(NODES.map((node) => [node.description.name, node] as const))(
	'%s: every display rule names a parameter of its level, or a path from the root (n8n 1.x fails every run otherwise)',
	(_, node) => {
		const { properties } = node.description;
		const names = new Set(properties.map((p) => p.name));
		const unresolvable = properties.flatMap((p) =>
			Object.values(p.displayOptions ?? {}).flatMap((rule) =>
				Object.keys(rule ?? {})
					.filter((key) => !/^[/@]/.test(key) && !names.has(key))
					.map((key) => `${p.name}: ${key}`),
			),
		);
		expect(unresolvable).toEqual([]);
	},
);
