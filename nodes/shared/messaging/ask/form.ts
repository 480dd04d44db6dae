import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { booleanIn, InputError, isPlainObject, parseJsonText, setOwn, textIn } from '../../input';
import { htmlOf } from './html';

/**
 * Response Type "Custom Form", shaped as n8n's Form node (version 1): the same fields and JSON, the
 * answer keyed by label. Pure, so every mistake is said before anything is sent.
 */

const TYPE_NAMES = {
	checkbox: 'Checkboxes',
	date: 'Date',
	dropdown: 'Dropdown',
	email: 'Email',
	number: 'Number',
	password: 'Password',
	radio: 'Radio Buttons',
	text: 'Text Input',
	textarea: 'Textarea',
};

export type FormFieldType = keyof typeof TYPE_NAMES;

export interface FormField {
	label: string;
	type: FormFieldType;
	required: boolean;
	placeholder: string;
	/** Dropdown, checkboxes and radio buttons: what the person chooses from. */
	options: string[];
	/** Dropdown only: more than one option may be chosen. */
	multiselect: boolean;
}

const WITH_OPTIONS: FormFieldType[] = ['checkbox', 'dropdown', 'radio'];
const WITH_PLACEHOLDER: FormFieldType[] = ['email', 'number', 'password', 'text', 'textarea'];
/** n8n's types that need its own form page: a file upload, custom HTML, a value from the link. */
const NOT_OFFERED = ['file', 'html', 'hiddenField'];

const JSON_EXAMPLE = [
	{ fieldLabel: 'Name', placeholder: 'e.g. Ada Lovelace', requiredField: true },
	{ fieldLabel: 'Guests', fieldType: 'number' },
	{ fieldLabel: 'Meal', fieldType: 'radio', fieldOptions: { values: [{ option: 'Fish' }] } },
];

const showFor = (fieldType: string[]) => ({ show: { fieldType } });

/** One element's settings, sorted by name as n8n's lint wants (n8n's own node puts Label first). */
const ELEMENT_SETTINGS: INodeProperties[] = [
	{
		displayName: 'Element Type',
		name: 'fieldType',
		type: 'options',
		default: 'text',
		options: Object.entries(TYPE_NAMES).map(([value, name]) => ({ name, value })),
	},
	{
		displayName: 'Field Options',
		name: 'fieldOptions',
		placeholder: 'Add Field Option',
		type: 'fixedCollection',
		default: { values: [{ option: '' }] },
		typeOptions: { multipleValues: true, sortable: true },
		displayOptions: showFor(WITH_OPTIONS),
		options: [
			{
				displayName: 'Values',
				name: 'values',
				values: [{ displayName: 'Option', name: 'option', type: 'string', default: '' }],
			},
		],
	},
	{
		displayName: 'Label',
		name: 'fieldLabel',
		type: 'string',
		default: '',
		placeholder: 'e.g. What is your name?',
		description: 'Shown above the input, and the key of its answer in the output',
		required: true,
	},
	{
		displayName: 'Multiple Choice',
		name: 'multiselect',
		type: 'boolean',
		default: false,
		description: 'Whether the person may choose more than one option',
		displayOptions: showFor(['dropdown']),
	},
	{
		displayName: 'Placeholder',
		name: 'placeholder',
		type: 'string',
		default: '',
		description: 'Sample text shown inside the empty input',
		displayOptions: showFor(WITH_PLACEHOLDER),
	},
	{
		displayName: 'Required Field',
		name: 'requiredField',
		type: 'boolean',
		default: false,
		description: 'Whether the person must fill in this element to send the form',
	},
];

export const customFormProperties: INodeProperties[] = [
	{
		displayName: 'Define Form',
		name: 'defineForm',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Using Fields Below', value: 'fields' },
			{ name: 'Using JSON', value: 'json' },
		],
		default: 'fields',
	},
	{
		displayName: 'Form Elements',
		name: 'formFields',
		placeholder: 'Add Form Element',
		type: 'fixedCollection',
		default: {},
		typeOptions: { multipleValues: true, sortable: true },
		displayOptions: { show: { defineForm: ['fields'] } },
		options: [{ displayName: 'Values', name: 'values', values: ELEMENT_SETTINGS }],
	},
	{
		displayName: 'Form Fields',
		name: 'jsonOutput',
		type: 'json',
		typeOptions: { rows: 5 },
		default: JSON.stringify(JSON_EXAMPLE, null, 2),
		description:
			"An array of elements as n8n's Form node takes them: fieldLabel, fieldType, requiredField, placeholder, fieldOptions and multiselect",
		displayOptions: { show: { defineForm: ['json'] } },
	},
];

const OFFERED = Object.values(TYPE_NAMES).join(', ');

function typeIn(value: unknown, field: string): FormFieldType {
	const type = textIn(value, field, 'name').trim() || 'text';
	if (Object.hasOwn(TYPE_NAMES, type)) return type as FormFieldType;
	const problem = NOT_OFFERED.includes(type)
		? `"${type}" elements are not offered on this page`
		: `"${type}" is not an element type`;
	throw new InputError(field, problem, `Choose one of: ${OFFERED}.`);
}

/** Empty entries left out (n8n starts the list with one), each option once. */
const optionsIn = (value: unknown, field: string): string[] => [
	...new Set(
		(isPlainObject(value) && Array.isArray(value.values) ? value.values : [])
			.map((entry) => textIn(isPlainObject(entry) ? entry.option : entry, field).trim())
			.filter(Boolean),
	),
];

function fieldIn(element: unknown, field: string): FormField {
	const example = 'Give each element as an object, such as {"fieldLabel": "Name"}.';
	if (!isPlainObject(element)) throw new InputError(field, 'not an element', example);
	const label = textIn(element.fieldLabel, field).trim();
	if (!label)
		throw new InputError(field, 'no label', 'Give the words shown above the input, such as Name.');
	const type = typeIn(element.fieldType, field);
	const options = WITH_OPTIONS.includes(type) ? optionsIn(element.fieldOptions, field) : [];
	if (WITH_OPTIONS.includes(type) && !options.length)
		throw new InputError(
			field,
			`"${label}" has no options`,
			'Add the options the person chooses from.',
		);
	return {
		label,
		type,
		required: booleanIn(element.requiredField, field) ?? false,
		placeholder: WITH_PLACEHOLDER.includes(type) ? textIn(element.placeholder, field) : '',
		options,
		multiselect: type === 'dropdown' && (booleanIn(element.multiselect, field) ?? false),
	};
}

/** The elements as given: Form Elements' entries, or the JSON's (text, or an array from an expression). */
export function toFormFields(input: {
	defineForm?: unknown;
	formFields?: unknown;
	jsonOutput?: unknown;
}): FormField[] {
	const fromJson = input.defineForm === 'json';
	const field = fromJson ? 'Form Fields (JSON)' : 'Form Elements';
	let elements: unknown = isPlainObject(input.formFields) ? (input.formFields.values ?? []) : [];
	if (fromJson) {
		const text = typeof input.jsonOutput === 'string' ? input.jsonOutput.trim() : undefined;
		const given = input.jsonOutput ?? [];
		elements = text ? parseJsonText(given as string, field) : text === '' ? [] : given;
		const example = 'Give the elements in brackets, such as [{"fieldLabel": "Name"}].';
		if (!Array.isArray(elements)) throw new InputError(field, 'not a JSON array', example);
	}
	const list = Array.isArray(elements) ? elements : [];
	if (!list.length)
		throw new InputError(
			field,
			'none given',
			'Add at least one element for the person to fill in.',
		);
	const fields = list.map((element, index) => fieldIn(element, `${field} (${index + 1})`));
	fields.forEach(({ label }, index) => {
		const first = fields.findIndex((other) => other.label === label);
		if (first === index) return;
		throw new InputError(
			`${field} (${index + 1})`,
			`the same label as element ${first + 1} ("${label}")`,
			'Give each element its own label: the answers are keyed by label, so one would overwrite the other.',
		);
	});
	return fields;
}

/** For attributes and a textarea's text: escaped, its line breaks kept (`htmlOf` makes them <br>). */
const escaped = (text: string) => htmlOf(text).replace(/<br>/g, '\n');

/** What a post holds under a name: one value, or several for checkboxes and a multiple choice. */
function postedValues(post: IDataObject | undefined, name: string): string[] {
	const value = post && Object.hasOwn(post, name) ? post[name] : undefined;
	const values = Array.isArray(value) ? value : [value];
	return values.filter((item): item is string => typeof item === 'string');
}

function inputHtml(field: FormField, name: string, given: string[]): string {
	const required = field.required ? ' required' : '';
	const placeholder = field.placeholder ? ` placeholder="${escaped(field.placeholder)}"` : '';
	const chosen = (option: string, attribute: string) =>
		given.includes(option) ? ` ${attribute}` : '';
	const choices = (type: string, withRequired: string) =>
		field.options
			.map(
				(option) =>
					`<label><input type="${type}" name="${name}" value="${escaped(option)}"${withRequired}${chosen(option, 'checked')}> ${htmlOf(option)}</label>`,
			)
			.join('<br>');
	switch (field.type) {
		case 'textarea': {
			// The parser drops a newline right after <textarea>: one more keeps the person's own.
			const text = escaped(given[0] ?? '');
			return `<textarea id="${name}" name="${name}"${placeholder}${required}>${text.startsWith('\n') ? '\n' : ''}${text}</textarea>`;
		}
		case 'dropdown': {
			const options = field.options.map(
				(option) =>
					`<option value="${escaped(option)}"${chosen(option, 'selected')}>${escaped(option)}</option>`,
			);
			// An empty first choice, so that nothing is chosen for the person and Required can hold.
			const none = field.multiselect ? '' : '<option value="">Choose…</option>';
			return `<select id="${name}" name="${name}"${field.multiselect ? ' multiple' : ''}${required}>${none}${options.join('')}</select>`;
		}
		// A required checkbox in HTML means that box must be ticked: the post's reading checks the group.
		case 'checkbox':
			return choices('checkbox', '');
		case 'radio':
			return choices('radio', required);
		default: {
			// A password is not sent back in the page: typing it again is cheaper than echoing a secret.
			const value =
				given.length && field.type !== 'password' ? ` value="${escaped(given[0])}"` : '';
			const step = field.type === 'number' ? ' step="any"' : '';
			return `<input type="${field.type}" id="${name}" name="${name}"${step}${placeholder}${value}${required}>`;
		}
	}
}

/** The form's inputs, named `field-<index>` as n8n's form posts them; `posted` refills them. */
export function formFieldsHtml(fields: FormField[], posted?: IDataObject): string {
	return fields
		.map((field, index) => {
			const name = `field-${index}`;
			const input = inputHtml(field, name, postedValues(posted, name));
			return WITH_OPTIONS.includes(field.type) && field.type !== 'dropdown'
				? `<fieldset><legend>${htmlOf(field.label)}</legend>${input}</fieldset>`
				: `<p><label for="${name}">${htmlOf(field.label)}</label><br>${input}</p>`;
		})
		.join('\n');
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;
/** As a number input sends it: decimal digits, not "0x10" or "Infinity" that Number() also reads. */
const DECIMAL = /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i;

function isDate(text: string): boolean {
	const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
	if (!match) return false;
	const [year, month, day] = match.slice(1).map(Number);
	const date = new Date(Date.UTC(year, month - 1, day));
	return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** One element's answer, or the sentence the person reads on the page. */
function answerOf(field: FormField, given: string[]): { value: unknown } | { problem: string } {
	const { label, type, options } = field;
	const listed = type === 'checkbox' || field.multiselect;
	const values = (listed ? given : given.slice(0, 1)).map((value) =>
		type === 'text' || type === 'email' ? value.trim() : value,
	);
	const filled = values.filter((value) => value.trim() !== '');
	if (!filled.length)
		return field.required ? { problem: `Fill in "${label}".` } : { value: listed ? [] : null };
	const [value] = filled;
	if (WITH_OPTIONS.includes(type)) {
		if (!filled.every((choice) => options.includes(choice)))
			return { problem: `Choose from the options of "${label}".` };
		return { value: listed ? options.filter((option) => filled.includes(option)) : value };
	}
	if (type === 'number') {
		const number = Number(value);
		const isNumber = DECIMAL.test(value) && Number.isFinite(number);
		return isNumber ? { value: number } : { problem: `Enter a number for "${label}".` };
	}
	if (type === 'email' && !EMAIL.test(value))
		return { problem: `Enter one email address for "${label}".` };
	if (type === 'date' && !isDate(value))
		return { problem: `Enter a date for "${label}", as YYYY-MM-DD.` };
	return { value };
}

/** The post read as n8n's Form node gives it: each answer under its element's label. */
export function formAnswerOf(
	fields: FormField[],
	post: IDataObject,
): { answer: IDataObject } | { problem: string } {
	const answer: IDataObject = {};
	for (const [index, field] of fields.entries()) {
		const read = answerOf(field, postedValues(post, `field-${index}`));
		if ('problem' in read) return read;
		setOwn(answer, field.label, read.value);
	}
	return { answer };
}
