// The n8n editor as `npm run test:ui` uses it: one place for the selectors (n8n's own
// data-test-id attributes, as its own end-to-end tests use them) and the few moves every
// check makes. Read from n8n 2.40.7's editor; a newer editor may rename some.

/** How long a step may take in the editor: n8n's first load of a panel can be slow on a busy machine. */
export const TIMEOUT = 60_000;

/** A check's verdict: the message is what the report prints. */
export const fail = (message) => {
	throw new Error(message);
};
export const json = (value) => JSON.stringify(value);

export const sel = {
	email: '[data-test-id="emailOrLdapLoginId"] input',
	password: '[data-test-id="password"] input',
	signIn: '[data-test-id="form-submit-button"]',
	addFirstStep: '[data-test-id="canvas-add-button"]',
	canvasPlus: '[data-test-id="node-creator-plus-button"]',
	creatorSearch: '[data-test-id="node-creator-search-bar"]',
	creatorEntry: '[data-test-id="item-iterator-item"]',
	creatorEntryName: '[data-test-id="node-creator-item-name"]',
	creatorEntryDescription: '[data-test-id="node-creator-item-description"]',
	creatorCategory: '[data-test-id="node-creator-category-item"]',
	canvasNode: '[data-test-id="canvas-node"]',
	ndv: '[data-test-id="ndv"]',
	ndvClose: '[data-test-id="ndv-close-button"]',
	executeStep: '[data-test-id="node-execute-button"]',
	output: '[data-test-id="output-panel"]',
	outputData: '[data-test-id="output-panel"] [data-test-id="ndv-data-container"]',
	parameter: (name) => `[data-test-id="parameter-input-${name}"]`,
	locator: (name) => `[data-test-id="resource-locator-${name}"]`,
	locatorInput: '[data-test-id="rlc-input"]',
	locatorItem: '[data-test-id="rlc-item"]',
	mapper: '[data-test-id="resource-mapper-container"]',
	mappingMode: '[data-test-id="mapping-mode-select"]',
	removeField: (id) => `[data-test-id="remove-field-button-${id}"]`,
	matchingColumn: '[data-test-id="matching-column-select"]',
	fixedCollection: (name) => `[data-test-id="fixed-collection-${name}"]`,
	nodeParameters: '[data-test-id="node-parameters"]',
	// A top-level parameter: its label is `for` the parameter's name.
	parameterItem: (name) =>
		`[data-test-id="parameter-item"]:has(> * > [data-test-id="input-label"] label[for="${name}"])`,
	collectionAdd: '[data-test-id="collection-parameter-add"]',
	parameterIssues: '[data-test-id="parameter-issues"]',
	credentialSelect: '[data-test-id="node-credentials-select"]',
	credentialModal: '[data-test-id="editCredential-modal"]',
	credentialSave: '[data-test-id="credential-save-button"]',
	credentialMessage: '[data-test-id="node-credentials-config-container"]',
	// Element Plus renders a select's options in a popper at the end of the page.
	openOption: '.el-select-dropdown__item:visible',
};

/** Text with its runs of white space made single spaces, for comparing what the editor shows. */
export const squash = (text) => text.replace(/\s+/g, ' ').trim();

/** The value of the first input inside `locator`, or '' when it has none (without waiting for one). */
export async function inputValueIn(locator) {
	const input = locator.locator('input').first();
	return (await input.count()) ? await input.inputValue({ timeout: 5_000 }).catch(() => '') : '';
}

/** What a select shows as chosen: its text and its input's value (n8n's selects keep it in either). */
export async function shownValue(locator) {
	return `${squash(await locator.innerText())} ${await inputValueIn(locator)}`.trim();
}

/** Opens the select inside `locator` (n8n's Element Plus select: its wrapper takes the click). */
export async function openSelect(locator) {
	await locator.locator('.el-select').first().click();
}

/** Signs in on n8n's sign-in page, as a person would. */
export async function signIn(page, base, owner) {
	await page.goto(`${base}/signin`);
	await page.locator(sel.email).fill(owner.email);
	await page.locator(sel.password).fill(owner.password);
	await page.locator(sel.signIn).click();
	await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
}

/** A new, empty workflow in the editor, ready for its first node. */
export async function newWorkflow(page, base) {
	await page.goto(`${base}/workflow/new`);
	await page.locator(sel.addFirstStep).waitFor();
}

/** A saved workflow, opened in the editor, with the node `nodeName` open in its panel (NDV). */
export async function openNode(page, base, workflowId, nodeName) {
	await page.goto(`${base}/workflow/${workflowId}`);
	const node = page.locator(sel.canvasNode, { hasText: nodeName });
	await node.waitFor();
	await node.dblclick();
	await page.locator(sel.ndv).waitFor();
}

/**
 * Adds the Workspace Records action that starts with `action` ("Create a record": the actions
 * go on to tell an AI model the rule, docs/ai-agents.md) to a new, empty workflow from the node
 * panel, as a person does; n8n puts a Manual Trigger before it and opens its
 * panel. Returns the panel (NDV), once the credential (chosen by itself) is shown.
 */
export async function addRecordsAction(page, base, action) {
	await newWorkflow(page, base);
	await page.locator(sel.addFirstStep).click();
	await searchNodeCreator(page, 'Workspace Records', 'Workspace Records');
	await clickCreatorEntry(page, 'Workspace Records');
	const actions = page.locator(sel.creatorCategory, { hasText: /^Actions/ });
	await actions.waitFor();
	const entry = page
		.locator(sel.creatorEntryName)
		.filter({ hasText: new RegExp(`^${action.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`) });
	if (!(await entry.isVisible())) await actions.click();
	await entry.click();
	const ndv = page.locator(sel.ndv);
	await ndv.locator(sel.credentialSelect).waitFor();
	return ndv;
}

/**
 * Opens the picker (resource locator) `name` inside `scope` and picks the first entry of its list
 * whose text has `entry` (a string or a RegExp), as a person picks "From list".
 */
export async function pickFromList(page, name, entry, scope = page) {
	await scope.locator(`${sel.locator(name)} ${sel.locatorInput}`).click();
	await page.locator(sel.locatorItem, { hasText: entry }).first().click();
}

/** The labels of the mapper's fields as shown, without the Fixed/Expression switch of each. */
export async function mapperLabels(mapper) {
	return (await mapper.locator('[data-test-id="input-label"]').allInnerTexts()).map((t) =>
		squash(t).replace(/ Fixed Expression$/, ''),
	);
}

/**
 * The parameters the open panel's Parameters tab shows, top level only, in order:
 * { name, label } (the name from the label's `for`, '' where it has none).
 */
export async function shownParameters(ndv) {
	return await ndv.locator(sel.nodeParameters).evaluate((root) =>
		[...root.querySelectorAll('[data-test-id="parameter-item"]')]
			.filter(
				(item) =>
					item.offsetParent !== null &&
					!item.parentElement.closest('[data-test-id="parameter-item"]'),
			)
			.map((item) => {
				const label = item.querySelector('[data-test-id="input-label"] label');
				return {
					name: label?.getAttribute('for') ?? '',
					label: (label?.innerText ?? item.innerText).split('\n')[0].trim(),
				};
			}),
	);
}

/**
 * Types `query` into the node creator's search and waits until an entry named `waitFor`
 * is listed. Returns every entry shown: { name, description }.
 */
export async function searchNodeCreator(page, query, waitFor) {
	const search = page.locator(sel.creatorSearch);
	await search.waitFor();
	await search.fill(query);
	await page.locator(sel.creatorEntryName, { hasText: waitFor }).first().waitFor();
	return await page.locator(sel.creatorEntry).evaluateAll(
		(entries, s) =>
			entries
				.filter((entry) => entry.offsetParent !== null)
				.map((entry) => ({
					name: entry.querySelector(s.name)?.textContent?.trim() ?? '',
					description: entry.querySelector(s.description)?.textContent?.trim() ?? '',
				}))
				.filter((entry) => entry.name),
		{ name: sel.creatorEntryName, description: sel.creatorEntryDescription },
	);
}

/** Clicks the node creator's entry whose name is exactly `name`. */
export async function clickCreatorEntry(page, name) {
	await page
		.locator(sel.creatorEntryName)
		.filter({ hasText: new RegExp(`^${name}$`) })
		.first()
		.click();
}

/** The texts of the options of the select that is open now. */
export async function openOptions(page) {
	await page.locator(sel.openOption).first().waitFor();
	return (await page.locator(sel.openOption).allInnerTexts()).map(squash);
}

/**
 * Opens the select inside `locator` and returns its options, once it has them: a select whose
 * options are still loading ("Loading options...") may take the click and open nothing.
 */
export async function openLoadedSelect(page, locator) {
	const started = Date.now();
	for (;;) {
		if (!(await shownValue(locator)).includes('Loading options')) {
			if (!(await page.locator(sel.openOption).count())) await openSelect(locator);
			const opened = await page
				.locator(sel.openOption)
				.first()
				.waitFor({ timeout: 3_000 })
				.then(() => true)
				.catch(() => false);
			if (opened) return await openOptions(page);
		}
		if (Date.now() - started > TIMEOUT)
			throw new Error(
				`the select did not open with options within ${TIMEOUT / 1000} s; it shows: ${await shownValue(locator)}`,
			);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

/** Picks the option of the open select whose title (its first line; a description may follow) is `name`. */
export async function pickOption(page, name) {
	const options = page.locator(sel.openOption);
	await options.first().waitFor();
	const titles = await options.evaluateAll((elements) =>
		elements.map((e) => (e.innerText ?? '').trim().split('\n')[0].trim()),
	);
	const index = titles.indexOf(name);
	if (index === -1)
		throw new Error(`the open select has no option "${name}": ${JSON.stringify(titles)}`);
	await options.nth(index).click();
}

/** Waits until `locator`'s text, squashed, passes `test`; returns that text. */
export async function waitForText(locator, test, what, timeout = TIMEOUT) {
	const started = Date.now();
	let text = '';
	for (;;) {
		text = squash(await locator.innerText().catch(() => ''));
		if (test(text)) return text;
		if (Date.now() - started > timeout)
			throw new Error(
				`${what}: not shown within ${timeout / 1000} s; the editor shows: ${text.slice(0, 400)}`,
			);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

/**
 * Opens the credential `name` from n8n's Credentials page and waits until the test n8n runs on
 * opening it has passed. Returns its modal and the message the test shows.
 */
export async function openCredential(page, base, name) {
	await page.goto(`${base}/home/credentials`);
	await page.getByText(name, { exact: true }).first().click();
	const modal = page.locator(sel.credentialModal);
	await modal.waitFor();
	const message = modal.locator(sel.credentialMessage);
	await waitForText(
		message,
		(t) => t.includes('Connection tested successfully'),
		'the test of the imported credential',
	);
	return { modal, message };
}

/** Runs the open node with "Execute step" and waits until its output shows `expected`. */
export async function executeStep(page, expected) {
	await page.locator(sel.executeStep).click();
	return await waitForText(
		page.locator(sel.output),
		(text) => text.includes(expected),
		`the output after "Execute step" (waiting for "${expected}")`,
	);
}

/** n8n's own notice in Map Automatically (resourceMapper.autoMappingNotice), its start. */
export const N8N_AUTOMAP_NOTICE =
	'In this mode, make sure the incoming data fields are named the same';

/** The texts of the notices the open panel shows (n8n's N8nNotice), squashed. */
export const noticesIn = async (ndv) =>
	(await ndv.locator(`${sel.nodeParameters} .notice-content`).allInnerTexts())
		.map(squash)
		.filter(Boolean);

/** The cells of the output panel's table, by column: { header: [cell of item 1, cell of item 2, …] }. */
export async function outputTable(page) {
	const output = page.locator(sel.output);
	await output.locator('[data-test-id="radio-button-table"]').click();
	const data = page.locator(sel.outputData);
	await data.locator('thead th').first().waitFor();
	const headers = (await data.locator('thead th').allInnerTexts()).map(squash);
	const rows = await data
		.locator('tbody tr')
		.evaluateAll((trs) =>
			trs.map((tr) =>
				[...tr.querySelectorAll(':scope > td')].map((td) =>
					td.innerText.replace(/\s+/g, ' ').trim(),
				),
			),
		);
	return Object.fromEntries(
		headers.map((header, column) => [header, rows.map((row) => row[column])]),
	);
}

/** Polls `read` until it returns something, or fails naming `what` (a condition, never a fixed sleep). */
export async function pollFor(read, what, timeout = TIMEOUT) {
	const end = Date.now() + timeout;
	for (;;) {
		const value = await read();
		if (value) return value;
		if (Date.now() > end) fail(`${what} did not happen within ${timeout / 1000} s`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}
