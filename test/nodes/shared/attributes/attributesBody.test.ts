import type { TypedEntry } from '../../../../nodes/shared/attributes/attributesBody';
import {
	buildTypedObject,
	mappedAttributes,
} from '../../../../nodes/shared/attributes/attributesBody';
import { buildFilter } from '../../../../nodes/shared/query/filter';

/** Typed key/value entries, as User Groups' mapping and properties give them. */
const buildAttributeBody = (entries: TypedEntry[]) =>
	buildTypedObject(entries, { field: 'Attributes', noun: 'attribute', hint: 'Name the key.' });

describe('typed key/value entries', () => {
	test('each value keeps its type', () => {
		expect(
			buildAttributeBody([
				{ key: 'name', type: 'text', textValue: 'Ada' },
				{ key: 'score', type: 'number', numberValue: 7 },
				{ key: 'vip', type: 'boolean', booleanValue: true },
				{ key: 'emails', type: 'list', listValue: ['a@x.io', ' b@x.io '] },
				{ key: 'meta', type: 'json', jsonValue: '{"a": [1]}' },
			]),
		).toEqual({ name: 'Ada', score: 7, vip: true, emails: ['a@x.io', 'b@x.io'], meta: { a: [1] } });
	});

	test('keys that are names of object methods are attribute keys like any other', () => {
		const body = buildAttributeBody(
			['constructor', 'toString', 'valueOf', '__proto__'].map((key) => ({
				key,
				textValue: key.toUpperCase(),
			})),
		);
		expect(JSON.stringify(body)).toBe(
			'{"constructor":"CONSTRUCTOR","toString":"TOSTRING","valueOf":"VALUEOF","__proto__":"__PROTO__"}',
		);
		const shorthand = buildFilter({
			mode: 'shorthand',
			shorthand: [
				{ attribute: 'constructor', value: 'x' },
				{ attribute: 'valueOf', value: 'y' },
			],
		});
		expect(JSON.stringify(shorthand)).toBe('{"constructor":"x","valueOf":"y"}');
	});

	test('bad entries name the entry and say what else to do', () => {
		expect(() =>
			buildAttributeBody([{ key: 'score', type: 'number', numberValue: Number.NaN }]),
		).toThrow('Attributes, entry 1 (score): "NaN" is not a number');
		expect(() => buildAttributeBody([{ key: 'a' }, { key: 'a' }])).toThrow(
			'Attributes, entry 2: the attribute "a" is given twice',
		);
	});
});

/**
 * One conversion per type: the mapper, the Attribute List (Send Value As) and the filter's
 * values agree. Where they used to disagree, the mapper's rules are the ones kept.
 */
describe('the three ways of giving a value convert it alike', () => {
	const fromMapper = (inputType: string, value: unknown) =>
		mappedAttributes({ x: value as string }, { types: new Map([['x', inputType]]) }, 'UTC').x;
	const fromList = (type: 'number' | 'boolean', value: unknown) =>
		buildAttributeBody([
			{ key: 'x', type, [type === 'number' ? 'numberValue' : 'booleanValue']: value },
		]).x;
	const fromFilter = (valueType: 'number' | 'boolean', value: unknown) =>
		(
			buildFilter({ mode: 'shorthand', shorthand: [{ attribute: 'x', value, valueType }] }) as {
				x: unknown;
			}
		).x;

	test.each<[unknown, boolean]>([
		['yes', true],
		['on', true],
		['1', true],
		['TRUE', true],
		['no', false],
		['off', false],
		['0', false],
		['false', false],
		[false, false],
	])('boolean %j is %j everywhere', (value, expected) => {
		expect(fromMapper('checkbox', value)).toBe(expected);
		expect(fromList('boolean', value)).toBe(expected);
		expect(fromFilter('boolean', value)).toBe(expected);
	});

	test.each<[unknown, number]>([
		['42', 42],
		[' 9.5 ', 9.5],
		[7, 7],
	])('number %j is %j everywhere', (value, expected) => {
		expect(fromMapper('number', value)).toBe(expected);
		expect(fromList('number', value)).toBe(expected);
		expect(fromFilter('number', value)).toBe(expected);
	});

	test.each(['maybe', 'ten', 'Infinity'])(
		'%j is refused everywhere with the field named',
		(value) => {
			const kind = value === 'maybe' ? 'checkbox' : 'number';
			const type = kind === 'checkbox' ? 'boolean' : 'number';
			const said = type === 'boolean' ? 'is not true or false' : 'is not a number';
			expect(() => fromMapper(kind, value)).toThrow(`Attributes (x): "${value}" ${said}`);
			expect(() => fromList(type, value)).toThrow(`Attributes, entry 1 (x): "${value}" ${said}`);
			expect(() => fromFilter(type, value)).toThrow(`Shorthand, pair 1 (x): "${value}" ${said}`);
		},
	);

	test('each refusal speaks of the field at hand', () => {
		expect(() => fromList('number', 'ten')).toThrow(
			expect.objectContaining({
				hint: 'Give a number, such as 42 or 9.5. Or pick another Send Value As.',
			}),
		);
		expect(() => fromFilter('number', 'ten')).toThrow(
			expect.objectContaining({
				hint: 'Give a number, such as 42 or 9.5. Or set Compare Value As to Text.',
			}),
		);
		expect(() => fromMapper('number', 'ten')).toThrow(
			expect.objectContaining({ hint: 'Give a number, such as 42 or 9.5.' }),
		);
	});
});
