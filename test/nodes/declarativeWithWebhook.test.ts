import type { INodeType, IWebhookResponseData } from 'n8n-workflow';

import { WorkspaceSms } from '../../nodes/WorkspaceSms/WorkspaceSms.node';
import { runNode } from '../harness/runNode';
import { useSandbox } from '../harness/sandbox';

/**
 * A declarative node that also has a webhook (a send-and-wait operation needs one) keeps its
 * routed operations' input, as in n8n: the harness loads node types as n8n's CLI does. If it
 * did not (n8n-core alone), `$json` and `$input` would read nothing and this test would fail.
 */
const env = useSandbox();

/** Workspace SMS with a webhook of its own, as a node with a waiting operation has. */
function withWebhook(): INodeType {
	const nodeType = new WorkspaceSms();
	return Object.assign(nodeType, {
		webhook: async (): Promise<IWebhookResponseData> => ({ noWebhookResponse: true }),
	});
}

test.each([
	['without a webhook', () => new WorkspaceSms()],
	['with a webhook', withWebhook],
])('a routed send %s reads $json and $input in its expressions', async (_, nodeType) => {
	const { items, error } = await runNode({
		nodeType: nodeType(),
		parameters: {
			resource: 'sms',
			operation: 'send',
			recipient: '={{ $json.phone }}',
			message: '={{ $json.name }}, one of {{ $input.all().length }}',
			senderId: 'WRKSPC',
			route: 'otp',
		},
		items: [
			{ name: 'Ada', phone: '919876543210' },
			{ name: 'Grace', phone: '919876543211' },
		],
		credentials: env.credentials,
	});
	expect(error).toBeUndefined();
	expect(env.sandbox.requests.map((r) => [r.body?.recipient, r.body?.message]).sort()).toEqual([
		['919876543210', 'Ada, one of 2'],
		['919876543211', 'Grace, one of 2'],
	]);
	expect(items).toHaveLength(2);
});
