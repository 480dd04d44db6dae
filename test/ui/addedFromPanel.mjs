// Workspace Records actions added fresh from the node panel, as a person starts
// (`npm run test:ui`, listed by run.mjs):
//   5. Record Create: what the mapper shows before a collection is chosen, and one notice,
//      n8n's, in Map Automatically once People is chosen; one mapping choice (no Input Mode), the
//      labels saying what Emails and Company take, and Use JSON Instead below the mapper, which
//      puts the JSON in its place;
//   6. Record Create or Update: Emails preselected as the attribute to match on;
//   7. Record Get: Options (the request knobs) is its last parameter.
import { isDeepStrictEqual } from 'node:util';

import { SEED_IDS } from '../rig/sandbox.mjs';
import {
	addRecordsAction,
	fail,
	inputValueIn,
	json,
	mapperLabels,
	N8N_AUTOMAP_NOTICE,
	noticesIn,
	openOptions,
	openSelect,
	pickFromList,
	pickOption,
	sel,
	shownParameters,
	squash,
	waitForText,
} from './editor.mjs';

const { PEOPLE } = SEED_IDS;

/** The mapper's own error when it has no fields (n8n: resourceMapper.fetchingFields.*). */
const NO_FIELDS = /No attributes found|Can.t get attributes|\bRetry\b/;
const EMAILS_LABEL = 'Emails';
const COMPANY_LABEL = 'Company';
/** The attribute types Create or Update may match on (nodes/shared/methods/resourceMapping.ts). */
const IDENTIFYING_TYPES = ['text', 'email-address', 'phone-number', 'domain', 'number'];

/** The checks of this file, in run.mjs's order; the second reads what the first saw. */
export function addedFromPanelChecks() {
	const seen = {};
	return [
		[
			"Record Create, added from the panel: once People is chosen, Map Automatically shows one notice, n8n's, below the mode selector",
			async ({ page, env, shot }) => {
				const ndv = await addRecordsAction(page, env.n8n.base, 'Create a record');
				const mapper = ndv.locator(sel.mapper);
				await mapper.locator(sel.mappingMode).waitFor();
				// What the mapper shows before a collection is chosen, judged by the next check. An
				// error shows as soon as the editor has the (empty) list of fields: a few seconds
				// without one is none.
				const before = await waitForText(
					mapper,
					(t) => NO_FIELDS.test(t),
					'an error in the mapper',
					5_000,
				).catch(async () => squash(await mapper.innerText()));
				await shot('5-create-before-collection');
				seen.freshCreate = { before, shot: '5-create-before-collection.png' };

				await pickFromList(page, 'collectionId', 'People', ndv);
				await mapper.locator(sel.parameter('name')).waitFor();
				// Map Automatically: one notice, n8n's own, and none of the node's above the mapper
				// (issue 39, item 6; by mode in words.mjs).
				await openSelect(mapper.locator(sel.mappingMode));
				await pickOption(page, 'Map Automatically');
				const notice = ndv.locator(sel.nodeParameters).getByText(N8N_AUTOMAP_NOTICE).first();
				await notice.waitFor({ timeout: 10_000 }).catch(() => {});
				await ndv.locator(sel.nodeParameters).evaluate((el) => el.scrollTo(0, 0));
				const notices = await noticesIn(ndv);
				await shot('5-create-map-automatically-one-notice');
				if (!(await notice.isVisible()))
					fail(`n8n's notice "${N8N_AUTOMAP_NOTICE}…" is not shown; notices: ${json(notices)}`);
				if (notices.length !== 1)
					fail(`Map Automatically shows ${notices.length} notices: ${json(notices)}`);
				const [noticeBox, modeBox] = [
					await notice.boundingBox(),
					await mapper.locator(sel.mappingMode).boundingBox(),
				];
				if (noticeBox.y < modeBox.y + modeBox.height - 1)
					fail(
						`the notice (from y ${noticeBox.y}) is not below the mode selector (to y ${modeBox.y + modeBox.height})`,
					);
				return (
					`before a collection, the mapper shows: "${before}"\n` +
					`Map Automatically: one notice, below the mode selector: "${notices[0]}"`
				);
			},
		],
		[
			'Record Create, added from the panel: no red "No attributes found" (nor "Retry") in the mapper before a collection is chosen',
			async ({ noPicture }) => {
				noPicture();
				if (!seen.freshCreate) fail('the check before did not get as far as reading the mapper');
				const { before, shot } = seen.freshCreate;
				if (NO_FIELDS.test(before))
					fail(
						`before a collection is chosen the mapper shows "${before}", in red (screenshot ${shot}).\n` +
							`    n8n's mapper shows "No {fieldWords} found in {node}" whenever the resource mapper method returns ` +
							`no fields in Map Each Column Manually, unless the parameter's typeOptions.resourceMapper has ` +
							`hideNoDataError (or words of its own in noFieldsError): getAttributeFields returns { fields: [] } here`,
					);
				return `the mapper shows: "${before}"`;
			},
		],
		[
			"Record Create, added from the panel, People chosen: one mapping choice (no Input Mode), labels saying what Emails and Company take, Use JSON Instead below the mapper; switched on, the JSON takes the mapper's place",
			async ({ page, env, shot }) => {
				const ndv = await addRecordsAction(page, env.n8n.base, 'Create a record');
				await pickFromList(page, 'collectionId', 'People', ndv);
				const mapper = ndv.locator(sel.mapper);
				await mapper.locator(sel.parameter('company')).waitFor();
				const shown = await shownParameters(ndv);
				const labels = shown.map((p) => p.label);
				if (labels.includes('Input Mode'))
					fail(`an Input Mode is shown; the parameters: ${labels.join(' | ')}`);
				const fieldLabels = await mapperLabels(mapper);
				for (const label of [EMAILS_LABEL, COMPANY_LABEL])
					if (!fieldLabels.includes(label))
						fail(`no attribute field "${label}"; fields: ${fieldLabels.join(', ')}`);

				// Top to bottom: the mapper, Use JSON Instead (off), Options last.
				const toggle = ndv.locator(sel.parameterItem('useJson'));
				const options = ndv.locator(sel.parameterItem('options'));
				await toggle.scrollIntoViewIfNeeded();
				const [mapperBox, toggleBox, optionsBox] = [
					await mapper.boundingBox(),
					await toggle.boundingBox(),
					await options.boundingBox(),
				];
				if (!toggleBox) fail(`no Use JSON Instead; the parameters: ${labels.join(' | ')}`);
				if (mapperBox.y + mapperBox.height > toggleBox.y + 1 || toggleBox.y > optionsBox.y)
					fail(
						`not in the order mapper, Use JSON Instead, Options: y ${mapperBox.y}, ${toggleBox.y}, ${optionsBox.y}`,
					);
				const switchEl = ndv.locator(`${sel.parameter('useJson')} [role="switch"]`);
				if ((await switchEl.getAttribute('aria-checked')) !== 'false')
					fail('Use JSON Instead is on in a fresh node');
				await shot('5-create-one-mapping-choice');

				await ndv.locator(`${sel.parameter('useJson')} .el-switch`).click();
				const jsonField = ndv.locator(sel.parameterItem('attributesJson'));
				await jsonField.waitFor();
				await mapper.waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
				if (await mapper.isVisible()) fail('the mapper stays beside the JSON');
				const [switchBox, jsonBox] = [await toggle.boundingBox(), await jsonField.boundingBox()];
				if (jsonBox.y < switchBox.y) fail('the JSON stands above Use JSON Instead');
				const after = (await shownParameters(ndv)).map((p) => p.label);
				await shot('5-create-use-json-instead');
				return (
					`parameters: ${labels.join(' | ')}\n` +
					`labels: ${fieldLabels.filter((l) => [EMAILS_LABEL, COMPANY_LABEL].includes(l)).join(', ')}\n` +
					`with Use JSON Instead on: ${after.join(' | ')}`
				);
			},
		],
		[
			'Record Create or Update, added from the panel, People chosen: Emails preselected as the Attribute to Match On and shown among the values with Name; only text, email, phone, domain and number attributes offered',
			async ({ page, env, shot }) => {
				const ndv = await addRecordsAction(page, env.n8n.base, 'Create or update a record');
				await pickFromList(page, 'collectionId', 'People', ndv);
				const match = ndv.locator(`${sel.mapper} ${sel.matchingColumn}`);
				await match.waitFor();
				const label = squash(
					await match.locator('[data-test-id="input-label"] label').first().innerText(),
				);
				if (label !== 'Attribute to Match On')
					fail(`the match selector is labelled "${label}", expected "Attribute to Match On"`);
				// n8n's select shows the chosen field by its id (the key), not by the option's text.
				const chosen = await inputValueIn(match);
				if (!['emails', EMAILS_LABEL].includes(chosen))
					fail(`Attribute to Match On shows "${chosen}", expected Emails preselected`);
				// The values start with the required Name and the Emails it matches on, whose value
				// it needs; the other attributes can be added ("Add attribute to send").
				const mapper = ndv.locator(sel.mapper);
				await mapper.locator(sel.parameter('emails')).waitFor();
				const shownFields = [];
				for (const key of ['name', 'emails', 'leadScore', 'jobTitle'])
					if (await mapper.locator(sel.parameter(key)).count()) shownFields.push(key);
				if (!isDeepStrictEqual(shownFields, ['name', 'emails']))
					fail(`the values to send show ${json(shownFields)}, expected ["name","emails"]`);
				await match.scrollIntoViewIfNeeded();
				await shot('6-upsert-match-on-emails');

				await openSelect(match);
				const offered = await openOptions(page);
				const selected = await page
					.locator(sel.openOption)
					.evaluateAll((options) =>
						options
							.filter((o) => o.getAttribute('aria-selected') === 'true')
							.map((o) => o.innerText.trim()),
					);
				await shot('6-upsert-match-on-options');
				const expected = env.sandbox.state.attributes
					.get(`collection:${PEOPLE}`)
					.filter((a) => a.isEditable !== false && IDENTIFYING_TYPES.includes(a.inputType))
					.map((a) => a.name);
				if (!isDeepStrictEqual(offered, expected))
					fail(`Attribute to Match On offers ${json(offered)}, expected ${json(expected)}`);
				if (!isDeepStrictEqual(selected, [EMAILS_LABEL]))
					fail(`the list marks ${json(selected)} as chosen, expected "${EMAILS_LABEL}"`);
				return (
					`Attribute to Match On shows "${chosen}"; the list marks "${selected[0]}" as chosen; values to send: Name and Emails\n` +
					`offered: ${offered.join(', ')}`
				);
			},
		],
		[
			'Record Get, added from the panel: "Options" is the last parameter, with Max Concurrent Requests and Give Up After inside',
			async ({ page, env, shot }) => {
				const ndv = await addRecordsAction(page, env.n8n.base, 'Get a record');
				const shown = await shownParameters(ndv);
				const last = shown.at(-1);
				if (last?.name !== 'options' || last.label !== 'Options')
					fail(
						`the last parameter shown is ${json(last)}; in order: ${shown.map((p) => `${p.label} (${p.name})`).join(', ')}`,
					);
				const options = ndv.locator(sel.parameterItem('options'));
				await options.scrollIntoViewIfNeeded();
				await openSelect(options.locator(sel.collectionAdd));
				const offered = await openOptions(page);
				await shot('7-get-options-offered');
				const wanted = ['Max Concurrent Requests', 'Give Up After'];
				if (
					offered.length !== wanted.length ||
					!wanted.every((w) => offered.some((o) => o.startsWith(w)))
				)
					fail(`Options offers ${json(offered)}, expected ${json(wanted)}`);
				await pickOption(page, 'Max Concurrent Requests');
				const field = options.locator(sel.parameter('maxConcurrency'));
				await field.waitFor();
				await shot('7-get-options-max-concurrent');
				return (
					`parameters: ${shown.map((p) => p.label).join(', ')}\n` +
					`Options offers: ${offered.join(', ')}; Max Concurrent Requests added, showing ${await inputValueIn(field)}`
				);
			},
		],
	];
}
