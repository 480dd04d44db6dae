import type {
	ILoadOptionsFunctions,
	ResourceMapperField,
	ResourceMapperFields,
} from 'n8n-workflow';

import { attributeChoices, subjectAttributesPath } from '../attributes/schema';
import { attributeKey, attributeType, isWritable, typeOf } from '../attributes/types';
import type { VariableKey } from '../messaging/whatsApp';
import { chosenTemplateVariables, variableLabel, variableType } from '../messaging/whatsApp';
import { apiRequest } from '../transport';

/** Attribute types whose value can identify a record, for Create or Update to match on. */
const IDENTIFYING_TYPES = ['text', 'email-address', 'phone-number', 'domain', 'number'];

/**
 * A field's label: the attribute's name (Map Automatically matches on it), with its key only where
 * another has the same name; sending reads no label. n8n cuts a longer one at the panel's width
 * (170 px under the pointer): the notice below the mapper (attributes/fields.ts) says what a value takes.
 */
function mapperLabel(name: string, key: string, names: string[]): string {
	const same = names.filter((other) => other.toLowerCase() === name.toLowerCase()).length;
	return same > 1 ? `${name} (${key})` : name;
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
	const names = definitions.map((definition) =>
		String(definition.name ?? attributeKey(definition)),
	);
	const fields = await Promise.all(
		definitions.map(async (definition): Promise<ResourceMapperField> => {
			const inputType = attributeType(definition);
			const type = typeOf(inputType);
			const key = attributeKey(definition);
			const name = String(definition.name ?? key);
			return {
				id: key,
				displayName: mapperLabel(name, key, names),
				required: definition.isRequired === true,
				defaultMatch: definition === emails,
				canBeUsedToMatch: IDENTIFYING_TYPES.includes(inputType),
				display: true,
				// Always said. After a successful Map Automatically run n8n reloads the fields and
				// fills in a missing `removed` as false; unlike the stored fields, that counts as a
				// change, and the output showed as stale ("Node parameters have changed").
				removed: upsert ? !(definition.isRequired === true || definition === emails) : false,
				type: type.field,
				// A switch left untouched is no value, and is not sent; n8n would store false.
				...(type.field === 'boolean' ? { defaultValue: null } : {}),
				...(type.choices
					? { options: await attributeChoices(this, path, definition, type.choices) }
					: {}),
			};
		}),
	);
	return { fields };
}

/** A template variable as a field of the mapper, labelled and typed as the host describes it. */
const variableField = (key: VariableKey): ResourceMapperField => ({
	id: key.keyName,
	displayName: variableLabel(String(key.label || key.keyName), key.type),
	required: true,
	defaultMatch: false,
	canBeUsedToMatch: false,
	display: true,
	type: variableType(key.type).field,
});

/** The chosen WhatsApp template's variables, so that nobody types a key; none before a template is chosen. */
export async function getWhatsAppTemplateVariables(
	this: ILoadOptionsFunctions,
): Promise<ResourceMapperFields> {
	return { fields: (await chosenTemplateVariables(this)).map(variableField) };
}

/** The same, but for the one Send and Wait fills with its link (Link Variable). */
export async function getWhatsAppTemplateVariablesBesideLink(
	this: ILoadOptionsFunctions,
): Promise<ResourceMapperFields> {
	const link = String(this.getNodeParameter('linkVariable', '') ?? '');
	const keys = await chosenTemplateVariables(this);
	return { fields: keys.filter((key) => key.keyName !== link).map(variableField) };
}
