// `npm run test:package`: what npm publishes. Packs the build as `npm publish` would, checks
// the tarball holds what a community package must and nothing else, then installs it into a
// real n8n the way n8n installs community packages and checks that n8n loads every node and
// credential it declares (each n8n version selected by N8N_VERSIONS, as the e2e suite).
// Every other suite installs this same tarball (installPackage in test/rig/n8n.mjs), so the
// e2e suite runs each node, from the tarball, in a workflow.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { prepare, selectedVersions } from '../rig/n8n-runtime.mjs';
import { buildPackage, newUserFolder, startN8nServer } from '../rig/n8n.mjs';
import { filesUnder, pack, PACKAGE } from '../rig/pack.mjs';
import { cleanUp, onCleanup, stopOnSignals } from '../rig/processes.mjs';
import { createReporter } from '../rig/reporter.mjs';

/**
 * The most the tarball may weigh, compressed: 100 KB until 1.1 added three nodes' worth (RCS,
 * Wait for Delivery, the schema's writes) and files; 128 KB until Send and Wait for Response
 * became an operation of four nodes, with custom forms and time limits (about 7 KB); it is
 * about 130 KB now.
 */
const MAX_BYTES = 136 * 1024;

/** What a published file may be: the manifest and its prose, and dist/'s nodes, codex, credentials and icons. */
const ALLOWED = [
	/^(package\.json|README\.md|LICENSE)$/,
	/^dist\/nodes\/[\w/]+(\.node)?\.js$/,
	/^dist\/nodes\/\w+\/\w+\.node\.json$/,
	/^dist\/credentials\/\w+\.credentials\.js$/,
	/^dist\/icons\/[\w.]+\.svg$/,
];

const reporter = createReporter();
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function checkTarball({ dir, size }) {
	const files = filesUnder(dir);
	const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
	reporter.check(
		'only dist/, README, LICENSE and package.json',
		files.every((file) => ALLOWED.some((allowed) => allowed.test(file))),
		files.filter((file) => !ALLOWED.some((allowed) => allowed.test(file))).join(', '),
	);
	const scripts = files.filter((file) => file.endsWith('.js'));
	const mapped = scripts.filter((file) =>
		/sourceMappingURL/.test(readFileSync(join(dir, file), 'utf8')),
	);
	reporter.check(
		'no source maps, and no script that points at one',
		mapped.length === 0,
		mapped.join(', '),
	);
	const declared = [...manifest.n8n.nodes, ...manifest.n8n.credentials];
	reporter.check(
		'every node and credential package.json declares is in it, each node with its codex file',
		declared.every((file) => files.includes(file)) &&
			manifest.n8n.nodes.every((file) => files.includes(file.replace(/\.js$/, '.json'))),
		declared.filter((file) => !files.includes(file)).join(', '),
	);
	reporter.check(
		'no runtime dependencies; n8n-workflow only as a peer',
		manifest.dependencies === undefined &&
			JSON.stringify(manifest.peerDependencies) === '{"n8n-workflow":"*"}',
	);
	reporter.check(`${kb(size)} compressed, under ${kb(MAX_BYTES)}`, size < MAX_BYTES);
	reporter.note(`${files.length} files:\n${files.join('\n')}`);
	return manifest;
}

/** n8n's own list of what it loaded, as the editor reads it: type names of nodes and credentials. */
async function loadedBy(version) {
	const runtime = await prepare(version);
	const userFolder = newUserFolder(`package-user-${version}`);
	const server = await startN8nServer(runtime, userFolder);
	onCleanup(`n8n ${version}`, () => server.stop());
	await server.readyWithOwner({
		email: 'owner@example.com',
		firstName: 'Package',
		lastName: 'Owner',
		password: 'Package-password-1',
	});
	const nodes = await server.rest.call('GET', '/types/nodes.json');
	const credentials = await server.rest.call('GET', '/types/credentials.json');
	await server.stop();
	rmSync(userFolder, { recursive: true, force: true });
	return {
		nodes: new Set(nodes.map((node) => node.name)),
		credentials: new Set(credentials.map((credential) => credential.name)),
	};
}

async function main() {
	stopOnSignals({
		onSignal: (signal) => reporter.abort(`stopped by ${signal}`),
		lastWords: () => reporter.tally(),
	});
	buildPackage();
	const packed = pack();
	const manifest = checkTarball(packed);
	const classOf = (file) => file.split('/').pop().split('.')[0];
	const nodeTypes = manifest.n8n.nodes.map(
		(file) => `${PACKAGE}.${classOf(file).replace(/^./, (c) => c.toLowerCase())}`,
	);
	const credentialTypes = manifest.n8n.credentials.map((file) =>
		classOf(file).replace(/^./, (c) => c.toLowerCase()),
	);
	// The lines start side by side, sooner than one after another; reported in their order.
	const versions = selectedVersions();
	const loadedByVersion = await Promise.all(versions.map((version) => loadedBy(version)));
	for (const [index, version] of versions.entries()) {
		const loaded = loadedByVersion[index];
		const missing = [
			...nodeTypes.filter((type) => !loaded.nodes.has(type)),
			...credentialTypes.filter((type) => !loaded.credentials.has(type)),
		];
		reporter.check(
			`n8n ${version} loads the ${nodeTypes.length} nodes and ${credentialTypes.length} credentials from the tarball`,
			missing.length === 0,
			missing.length ? `missing: ${missing.join(', ')}` : '',
		);
	}
}

main().then(
	async () => {
		await cleanUp();
		process.exit(reporter.tally());
	},
	async (error) => {
		process.stderr.write(`${error.stack}\n`);
		reporter.abort(error.message.split('\n')[0]);
		await cleanUp();
		process.exit(reporter.tally());
	},
);
