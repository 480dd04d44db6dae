'use strict';
// `npm run sandbox`: the sandbox on a fixed loopback port, with the credentials to use.
const { createSandbox } = require('./server');

async function main() {
	const port = Number(process.env.SANDBOX_PORT ?? 4010);
	const people = Number(process.env.SANDBOX_PEOPLE ?? 30);
	// A token bucket per API key, e.g. SANDBOX_RATE=20 SANDBOX_BURST=5 (SANDBOX_RETRY_AFTER=none
	// for 429s without the header); also settable at run time with POST /__sandbox/rate-limit.
	const rateLimit = {
		rate: Number(process.env.SANDBOX_RATE ?? 0),
		burst: Number(process.env.SANDBOX_BURST ?? 10),
		retryAfter: process.env.SANDBOX_RETRY_AFTER ?? 'seconds',
	};
	const sandbox = createSandbox({ people, rateLimit });
	const url = await sandbox.start(port);
	const { apiKey, workspaceId, userGroupsApiKey } = sandbox.config;
	process.stdout.write(
		[
			`Workspace Records sandbox listening on ${url} (${people} people${rateLimit.rate ? `, ${rateLimit.rate} requests/s, burst ${rateLimit.burst}` : ''})`,
			'',
			'Credential "Workspace Records API":',
			`  Base URL:           ${url}`,
			`  Messaging Host Base URL: ${url}`,
			`  API Key:            ${apiKey}`,
			`  Workspace ID:       ${workspaceId}`,
			'Credential "Workspace User Groups API":',
			`  Base URL:           ${url}`,
			`  API Key:            ${userGroupsApiKey}`,
			'',
			`Recorded requests: GET ${url}/__sandbox/requests   Ctrl-C stops it.`,
			'',
		].join('\n'),
	);
	const stop = () => sandbox.stop().then(() => process.exit(0));
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

main().catch((error) => {
	process.stderr.write(`${error.stack}\n`);
	process.exit(1);
});
