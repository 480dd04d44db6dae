// `npm run demo`: the sandbox with its seed data and a real n8n on n8n's usual port (or a
// free one when that is taken, said on start), with this package installed, both
// credentials created and every example imported. Ctrl-C stops both. The first start
// installs n8n into ~/.cache (several minutes).
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { installPackage, n8nEnv, outputTail, runN8n, sandboxCredentials } from './e2e.mjs';
import { cacheRoot, prepare } from './n8n-runtime.mjs';
import { freePort, preferredOrFreePort } from './ports.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { createSandbox } = createRequire(import.meta.url)('../test/sandbox/server.js');
const version = process.env.DEMO_N8N_VERSION ?? '2.40.7';
const say = (line) => process.stdout.write(`${line}\n`);

/**
 * The port people expect n8n on: N8N_PORT if set, else the port n8n itself defaults to,
 * asked from the installed n8n's own configuration. The README shows that port; the scripts
 * never write a port number down (scripts/ports.mjs), and this is a preference only: when the
 * port is taken, the demo takes a free one and says so.
 */
function n8nDefaultPort(runtime) {
	const ask = [
		"require('reflect-metadata');",
		"const { Container } = require('@n8n/di');",
		"const { GlobalConfig } = require('@n8n/config');",
		'process.stdout.write(String(Container.get(GlobalConfig).port));',
	].join(' ');
	try {
		const answer = execFileSync(runtime.nodeExecutable, ['-e', ask], {
			cwd: dirname(dirname(runtime.n8nBin)),
			env: { ...process.env, ...runtime.env },
			stdio: ['ignore', 'pipe', 'ignore'],
		});
		return Number(answer.toString()) || undefined;
	} catch {
		return undefined;
	}
}

async function main() {
	const children = new Set();
	let sandbox;
	let stopping = false;
	const stop = async (code) => {
		if (stopping) return;
		stopping = true;
		const running = [...children].filter((child) => child.exitCode === null && child.signalCode === null);
		for (const child of running) child.kill('SIGTERM');
		// n8n shuts down within its own 30 s grace period; one that hangs is killed after 45 s.
		const killer = setTimeout(() => running.forEach((child) => child.kill('SIGKILL')), 45_000);
		await Promise.all(running.map((child) => new Promise((resolve) => child.once('exit', resolve))));
		clearTimeout(killer);
		await sandbox?.stop();
		process.exit(code);
	};
	process.on('SIGINT', () => stop(0));
	process.on('SIGTERM', () => stop(0));

	const runtime = await prepare(version);
	say('Building the package …');
	execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });

	const userFolder = join(cacheRoot(), 'demo-user');
	mkdirSync(userFolder, { recursive: true });
	installPackage(userFolder);

	sandbox = createSandbox();
	await sandbox.start(process.env.SANDBOX_PORT ? Number(process.env.SANDBOX_PORT) : await freePort());
	say(`Sandbox API on ${sandbox.url}`);

	const credentialsFile = join(userFolder, 'credentials.json');
	writeFileSync(credentialsFile, JSON.stringify(sandboxCredentials(sandbox)));
	for (const args of [
		['import:credentials', `--input=${credentialsFile}`],
		['import:workflow', '--separate', `--input=${join(root, 'examples')}`],
	]) {
		const result = await runN8n(runtime, userFolder, args, { onSpawn: (child) => children.add(child) });
		if (stopping) return;
		if (result.code !== 0) throw new Error(`n8n ${args[0]} failed (exit ${result.code}):\n${outputTail(result)}`);
	}

	const preferred = Number(process.env.N8N_PORT) || n8nDefaultPort(runtime);
	const n8nPort = await preferredOrFreePort(preferred);
	if (preferred && n8nPort !== preferred) say(`Port ${preferred} is taken, so n8n gets port ${n8nPort}.`);
	say(`Starting n8n ${version} on port ${n8nPort} …`);
	const n8n = spawn(runtime.nodeExecutable, [runtime.n8nBin, 'start'], {
		env: { ...n8nEnv(runtime, userFolder, await freePort()), N8N_PORT: String(n8nPort), N8N_SECURE_COOKIE: 'false' },
		stdio: ['ignore', 'inherit', 'inherit'],
	});
	children.add(n8n);
	n8n.on('exit', (code) => stop(code ?? 0));
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
}

main().catch((error) => {
	process.stderr.write(`${error.stack}\n`);
	process.exit(1);
});
