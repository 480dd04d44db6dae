// A rate-limited poll as n8n's own poll backoff policy reads it (E2E_CASES selects it by
// `poll-failure-rate-limited`): the build's request door, outside any workflow.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';

import { root } from '../../rig/n8n.mjs';
import { report, reporter } from './rig.mjs';

/** The name E2E_CASES selects the poll failure check by. */
export const POLL_FAILURE = 'poll-failure-rate-limited';

/** Where n8n (2.40.7 and 2.41 have it) decides how long a failed poll waits before the next one. */
const POLL_BACKOFF_POLICY = 'n8n/dist/workflows/triggers/poll-backoff-policy.js';

/**
 * A rate-limited poll, read by n8n's own poll backoff policy: the package's error mapper and
 * request door (the build, as the trigger runs them) give up on a 429 asking for 120 s, and
 * n8n's `pollFailureFromError` must read it as a passing rate limit to wait 120 s for. Run
 * with the n8n version's own Node.js; versions without the policy (1.x) are noted.
 */
export function checkPollFailure(runtime, version) {
	const policy = join(dirname(runtime.n8nBin), '..', POLL_BACKOFF_POLICY.replace(/^n8n\//, ''));
	if (!existsSync(policy)) {
		reporter.say(`note n8n ${version}  ${POLL_FAILURE}: this version has no poll backoff policy`);
		return true;
	}
	const script = `
		const { createRequire } = require('node:module');
		const { pollFailureFromError } = createRequire(process.env.N8N_BIN)(process.env.POLICY);
		const { throwIfFailed } = require(process.env.DIST + '/nodes/shared/transport/answers.js');
		const { send } = require(process.env.DIST + '/nodes/shared/transport/pipeline.js');
		const { Pace } = require(process.env.DIST + '/nodes/shared/transport/pace.js');
		const node = { id: 't', name: 'Trigger', type: 'n8n-nodes-workspace-records.workspaceRecordsTrigger', typeVersion: 1, position: [0, 0], parameters: {} };
		const refused = { statusCode: 429, headers: { 'retry-after': '120' }, body: { status: false, message: 'Too many requests' } };
		const request = { attempt: async () => throwIfFailed(node, refused), repeatable: true, label: 'POST /api/v1/collection-records/x/query', node, pace: new Pace(1), maxWaitMs: 25000 };
		send(request).catch((error) => {
			process.stdout.write(JSON.stringify(pollFailureFromError(error, new Date())));
		});
	`;
	const result = spawnSync(runtime.nodeExecutable, ['-e', script], {
		encoding: 'utf8',
		env: {
			...process.env,
			N8N_BIN: runtime.n8nBin,
			POLICY: POLL_BACKOFF_POLICY,
			DIST: join(root, 'dist'),
		},
	});
	const wanted = { type: 'transient', retryAfterMs: 120_000, cause: 'rate-limited' };
	return report(version, { file: POLL_FAILURE }, Date.now(), result, () => {
		const read = JSON.parse(result.stdout || 'null');
		if (!isDeepStrictEqual(read, wanted))
			throw new Error(`n8n read ${JSON.stringify(read)}, expected ${JSON.stringify(wanted)}`);
		return `n8n's pollFailureFromError: ${result.stdout}`;
	});
}
