// Which n8n lines run an e2e case. Every case runs on the primary line (2.40.7, the line of the
// editor, queue-mode and MCP suites). Another line runs a case only where the case's `lines`
// says so, for what can differ from one n8n line to the next:
//   no `lines`  the primary line only;
//   'every'     every line: one case per node and per family of operations, each way a
//               trigger starts (Fetch Test Event, polls, refused activation, webhook), and
//               whatever goes through n8n's own code that changes between lines (its request
//               helper under redirects, dropped connections and rate limits, Retry On Fail,
//               Continue On Fail, errors, the Code node's task runner, dates and expressions,
//               which 1.x evaluates in its legacy engine, activation);
//   '2.x'       every 2.x line: what 1.x does not have (the durable poll scheduler, the
//               publication outbox), or what must be proven on the newest line too.
// A `durable` case runs again under n8n's durable poll scheduler on each 2.x line it runs on;
// one with `durable: 'only'` (about the scheduler itself) runs under it alone.
// E2E_ALL_LINES=1 runs every case on every selected line (a new n8n line, a release).
import { PRIMARY_VERSION } from '../rig/n8n-runtime.mjs';

const RULES = {
	every: () => true,
	'2.x': (version) => version.split('.')[0] === '2',
};

/** Throws at the first case whose `lines` is not one of the rules above. */
export function checkLines(cases) {
	for (const { file, lines } of cases) {
		if (lines !== undefined && !RULES[lines])
			throw new Error(
				`${file}: lines is ${JSON.stringify(lines)}; omit it (the primary line only) or say ${Object.keys(RULES).join(' or ')}`,
			);
	}
}

/** Whether `testCase` runs on n8n `version`. */
export function runsOn(testCase, version) {
	if (version === PRIMARY_VERSION || process.env.E2E_ALL_LINES === '1') return true;
	return testCase.lines !== undefined && RULES[testCase.lines](version);
}
