// Every routed operation of every node explains a refusal in its node's words (its hints.ts),
// never in the defaults: read from what each operation's postReceive throws.
import type {
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeProperties,
	INodePropertyOptions,
	INodeType,
} from 'n8n-workflow';
import { sys } from 'typescript';

import type { Hints } from '../../nodes/shared/transport';
import { DEFAULT_HINTS } from '../../nodes/shared/transport';
import { ACTIVITIES_HINTS } from '../../nodes/WorkspaceActivities/hints';
import { ATTRIBUTES_HINTS } from '../../nodes/WorkspaceAttributes/hints';
import { EMAIL_HINTS } from '../../nodes/WorkspaceEmail/hints';
import { LISTS_HINTS } from '../../nodes/WorkspaceLists/hints';
import { MEMBERS_HINTS } from '../../nodes/WorkspaceMembers/hints';
import { RCS_HINTS } from '../../nodes/WorkspaceRcs/hints';
import { RECORDS_HINTS } from '../../nodes/WorkspaceRecords/hints';
import { SMS_HINTS } from '../../nodes/WorkspaceSms/hints';
import { USER_GROUPS_HINTS } from '../../nodes/WorkspaceUserGroups/hints';
import { WHATSAPP_HINTS } from '../../nodes/WorkspaceWhatsApp/hints';
import { ACTION_NODES } from '../harness/nodes';

/** A node with routed operations and no entry here fails: give it a hints.ts and list it. */
const NODE_HINTS: Record<string, Hints> = {
	workspaceActivities: ACTIVITIES_HINTS,
	workspaceAttributes: ATTRIBUTES_HINTS,
	workspaceEmail: EMAIL_HINTS,
	workspaceLists: LISTS_HINTS,
	workspaceMembers: MEMBERS_HINTS,
	workspaceRcs: RCS_HINTS,
	workspaceRecords: RECORDS_HINTS,
	workspaceSms: SMS_HINTS,
	workspaceUserGroups: USER_GROUPS_HINTS,
	workspaceWhatsApp: WHATSAPP_HINTS,
};

/** Resources several nodes share (nodes/shared), with words of their own. */
const SHARED_RESOURCES = ['deliveryReport'];

// n8n's lint allows no `fs`, `__dirname` or `require`, even in tests (as codex.test.ts reads).
const ROOT = expect.getState().testPath!.replace(/[\\/]test[\\/]nodes[\\/]hints\.test\.ts$/, '');

/** Every node in package.json, from its source: `<Name>` exported from `<Name>.node.ts`. */
async function packageNodes(): Promise<INodeType[]> {
	const { nodes } = (
		JSON.parse(sys.readFile(`${ROOT}/package.json`)!) as { n8n: { nodes: string[] } }
	).n8n;
	return await Promise.all(
		nodes.map(async (file) => {
			const path = file.replace(/^dist\//, '../../').replace(/\.js$/, '');
			const exported = (await import(path)) as Record<string, new () => INodeType>;
			return new exported[path.replace(/^.*\/|\.node$/g, '')]();
		}),
	);
}

/** [resource, option] for every operation with a request. */
const routedOperations = (properties: INodeProperties[]) =>
	properties
		.filter((p) => p.name === 'operation')
		.flatMap((selector) =>
			(selector.options as INodePropertyOptions[])
				.filter((option) => option.routing)
				.map((option) => [String(selector.displayOptions?.show?.resource?.[0]), option] as const),
		);

const context = {
	getNode: () => ({ id: '1', name: 'Node', type: 'node', typeVersion: 1, position: [0, 0] }),
	getItemIndex: () => 0,
} as unknown as IExecuteSingleFunctions;

/** What each postReceive step says of an answer: the descriptions of the errors they throw. */
async function wordsFor(option: INodePropertyOptions, statusCode: number): Promise<string[]> {
	const response = { statusCode, body: {}, headers: {} } as IN8nHttpFullResponse;
	const said: string[] = [];
	for (const action of option.routing?.output?.postReceive ?? []) {
		if (typeof action !== 'function') continue;
		try {
			await action.call(context, [{ json: {} }], response);
		} catch (error) {
			// A step that needs more of the context than this one has says nothing here.
			const { description } = error as { description?: string };
			if (description) said.push(description);
		}
	}
	return said;
}

/** [node, resource, operation, option] for every operation with a request, in every node. */
const ROUTED = ACTION_NODES.flatMap((node) =>
	routedOperations(node.description.properties).map(
		([resource, option]) =>
			[node.description.name, resource, String(option.value), option] as const,
	),
);

test('every node in package.json with routed operations is checked here, with its hints', async () => {
	const routed = (await packageNodes())
		.filter((node) => routedOperations(node.description.properties).length > 0)
		.map((node) => node.description.name);
	expect(routed.sort()).toEqual(Object.keys(NODE_HINTS).sort());
	expect([...new Set(ROUTED.map(([name]) => name))].sort()).toEqual(routed);
});

const sharedWords = new Map<string, string[]>();

test.each(ROUTED)(
	"%s %s %s explains a refusal in its node's words, not the defaults",
	async (name, resource, _, option) => {
		const rejected = await wordsFor(option, 400);
		expect(rejected).not.toHaveLength(0);
		expect(rejected).not.toContain(DEFAULT_HINTS.rejected);
		if (SHARED_RESOURCES.includes(resource)) {
			// One set of words, whichever node the shared resource is in.
			const first = sharedWords.get(resource) ?? rejected;
			sharedWords.set(resource, first);
			expect(rejected).toEqual(first);
			return;
		}
		expect(rejected).toContain(NODE_HINTS[name].rejected);
		expect(await wordsFor(option, 401)).toContain(NODE_HINTS[name].credential);
	},
);
