import type {
	ILoadOptionsFunctions,
	ResourceMapperField,
	ResourceMapperFields,
} from 'n8n-workflow';

import { attributeChoices, subjectAttributesPath } from '../attributes/schema';
import { attributeKey, attributeType, isWritable, typeOf } from '../attributes/types';
import { apiRequest } from '../transport/apiRequest';

/** Attribute types whose value can identify a record, for Create or Update to match on. */
const IDENTIFYING_TYPES = ['text', 'email-address', 'phone-number', 'domain', 'number'];

/**
 * The name, and the key Map Automatically and JSON use where it is not the name in other
 * letters: short, as n8n cuts a long label at the panel's width. What a value takes is said in
 * full in the notice below the mapper (attributes/fields.ts); sending reads no label.
 */
function mapperLabel(name: string, key: string): string {
	return name.toLowerCase() === key.toLowerCase() ? name : `${name} (${key})`;
}

/** The resource mapper's fields: one per writable attribute, typed, with its choices. */
export async function getAttributeFields(
	this: ILoadOptionsFunctions,
): Promise<ResourceMapperFields> {
	const path = subjectAttributesPath(this);
	// Before a collection or list is chosen there is nothing to map (and nothing to ask for).
	if (!path) return { fields: [] };
	const definitions = (await apiRequest(this, 'GET', path)).filter(isWritable);
	// Create or Update matches on the first email attribute unless the user picks another.
	const emails = definitions.find((definition) => attributeType(definition) === 'email-address');
	// Create or Update starts with the required attributes and the one it matches on, whose
	// value it needs; n8n's editor shows a match it preselected only if the field says so.
	const upsert = this.getNodeParameter('operation', '') === 'upsert';
	const fields = await Promise.all(
		definitions.map(async (definition): Promise<ResourceMapperField> => {
			const inputType = attributeType(definition);
			const type = typeOf(inputType);
			const key = attributeKey(definition);
			const name = String(definition.name ?? key);
			return {
				id: key,
				displayName: mapperLabel(name, key),
				required: definition.isRequired === true,
				defaultMatch: definition === emails,
				canBeUsedToMatch: IDENTIFYING_TYPES.includes(inputType),
				display: true,
				...(upsert ? { removed: !(definition.isRequired === true || definition === emails) } : {}),
				type: type.field,
				...(type.choices
					? { options: await attributeChoices(this, path, definition, type.choices) }
					: {}),
			};
		}),
	);
	return { fields };
}
