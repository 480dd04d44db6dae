import type { INode, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { getToolDescriptionForNode } from 'n8n-workflow';
import { sys } from 'typescript';
import { ACTION_NODES } from '../harness/nodes';

/**
 * With Tool Description on "Set Automatically" (the default), n8n tells an AI model what a tool
 * does with the operation's `action` alone (n8n-workflow's `makeDescription`): these tests read
 * the descriptions through n8n's own function and hold them to what the docs promise.
 */

const NODES = ACTION_NODES;

interface Tool {
	node: string;
	resource: string;
	operation: string;
	/** What the model is told. */
	description: string;
}

const optionsOf = (property: INodeProperties) => (property.options ?? []) as INodePropertyOptions[];

/** Every operation of every action node as a tool node with n8n's defaults, and its description. */
const TOOLS: Tool[] = NODES.flatMap((nodeType) => {
	const { properties, displayName } = nodeType.description;
	const resources = optionsOf(properties.find((p) => p.name === 'resource')!);
	return resources.flatMap((resource) => {
		const selector = properties.find(
			(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource.value),
		)!;
		return optionsOf(selector).map((operation) => {
			const node = {
				parameters: { resource: resource.value, operation: operation.value },
			} as unknown as INode;
			return {
				node: displayName,
				resource: resource.name,
				operation: operation.name,
				description: String(getToolDescriptionForNode(node, nodeType)),
			};
		});
	});
});

const find = (node: string, resource: string, operation: string) =>
	TOOLS.find((t) => t.node === node && t.resource === resource && t.operation === operation);

/** The rules docs/ai-agents.md and the node pages say the model is told. */
const PROMISED: Array<[node: string, resource: string, operation: string, rule: RegExp]> = [
	[
		'Workspace WhatsApp',
		'Message',
		'Send in Conversation',
		/within 24 hours of the customer's last message/,
	],
	['Workspace WhatsApp', 'Message', 'Send in Conversation', /else use Send Template/],
	['Workspace WhatsApp', 'Message', 'Send Template', /who has not written in the last 24 hours/],
	['Workspace Records', 'Record', 'Create', /To avoid twins .* use Create or Update/],
	['Workspace Records', 'Record', 'Create or Update', /matched on an attribute .* no twin/],
	['Workspace Records', 'Record', 'Update', /only the attributes given change/],
	[
		'Workspace Lists',
		'List Entry',
		'Create',
		/record's _id; the record must be of the list's collection/,
	],
	['Workspace Lists', 'List Entry', 'Delete', /the record itself stays/],
	['Workspace Activities', 'Activity', 'Create', /ISO 8601 with its offset/],
	[
		'Workspace Attributes',
		'Attribute',
		'Create',
		/API Key Name must be new .* records can use it at once/,
	],
	[
		'Workspace Attributes',
		'Attribute',
		'Update',
		/only the fields given change; a new API Key Name must be unused/,
	],
	['Workspace Attributes', 'Status Option', 'Update', /the API cannot add options/],
	['Workspace SMS', 'SMS', 'Send', /country code/],
];

test.each(PROMISED)('%s → %s → %s tells the model %s', (node, resource, operation, rule) => {
	const tool = find(node, resource, operation);
	expect(tool).toBeDefined();
	expect(tool!.description).toMatch(rule);
});

test('every operation tells the model its own action, in its node', () => {
	for (const tool of TOOLS) {
		expect(tool.description).toMatch(new RegExp(` in ${tool.node}$`));
		// Not n8n's fallback "<operation> <resource> in …", nor the node's own description.
		expect(tool.description).toMatch(/^[A-Z]/);
	}
});

test('an action stays short enough to name a node: n8n names a new node after it', () => {
	for (const tool of TOOLS) {
		expect(tool.description.replace(/ in [^]*$/, '').length).toBeLessThanOrEqual(125);
	}
});

/** The table of docs/ai-agents.md: Node | Resource | Operation | What the model is told. */
function documentedTools(): Tool[] {
	// Through TypeScript's `sys`: n8n's lint allows no `fs` or `__dirname`, even in tests.
	const root = expect.getState().testPath!.replace(/[\\/]test[\\/]nodes[\\/][^\\/]+$/, '');
	const page = sys.readFile(`${root}/docs/ai-agents.md`) ?? '';
	const section = page.split('## What the model is told')[1]?.split('\n## ')[0] ?? '';
	return section
		.split('\n')
		.filter(
			(line) => line.startsWith('| ') && !line.startsWith('| Node ') && !line.startsWith('|---'),
		)
		.map((line) => {
			const [node, resource, operation, description] = line
				.slice(2, -2)
				.split(' | ')
				.map((cell) => cell.trim());
			return { node, resource, operation, description };
		});
}

test('docs/ai-agents.md shows exactly what the model is told, for every operation', () => {
	expect(documentedTools()).toEqual(TOOLS);
});
