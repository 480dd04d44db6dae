// Workspace Records' Get Many run from the editor (`npm run test:ui`, listed by run.mjs):
//   4. with Simplify on (options and statuses as names) and off (the objects);
//   8. with a condition Lead Score Equals a number, Compare Value As left as it is.
import { isDeepStrictEqual } from 'node:util';

import { SEED_IDS } from '../rig/sandbox.mjs';
import {
	executeStep,
	fail,
	json,
	openLoadedSelect,
	openNode,
	outputTable,
	pickOption,
	sel,
	shownValue,
	TIMEOUT,
	waitForText,
} from './editor.mjs';
import { chain, MANUAL_TRIGGER, PEOPLE_LOCATOR, recordsNode } from './workflows.mjs';

const { PEOPLE } = SEED_IDS;
/** A lead score one seed person has alone: leadScore = (i * 7) % 100 for person i, 98 for person 14. */
const SCORE = 98;

/** The output table, once `ready(table)` holds (the previous run's table may still be shown). */
async function waitForTable(page, ready) {
	const started = Date.now();
	for (;;) {
		const table = await outputTable(page);
		if (table._id?.length && ready(table)) return table;
		if (Date.now() - started > TIMEOUT)
			fail(`the output table did not change as expected: ${json(table).slice(0, 400)}`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

/** Check 4, as run.mjs lists it: [title, check]. */
export const simplify = [
	'Get Many: Simplify (on by default) shows options and statuses as names; off shows the objects',
	async ({ page, env, shot }) => {
		const getMany = recordsNode('Get people', {
			resource: 'record',
			operation: 'getAll',
			collectionId: PEOPLE_LOCATOR,
			limit: 2,
		});
		const id = await env.api.createWorkflow({
			name: 'UI test: Get Many',
			...chain(MANUAL_TRIGGER, getMany),
		});
		await openNode(page, env.n8n.base, id, 'Get people');
		const simplify = page.locator(`${sel.parameter('simplify')} [role="switch"]`);
		if (!(await simplify.count())) fail('Get Many has no Simplify parameter');
		if ((await simplify.getAttribute('aria-checked')) !== 'true')
			fail('Simplify is off by default');
		const stored = [...env.sandbox.state.records.get(PEOPLE).values()];
		const storedOf = (recordId) =>
			stored.find((record) => record._id === recordId) ??
			fail(`the output shows ${recordId}, which the sandbox does not hold`);

		const run = async (simplified) => {
			await executeStep(page, 'Ada Lovelace');
			const table = await waitForTable(
				page,
				(t) => (t.source?.[0]?.includes('color:') ?? false) !== simplified,
			);
			const shown = table._id.map((recordId, i) => ({
				record: storedOf(recordId),
				source: table.source[i],
				lifecycle: table.lifecycle[i],
			}));
			for (const { record, source, lifecycle } of shown) {
				const wanted = simplified
					? { source: record.source.name, lifecycle: record.lifecycle.name }
					: { source: `_id:${record.source._id}`, lifecycle: `_id:${record.lifecycle._id}` };
				const got = simplified
					? { source, lifecycle }
					: { source: source.split(' ')[0], lifecycle: lifecycle.split(' ')[0] };
				if (!isDeepStrictEqual(got, wanted))
					fail(
						`Simplify ${simplified ? 'on' : 'off'}: ${record.name} shows ${json({ source, lifecycle })}, expected ${json(wanted)}…`,
					);
			}
			await page
				.locator(sel.outputData)
				.locator('thead th', { hasText: /^source$/ })
				.scrollIntoViewIfNeeded();
			return shown.map(
				({ record, source, lifecycle }) =>
					`${record.name}: source "${source}", lifecycle "${lifecycle}"`,
			);
		};
		const on = await run(true);
		await shot('4-get-many-simplify-on');
		await page.locator(`${sel.parameter('simplify')} .el-switch`).click();
		await waitForText(page.locator(sel.parameter('simplify')), () => true, 'Simplify');
		if ((await simplify.getAttribute('aria-checked')) !== 'false')
			fail('Simplify did not switch off');
		const off = await run(false);
		await shot('4-get-many-simplify-off');
		return `on:  ${on.join('; ')}\noff: ${off.join('; ')}`;
	},
];

/** Check 8, as run.mjs lists it: [title, check]. */
export const condition = [
	'Get Many: a condition Lead Score Equals 98, Compare Value As left at its default "Attribute\'s Type", finds the one person scored 98',
	async ({ page, env, shot }) => {
		const stored = [...env.sandbox.state.records.get(PEOPLE).values()];
		const holders = stored.filter((record) => record.leadScore === SCORE);
		if (holders.length !== 1)
			fail(`the sandbox holds ${holders.length} people with leadScore ${SCORE}, expected 1`);
		const [target] = holders;
		const getMany = recordsNode('Find by lead score', {
			resource: 'record',
			operation: 'getAll',
			collectionId: PEOPLE_LOCATOR,
			filterMode: 'conditions',
		});
		const id = await env.api.createWorkflow({
			name: 'UI test: Get Many by lead score',
			...chain(MANUAL_TRIGGER, getMany),
		});
		await openNode(page, env.n8n.base, id, 'Find by lead score');
		// The condition is added in the editor, so that its defaults are the editor's.
		const conditions = page.locator(sel.fixedCollection('conditions'));
		await conditions.getByText('Add Condition').click();
		const attribute = conditions.locator(sel.parameter('attribute'));
		await attribute.waitFor();
		await openLoadedSelect(page, attribute);
		await pickOption(page, 'Lead Score (leadScore)');
		const operator = await shownValue(conditions.locator(sel.parameter('operator')));
		if (!operator.includes('Equals')) fail(`Condition shows "${operator}", expected Equals`);
		const sendAs = await shownValue(conditions.locator(sel.parameter('valueType')));
		if (!sendAs.includes("Attribute's Type"))
			fail(`Compare Value As shows "${sendAs}", expected the default "Attribute's Type"`);
		const value = sel.parameter('value');
		await conditions.locator(`${value} input, ${value} textarea`).first().fill(String(SCORE));
		await conditions.locator(sel.parameter('valueType')).scrollIntoViewIfNeeded();
		await shot('8-get-many-condition');

		env.sandbox.clearRequests();
		await page.locator(sel.executeStep).click();
		const output = await waitForText(
			page.locator(sel.output),
			(t) => t.includes(target.name) || t.includes('No output data returned'),
			`the output after "Execute step" (waiting for "${target.name}")`,
		);
		const queries = env.sandbox.requests.filter(
			(r) => r.method === 'POST' && r.path === `/api/v1/collection-records/${PEOPLE}/query`,
		);
		const filters = queries.map((r) => json(r.body?.filter));
		if (!output.includes(target.name)) {
			await shot('8-get-many-condition-output');
			fail(
				`the output shows no record ("${output.slice(0, 200)}"); the filter sent: ${filters.join(', ')}`,
			);
		}
		const table = await outputTable(page);
		await shot('8-get-many-condition-output');
		if (!isDeepStrictEqual(table._id, [target._id]))
			fail(
				`the output shows ${json(table._id)}, expected only ${target.name} (${target._id}); the filter sent: ${filters.join(', ')}`,
			);
		if (!filters.length || !filters.every((f) => f.includes(`"leadScore":{"$eq":${SCORE}}`)))
			fail(
				`the filter sent: ${filters.join(', ') || 'none'}, expected leadScore $eq the number ${SCORE}`,
			);
		return `Compare Value As: "${sendAs}"; sent ${filters.join(', ')}; found ${target.name} (${target._id}), leadScore ${target.leadScore}`;
	},
];
