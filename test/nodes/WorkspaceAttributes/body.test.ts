import { buildDefinitionBody } from '../../../nodes/WorkspaceAttributes/resources/attribute/body';
import { buildStatusOptionBody } from '../../../nodes/WorkspaceAttributes/resources/statusOption/update';

const creating = { creating: true };
const updating = { creating: false };
const base = { name: 'Employer', attributeKey: 'employer', inputType: 'record-reference' };

describe('buildDefinitionBody', () => {
	test('Create sends the required fields, config always, and only the settings given', () => {
		expect(
			buildDefinitionBody({ ...base, recordReference: 'a01, a02', isRequired: 'true' }, creating),
		).toEqual({
			apiKeyName: 'employer',
			inputType: 'record-reference',
			name: 'Employer',
			config: { recordReference: ['a01', 'a02'] },
			isRequired: true,
		});
		expect(buildDefinitionBody({ ...base, inputType: 'text' }, creating)).toEqual({
			apiKeyName: 'employer',
			inputType: 'text',
			name: 'Employer',
			config: {},
		});
	});

	test('Update sends only what is given; a setting alone goes under config', () => {
		expect(buildDefinitionBody({ dateDisplayType: 'relative' }, updating)).toEqual({
			config: { dateDisplayType: 'relative' },
		});
		expect(buildDefinitionBody({ currencyCode: ' usd ', validation: 'url' }, updating)).toEqual({
			config: { currencyCode: 'USD' },
			validation: 'url',
		});
	});

	test.each([
		[{ ...base, name: '  ' }, creating, 'Name: empty'],
		[
			{ ...base, attributeKey: { a: 1 } },
			creating,
			'API Key Name: got an object, expected text — check the expression',
		],
		[{ ...base, inputType: '' }, creating, 'Input Type: empty'],
		[
			{ currencyDisplayType: 'emoji' },
			updating,
			'Currency Display: "emoji" is not one of Code, Name, Narrow Symbol, Symbol',
		],
		[{ currencyCode: '€' }, updating, 'Currency Code: "€" is not a three-letter currency code'],
		[
			{ validation: 'regex' },
			updating,
			'Validation: "regex" is not one of None, Email, URL, Phone, Custom Pattern',
		],
		[{ isEditable: 'yes' }, updating, 'Editable: got "yes", expected true or false'],
		[
			{ recordReference: [['a']] },
			updating,
			'Linked Collections: got an array, expected text — check the expression',
		],
		[{}, updating, 'Update Fields: nothing to change'],
	])('refuses %j, naming the field', (input, mode, message) => {
		expect(() => buildDefinitionBody(input, mode)).toThrow(message);
	});
});

describe('buildStatusOptionBody', () => {
	test('sends only the fields given', () => {
		expect(buildStatusOptionBody({ isArchived: false, color: '#ABC' })).toEqual({
			color: '#ABC',
			isArchived: false,
		});
	});

	test.each([
		[{ color: 'red' }, 'Color: "red" is not a hex color code'],
		[{ celebrationEnabled: 1 }, 'Celebration: got the number 1, expected true or false'],
		[{ name: ' ' }, 'Update Fields: nothing to change'],
	])('refuses %j, naming the field', (input, message) => {
		expect(() => buildStatusOptionBody(input)).toThrow(message);
	});
});
