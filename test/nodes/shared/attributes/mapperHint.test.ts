import { attributeMapperField } from '../../../../nodes/shared/attributes/fields';

test('Map Automatically says what it matches on: API keys and names, a key winning', () => {
	for (const mode of ['add', 'map', 'upsert'] as const) {
		const { hint } = attributeMapperField(mode, 'record');
		expect(hint).toMatch(/by its API key \(leadScore\) or by its name \(Lead Score/);
		expect(hint).toContain('a key wins');
	}
});
