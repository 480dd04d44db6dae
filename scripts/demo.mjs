// `npm run demo`: the sandbox with its seed data and a real n8n on http://localhost:5678,
// with this package installed, both credentials created and every example imported.
// Ctrl-C stops both. The first start installs n8n into ~/.cache (several minutes).
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { installPackage, n8nEnv, runN8n, sandboxCredentials } from './e2e.mjs';
import { cacheRoot, prepare } from './n8n-runtime.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { createSandbox } = createRequire(import.meta.url)('../test/sandbox/server.js');
const version = process.env.DEMO_N8N_VERSION ?? '2.40.7';
const sandboxPort = Number(process.env.SANDBOX_PORT ?? 4010);
const n8nPort = Number(process.env.N8N_PORT ?? 5678);
const say = (line) => process.stdout.write(`${line}\n`);

async function main() {
	const runtime = await prepare(version);
	say('Building the package …');
	execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });

	const userFolder = join(cacheRoot(), 'demo-user');
	mkdirSync(userFolder, { recursive: true });
	installPackage(userFolder);

	const sandbox = createSandbox();
	await sandbox.start(sandboxPort);
	say(`Sandbox API on ${sandbox.url}`);

	const credentialsFile = join(userFolder, 'credentials.json');
	writeFileSync(credentialsFile, JSON.stringify(sandboxCredentials(sandbox)));
	for (const args of [
		['import:credentials', `--input=${credentialsFile}`],
		['import:workflow', '--separate', `--input=${join(root, 'examples')}`],
	]) {
		const { code, stdout, stderr } = await runN8n(runtime, userFolder, args);
		if (code !== 0) throw new Error(`n8n ${args[0]} failed:\n${stderr}${stdout.slice(-3000)}`);
	}

	say(`Starting n8n ${version} …`);
	const n8n = spawn(runtime.nodeExecutable, [runtime.n8nBin, 'start'], {
		env: { ...n8nEnv(runtime, userFolder), N8N_PORT: String(n8nPort), N8N_SECURE_COOKIE: 'false' },
		stdio: ['ignore', 'inherit', 'inherit'],
	});
	say(
		[
			'',
			`Open http://localhost:${n8nPort} (create the owner account on first visit; it stays local).`,
			'Open Overview → Workflows: every "Workspace …" workflow is an example of one operation.',
			'Click "Execute workflow" in any of them; the credentials already point at the sandbox.',
			`The requests the sandbox received: ${sandbox.url}/__sandbox/requests`,
			'Ctrl-C stops n8n and the sandbox.',
			'',
		].join('\n'),
	);

	let stopping = false;
	const stop = async () => {
		if (stopping) return;
		stopping = true;
		n8n.kill('SIGTERM');
		await sandbox.stop();
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
	n8n.on('exit', async (code) => {
		await stop();
		process.exit(code ?? 0);
	});
}

main().catch((error) => {
	process.stderr.write(`${error.stack}\n`);
	process.exit(1);
});
