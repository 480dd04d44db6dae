// The human-review tools n8n 2.x derives from this package's nodes (the check E2E_CASES selects
// by `send-and-wait-hitl-tool`), as the editor loads them.
import { report } from './rig.mjs';

/** The name E2E_CASES selects the human-review tool's check by. */
export const HUMAN_REVIEW_TOOL = 'send-and-wait-hitl-tool';

/** The human-review tools n8n must derive: each node with Send and Wait for Response, and its resource. */
const HUMAN_REVIEW_TOOLS = [
	['workspaceSms', 'Workspace SMS', 'sms'],
	['workspaceWhatsApp', 'Workspace WhatsApp', 'message'],
	['workspaceRcs', 'Workspace RCS', 'message'],
	['workspaceEmail', 'Workspace Email', 'message'],
];
/** The old node (hidden, kept for saved workflows): its tool, if n8n derives one, must be hidden too. */
const OLD_SEND_AND_WAIT = 'n8n-nodes-workspace-records.workspaceSendAndWaitHitlTool';

/**
 * n8n 2.x makes a human-review tool of every loaded node type with webhooks and an operation
 * `sendAndWait` (tool-generation/hitl-tools.js): Workspace SMS's, WhatsApp's, RCS's and Email's, as the
 * editor loads them, for an AI Agent's tools to wait on a person's approval; each on its node's
 * Send and Wait for Response (the resource and operation fixed, the answer an approval).
 */
export async function checkHumanReviewTool(n8n, version) {
	const started = Date.now();
	let types;
	let failure;
	try {
		types = await n8n.rest.call('GET', '/types/nodes.json');
	} catch (error) {
		failure = error;
	}
	return report(version, { file: HUMAN_REVIEW_TOOL }, started, n8n.output, () => {
		if (failure) throw failure;
		const list = Array.isArray(types) ? types : (types?.data ?? []);
		const said = [];
		for (const [node, displayName, resource] of HUMAN_REVIEW_TOOLS) {
			const name = `n8n-nodes-workspace-records.${node}HitlTool`;
			const tool = list.find((type) => type.name === name);
			if (!tool) throw new Error(`n8n offers no human-review tool of ${displayName} (${name})`);
			const property = (key) => tool.properties.find((p) => p.name === key);
			const checks = [
				['displayName', tool.displayName, displayName],
				['hidden', Boolean(tool.hidden), false],
				['output', tool.outputs?.[0]?.type, 'ai_tool'],
				['input', tool.inputs?.[0]?.type, 'ai_tool'],
				[
					'resource',
					`${property('resource')?.type} ${property('resource')?.default}`,
					`hidden ${resource}`,
				],
				[
					'operation',
					`${property('operation')?.type} ${property('operation')?.default}`,
					'hidden sendAndWait',
				],
				[
					'responseType',
					`${property('responseType')?.type} ${property('responseType')?.default}`,
					'hidden approval',
				],
				[
					"message's default names $tool",
					String(property('message')?.default).includes('$tool'),
					true,
				],
				['recipient', property('recipient')?.type, 'string'],
			];
			for (const [what, got, wanted] of checks)
				if (got !== wanted) throw new Error(`${name}: ${what} is ${got}, not ${wanted}`);
			said.push(`${node}HitlTool: ${tool.properties.length} fields`);
		}
		const old = list.find((type) => type.name === OLD_SEND_AND_WAIT);
		if (old && !old.hidden) throw new Error(`${OLD_SEND_AND_WAIT} is offered, not hidden`);
		const output = list.find((type) => type.name.endsWith('workspaceSmsHitlTool')).outputs[0];
		return `${said.join('; ')}; output to ${output.filter?.nodes?.join(', ')}; ${old ? 'workspaceSendAndWaitHitlTool derived, hidden' : 'no workspaceSendAndWaitHitlTool'}`;
	});
}
