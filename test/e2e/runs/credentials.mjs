// The credential tests (E2E_CASES selects them by `credential-test`), as the editor's Test
// button runs them.
import { isDeepStrictEqual } from 'node:util';

import { freePort } from '../../rig/ports.mjs';
import { sandboxCredentials } from '../../rig/sandbox.mjs';
import { report } from './rig.mjs';

/** The name E2E_CASES selects the credential tests by. */
export const CREDENTIAL_TESTS = 'credential-test';

/**
 * The credential test as the editor's Test button runs it (POST /rest/credentials/test), on the
 * imported records credential: n8n must find the nodes' testedBy method (the credential has no
 * `test` of its own), which passes the right settings and, with nothing listening at the Base
 * URL (a port the OS gave out, closed again), names the address and the field to fix; the
 * same for the Messaging Host Base URL, tested when it is filled in.
 */
export async function runCredentialTests(n8n, sandbox, version) {
	const [records] = sandboxCredentials(sandbox);
	const closedUrl = `http://127.0.0.1:${await freePort()}`;
	const closedSmsUrl = `http://127.0.0.1:${await freePort()}`;
	const checks = [
		['passes', records.data, { status: 'OK', message: 'Connection successful!' }],
		[
			'with a closed port, names the address and Base URL',
			{ ...records.data, baseUrl: closedUrl },
			{
				status: 'Error',
				message: `Could not reach ${closedUrl}: check Base URL (the connection was refused)`,
			},
		],
		[
			'with the messaging host at a closed port, names the messaging host and Messaging Host Base URL',
			{ ...records.data, aiBaseUrl: closedSmsUrl },
			{
				status: 'Error',
				message: `Could not reach the messaging host at ${closedSmsUrl}: check Messaging Host Base URL (the connection was refused)`,
			},
		],
	];
	let allPassed = true;
	for (const [what, data, wanted] of checks) {
		const started = Date.now();
		const { id, name, type } = records;
		let answer;
		let failure;
		try {
			answer = await n8n.rest.call('POST', '/rest/credentials/test', {
				credentials: { id, name, type, data },
			});
		} catch (error) {
			failure = error;
		}
		const title = `${CREDENTIAL_TESTS}: the records credential ${what}`;
		const passed = report(version, { file: title }, started, n8n.output, () => {
			if (failure) throw failure;
			if (!isDeepStrictEqual(answer.data, wanted))
				throw new Error(`n8n answered ${JSON.stringify(answer.data)}`);
		});
		allPassed = passed && allPassed;
	}
	return allPassed;
}
