// What the suites need from Debian besides n8n: packages installed with apt-get when missing
// (as root, as CI runs), and private PostgreSQL and Redis servers for the queue suite, each in
// a folder of its own, on a port from the OS, in the process registry.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';

import { requireFromN8n } from './n8n.mjs';
import { freePort } from './ports.mjs';
import { startProcess, waitFor } from './processes.mjs';

let aptUpdated = false;
/**
 * Installs Debian packages with apt-get. Another apt-get (CI's own installs, a neighbour's)
 * may hold dpkg's lock for a while: it is waited for. `recommends`: with the packages' recommends.
 */
export function aptInstall(packages, { log = () => {}, recommends = false } = {}) {
	if (process.getuid?.() !== 0) {
		throw new Error(
			`${packages.join(', ')} missing: install with apt-get install -y ${packages.join(' ')} (the suite does so itself when run as root)`,
		);
	}
	const apt = (args) =>
		execFileSync('apt-get', ['-o', 'DPkg::Lock::Timeout=300', ...args], {
			stdio: ['ignore', 'ignore', 'inherit'],
			env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
		});
	log(`Installing ${packages.join(', ')} with apt-get …`);
	if (!aptUpdated) apt(['update', '-qq']);
	aptUpdated = true;
	apt(['install', '-y', '-qq', ...(recommends ? [] : ['--no-install-recommends']), ...packages]);
}

const hasCommand = (command) =>
	spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/** The bin folder of the newest PostgreSQL Debian installed, or undefined. */
function postgresBin() {
	const base = '/usr/lib/postgresql';
	if (!existsSync(base)) return undefined;
	const versions = readdirSync(base)
		.filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
		.sort((a, b) => Number(b) - Number(a));
	return versions.length ? join(base, versions[0], 'bin') : undefined;
}

/** redis-server and PostgreSQL, installed when missing. */
export function ensurePostgresAndRedis({ log } = {}) {
	if (!hasCommand('redis-server')) aptInstall(['redis-server'], { log });
	if (!postgresBin()) aptInstall(['postgresql'], { log });
	return { redisServer: 'redis-server', pgBin: postgresBin() };
}

function userIds(name) {
	const line = readFileSync('/etc/passwd', 'utf8')
		.split('\n')
		.find((l) => l.startsWith(`${name}:`));
	if (!line) throw new Error(`no ${name} user: is PostgreSQL installed?`);
	const [, , uid, gid] = line.split(':');
	return { uid: Number(uid), gid: Number(gid) };
}

/**
 * A private PostgreSQL cluster in `folder`; its port. The server runs as this process's own
 * child (as the postgres user when we are root: PostgreSQL refuses root), not daemonized by
 * `pg_ctl start`, so that its exit is reaped here rather than left to a container's init.
 * It stops with SIGINT, PostgreSQL's fast shutdown (what `pg_ctl stop -m fast` sends).
 */
export async function startPostgres(pgBin, folder) {
	const dataDir = join(folder, 'data');
	mkdirSync(folder, { recursive: true });
	const owner = process.getuid?.() === 0 ? userIds('postgres') : {};
	if (owner.uid !== undefined) chownSync(folder, owner.uid, owner.gid);
	const initdb = spawnSync(
		join(pgBin, 'initdb'),
		['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync'],
		{ encoding: 'utf8', ...owner },
	);
	if (initdb.status !== 0)
		throw new Error(`initdb failed: ${initdb.stderr || initdb.stdout || initdb.error?.message}`);
	const port = await freePort();
	const logFile = join(folder, 'postgres.log');
	const postgres = startProcess(
		'postgres',
		join(pgBin, 'postgres'),
		[
			'-D',
			dataDir,
			'-p',
			String(port),
			'-k',
			folder,
			'-c',
			'listen_addresses=127.0.0.1',
			'-c',
			'fsync=off',
		],
		{
			logFile,
			ownGroup: true,
			stopSignal: 'SIGINT',
			...owner,
		},
	);
	await waitFor(
		'PostgreSQL',
		async () => {
			if (postgres.done)
				throw new Error(`postgres exited:\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
			return (
				spawnSync(join(pgBin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)]).status === 0
			);
		},
		{ timeoutMs: 30_000 },
	);
	return port;
}

/** A database in the PostgreSQL on `port`, created with n8n's own copy of pg. */
export async function createDatabase(runtime, port, name) {
	const { Client } = requireFromN8n(runtime, 'pg');
	const client = new Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
	await client.connect();
	await client.query(`CREATE DATABASE ${name}`);
	await client.end();
}

function redisPing(port) {
	return new Promise((resolve) => {
		const socket = createConnection({ port, host: '127.0.0.1' }, () => socket.write('PING\r\n'));
		socket.once('data', (data) => {
			socket.destroy();
			resolve(data.toString().startsWith('+PONG'));
		});
		socket.once('error', () => resolve(false));
	});
}

/** A private Redis, nothing saved to disk, in `folder`; its port. */
export async function startRedis(redisServer, folder) {
	mkdirSync(folder, { recursive: true });
	const port = await freePort();
	const logFile = join(folder, 'redis.log');
	const redis = startProcess(
		'redis',
		redisServer,
		[
			'--port',
			String(port),
			'--bind',
			'127.0.0.1',
			'--save',
			'',
			'--appendonly',
			'no',
			'--dir',
			folder,
		],
		{
			logFile,
			ownGroup: true,
			graceMs: 5000,
		},
	);
	await waitFor(
		'Redis',
		async () => {
			if (redis.done)
				throw new Error(`redis-server exited:\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
			return await redisPing(port);
		},
		{ timeoutMs: 20_000 },
	);
	return port;
}
