// n8n's own package scanner, run here as n8n runs it on a submitted package (part of
// `npm run lint`): its rules on the source that provenance attests (package.json, nodes/,
// credentials/) and on the published tarball (its JavaScript and package.json). Its rule set
// is stricter than `n8n-node lint`'s, so a package that passes only the lint can still be
// refused. The scanner's provenance leg needs a published version and is not run here.
import {
	analyzePackage,
	SOURCE_FILE_PATTERNS,
} from '@n8n/scan-community-package/scanner/scanner.mjs';

import { pack, root } from '../rig/pack.mjs';

const TARBALL_FILE_PATTERNS = ['**/*.js', 'package.json'];

const legs = [
	['source', () => ({ dir: root, patterns: SOURCE_FILE_PATTERNS })],
	['tarball', () => ({ dir: pack().dir, patterns: TARBALL_FILE_PATTERNS })],
];

let passed = true;
for (const [name, where] of legs) {
	const { dir, patterns } = where();
	const result = await analyzePackage(dir, patterns);
	if (result.passed) {
		process.stdout.write(`n8n package scanner, ${name}: passed\n`);
		continue;
	}
	passed = false;
	process.stdout.write(
		`n8n package scanner, ${name}: ${result.message}\n${result.details ?? result.error ?? ''}\n`,
	);
}
process.exitCode = passed ? 0 : 1;
