// The credential in n8n's editor (`npm run test:ui`, listed by run.mjs), the last check of the run:
//  11. saved with a wrong API key, the test message names the fields to check. The credential
//      stays wrong from then on: no check may come after this one.
import { CREDENTIALS } from '../rig/sandbox.mjs';
import { fail, json, openCredential, sel, waitForText } from './editor.mjs';

const CREDENTIAL = CREDENTIALS.workspaceRecordsApi;

/** Check 11, as run.mjs lists it: [title, check]. */
export const wrongApiKey = [
	'Credential: saved with a wrong API Key, the test message names the fields to check (API Key and Workspace ID)',
	async ({ page, env, shot }) => {
		const { modal, message } = await openCredential(page, env.n8n.base, CREDENTIAL.name);
		env.sandbox.clearRequests();
		await modal.locator(`${sel.parameter('apiKey')} input`).fill('wrong-key-for-the-ui-test');
		await modal.locator(sel.credentialSave).click();
		await waitForText(
			message,
			(t) => /Couldn.t connect with these settings/.test(t),
			'the failed test',
		);
		// n8n folds the reason behind "More details".
		const details = message.getByText('More details');
		if (await details.isVisible()) await details.click();
		const text = await waitForText(
			message,
			(t) => t.includes('check API Key and Workspace ID'),
			'the reason naming the fields',
		);
		await shot('9-credential-wrong-key');
		const tests = env.sandbox.requests.filter((r) => r.path === '/api/v1/collections');
		if (
			!tests.length ||
			tests.some((r) => r.status !== 401 || r.headers['x-api-key'] !== 'wrong-key-for-the-ui-test')
		) {
			fail(`the test sent ${json(env.sandbox.requests.map((r) => [r.method, r.path, r.status]))}`);
		}
		const shown =
			text
				.replace(/ Retry\b/, '')
				.match(/Couldn.t connect with these settings.*?(?= Base URL|$)/)?.[0] ?? text;
		return `the editor shows: "${shown}"`;
	},
];
