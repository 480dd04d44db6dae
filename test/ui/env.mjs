// What `npm run test:ui` runs against: a real n8n with this package installed as users install
// community packages, the sandbox API, credentials pointing at it (imported with
// `n8n import:credentials`, as an admin would), an owner set up over n8n's REST API, and
// Debian's Chromium driven by playwright-core. Everything started here is in the process
// registry (test/rig/processes.mjs): cleanUp() stops it, whatever happened before.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { prepare } from '../rig/n8n-runtime.mjs';
import {
	buildPackage,
	newUserFolder,
	runN8nCommands,
	startN8nServer,
	writeCredentials,
} from '../rig/n8n.mjs';
import { onCleanup } from '../rig/processes.mjs';
import { createSandbox, sandboxCredentials } from '../rig/sandbox.mjs';
import { aptInstall } from '../rig/services.mjs';

export const N8N_VERSION = '2.40.7';
export const CHROMIUM = '/usr/bin/chromium';
export const OWNER = {
	email: 'owner@example.com',
	firstName: 'UI',
	lastName: 'Owner',
	password: 'Ui-password-1',
};

/** Debian's Chromium, installed with apt-get when missing (CI runs as root). Never a download of playwright's own. */
export function ensureChromium(log = () => {}) {
	if (existsSync(CHROMIUM)) return;
	log(`${CHROMIUM} is missing: installing Debian's chromium with apt-get`);
	aptInstall(['chromium'], { log, recommends: true });
	if (!existsSync(CHROMIUM))
		throw new Error(`apt-get installed chromium, but ${CHROMIUM} is still missing`);
}

/**
 * The browser: Debian's Chromium, headless, with a fresh profile of its own (playwright takes
 * the profile folder as launchPersistentContext's first argument, not as --user-data-dir).
 * Closed by cleanUp().
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
		onCleanup('browser', async () => {
			await context.close().catch(() => {});
			rmSync(profile, { recursive: true, force: true });
		});
		return { context };
	} catch (error) {
		rmSync(profile, { recursive: true, force: true });
		throw error;
	}
}

/**
 * Builds the package, starts the sandbox and n8n, imports the credentials and sets up the
 * owner. `phase(label)` is told when each part is done. n8n's user folder is removed by
 * cleanUp() unless `keepUserFolder()` says otherwise (after a failure, to look into server.log;
 * `log` then says where it is).
 */
export async function startEnvironment({
	phase = () => {},
	keepUserFolder = () => false,
	log = () => {},
}) {
	buildPackage();
	phase('build');
	const runtime = await prepare(N8N_VERSION);
	const userFolder = newUserFolder(`ui-user-${N8N_VERSION}`);
	onCleanup('user folder', () => {
		if (keepUserFolder()) log(`n8n's user folder (server.log) is kept in ${userFolder}`);
		else rmSync(userFolder, { recursive: true, force: true });
	});

	const sandbox = createSandbox();
	await sandbox.start();
	onCleanup('sandbox', () => sandbox.stop());

	await runN8nCommands(runtime, userFolder, [
		['import:credentials', `--input=${writeCredentials(userFolder, sandboxCredentials(sandbox))}`],
	]);
	phase('import:credentials');

	const n8n = await startN8nServer(runtime, userFolder, {
		env: {
			// No banners, tours or calls home that could cover what the test clicks.
			N8N_HIRING_BANNER_ENABLED: 'false',
			N8N_TEMPLATES_ENABLED: 'false',
			N8N_COMMUNITY_PACKAGES_PREVENT_LOADING: 'false',
		},
	});
	await n8n.readyWithOwner(OWNER);
	phase('n8n start and owner');
	return { sandbox, n8n, api: n8n.rest, userFolder };
}
