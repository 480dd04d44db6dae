import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

import {
	booleanIn,
	changesIn,
	givenOnly,
	InputError,
	requiredText,
	textIn,
	toStringList,
} from '../../../shared/input';
import { CURRENCY_DISPLAYS, INPUT_TYPES, VALIDATIONS } from './fields';

/**
 * What Create and Update send (docs/api.md §4.6): an attribute definition, its type's settings
 * under `config`. Create and Update share this one builder, as they share the fields (fields.ts).
 */
export interface DefinitionInput {
	name?: unknown;
	attributeKey?: unknown;
	inputType?: unknown;
	currencyCode?: unknown;
	currencyDisplayType?: unknown;
	dateDisplayType?: unknown;
	recordReference?: unknown;
	aiWizard?: unknown;
	defaultValue?: unknown;
	description?: unknown;
	isEditable?: unknown;
	isMultiSelect?: unknown;
	isRequired?: unknown;
	isUnique?: unknown;
	validation?: unknown;
}

const namesOf = (options: INodePropertyOptions[]) => options.map((o) => o.name).join(', ');

/** One of a dropdown's values, also when an expression gives it. */
function choiceIn(
	value: unknown,
	field: string,
	options: INodePropertyOptions[],
): string | undefined {
	const text = textIn(value, field, 'name').trim();
	if (!text) return undefined;
	if (options.some((o) => o.value === text)) return text;
	throw new InputError(
		field,
		`"${text}" is not one of ${namesOf(options)}`,
		`Choose ${field} from the list; an expression must give one of: ${options.map((o) => String(o.value)).join(', ')}.`,
	);
}

function currencyCodeIn(value: unknown): string | undefined {
	const text = textIn(value, 'Currency Code', 'name').trim();
	if (!text) return undefined;
	if (/^[A-Za-z]{3}$/.test(text)) return text.toUpperCase();
	throw new InputError(
		'Currency Code',
		`"${text}" is not a three-letter currency code`,
		'Give an ISO 4217 code, such as EUR, GBP or USD.',
	);
}

function collectionIdsIn(value: unknown): string[] | undefined {
	if (value === undefined) return undefined;
	const ids = toStringList(value, 'Linked Collections');
	for (const id of ids) textIn(id, 'Linked Collections', 'id');
	return ids.length ? ids : undefined;
}

const optionalTextIn = (value: unknown, field: string) => {
	const text = textIn(value, field);
	return text.trim() ? text : undefined;
};

function configOf(input: DefinitionInput): IDataObject {
	return givenOnly({
		currencyDisplayType: choiceIn(input.currencyDisplayType, 'Currency Display', CURRENCY_DISPLAYS),
		currencyCode: currencyCodeIn(input.currencyCode),
		recordReference: collectionIdsIn(input.recordReference),
		aiWizard: optionalTextIn(input.aiWizard, 'AI Prompt'),
		dateDisplayType: optionalTextIn(input.dateDisplayType, 'Date Display'),
	});
}

/** The vendor's body (attr-create, attr-update); `config` is required on Create, so always sent there. */
export function buildDefinitionBody(
	input: DefinitionInput,
	{ creating }: { creating: boolean },
): IDataObject {
	const config = configOf(input);
	const fields = {
		apiKeyName: creating
			? requiredText(
					input.attributeKey,
					'API Key Name',
					'Give the key records will use, such as leadScore.',
					'name',
				).trim()
			: textIn(input.attributeKey, 'API Key Name', 'name').trim() || undefined,
		inputType: choiceIn(input.inputType, 'Input Type', INPUT_TYPES),
		name: creating
			? requiredText(
					input.name,
					'Name',
					'Give the name people will see, such as Lead Score.',
				).trim()
			: optionalTextIn(input.name, 'Name')?.trim(),
		config: creating || Object.keys(config).length ? config : undefined,
		defaultValue: optionalTextIn(input.defaultValue, 'Default Value'),
		description: optionalTextIn(input.description, 'Description'),
		isEditable: booleanIn(input.isEditable, 'Editable'),
		isMultiSelect: booleanIn(input.isMultiSelect, 'Multiple Values'),
		isRequired: booleanIn(input.isRequired, 'Required'),
		isUnique: booleanIn(input.isUnique, 'Unique'),
		validation: choiceIn(input.validation, 'Validation', VALIDATIONS),
	};
	const body = creating ? givenOnly(fields) : changesIn(fields);
	if (creating && !body.inputType) {
		throw new InputError('Input Type', 'empty', 'Choose the Input Type from the list.');
	}
	return body;
}
