// The example workflows built from the e2e cases (scripts/make-examples.mjs writes them to
// examples/, run.mjs checks that they are current).
import { createHash } from 'node:crypto';

/**
 * A case's workflow id, from its file: the same wherever the case stands in the list. `wr` and
 * 8 hex characters of the file's SHA-256 (n8n takes an imported workflow's id as it is).
 */
export function workflowIdOf(file) {
	return `wr${createHash('sha256').update(file).digest('hex').slice(0, 8)}`;
}

/** Throws, naming them, when two cases would get one workflow id (or share a file). */
export function assertOwnWorkflowIds(allCases) {
	const files = new Map();
	for (const { file } of allCases) {
		const id = workflowIdOf(file);
		files.set(id, [...(files.get(id) ?? []), file]);
	}
	const shared = [...files].filter(([, named]) => named.length > 1);
	if (shared.length)
		throw new Error(
			`cases share a workflow id: ${shared.map(([id, named]) => `${id} for ${named.join(' and ')}`).join('; ')}`,
		);
}
