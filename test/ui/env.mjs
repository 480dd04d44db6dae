// What `npm run test:ui` runs against: a real n8n with this package installed as users install
// community packages, the sandbox API, credentials pointing at it (imported with
// `n8n import:credentials`, as an admin would), an owner set up over n8n's REST API, and
// Debian's Chromium driven by playwright-core. Everything started here is stopped by stop(),
// whatever happened before.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { installPackage, outputTail, runN8n, sandboxCredentials, startN8nServer } from '../../scripts/e2e.mjs';
import { cacheRoot, prepare } from '../../scripts/n8n-runtime.mjs';

const require = createRequire(import.meta.url);
const { createSandbox } = require('../sandbox/server.js');

export const N8N_VERSION = '2.40.7';
export const CHROMIUM = '/usr/bin/chromium';
export const OWNER = { email: 'owner@example.com', firstName: 'UI', lastName: 'Owner', password: 'Ui-password-1' };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Debian's Chromium, installed with apt-get when missing (CI runs as root). Never a download of playwright's own. */
export function ensureChromium(log = () => {}) {
	if (existsSync(CHROMIUM)) return;
	log(`${CHROMIUM} is missing: installing Debian's chromium with apt-get`);
	const apt = (args) => execFileSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
	// Another apt-get (CI's own installs, a neighbour's) may hold dpkg's lock for a while.
	const wait = ['-o', 'DPkg::Lock::Timeout=300'];
	apt([...wait, 'update', '-qq']);
	apt([...wait, 'install', '-y', '-qq', 'chromium']);
	if (!existsSync(CHROMIUM)) throw new Error(`apt-get installed chromium, but ${CHROMIUM} is still missing`);
}

/**
 * The browser: Debian's Chromium, headless, with a fresh profile of its own (playwright takes
 * the profile folder as launchPersistentContext's first argument, not as --user-data-dir).
 */
export async function launchBrowser({ viewport }) {
	const { chromium } = await import('playwright-core');
	const profile = mkdtempSync(join(tmpdir(), 'workspace-records-ui-chromium-'));
	try {
		const context = await chromium.launchPersistentContext(profile, {
			executablePath: CHROMIUM,
			headless: true,
			viewport,
			args: [
				'--headless',
				'--no-sandbox',
				'--disable-gpu',
				'--disable-quic',
				'--no-first-run',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
			],
		});
		return {
			context,
			async close() {
				await context.close().catch(() => {});
				rmSync(profile, { recursive: true, force: true });
			},
		};
	} catch (error) {
		rmSync(profile, { recursive: true, force: true });
		throw error;
	}
}

/** The few REST calls of n8n's own API the set-up needs: readiness, the owner, workflows. */
export class N8nApi {
	constructor(base, exited = () => null) {
		this.base = base;
		this.exited = exited;
		this.cookie = '';
	}

	async call(method, path, body) {
		const response = await fetch(`${this.base}${path}`, {
			method,
			headers: { 'content-type': 'application/json', 'browser-id': 'ui-test', cookie: this.cookie },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const setCookie = response.headers.get('set-cookie');
		if (setCookie) this.cookie = setCookie.split(';')[0];
		const text = await response.text();
		if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text.slice(0, 300)}`);
		return text ? JSON.parse(text) : {};
	}

	/** /healthz answers before the REST routes exist; the settings route means they do. */
	async ready() {
		for (let waited = 0; waited < 180_000; waited += 500) {
			if (this.exited() !== null) throw new Error(`n8n exited with ${this.exited()} before it answered`);
			if (await fetch(`${this.base}/rest/settings`).then((r) => r.ok, () => false)) return;
			await sleep(500);
		}
		throw new Error('n8n did not answer within 3 minutes');
	}

	/** n8n registers its REST routes one by one; the owner route can come after the settings route. */
	async setUpOwner() {
		for (let attempt = 0; ; attempt++) {
			try {
				return await this.call('POST', '/rest/owner/setup', OWNER);
			} catch (error) {
				if (!/HTTP 404/.test(error.message) || attempt >= 120) throw error;
				await sleep(500);
			}
		}
	}

	/** A workflow saved for the owner; returns its id. */
	async createWorkflow(workflow) {
		const { data } = await this.call('POST', '/rest/workflows', workflow);
		return data.id;
	}
}

/**
 * Builds the package, starts the sandbox and n8n, imports the credentials and sets up the
 * owner. `phase(label)` is told when each part is done. stop() ends everything; the user
 * folder is kept when `keep` is true (after a failure, to look into server.log).
 */
export async function startEnvironment({ root, phase = () => {} }) {
	const started = [];
	const env = {
		sandbox: undefined,
		n8n: undefined,
		userFolder: undefined,
		async stop({ keep = false } = {}) {
			for (const stop of started.reverse()) await stop().catch(() => {});
			if (env.userFolder && !keep) rmSync(env.userFolder, { recursive: true, force: true });
		},
	};
	try {
		execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
		phase('build');
		const runtime = await prepare(N8N_VERSION);
		mkdirSync(cacheRoot(), { recursive: true });
		env.userFolder = mkdtempSync(join(cacheRoot(), `ui-user-${N8N_VERSION}-`));
		installPackage(env.userFolder);

		env.sandbox = createSandbox();
		await env.sandbox.start();
		started.push(() => env.sandbox.stop());

		const credentialsFile = join(env.userFolder, 'credentials.json');
		writeFileSync(credentialsFile, JSON.stringify(sandboxCredentials(env.sandbox)));
		const imported = await runN8n(runtime, env.userFolder, ['import:credentials', `--input=${credentialsFile}`]);
		if (imported.code !== 0) throw new Error(`n8n import:credentials failed (exit ${imported.code}):\n${outputTail(imported)}`);
		phase('import:credentials');

		env.n8n = await startN8nServer(runtime, env.userFolder, {
			// No banners, tours or calls home that could cover what the test clicks.
			N8N_HIRING_BANNER_ENABLED: 'false',
			N8N_TEMPLATES_ENABLED: 'false',
			N8N_COMMUNITY_PACKAGES_PREVENT_LOADING: 'false',
		});
		started.push(() => env.n8n.stop());
		env.api = new N8nApi(env.n8n.base, env.n8n.exited);
		try {
			await env.api.ready();
			await env.api.setUpOwner();
		} catch (error) {
			throw new Error(`n8n ${N8N_VERSION} did not start: ${error.message}\n${outputTail(env.n8n.output())}`);
		}
		phase('n8n start and owner');
		return env;
	} catch (error) {
		await env.stop({ keep: true });
		throw error;
	}
}
