import type { Condition, FilterParameters } from '../../../../nodes/shared/query/filter';
import {
	buildFilter,
	buildSort,
	filterFor,
	not,
	where,
} from '../../../../nodes/shared/query/filter';

const conditions = (list: Condition[], combine: 'and' | 'or' = 'and'): FilterParameters => ({
	mode: 'conditions',
	combine,
	conditions: list,
});

describe('buildFilter: every operator with its value type', () => {
	test.each<[string, Condition, unknown]>([
		['Equals, text', { attribute: 'name', operator: 'eq', value: 'Ada' }, { name: { $eq: 'Ada' } }],
		[
			'Equals, number',
			{ attribute: 'score', operator: 'eq', value: '42', valueType: 'number' },
			{ score: { $eq: 42 } },
		],
		[
			'Equals, boolean',
			{ attribute: 'newsletter', operator: 'eq', value: 'true', valueType: 'boolean' },
			{ newsletter: { $eq: true } },
		],
		['Is Not Empty', { attribute: 'phone', operator: 'notEmpty' }, { phone: { $not_empty: true } }],
		[
			'Is One Of, comma list',
			{ attribute: 'source', operator: 'in', values: 'Website, Referral' },
			{ source: { $in: ['Website', 'Referral'] } },
		],
		[
			'Is One Of, array from expression',
			{ attribute: 'score', operator: 'in', values: [1, 2], valueType: 'number' },
			{ score: { $in: [1, 2] } },
		],
		[
			'Contains',
			{ attribute: 'name', operator: 'contains', value: 'da' },
			{ name: { $contains: 'da' } },
		],
		[
			'Does Not Contain',
			{ attribute: 'name', operator: 'notContains', value: 'x' },
			{ name: { $not_contains: 'x' } },
		],
		[
			'Starts With',
			{ attribute: 'name', operator: 'startsWith', value: 'A' },
			{ name: { $starts_with: 'A' } },
		],
		[
			'Ends With',
			{ attribute: 'name', operator: 'endsWith', value: 'e' },
			{ name: { $ends_with: 'e' } },
		],
		[
			'Less Than, number',
			{ attribute: 'score', operator: 'lt', compareValue: '10' },
			{ score: { $lt: 10 } },
		],
		[
			'Less Than or Equal, number value',
			{ attribute: 'score', operator: 'lte', compareValue: 10.5 },
			{ score: { $lte: 10.5 } },
		],
		[
			'Greater Than, date',
			{ attribute: 'createdAt', operator: 'gt', compareValue: '2026-01-31' },
			{ createdAt: { $gt: '2026-01-31T00:00:00.000Z' } },
		],
		[
			'Greater Than or Equal, date with offset',
			{ attribute: 'createdAt', operator: 'gte', compareValue: '2026-01-31T10:00:00+02:00' },
			{ createdAt: { $gte: '2026-01-31T08:00:00.000Z' } },
		],
		[
			'Greater Than, JS Date',
			{ attribute: 'createdAt', operator: 'gt', compareValue: new Date('2026-02-01T00:00:00Z') },
			{ createdAt: { $gt: '2026-02-01T00:00:00.000Z' } },
		],
	])('%s', (_, condition, expected) => {
		expect(buildFilter(conditions([condition]))).toEqual(expected);
	});

	test.each<[string, unknown, string]>([
		['a date and time without an offset', '2025-02-16T11:00:00', '2025-02-16T10:00:00.000Z'],
		['a date alone', '2025-02-16', '2025-02-15T23:00:00.000Z'],
		['a date with Z keeps its zone', '2025-02-16T11:00:00Z', '2025-02-16T11:00:00.000Z'],
		[
			'a Luxon-like DateTime keeps its zone',
			{ toMillis: () => Date.UTC(2025, 1, 16, 11) },
			'2025-02-16T11:00:00.000Z',
		],
	])(
		'comparisons read %s in the workflow time zone (Europe/Berlin)',
		(_, compareValue, expected) => {
			const parameters = {
				...conditions([{ attribute: 'createdAt', operator: 'gte', compareValue }]),
				timeZone: 'Europe/Berlin',
			};
			expect(buildFilter(parameters)).toEqual({ createdAt: { $gte: expected } });
		},
	);
});

describe('buildFilter: combining', () => {
	test('AND of different attributes', () => {
		expect(
			buildFilter(
				conditions([
					{ attribute: 'name', operator: 'eq', value: 'Ada' },
					{ attribute: 'score', operator: 'gte', compareValue: '10' },
				]),
			),
		).toEqual({ $and: [{ name: { $eq: 'Ada' } }, { score: { $gte: 10 } }] });
	});

	test('AND of two operators on one attribute merges them', () => {
		expect(
			buildFilter(
				conditions([
					{ attribute: 'score', operator: 'gte', compareValue: '10' },
					{ attribute: 'score', operator: 'lte', compareValue: '20' },
				]),
			),
		).toEqual({ score: { $gte: 10, $lte: 20 } });
	});

	test('AND of the same operator twice on one attribute keeps both', () => {
		expect(
			buildFilter(
				conditions([
					{ attribute: 'name', operator: 'contains', value: 'a' },
					{ attribute: 'name', operator: 'contains', value: 'd' },
				]),
			),
		).toEqual({ $and: [{ name: { $contains: 'a' } }, { name: { $contains: 'd' } }] });
	});

	test('OR never merges', () => {
		expect(
			buildFilter(
				conditions(
					[
						{ attribute: 'score', operator: 'gte', compareValue: '90' },
						{ attribute: 'score', operator: 'lte', compareValue: '10' },
					],
					'or',
				),
			),
		).toEqual({ $or: [{ score: { $gte: 90 } }, { score: { $lte: 10 } }] });
	});

	test('Negate wraps the condition in $not', () => {
		expect(
			buildFilter(
				conditions([
					{ attribute: 'name', operator: 'contains', value: 'Bot', negate: true },
					{ attribute: 'score', operator: 'gt', compareValue: '5' },
				]),
			),
		).toEqual({ $and: [{ $not: { name: { $contains: 'Bot' } } }, { score: { $gt: 5 } }] });
	});

	test('no conditions, mode None: no filter at all', () => {
		expect(buildFilter(conditions([]))).toBeUndefined();
		expect(buildFilter({ mode: 'none' })).toBeUndefined();
	});
});

describe('buildFilter: shorthand and JSON', () => {
	test('shorthand pairs are an object of equalities', () => {
		expect(
			buildFilter({
				mode: 'shorthand',
				shorthand: [
					{ attribute: 'firstName', value: 'Ada' },
					{ attribute: 'jobTitle', value: 'Founder' },
				],
			}),
		).toEqual({
			firstName: 'Ada',
			jobTitle: 'Founder',
		});
	});

	test('shorthand values are sent in the type chosen for each pair: a number attribute never equals "37"', () => {
		expect(
			buildFilter({
				mode: 'shorthand',
				shorthand: [
					{ attribute: 'leadScore', value: '37', valueType: 'number' },
					{ attribute: 'newsletter', value: 'true', valueType: 'boolean' },
					{ attribute: 'nickname', value: '37' },
				],
			}),
		).toEqual({ leadScore: 37, newsletter: true, nickname: '37' });
		expect(() =>
			buildFilter({
				mode: 'shorthand',
				shorthand: [{ attribute: 'leadScore', value: 'high', valueType: 'number' }],
			}),
		).toThrow('Shorthand, pair 1 (leadScore): "high" is not a number');
	});

	test('JSON passes any operator through, text or object', () => {
		expect(buildFilter({ mode: 'json', json: '{"name": {"$regex": "^A"}}' })).toEqual({
			name: { $regex: '^A' },
		});
		expect(buildFilter({ mode: 'json', json: { a: 1 } })).toEqual({ a: 1 });
		expect(buildFilter({ mode: 'json', json: '[{"a": 1}]' })).toEqual([{ a: 1 }]);
		expect(buildFilter({ mode: 'json', json: '{}' })).toBeUndefined();
	});
});

describe('buildFilter: bad input names the field and the fix', () => {
	test.each<[string, FilterParameters, RegExp]>([
		[
			'invalid JSON, with where it broke',
			{ mode: 'json', json: '{"a": }' },
			/^Filter \(JSON\): not valid JSON \(Unexpected token '}'/,
		],
		[
			'JSON that is not an object',
			{ mode: 'json', json: '"text"' },
			/^Filter \(JSON\): must be a JSON object$/,
		],
		[
			'an empty attribute',
			conditions([{ attribute: ' ', operator: 'eq', value: 'x' }]),
			/^Conditions, condition 1: the attribute is empty$/,
		],
		[
			'Is One Of with an empty list',
			conditions([{ attribute: 'source', operator: 'in', values: ' , ' }]),
			/^Conditions, condition 1 \(source\): Is One Of has an empty list$/,
		],
		[
			'a comparison on text',
			conditions([{ attribute: 'score', operator: 'gt', compareValue: 'high' }]),
			/"high" is neither a number nor a date$/,
		],
		[
			'an invalid date',
			conditions([{ attribute: 'createdAt', operator: 'lt', compareValue: '2026-13-45' }]),
			/"2026-13-45" is not a date$/,
		],
		[
			'a number that is not one',
			conditions([{ attribute: 'score', operator: 'eq', value: 'ten', valueType: 'number' }]),
			/"ten" is not a number$/,
		],
		[
			'a shorthand attribute given twice',
			{
				mode: 'shorthand',
				shorthand: [
					{ attribute: 'a', value: 1 },
					{ attribute: 'a', value: 2 },
				],
			},
			/"a" is given twice/,
		],
	])('%s', (_, parameters, message) => {
		expect(() => buildFilter(parameters)).toThrow(message);
	});
});

describe('buildSort and the activity shape', () => {
	test('sort keeps the order of the keys', () => {
		expect(
			buildSort([
				{ attribute: 'createdAt', direction: 'desc' },
				{ attribute: 'name', direction: 'asc' },
			]),
		).toEqual([
			{ attribute: 'createdAt', direction: 'desc' },
			{ attribute: 'name', direction: 'asc' },
		]);
		expect(buildSort([])).toBeUndefined();
		expect(() => buildSort([{ attribute: '', direction: 'asc' }])).toThrow(
			'Sort, key 1: the attribute is empty',
		);
	});

	test('filterFor: a top-level AND becomes the array of conditions; anything else is one element', () => {
		expect(filterFor('array', { $and: [{ a: 1 }, { b: 2 }] })).toEqual([{ a: 1 }, { b: 2 }]);
		expect(filterFor('array', { $or: [{ a: 1 }] })).toEqual([{ $or: [{ a: 1 }] }]);
		expect(filterFor('array', [{ a: 1 }])).toEqual([{ a: 1 }]);
	});

	test('filterFor ANDs the filters given in the shape of the endpoint; none, nothing', () => {
		const mine = where('score', '$gte', 10);
		expect(filterFor('object', undefined)).toBeUndefined();
		expect(filterFor('array', undefined, [])).toBeUndefined();
		expect(filterFor('object', mine)).toEqual({ score: { $gte: 10 } });
		expect(filterFor('object', { $and: [{ a: 1 }] }, [mine])).toEqual({ $and: [{ a: 1 }, mine] });
		expect(filterFor('array', { a: 1 }, [mine, not(where('_id', '$in', ['x']))])).toEqual([
			{ a: 1 },
			mine,
			{ $not: [{ _id: { $in: ['x'] } }] },
		]);
	});
});

describe('the three worked examples of docs/filtering.md', () => {
	test('lead score from 50 to 80 merges into one operator object', () => {
		expect(
			buildFilter(
				conditions([
					{ attribute: 'leadScore', operator: 'gte', compareValue: '50' },
					{ attribute: 'leadScore', operator: 'lte', compareValue: '80' },
				]),
			),
		).toEqual({ leadScore: { $gte: 50, $lte: 80 } });
	});

	test('website or referral, without a test email', () => {
		expect(
			buildFilter(
				conditions([
					{ attribute: 'source', operator: 'in', values: 'Website, Referral' },
					{ attribute: 'emails', operator: 'contains', value: '@test.', negate: true },
				]),
			),
		).toEqual({
			$and: [
				{ source: { $in: ['Website', 'Referral'] } },
				{ $not: { emails: { $contains: '@test.' } } },
			],
		});
	});

	test('calls or meetings, as an activity filter array', () => {
		const filter = buildFilter(
			conditions(
				[
					{ attribute: 'name', operator: 'startsWith', value: 'Call' },
					{ attribute: 'name', operator: 'startsWith', value: 'Meeting' },
				],
				'or',
			),
		);
		expect(filterFor('array', filter)).toEqual([
			{ $or: [{ name: { $starts_with: 'Call' } }, { name: { $starts_with: 'Meeting' } }] },
		]);
	});
});
