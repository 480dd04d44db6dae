// The identities the memory's keys start from, and the one digest (memory/identity.ts).
import type { INode } from 'n8n-workflow';

import {
	digestOf,
	itemOf,
	runOf,
	sha256,
	triggerOf,
} from '../../../../nodes/shared/memory/identity';

const node = (type = 'CUSTOM.workspaceRecords', name = 'Create') =>
	({ id: 'n1', name, type }) as INode;
const context = (runIndex: number, type?: string, executionId = 'e1') =>
	Object.assign(
		{ getNode: () => node(type), getExecutionId: () => executionId, getItemIndex: () => 3 },
		{ runIndex },
	);

test('the digest is sha256 in base64url, the same for the same text', () => {
	expect(sha256('abc')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
	expect(sha256('abc', 'hex')).toHaveLength(64);
	expect(digestOf('a', 'b')).toBe(digestOf('a', 'b'));
});

test('no two lists of parts share a digest: parts are kept apart', () => {
	expect(digestOf('ab', 'c')).not.toBe(digestOf('a', 'bc'));
	expect(digestOf('abc')).not.toBe(digestOf('ab', 'c'));
	// A digest holds nothing of what it was made from.
	expect(digestOf('secret-value', 'x')).not.toContain('secret');
});

test('a node run: Retry On Fail keeps it, a loop or another execution makes another', () => {
	expect(runOf(context(0))).toBe(runOf(context(0)));
	expect(runOf(context(1))).not.toBe(runOf(context(0)));
	expect(runOf(context(0, undefined, 'e2'))).not.toBe(runOf(context(0)));
	// An AI tool gets a new run index per call, retries included: it is left out.
	const tool = 'CUSTOM.workspaceRecordsTool';
	expect(runOf(context(4, tool))).toBe(runOf(context(7, tool)));
	expect(itemOf(context(0))).toBe(`${runOf(context(0))}|3`);
});

test('an active trigger is its workflow and node, poll after poll', () => {
	const of = (workflowId?: string) =>
		triggerOf({
			getNode: () => node('CUSTOM.workspaceRecordsTrigger'),
			getWorkflow: () => ({ id: workflowId }),
		});
	expect(of('w1')).toBe(of('w1'));
	expect(of('w1')).not.toBe(of('w2'));
	expect(of(undefined)).toBe('trigger||n1');
});
