import type { BinaryToTextEncoding } from 'crypto';
import { createHash } from 'crypto';
import type { INode } from 'n8n-workflow';

/** The one hash: of keys, prints, secrets and tokens. */
export const sha256 = (text: string, encoding: BinaryToTextEncoding = 'base64url') =>
	createHash('sha256').update(text, 'utf8').digest(encoding);

/** Of several parts, joined so that no two lists of parts give the same text. */
export const digestOf = (...parts: string[]) => sha256(parts.join('\u0000'));

interface RunContext {
	getNode(): INode;
	getExecutionId(): string;
}

/**
 * One node run. Retry On Fail reruns a node with the same run index (no getter: read off the
 * context), a loop with the next. An AI tool gets a new index per call, retries included: tools
 * leave it out.
 */
export function runOf(context: RunContext): string {
	const node = context.getNode();
	const runIndex = /Tool$/.test(node.type)
		? 'tool'
		: ((context as unknown as { runIndex?: number }).runIndex ?? 0);
	return `run|${context.getExecutionId()}|${node.name}|${runIndex}`;
}

export const itemOf = (context: RunContext & { getItemIndex(): number }) =>
	`${runOf(context)}|${context.getItemIndex()}`;

/** One active trigger, poll after poll and delivery after delivery. */
export const triggerOf = (context: { getNode(): INode; getWorkflow(): { id?: string } }) =>
	`trigger|${context.getWorkflow().id ?? ''}|${context.getNode().id}`;
