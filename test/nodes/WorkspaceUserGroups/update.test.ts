import { buildUserGroupUpdate } from '../../../nodes/WorkspaceUserGroups/resources/userGroup/update';

test('only the ID is required; mapping and properties come as pairs or JSON', () => {
	expect(
		buildUserGroupUpdate({ userGroupId: ' acme ', mappingMode: 'none', propertiesMode: 'none' }),
	).toEqual({ user_group_id: 'acme' });
	expect(
		buildUserGroupUpdate({
			userGroupId: 'acme',
			name: 'Acme',
			mappingMode: 'pairs',
			mappingPairs: [{ key: 'schema', value: 'source' }],
			propertiesMode: 'json',
			propertiesJson: { seats: 3 },
		}),
	).toEqual({
		user_group_id: 'acme',
		name: 'Acme',
		mapping: { schema: 'source' },
		properties: { seats: 3 },
	});
});

test.each([
	[{ userGroupId: '' }, /^User Group ID: empty$/],
	[
		{ userGroupId: 'a', mappingMode: 'json', mappingJson: '{' },
		/^Mapping \(JSON\): not valid JSON/,
	],
	[
		{ userGroupId: 'a', propertiesMode: 'json', propertiesJson: '[1]' },
		/^Properties \(JSON\): must be a JSON object/,
	],
	[
		{ userGroupId: 'a', mappingMode: 'pairs', mappingPairs: [{ key: '', value: 'x' }] },
		/^Mapping, entry 1: the schema ID has no name$/,
	],
	[
		{ userGroupId: 'a', propertiesMode: 'pairs', propertyPairs: [{ key: 'a' }, { key: 'a' }] },
		/the property "a" is given twice/,
	],
])('bad input %#', (input, message) => {
	expect(() => buildUserGroupUpdate(input)).toThrow(message);
});
