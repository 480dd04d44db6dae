import type { RunOptions } from '../../harness/runNode';
import { runNode } from '../../harness/runNode';
import type { useSandbox } from '../../harness/sandbox';
import { WorkspaceRecords } from '../../../nodes/WorkspaceRecords/WorkspaceRecords.node';

export const recordsNode = new WorkspaceRecords();

/** Runs Workspace Records on resource Record against the sandbox of the file's `useSandbox()`. */
export const recordRunner =
	(env: ReturnType<typeof useSandbox>) =>
	(parameters: object, options: Pick<RunOptions, 'items' | 'continueOnFail' | 'timezone'> = {}) =>
		runNode({
			nodeType: recordsNode,
			parameters: { resource: 'record', ...parameters },
			credentials: env.credentials,
			...options,
		});
