// Writes examples/<case>.json from the e2e cases (test/e2e/cases.mjs lists them; workflow.mjs
// builds each one's workflow), so the workflows users import are exactly the ones the e2e run
// asserts on. Run after changing a case: npm run examples.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { assertNoSharedData, cases, workflowOf } from '../test/e2e/cases.mjs';

// The demo runs every example in one workspace: no two may create the same person.
assertNoSharedData(cases);
const examples = join(dirname(fileURLToPath(import.meta.url)), '..', 'examples');
mkdirSync(examples, { recursive: true });
for (const testCase of cases) {
	writeFileSync(
		join(examples, `${testCase.file}.json`),
		`${JSON.stringify(workflowOf(testCase), null, '\t')}\n`,
	);
}
process.stdout.write(`wrote ${cases.length} example workflows to examples/\n`);
