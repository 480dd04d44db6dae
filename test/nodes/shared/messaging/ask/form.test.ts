import type { INodeProperties } from 'n8n-workflow';

import { customFormProperties, toFormFields } from '../../../../../nodes/shared/messaging/ask/form';
import { refusal, field, fromFields, fromJson, optionsOf } from './formCases';

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
