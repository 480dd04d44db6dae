import type { IDataObject } from 'n8n-workflow';

import type { FormField } from '../../../../../nodes/shared/messaging/ask/form';
import { formAnswerOf, formFieldsHtml } from '../../../../../nodes/shared/messaging/ask/form';
import { field, XSS, XSS_ESCAPED } from './formCases';

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
