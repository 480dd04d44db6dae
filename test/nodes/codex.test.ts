import type { INodeProperties, INodeType } from 'n8n-workflow';
import { SEND_AND_WAIT_OPERATION } from 'n8n-workflow';
import { sys } from 'typescript';

import { CREDENTIAL_TYPES } from '../harness/credentials';

// Files are read through TypeScript's `sys` (a dev dependency): n8n's lint allows no `fs`,
// `path` or `__dirname`, even in tests. The package root is found from this file's own path.
const ROOT = expect.getState().testPath!.replace(/[\\/]test[\\/]nodes[\\/]codex\.test\.ts$/, '');

function read(file: string): string {
	const text = sys.readFile(`${ROOT}/${file}`);
	if (text === undefined) throw new Error(`${file} not found`);
	return text;
}

interface Codex {
	node: string;
	categories: string[];
	subcategories?: Record<string, string[]>;
	resources: {
		primaryDocumentation: Array<{ url: string }>;
		credentialDocumentation?: Array<{ url: string }>;
	};
}

const README = read('README.md');
const REPOSITORY = (JSON.parse(read('package.json')) as { homepage: string }).homepage.replace(
	/#.*$/,
	'',
);

/** Every nodes/<Dir>/<Name>.node.json, as [Name, path from the root]. */
const CODEX_FILES = sys
	.readDirectory(`${ROOT}/nodes`, ['.json'], undefined, ['*/*.node.json'])
	.map((file) => file.slice(ROOT.length + 1))
	.map((file) => [file.replace(/^.*\/|\.node\.json$/g, ''), file] as const);

/**
 * The file of this repository a documentation link opens. No fragment: n8n appends
 * `?utm_source=…` to a node's documentation link (NodeSettings, `docsUrl`), after which a
 * fragment no longer lands; a page of its own does, query or not.
 */
function fileOf(url: string): string {
	expect(url).not.toContain('#');
	const prefix = `${REPOSITORY}/blob/main/`;
	expect(url.startsWith(prefix)).toBe(true);
	const file = url.slice(prefix.length);
	read(file);
	return file;
}

/** The file an icon path (`file:` + relative to the node's folder) names, from the root. */
function iconFile(nodeFile: string, icon: string): string {
	const parts = nodeFile.split('/').slice(0, -1);
	for (const part of icon.replace(/^file:/, '').split('/')) {
		if (part === '..') parts.pop();
		else if (part !== '.') parts.push(part);
	}
	return parts.join('/');
}

/** The node class that a codex file describes: `<Name>` exported from `<Name>.node.ts` beside it. */
async function descriptionOf(name: string, codexFile: string) {
	const exported = (await import(`../../${codexFile.replace(/\.json$/, '')}`)) as Record<
		string,
		new () => INodeType
	>;
	return new exported[name]().description;
}

test('every node in package.json has a codex file', () => {
	const nodes = (JSON.parse(read('package.json')) as { n8n: { nodes: string[] } }).n8n.nodes;
	expect(CODEX_FILES.map(([, file]) => file).sort()).toEqual(
		nodes.map((node) => node.replace(/^dist\//, '').replace(/\.js$/, '.json')).sort(),
	);
});

describe.each(CODEX_FILES)('%s', (name, codexFile) => {
	const codex = JSON.parse(read(codexFile)) as Codex;
	const load = () => descriptionOf(name, codexFile);

	test("its Docs link opens the node's own page, which the README links to", async () => {
		const { displayName, name: nodeName, hidden } = await load();
		expect(codex.node).toBe(`n8n-nodes-workspace-records.${nodeName}`);
		expect(codex.resources.primaryDocumentation).toHaveLength(1);
		const file = fileOf(codex.resources.primaryDocumentation[0].url);
		expect(file).toBe(`docs/nodes/${name}.md`);
		// A hidden node (kept for saved workflows) opens the page of what replaced it, which names it.
		if (hidden) expect(read(file).split('\n\n')[1]).toContain(displayName.replace(/^\S+ /, ''));
		else expect(read(file).split('\n')[0]).toBe(`# ${displayName}`);
		expect(README).toContain(`](${file})`);
	});

	test('its credential Docs links open the credentials page', () => {
		for (const { url } of codex.resources.credentialDocumentation ?? []) {
			expect(fileOf(url)).toBe('docs/credentials.md');
		}
	});

	test('its light and dark icons exist and are different files', async () => {
		const { icon } = await load();
		expect(icon).toEqual({ light: expect.any(String), dark: expect.any(String) });
		const { light, dark } = icon as { light: string; dark: string };
		const lightFile = iconFile(codexFile, light);
		const darkFile = iconFile(codexFile, dark);
		expect(lightFile).not.toBe(darkFile);
		expect(read(lightFile)).toMatch(/<svg[\s>]/);
		expect(read(darkFile)).toMatch(/<svg[\s>]/);
		expect(read(lightFile)).not.toBe(read(darkFile));
	});
});

test('every node has an icon of its own', async () => {
	const lightIcons = await Promise.all(
		CODEX_FILES.map(
			async ([name, file]) => ((await descriptionOf(name, file)).icon as { light: string }).light,
		),
	);
	expect(new Set(lightIcons).size).toBe(CODEX_FILES.length);
});

/** Whether a node's Operation offers n8n's send-and-wait (`operation` option `sendAndWait`). */
const sendsAndWaits = (properties: INodeProperties[]) =>
	properties.some(
		({ name, options }) =>
			name === 'operation' &&
			(options ?? []).some(
				(option) => 'value' in option && option.value === SEND_AND_WAIT_OPERATION,
			),
	);

// n8n's node panel lists under Human review the nodes whose codex has the category HITL and the
// subcategory "Human in the Loop" (editor viewsData.ts getSendAndWaitNodes), with their
// sendAndWait action; a node without that action would be listed there with nothing to add, and a
// hidden one (kept for saved workflows) is not offered at all.
test('the shown nodes with a sendAndWait operation, and only they, are in the Human review category', async () => {
	const found = await Promise.all(
		CODEX_FILES.map(async ([name, file]) => {
			const codex = JSON.parse(read(file)) as Codex;
			const description = await descriptionOf(name, file);
			return {
				name,
				sendsAndWaits: !description.hidden && sendsAndWaits(description.properties),
				hitl: codex.categories.includes('HITL'),
				subcategory: codex.subcategories?.HITL,
			};
		}),
	);
	expect(found.filter((node) => node.sendsAndWaits).map((node) => node.name)).toEqual(
		expect.arrayContaining(['WorkspaceEmail', 'WorkspaceSms', 'WorkspaceWhatsApp']),
	);
	for (const node of found) {
		expect({ name: node.name, hitl: node.hitl }).toEqual({
			name: node.name,
			hitl: node.sendsAndWaits,
		});
		expect({ name: node.name, subcategory: node.subcategory }).toEqual({
			name: node.name,
			subcategory: node.sendsAndWaits ? ['Human in the Loop'] : undefined,
		});
	}
});

test.each(Object.entries(CREDENTIAL_TYPES))(
	"the %s credential's Docs link opens the credentials page",
	(_, credential) => {
		expect(fileOf(credential.documentationUrl as string)).toBe('docs/credentials.md');
	},
);
