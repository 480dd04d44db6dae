import type { IExecuteFunctions } from 'n8n-workflow';

import { warnIfLocal } from '../../../nodes/shared/waiting';

/** The one thing warnIfLocal uses of n8n's context: the hints beside the node's output. */
function fakeContext() {
	const addExecutionHints = jest.fn();
	return { context: { addExecutionHints } as unknown as IExecuteFunctions, addExecutionHints };
}

describe('the hint when the address is on this machine', () => {
	test.each([
		['http://localhost/webhook-waiting/7/n1?signature=x', 'localhost'],
		['http://LOCALHOST/webhook-waiting/7', 'localhost'],
		['http://127.0.0.1/webhook-waiting/7', '127.0.0.1'],
		['http://127.1.2.3/webhook-waiting/7', '127.1.2.3'],
		['http://[::1]/webhook-waiting/7', '[::1]'],
		['http://0.0.0.0/webhook-waiting/7', '0.0.0.0'],
	])('%s: a warning in the output pane that names the host and WEBHOOK_URL', (address, host) => {
		const { context, addExecutionHints } = fakeContext();
		warnIfLocal(context, address, "the person's phone or mail app");
		expect(addExecutionHints).toHaveBeenCalledTimes(1);
		expect(addExecutionHints).toHaveBeenCalledWith({
			message: `The resume address is on ${host}, which the person's phone or mail app cannot reach. Set n8n's WEBHOOK_URL (N8N_WEBHOOK_URL on n8n 2) to its public address.`,
			type: 'warning',
			location: 'outputPane',
		});
	});

	test.each([
		'https://n8n.example.com/webhook-waiting/7/n1?signature=x',
		'http://10.0.0.5/webhook-waiting/7',
		'https://localhost.example.com/webhook-waiting/7',
		'https://127.0.0.1.nip.io/webhook-waiting/7',
	])('%s: no hint', (address) => {
		const { context, addExecutionHints } = fakeContext();
		warnIfLocal(context, address, 'the host');
		expect(addExecutionHints).not.toHaveBeenCalled();
	});
});
