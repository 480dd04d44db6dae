// The queue-mode cluster of the queue suite, started for one run: PostgreSQL, Redis, the
// sandbox, the workflows imported and published, n8n's main, two workers and a webhook process.
import { randomBytes } from 'node:crypto';
import {
	chmodSync,
	cpSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { cacheRoot, prepare } from '../rig/n8n-runtime.mjs';
import { buildPackage, writeCredentials } from '../rig/n8n.mjs';
import { onCleanup, waitFor } from '../rig/processes.mjs';
import { createSandbox, sandboxCredentials } from '../rig/sandbox.mjs';
import {
	createDatabase,
	ensurePostgresAndRedis,
	startPostgres,
	startRedis,
} from '../rig/services.mjs';
import {
	Cluster,
	COMPANIES,
	Executions,
	TRIGGER_WORKFLOW,
	whatsAppUrls,
	WEBHOOK_WORKFLOW,
	WHATSAPP_WORKFLOW,
	workflows,
} from './cluster.mjs';
import {
	APPROVAL_WORKFLOW,
	DELIVERY_WORKFLOW,
	SAVED_APPROVAL_WORKFLOW,
	waitWorkflows,
} from './waits.mjs';

/** A temporary folder for everything the run starts; after a failure n8n's logs are kept, since they explain it. */
function runFolder(reporter) {
	const folder = mkdtempSync(join(tmpdir(), 'workspace-records-queue-'));
	chmodSync(folder, 0o755); // PostgreSQL runs as its own user and must reach its folder
	onCleanup('temporary folder', () => {
		if (reporter.anyFailed) {
			const kept = join(cacheRoot(), 'queue-logs');
			rmSync(kept, { recursive: true, force: true });
			mkdirSync(kept, { recursive: true });
			for (const log of [
				'main.log',
				'w1.log',
				'w2.log',
				'webhook.log',
				'redis/redis.log',
				'postgres/postgres.log',
			]) {
				if (existsSync(join(folder, log)))
					cpSync(join(folder, log), join(kept, log.replace('/', '-')));
			}
			reporter.say(`n8n's logs of this run: ${kept}`);
		}
		rmSync(folder, { recursive: true, force: true });
	});
	return folder;
}

/** n8n's settings for queue mode on this run's PostgreSQL and Redis. */
const queueEnv = (pgPort, redisPort) => ({
	DB_TYPE: 'postgresdb',
	DB_POSTGRESDB_HOST: '127.0.0.1',
	DB_POSTGRESDB_PORT: String(pgPort),
	DB_POSTGRESDB_DATABASE: 'n8n',
	DB_POSTGRESDB_USER: 'postgres',
	DB_POSTGRESDB_PASSWORD: '',
	EXECUTIONS_MODE: 'queue',
	QUEUE_BULL_REDIS_HOST: '127.0.0.1',
	QUEUE_BULL_REDIS_PORT: String(redisPort),
	N8N_ENCRYPTION_KEY: randomBytes(24).toString('hex'),
	N8N_LOG_LEVEL: 'info',
	N8N_SECURE_COOKIE: 'false',
});

/**
 * PostgreSQL, Redis, the sandbox, the workflows imported and published, main, two workers and
 * the webhook process ready.
 */
export async function startCluster({ version, reporter, step }) {
	const tools = ensurePostgresAndRedis({ log: step });
	const runtime = await prepare(version);
	step('Building the package');
	buildPackage();
	const folder = runFolder(reporter);

	step('Starting PostgreSQL and Redis');
	const [pgPort, redisPort] = await Promise.all([
		startPostgres(tools.pgBin, join(folder, 'postgres')),
		startRedis(tools.redisServer, join(folder, 'redis')),
	]);
	await createDatabase(runtime, pgPort, 'n8n');

	const sandbox = createSandbox();
	await sandbox.start();
	onCleanup('sandbox', () => sandbox.stop());
	const cluster = new Cluster(runtime, folder, queueEnv(pgPort, redisPort));
	await cluster.reserveWebhookAddress();
	const db = new Executions(runtime, pgPort);
	onCleanup('database client', () => db.end());

	step('Importing the credential and workflows, activating them (n8n CLI)');
	const workflowFolder = join(folder, 'workflows');
	mkdirSync(workflowFolder);
	for (const workflow of [...workflows(), ...waitWorkflows()])
		writeFileSync(join(workflowFolder, `${workflow.id}.json`), JSON.stringify(workflow));
	await cluster.cli([
		'import:credentials',
		`--input=${writeCredentials(folder, sandboxCredentials(sandbox))}`,
	]);
	await cluster.cli(['import:workflow', '--separate', `--input=${workflowFolder}`]);
	// Activated headless before main starts, as `n8n publish:workflow` does in n8n 2.x.
	await Promise.all(
		[
			WEBHOOK_WORKFLOW,
			TRIGGER_WORKFLOW,
			WHATSAPP_WORKFLOW,
			DELIVERY_WORKFLOW,
			APPROVAL_WORKFLOW,
			SAVED_APPROVAL_WORKFLOW,
		].map((id) => cluster.cli(['publish:workflow', `--id=${id}`])),
	);

	step('Starting n8n main, workers w1, w2 and the webhook process');
	await cluster.startMain();
	await cluster.startWorker('w1');
	await cluster.startWorker('w2');
	await cluster.startWebhook();
	await Promise.all([
		cluster.mainReady(),
		cluster.workerReady('w1'),
		cluster.workerReady('w2'),
		cluster.webhookReady(whatsAppUrls(cluster).url),
	]);
	// The trigger's first poll, at activation, sets its cursor: only later records are new.
	await waitFor(
		"the trigger's first poll",
		() => sandbox.requests.some((r) => r.path === `/api/v1/collection-records/${COMPANIES}/query`),
		{ timeoutMs: 30_000 },
	);
	step('Cluster ready');
	return { cluster, sandbox, db };
}
