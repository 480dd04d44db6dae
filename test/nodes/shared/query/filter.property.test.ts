import fc from 'fast-check';

import { WorkspaceRecords } from '../../../../nodes/WorkspaceRecords/WorkspaceRecords.node';
import type { Condition } from '../../../../nodes/shared/query/filter';
import { byId, PEOPLE } from '../../../harness/fixtures';
import { runNode } from '../../../harness/runNode';
import { useSandbox } from '../../../harness/sandbox';

/**
 * The filter the node serializes, evaluated by the sandbox, must select exactly the records
 * that an independent reference evaluator selects from the same data. The reference below
 * is written from the spec's operator table, not from the sandbox's code.
 */
const env = useSandbox();

type Row = Record<string, unknown>;
const textOf = (value: unknown): string[] =>
	Array.isArray(value)
		? value.flatMap(textOf)
		: value && typeof value === 'object'
			? [String((value as Row).name)]
			: value === undefined || value === ''
				? []
				: [String(value)];

function reference(row: Row, c: Condition): boolean {
	const raw = row[c.attribute!];
	const texts = textOf(raw);
	let result: boolean;
	switch (c.operator) {
		case 'eq':
			result = texts.includes(String(c.value));
			break;
		case 'notEmpty':
			result = texts.length > 0;
			break;
		case 'in':
			result = texts.some((t) =>
				String(c.values)
					.split(',')
					.map((v) => v.trim())
					.includes(t),
			);
			break;
		case 'contains':
			result = texts.some((t) => t.includes(String(c.value)));
			break;
		case 'notContains':
			result = !texts.some((t) => t.includes(String(c.value)));
			break;
		case 'startsWith':
			result = texts.some((t) => t.startsWith(String(c.value)));
			break;
		case 'endsWith':
			result = texts.some((t) => t.endsWith(String(c.value)));
			break;
		default: {
			const isDate = c.attribute === 'createdAt';
			const left = isDate ? Date.parse(String(raw)) : Number(raw);
			const right = isDate ? Date.parse(String(c.compareValue)) : Number(c.compareValue);
			result = { lt: left < right, lte: left <= right, gt: left > right, gte: left >= right }[
				c.operator as 'lt'
			];
		}
	}
	return c.negate ? !result : result;
}

const textCondition = fc.record({
	attribute: fc.constantFrom('firstName', 'lastName', 'jobTitle', 'nickname', 'source'),
	operator: fc.constantFrom('eq', 'contains', 'notContains', 'startsWith', 'endsWith'),
	// No empty value: the node refuses one (test/nodes/shared/inputs.test.ts).
	value: fc.constantFrom('Ada', 'Grace', 'a', 'er', 'Eng', 'Website', 'ce', 'L'),
	negate: fc.boolean(),
}) as fc.Arbitrary<Condition>;
const oneOfCondition = fc.record({
	attribute: fc.constantFrom('firstName', 'source', 'jobTitle'),
	operator: fc.constant('in'),
	values: fc.constantFrom('Ada, Ken', 'Website', 'Referral, Event', 'Engineer, Founder'),
	negate: fc.boolean(),
}) as fc.Arbitrary<Condition>;
const emptyCondition = fc.record({
	attribute: fc.constantFrom('nickname', 'description', 'phoneNumbers'),
	operator: fc.constant('notEmpty'),
	negate: fc.boolean(),
}) as fc.Arbitrary<Condition>;
const numberCondition = fc.record({
	attribute: fc.constant('leadScore'),
	operator: fc.constantFrom('lt', 'lte', 'gt', 'gte'),
	compareValue: fc.integer({ min: -5, max: 105 }).map(String),
	negate: fc.boolean(),
}) as fc.Arbitrary<Condition>;
const dateCondition = fc.record({
	attribute: fc.constant('createdAt'),
	operator: fc.constantFrom('lt', 'lte', 'gt', 'gte'),
	compareValue: fc
		.integer({ min: 0, max: 40 })
		.map((h) => new Date(Date.UTC(2026, 0, 1, h)).toISOString()),
	negate: fc.boolean(),
}) as fc.Arbitrary<Condition>;

const conditionSet = fc.record({
	combine: fc.constantFrom<'and' | 'or'>('and', 'or'),
	conditions: fc.array(
		fc.oneof(textCondition, oneOfCondition, emptyCondition, numberCondition, dateCondition),
		{
			minLength: 1,
			maxLength: 4,
		},
	),
});

test('random condition sets select what the reference evaluator selects', async () => {
	const people = [...(env.sandbox.state.records.get(PEOPLE)?.values() ?? [])];
	await fc.assert(
		fc.asyncProperty(conditionSet, async ({ combine, conditions }) => {
			const { items, error } = await runNode({
				nodeType: new WorkspaceRecords(),
				parameters: {
					resource: 'record',
					operation: 'getAll',
					collectionId: byId(PEOPLE),
					returnAll: true,
					filterMode: 'conditions',
					combine,
					conditions: { condition: conditions as never },
				},
				credentials: env.credentials,
			});
			expect(error).toBeUndefined();
			const expected = people
				.filter((row) =>
					combine === 'and'
						? conditions.every((c) => reference(row, c))
						: conditions.some((c) => reference(row, c)),
				)
				.map((row) => row._id);
			expect(items.map((i) => i.json._id)).toEqual(expected);
		}),
		{ numRuns: 60 },
	);
});
