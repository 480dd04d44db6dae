import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { InputError } from '../../../../../nodes/shared/input';
import type { FormField } from '../../../../../nodes/shared/messaging/ask/form';
import {
	customFormProperties,
	formAnswerOf,
	formFieldsHtml,
	toFormFields,
} from '../../../../../nodes/shared/messaging/ask/form';

/** What a throw says, the hint included (the node shows the hint as the error's description). */
function refusal(build: () => unknown): { message: string; hint: string } {
	try {
		build();
	} catch (error) {
		expect(error).toBeInstanceOf(InputError);
		return { message: (error as InputError).message, hint: (error as InputError).hint };
	}
	throw new Error('not refused');
}

const field = (label: string, more: Partial<FormField> = {}): FormField => ({
	label,
	type: 'text',
	required: false,
	placeholder: '',
	options: [],
	multiselect: false,
	...more,
});

const fromFields = (...values: IDataObject[]) =>
	toFormFields({ defineForm: 'fields', formFields: { values } });
const fromJson = (jsonOutput: unknown) => toFormFields({ defineForm: 'json', jsonOutput });
const optionsOf = (...options: string[]) => ({ values: options.map((option) => ({ option })) });

const XSS = '<img src=x onerror=alert(1)>';
const XSS_ESCAPED = '&lt;img src=x onerror=alert(1)&gt;';

describe('the editor fields', () => {
	const byName = (name: string) =>
		customFormProperties.find((property) => property.name === name) as INodeProperties;
	const elementSettings = () =>
		(byName('formFields').options as Array<{ values: INodeProperties[] }>)[0].values;

	test("n8n's names: defineForm, formFields, jsonOutput, and nothing tied to responseType", () => {
		expect(customFormProperties.map((property) => property.name)).toEqual([
			'defineForm',
			'formFields',
			'jsonOutput',
		]);
		expect(JSON.stringify(customFormProperties)).not.toContain('responseType');
		expect(byName('defineForm')).toMatchObject({
			type: 'options',
			noDataExpression: true,
			default: 'fields',
			options: [
				{ name: 'Using Fields Below', value: 'fields' },
				{ name: 'Using JSON', value: 'json' },
			],
		});
		expect(byName('formFields')).toMatchObject({
			displayName: 'Form Elements',
			type: 'fixedCollection',
			placeholder: 'Add Form Element',
			typeOptions: { multipleValues: true, sortable: true },
			displayOptions: { show: { defineForm: ['fields'] } },
		});
		expect(byName('jsonOutput')).toMatchObject({
			displayName: 'Form Fields',
			type: 'json',
			displayOptions: { show: { defineForm: ['json'] } },
		});
	});

	test("an element's settings, with the types this page offers, sorted by name", () => {
		const settings = elementSettings();
		expect(settings.map((setting) => setting.name).sort()).toEqual(
			[
				'fieldLabel',
				'fieldOptions',
				'fieldType',
				'multiselect',
				'placeholder',
				'requiredField',
			].sort(),
		);
		const type = settings.find((setting) => setting.name === 'fieldType');
		expect(type?.default).toBe('text');
		const names = (type?.options as Array<{ name: string; value: string }>).map((o) => o.name);
		expect(names).toEqual([...names].sort());
		expect((type?.options as Array<{ value: string }>).map((o) => o.value)).toEqual([
			'checkbox',
			'date',
			'dropdown',
			'email',
			'number',
			'password',
			'radio',
			'text',
			'textarea',
		]);
		const shownFor = (name: string) =>
			settings.find((setting) => setting.name === name)?.displayOptions?.show?.fieldType;
		expect(shownFor('placeholder')).toEqual(['email', 'number', 'password', 'text', 'textarea']);
		expect(shownFor('fieldOptions')).toEqual(['checkbox', 'dropdown', 'radio']);
		expect(shownFor('multiselect')).toEqual(['dropdown']);
		expect(settings.find((setting) => setting.name === 'requiredField')).toMatchObject({
			displayName: 'Required Field',
			type: 'boolean',
			default: false,
		});
		for (const setting of settings.filter((s) => s.type === 'boolean'))
			expect(setting.description).toMatch(/^Whether /);
	});

	test('the JSON example is a form this page takes', () => {
		const fields = fromJson(byName('jsonOutput').default);
		expect(fields.map(({ label, type }) => [label, type])).toEqual([
			['Name', 'text'],
			['Guests', 'number'],
			['Meal', 'radio'],
		]);
	});
});

describe('the form as defined', () => {
	test('Form Elements: each entry read, a missing type read as Text Input', () => {
		expect(
			fromFields(
				{ fieldLabel: ' Name ', placeholder: 'e.g. Ada', requiredField: true },
				{ fieldLabel: 'Size', fieldType: 'dropdown', fieldOptions: optionsOf('S', 'M') },
				{
					fieldLabel: 'Extras',
					fieldType: 'dropdown',
					multiselect: true,
					fieldOptions: optionsOf('Salt', 'Pepper'),
				},
			),
		).toEqual([
			field('Name', { required: true, placeholder: 'e.g. Ada' }),
			field('Size', { type: 'dropdown', options: ['S', 'M'] }),
			field('Extras', { type: 'dropdown', options: ['Salt', 'Pepper'], multiselect: true }),
		]);
	});

	test("what a type does not use is left out: a date's placeholder, a radio's multiselect, a text's options", () => {
		expect(
			fromFields(
				{ fieldLabel: 'When', fieldType: 'date', placeholder: 'today' },
				{ fieldLabel: 'One', fieldType: 'radio', multiselect: true, fieldOptions: optionsOf('A') },
				{ fieldLabel: 'Note', fieldOptions: optionsOf('A') },
			),
		).toEqual([
			field('When', { type: 'date' }),
			field('One', { type: 'radio', options: ['A'] }),
			field('Note'),
		]);
	});

	test('options are trimmed; empty ones (n8n starts the list with one) and repeats left out', () => {
		const [checkbox] = fromFields({
			fieldLabel: 'Days',
			fieldType: 'checkbox',
			fieldOptions: optionsOf('', ' Mon ', 'Tue', 'Mon'),
		});
		expect(checkbox.options).toEqual(['Mon', 'Tue']);
	});

	test('JSON as text, or as an array from an expression, reads the same', () => {
		const elements = [
			{ fieldLabel: 'Email', fieldType: 'email', requiredField: true },
			{ fieldLabel: 'Pick', fieldType: 'checkbox', fieldOptions: optionsOf('A', 'B') },
		];
		const expected = [
			field('Email', { type: 'email', required: true }),
			field('Pick', { type: 'checkbox', options: ['A', 'B'] }),
		];
		expect(fromJson(`\n ${JSON.stringify(elements)} \n`)).toEqual(expected);
		expect(fromJson(elements)).toEqual(expected);
	});

	test('Define Form decides which is read: the other one may hold anything', () => {
		const formFields = { values: [{ fieldLabel: 'From fields' }] };
		const jsonOutput = '[{"fieldLabel": "From JSON"}]';
		expect(toFormFields({ formFields, jsonOutput })[0].label).toBe('From fields');
		expect(toFormFields({ defineForm: 'json', formFields, jsonOutput })[0].label).toBe('From JSON');
		expect(toFormFields({ formFields, jsonOutput: '{ not json' })[0].label).toBe('From fields');
	});

	test.each([
		[
			'no elements',
			() => toFormFields({ defineForm: 'fields', formFields: {} }),
			'Form Elements: none given',
			/Add at least one element/,
		],
		[
			'Form Elements not added at all',
			() => toFormFields({}),
			'Form Elements: none given',
			/Add at least one element/,
		],
		[
			'an empty JSON array',
			() => fromJson('[]'),
			'Form Fields (JSON): none given',
			/Add at least one element/,
		],
		[
			'empty JSON text',
			() => fromJson('  '),
			'Form Fields (JSON): none given',
			/Add at least one element/,
		],
		[
			'an empty label',
			() => fromFields({ fieldLabel: 'Name' }, { fieldLabel: '  ' }),
			'Form Elements (2): no label',
			/words shown above the input/,
		],
		[
			'a label missing from the JSON',
			() => fromJson('[{"fieldType": "text"}]'),
			'Form Fields (JSON) (1): no label',
			/words shown above the input/,
		],
		[
			'two elements with the same label',
			() => fromFields({ fieldLabel: 'Name' }, { fieldLabel: 'Age' }, { fieldLabel: ' Name' }),
			'Form Elements (3): the same label as element 1 ("Name")',
			/keyed by label, so one would overwrite the other/,
		],
		[
			'a file element',
			() => fromFields({ fieldLabel: 'CV', fieldType: 'file' }),
			'Form Elements (1): "file" elements are not offered on this page',
			/^Choose one of: Checkboxes, Date, Dropdown, Email, Number, Password, Radio Buttons, Text Input, Textarea\.$/,
		],
		[
			'a Custom HTML element',
			() => fromJson([{ fieldLabel: 'Intro', fieldType: 'html' }]),
			'Form Fields (JSON) (1): "html" elements are not offered on this page',
			/Choose one of: Checkboxes/,
		],
		[
			'a hidden field',
			() => fromFields({ fieldLabel: 'Ref', fieldType: 'hiddenField' }),
			'Form Elements (1): "hiddenField" elements are not offered on this page',
			/Choose one of: Checkboxes/,
		],
		[
			'a type n8n does not have',
			() => fromJson('[{"fieldLabel": "T", "fieldType": "time"}]'),
			'Form Fields (JSON) (1): "time" is not an element type',
			/Choose one of: Checkboxes/,
		],
		[
			'a dropdown with no options',
			() => fromFields({ fieldLabel: 'Size', fieldType: 'dropdown' }),
			'Form Elements (1): "Size" has no options',
			/Add the options/,
		],
		[
			'checkboxes with only the empty option n8n starts with',
			() => fromFields({ fieldLabel: 'Days', fieldType: 'checkbox', fieldOptions: optionsOf('') }),
			'Form Elements (1): "Days" has no options',
			/Add the options/,
		],
		[
			'radio buttons with no options in the JSON',
			() => fromJson([{ fieldLabel: 'Meal', fieldType: 'radio', fieldOptions: { values: [] } }]),
			'Form Fields (JSON) (1): "Meal" has no options',
			/Add the options/,
		],
		[
			'invalid JSON',
			() => fromJson('[{"fieldLabel": "Name",}]'),
			'Form Fields (JSON): not valid JSON',
			/double quotes/,
		],
		[
			'JSON that is an object, not an array',
			() => fromJson('{"fieldLabel": "Name"}'),
			'Form Fields (JSON): not a JSON array',
			/in brackets, such as \[\{"fieldLabel": "Name"\}\]/,
		],
		[
			'an element that is not an object',
			() => fromJson('["Name"]'),
			'Form Fields (JSON) (1): not an element',
			/as an object/,
		],
		[
			'Required Field that is not true or false',
			() => fromJson([{ fieldLabel: 'Name', requiredField: 'yes' }]),
			'Form Fields (JSON) (1): got "yes", expected true or false',
			/true or false/,
		],
	])('refused: %s', (_case, build, message, hint) => {
		const said = refusal(build);
		expect(said.message.startsWith(message)).toBe(true);
		expect(said.hint).toMatch(hint);
	});
});

describe("the form's inputs on the page", () => {
	test.each<[string, FormField, string]>([
		[
			'text, with its placeholder',
			field('Name', { placeholder: 'e.g. Ada', required: true }),
			'<p><label for="field-0">Name</label><br><input type="text" id="field-0" name="field-0" placeholder="e.g. Ada" required></p>',
		],
		[
			'email',
			field('Email', { type: 'email' }),
			'<input type="email" id="field-0" name="field-0">',
		],
		[
			'number, any decimals',
			field('Age', { type: 'number' }),
			'<input type="number" id="field-0" name="field-0" step="any">',
		],
		['date', field('When', { type: 'date' }), '<input type="date" id="field-0" name="field-0">'],
		[
			'password',
			field('PIN', { type: 'password', required: true }),
			'<input type="password" id="field-0" name="field-0" required>',
		],
		[
			'textarea',
			field('Notes', { type: 'textarea', placeholder: 'Anything else?' }),
			'<textarea id="field-0" name="field-0" placeholder="Anything else?"></textarea>',
		],
		[
			'dropdown, nothing chosen for the person',
			field('Size', { type: 'dropdown', options: ['S', 'M'], required: true }),
			'<select id="field-0" name="field-0" required><option value="">Choose…</option><option value="S">S</option><option value="M">M</option></select>',
		],
		[
			'dropdown with multiple choice',
			field('Extras', { type: 'dropdown', options: ['Salt'], multiselect: true }),
			'<select id="field-0" name="field-0" multiple><option value="Salt">Salt</option></select>',
		],
		[
			'checkboxes, one name, each its own value',
			field('Days', { type: 'checkbox', options: ['Mon', 'Tue'], required: true }),
			'<fieldset><legend>Days</legend><label><input type="checkbox" name="field-0" value="Mon"> Mon</label><br><label><input type="checkbox" name="field-0" value="Tue"> Tue</label></fieldset>',
		],
		[
			'radio buttons',
			field('Meal', { type: 'radio', options: ['Fish', 'Veg'], required: true }),
			'<fieldset><legend>Meal</legend><label><input type="radio" name="field-0" value="Fish" required> Fish</label><br><label><input type="radio" name="field-0" value="Veg" required> Veg</label></fieldset>',
		],
	])('%s', (_case, formField, html) => {
		expect(formFieldsHtml([formField])).toContain(html);
	});

	test('each element is named by its position, as n8n posts them', () => {
		const html = formFieldsHtml([field('A'), field('B'), field('C', { type: 'textarea' })]);
		expect(html.match(/name="field-\d"/g)).toEqual([
			'name="field-0"',
			'name="field-1"',
			'name="field-2"',
		]);
		expect(html).toContain('<label for="field-2">C</label>');
	});

	test('a required checkbox group puts no required on a box: that would require every box', () => {
		const html = formFieldsHtml([
			field('Days', { type: 'checkbox', options: ['Mon'], required: true }),
		]);
		expect(html).not.toContain('required');
	});

	test('no form tag, no button, no script, nothing from elsewhere', () => {
		const html = formFieldsHtml(
			(['text', 'email', 'number', 'date', 'password', 'textarea'] as const).map((type, index) =>
				field(`F${index}`, { type }),
			),
		);
		expect(html).not.toMatch(/<form|<button|<script|style=|src=|https?:/i);
	});

	test('labels, options and placeholders are escaped', () => {
		const html = formFieldsHtml([
			field(XSS, { placeholder: `"><script>alert(1)</script>` }),
			field(`${XSS}2`, { type: 'dropdown', options: [XSS, `a"b`] }),
			field(`${XSS}3`, { type: 'checkbox', options: [XSS] }),
			field(`${XSS}4`, { type: 'radio', options: [`'quoted'`] }),
		]);
		expect(html).not.toMatch(/<img|<script/);
		expect(html).toContain(`<label for="field-0">${XSS_ESCAPED}</label>`);
		expect(html).toContain('placeholder="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
		expect(html).toContain(`<option value="${XSS_ESCAPED}">${XSS_ESCAPED}</option>`);
		expect(html).toContain('<option value="a&quot;b">a&quot;b</option>');
		expect(html).toContain(`<legend>${XSS_ESCAPED}3</legend>`);
		expect(html).toContain(`value="${XSS_ESCAPED}"> ${XSS_ESCAPED}</label>`);
		expect(html).toContain(`value="&#39;quoted&#39;"`);
	});

	test('after a problem, what was posted is there again, escaped', () => {
		const fields = [
			field('Name'),
			field('Notes', { type: 'textarea' }),
			field('Size', { type: 'dropdown', options: ['S', 'M'] }),
			field('Days', { type: 'checkbox', options: ['Mon', 'Tue', 'Wed'] }),
			field('Meal', { type: 'radio', options: ['Fish', 'Veg'] }),
			field('Age', { type: 'number' }),
			field('Extras', { type: 'dropdown', options: ['Salt', 'Pepper'], multiselect: true }),
		];
		const html = formFieldsHtml(fields, {
			'field-0': `Ada "${XSS}"`,
			'field-1': `line 1\n</textarea>${XSS}`,
			'field-2': 'M',
			'field-3': ['Mon', 'Wed'],
			'field-4': 'Veg',
			'field-5': 'forty',
			'field-6': ['Salt', 'Pepper'],
		});
		expect(html).not.toContain('<img');
		expect(html).toContain(`value="Ada &quot;${XSS_ESCAPED}&quot;"`);
		expect(html).toContain(`>line 1\n&lt;/textarea&gt;${XSS_ESCAPED}</textarea>`);
		expect(html).toContain('<option value="M" selected>');
		expect(html).not.toContain('<option value="S" selected>');
		expect(html).toContain('value="Mon" checked>');
		expect(html).toContain('value="Tue">');
		expect(html).toContain('value="Wed" checked>');
		expect(html).toContain('value="Veg" checked>');
		expect(html).toContain('value="forty"');
		expect(html).toContain('<option value="Salt" selected>');
		expect(html).toContain('<option value="Pepper" selected>');
	});

	test.each(['\nsecond', '\r\nsecond'])(
		"a textarea's leading line break survives the parser (%j, as browsers post it)",
		(posted) => {
			const html = formFieldsHtml([field('Notes', { type: 'textarea' })], { 'field-0': posted });
			expect(html).toContain('name="field-0">\n\nsecond</textarea>');
		},
	);

	test('a password is not sent back in the page', () => {
		const html = formFieldsHtml([field('PIN', { type: 'password' })], { 'field-0': 'secret' });
		expect(html).not.toContain('secret');
	});

	test('a posted value that is not text is ignored', () => {
		const html = formFieldsHtml([field('Name')], { 'field-0': { nested: 'x' } as IDataObject });
		expect(html).toContain('<input type="text" id="field-0" name="field-0">');
	});
});

describe('the answer read from the post', () => {
	const answer = (formField: FormField, posted: unknown) =>
		formAnswerOf([formField], { 'field-0': posted } as IDataObject);

	test.each<[string, FormField, unknown, unknown]>([
		['text, trimmed', field('Name'), '  Ada  ', 'Ada'],
		['email, trimmed', field('Email', { type: 'email' }), ' ada@example.com ', 'ada@example.com'],
		['number, as a number', field('Age', { type: 'number' }), '42', 42],
		['a decimal number', field('Price', { type: 'number' }), '-1.5', -1.5],
		['zero', field('Count', { type: 'number' }), '0', 0],
		['date, as given', field('When', { type: 'date' }), '2024-02-29', '2024-02-29'],
		['password, as typed', field('PIN', { type: 'password' }), ' 12 34 ', ' 12 34 '],
		['textarea, as typed', field('Notes', { type: 'textarea' }), 'one\ntwo ', 'one\ntwo '],
		['dropdown', field('Size', { type: 'dropdown', options: ['S', 'M'] }), 'M', 'M'],
		[
			'dropdown, multiple choice, in the options order',
			field('Extras', { type: 'dropdown', options: ['Salt', 'Pepper'], multiselect: true }),
			['Pepper', 'Salt'],
			['Salt', 'Pepper'],
		],
		[
			'dropdown, multiple choice, one sent as a string',
			field('Extras', { type: 'dropdown', options: ['Salt', 'Pepper'], multiselect: true }),
			'Pepper',
			['Pepper'],
		],
		[
			'checkboxes, several',
			field('Days', { type: 'checkbox', options: ['Mon', 'Tue', 'Wed'] }),
			['Wed', 'Mon'],
			['Mon', 'Wed'],
		],
		[
			'checkboxes, one sent as a string',
			field('Days', { type: 'checkbox', options: ['Mon', 'Tue'] }),
			'Tue',
			['Tue'],
		],
		['radio', field('Meal', { type: 'radio', options: ['Fish', 'Veg'] }), 'Veg', 'Veg'],
		['a single value sent twice: the first', field('Name'), ['Ada', 'Bob'], 'Ada'],
	])('%s', (_case, formField, posted, value) => {
		expect(answer(formField, posted)).toEqual({ answer: { [formField.label]: value } });
	});

	test.each<[string, FormField, unknown]>([
		['text', field('Name'), '   '],
		['text, not posted at all', field('Name'), undefined],
		['email', field('Email', { type: 'email' }), ''],
		['number', field('Age', { type: 'number' }), ''],
		['date', field('When', { type: 'date' }), ''],
		['password', field('PIN', { type: 'password' }), ''],
		['textarea', field('Notes', { type: 'textarea' }), '\n'],
		['dropdown', field('Size', { type: 'dropdown', options: ['S'] }), ''],
		['radio', field('Meal', { type: 'radio', options: ['Fish'] }), undefined],
	])('optional and empty, as n8n: null (%s)', (_case, formField, posted) => {
		expect(answer(formField, posted)).toEqual({ answer: { [formField.label]: null } });
	});

	test('optional checkboxes or multiple choice, none chosen: an empty list', () => {
		const days = field('Days', { type: 'checkbox', options: ['Mon'] });
		const extras = field('Extras', { type: 'dropdown', options: ['Salt'], multiselect: true });
		expect(answer(days, undefined)).toEqual({ answer: { Days: [] } });
		expect(answer(extras, [])).toEqual({ answer: { Extras: [] } });
	});

	test.each<[string, FormField, unknown]>([
		['text', field('Name', { required: true }), ' '],
		['number', field('Age', { type: 'number', required: true }), undefined],
		['textarea', field('Notes', { type: 'textarea', required: true }), ''],
		['dropdown', field('Size', { type: 'dropdown', options: ['S'], required: true }), ''],
		['checkboxes', field('Days', { type: 'checkbox', options: ['Mon'], required: true }), []],
		['radio', field('Meal', { type: 'radio', options: ['Fish'], required: true }), undefined],
	])('required and empty: the person is asked to fill it in (%s)', (_case, formField, posted) => {
		expect(answer(formField, posted)).toEqual({ problem: `Fill in "${formField.label}".` });
	});

	test.each<[string, FormField, unknown, string]>([
		['not a number', field('Age', { type: 'number' }), 'forty', 'Enter a number for "Age".'],
		['hexadecimal', field('Age', { type: 'number' }), '0x10', 'Enter a number for "Age".'],
		['Infinity', field('Age', { type: 'number' }), 'Infinity', 'Enter a number for "Age".'],
		[
			'two addresses',
			field('Email', { type: 'email' }),
			'a@example.com, b@example.com',
			'Enter one email address for "Email".',
		],
		[
			'two @',
			field('Email', { type: 'email' }),
			'a@b@example.com',
			'Enter one email address for "Email".',
		],
		['no @', field('Email', { type: 'email' }), 'ada', 'Enter one email address for "Email".'],
		[
			'a date in another format',
			field('When', { type: 'date' }),
			'29/02/2024',
			'Enter a date for "When", as YYYY-MM-DD.',
		],
		[
			'a day that does not exist',
			field('When', { type: 'date' }),
			'2023-02-29',
			'Enter a date for "When", as YYYY-MM-DD.',
		],
		[
			'a dropdown value not offered',
			field('Size', { type: 'dropdown', options: ['S'] }),
			'XL',
			'Choose from the options of "Size".',
		],
		[
			'a multiple choice with one value not offered',
			field('Extras', { type: 'dropdown', options: ['Salt'], multiselect: true }),
			['Salt', 'Sugar'],
			'Choose from the options of "Extras".',
		],
		[
			'a checkbox not offered',
			field('Days', { type: 'checkbox', options: ['Mon'] }),
			['Mon', 'Sun'],
			'Choose from the options of "Days".',
		],
		[
			'a radio value not offered',
			field('Meal', { type: 'radio', options: ['Fish'] }),
			'Beef',
			'Choose from the options of "Meal".',
		],
	])('a problem for the person: %s', (_case, formField, posted, problem) => {
		expect(answer(formField, posted)).toEqual({ problem });
	});

	test('the whole form: every answer under its label, in order', () => {
		const fields = [
			field('Name', { required: true }),
			field('Age', { type: 'number' }),
			field('Days', { type: 'checkbox', options: ['Mon', 'Tue'] }),
			field('Notes', { type: 'textarea' }),
		];
		const read = formAnswerOf(fields, { 'field-0': 'Ada', 'field-1': '36', 'field-2': 'Tue' });
		expect(read).toEqual({ answer: { Name: 'Ada', Age: 36, Days: ['Tue'], Notes: null } });
		expect(Object.keys((read as { answer: IDataObject }).answer)).toEqual([
			'Name',
			'Age',
			'Days',
			'Notes',
		]);
	});

	test('the first problem is said, and nothing is answered', () => {
		const fields = [field('Age', { type: 'number' }), field('Name', { required: true })];
		expect(formAnswerOf(fields, { 'field-0': 'x' })).toEqual({
			problem: 'Enter a number for "Age".',
		});
	});

	test('a label such as __proto__ or constructor is an answer of its own, not a prototype', () => {
		const read = formAnswerOf([field('__proto__'), field('constructor')], {
			'field-0': 'polluted',
			'field-1': 'also',
		}) as { answer: IDataObject };
		expect(Object.getPrototypeOf(read.answer)).toBe(Object.prototype);
		expect(Object.hasOwn(read.answer, '__proto__')).toBe(true);
		expect(Object.getOwnPropertyDescriptor(read.answer, '__proto__')?.value).toBe('polluted');
		expect(read.answer.constructor).toBe('also');
		expect(({} as IDataObject).polluted).toBeUndefined();
	});

	test("a post's own keys alone are read: an inherited field-0 is not an answer", () => {
		const post = Object.create({ 'field-0': 'inherited' }) as IDataObject;
		expect(formAnswerOf([field('Name')], post)).toEqual({ answer: { Name: null } });
	});

	test('a label is the key as given, markup and all: the page escapes it, the output keeps it', () => {
		expect(formAnswerOf([field(XSS)], { 'field-0': 'x' })).toEqual({ answer: { [XSS]: 'x' } });
	});
});
